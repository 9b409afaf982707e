import { useEffect, useRef, useState } from 'react';
import type { TickMessage, UserEventMessage } from '@swx/contract';
import { session } from '../session/session-store';
import { RealtimeClient } from './realtime-client';

function socketUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}/ws`;
}

/** The tab's one realtime connection, opened when the first subscriber arrives. */
export const realtime = new RealtimeClient({
  url: socketUrl,
  createSocket: (url) => new WebSocket(url),
  token: () => session.get().token,
});

let lastToken = session.get().token;
session.subscribe(() => {
  const token = session.get().token;
  if (token === lastToken) return;
  lastToken = token;
  realtime.reauthenticate();
});

/** Latest tick per code for the given codes (re-renders on every tick of any of them). */
export function useTicks(codes: readonly string[]): ReadonlyMap<string, TickMessage> {
  const key = [...new Set(codes)].sort().join('\u0000');
  const [ticks, setTicks] = useState<ReadonlyMap<string, TickMessage>>(() => new Map());
  useEffect(() => {
    const list = key ? key.split('\u0000') : [];
    if (list.length === 0) return;
    return realtime.subscribe(list, (tick) =>
      setTicks((previous) => new Map(previous).set(tick.code, tick)),
    );
  }, [key]);
  return ticks;
}

/**
 * Calls `handler` with every order, balance and notification event of the logged-in user, and
 * `resync` each time the socket is authenticated (first, after a drop, after a login): events sent
 * before that were missed, so it reloads what the component shows.
 */
export function useUserEvents(
  handler: (event: UserEventMessage) => void,
  resync: () => void,
): void {
  const ref = useRef(handler);
  ref.current = handler;
  const resyncRef = useRef(resync);
  resyncRef.current = resync;
  useEffect(() => {
    const offEvents = realtime.onUserEvent((event) => ref.current(event));
    const offResync = realtime.onResync(() => resyncRef.current());
    return () => {
      offResync();
      offEvents();
    };
  }, []);
}

/** Calls `handler` with every public event about `code` (an NFT auction: `nft:12`). */
export function useTopic(code: string | null, handler: (data: Record<string, unknown>) => void) {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => {
    if (!code) return;
    return realtime.subscribeTopic(code, (message) => ref.current(message.data));
  }, [code]);
}
