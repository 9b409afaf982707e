import type { SupportEvent } from '@swx/contract';
import { useEffect, useRef } from 'react';
import { sessionStore } from '../session/session-store';
import { StaffSocket } from './staff-socket';

/** `/ws` on the origin that served the back office: `wss:` under https. */
export function socketUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws`;
}

/** The tab's one staff socket. */
export const staffSocket = new StaffSocket({
  url: () => socketUrl(window.location),
  createSocket: (url) => new WebSocket(url),
  token: () => sessionStore.token(),
});

// Sign-in, sign-out or another tab's session: the socket follows the stored token.
let lastToken = sessionStore.token();
sessionStore.subscribe(() => {
  const token = sessionStore.token();
  if (token === lastToken) return;
  lastToken = token;
  staffSocket.tokenChanged();
});

/**
 * Calls `listener` with every support event while the component is mounted (the latest
 * `listener`, without resubscribing on each render). `onAuthed` runs whenever the socket is
 * (re)authenticated: events may have been missed while it was away, so reload then.
 */
export function useSupportEvents(
  listener: (event: SupportEvent) => void,
  onAuthed?: () => void,
): void {
  const latest = useRef({ listener, onAuthed });
  latest.current = { listener, onAuthed };
  useEffect(() => {
    const offEvents = staffSocket.onSupport((event) => latest.current.listener(event));
    const offAuth = staffSocket.onAuth((ok) => {
      if (ok) latest.current.onAuthed?.();
    });
    return () => {
      offAuth();
      offEvents();
    };
  }, []);
}
