import { useSyncExternalStore } from 'react';
import { AccountMode } from '@swx/contract';

/**
 * The customer's session in localStorage: the bearer token, the user info the login reply
 * returned, and the account mode (real unless the user switched to demo). Other tabs see changes
 * through the `storage` event.
 */
export const STORAGE_KEYS = {
  token: 'swx.token',
  user: 'swx.user',
  mode: 'swx.accountMode',
} as const;

/** The login reply's user info; its shape is owned by the login feature, so it stays opaque here. */
export type SessionUser = Readonly<Record<string, unknown>>;

export interface SessionState {
  token: string | null;
  user: SessionUser | null;
  mode: AccountMode;
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Without storage the session lasts as long as the page; nothing else to do.
  }
}

function parseUser(raw: string | null): SessionUser | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as SessionUser)
      : null;
  } catch {
    return null;
  }
}

function load(): SessionState {
  const mode = AccountMode.safeParse(read(STORAGE_KEYS.mode));
  return {
    token: read(STORAGE_KEYS.token) || null,
    user: parseUser(read(STORAGE_KEYS.user)),
    mode: mode.success ? mode.data : 'real',
  };
}

let state: SessionState | undefined;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

function set(next: SessionState) {
  state = next;
  emit();
}

export const session = {
  get: (): SessionState => {
    state ??= load();
    return state;
  },
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  isLoggedIn: (): boolean => {
    return session.get().token !== null;
  },
  /** After a successful login: stores the token and the user info. */
  signIn: (token: string, user: SessionUser | null): void => {
    write(STORAGE_KEYS.token, token);
    write(STORAGE_KEYS.user, user ? JSON.stringify(user) : null);
    set({ ...session.get(), token, user });
  },
  /** Logout or a 401: forgets token, user and mode (the next login starts on the real account). */
  clear: (): void => {
    write(STORAGE_KEYS.token, null);
    write(STORAGE_KEYS.user, null);
    write(STORAGE_KEYS.mode, null);
    set({ token: null, user: null, mode: 'real' });
  },
  setMode: (mode: AccountMode): void => {
    write(STORAGE_KEYS.mode, mode);
    set({ ...session.get(), mode });
  },
  /** Re-reads storage (another tab logged in or out). */
  reload: (): void => {
    set(load());
  },
};

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || Object.values<string>(STORAGE_KEYS).includes(event.key)) {
      session.reload();
    }
  });
}

export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.get, session.get);
}
