import { getStaffSupportSummary, type SupportEvent } from '@swx/contract';
import { useSyncExternalStore } from 'react';
import { apiCall, type ResultOf } from '../../shared/api/api-client';
import { staffSocket } from '../../shared/realtime/staff-realtime';

export type SupportSummary = ResultOf<typeof getStaffSupportSummary>;

/** Several events often come together (a reply is a message and a read): one reload for them. */
const COALESCE_MS = 150;

let summary: SupportSummary | undefined;
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setTimeout> | null = null;
let inFlight: AbortController | null = null;
let stopSocket: (() => void) | null = null;

function emit() {
  for (const listener of listeners) listener();
}

async function load() {
  inFlight?.abort();
  const controller = new AbortController();
  inFlight = controller;
  try {
    const next = await apiCall(getStaffSupportSummary, { signal: controller.signal, quiet: true });
    if (controller.signal.aborted) return;
    summary = next;
    emit();
  } catch {
    // The badge keeps its last count; the next event or reconnect loads it again.
  } finally {
    if (inFlight === controller) inFlight = null;
  }
}

/** Reloads soon; typing changes no count. */
function refreshSupportSummary(event?: SupportEvent) {
  if (event?.kind === 'typing') return;
  if (timer) return;
  timer = setTimeout(() => {
    timer = null;
    if (listeners.size > 0) void load();
  }, COALESCE_MS);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1) {
    void load();
    const offEvents = staffSocket.onSupport(refreshSupportSummary);
    const offAuth = staffSocket.onAuth((ok) => (ok ? refreshSupportSummary() : undefined));
    stopSocket = () => {
      offAuth();
      offEvents();
    };
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      stopSocket?.();
      stopSocket = null;
      inFlight?.abort();
      if (timer) clearTimeout(timer);
      timer = null;
      summary = undefined;
    }
  };
}

/**
 * Waiting conversations, unread customer messages (open conversations) and the caller's own, for
 * the sidebar badge and the queue's tabs: one copy for the tab, reloaded on every support event.
 */
export function useSupportSummary(): SupportSummary | undefined {
  return useSyncExternalStore(subscribe, () => summary);
}
