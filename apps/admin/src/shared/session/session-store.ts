import type { StaffMe } from '@swx/contract';

/** Staff sessions live apart from customers' (`swx.token` belongs to the customer app). */
export const TOKEN_STORAGE_KEY = 'swx.admin.token';

export interface SessionState {
  token: string | null;
  /** Who the token belongs to; null until `staffMe` (or sign-in) has told us. */
  me: StaffMe | null;
  /** Set when the server ended the session (401), so the login page can say why. */
  expired: boolean;
}

function readToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

function writeToken(token: string | null) {
  try {
    if (token) window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
    else window.localStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // Storage can be unavailable (private modes); the session then lasts as long as the tab.
  }
}

let state: SessionState = { token: readToken(), me: null, expired: false };
const listeners = new Set<() => void>();

function set(next: SessionState) {
  state = next;
  for (const listener of listeners) listener();
}

export const sessionStore = {
  getSnapshot: (): SessionState => state,
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  token: (): string | null => state.token,

  signIn(token: string, me: StaffMe) {
    writeToken(token);
    set({ token, me, expired: false });
  },
  setMe(me: StaffMe) {
    if (state.token) set({ ...state, me });
  },
  /** The server asked for a password change (10114): only that screen is reachable until done. */
  requirePasswordChange() {
    if (state.me && !state.me.mustChangePassword) {
      set({ ...state, me: { ...state.me, mustChangePassword: true } });
    }
  },
  /** The server no longer accepts the token (401). */
  expire() {
    if (!state.token && !state.me) return;
    writeToken(null);
    set({ token: null, me: null, expired: true });
  },
  clear() {
    writeToken(null);
    set({ token: null, me: null, expired: false });
  },
};

// Another tab signed in or out: follow it rather than keep using a token that is gone.
window.addEventListener('storage', (event) => {
  if (event.key !== TOKEN_STORAGE_KEY && event.key !== null) return;
  const token = readToken();
  if (token !== state.token) set({ token, me: null, expired: false });
});
