import { beforeEach, describe, expect, it, vi } from 'vitest';
import { session, STORAGE_KEYS } from './session-store';

describe('session store', () => {
  beforeEach(() => {
    localStorage.clear();
    session.reload();
  });

  it('starts logged out on the real account', () => {
    expect(session.get()).toEqual({ token: null, user: null, mode: 'real' });
    expect(session.isLoggedIn()).toBe(false);
  });

  it('keeps the token and user info in localStorage', () => {
    session.signIn('tok', { username: 'amy' });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('tok');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? '')).toEqual({ username: 'amy' });
    session.reload();
    expect(session.get()).toMatchObject({ token: 'tok', user: { username: 'amy' } });
    expect(session.isLoggedIn()).toBe(true);
  });

  it('stores the account mode and defaults to real for anything unreadable', () => {
    session.setMode('demo');
    expect(localStorage.getItem(STORAGE_KEYS.mode)).toBe('demo');
    localStorage.setItem(STORAGE_KEYS.mode, 'paper');
    session.reload();
    expect(session.get().mode).toBe('real');
  });

  it('clear() forgets token, user and mode and tells subscribers', () => {
    session.signIn('tok', { username: 'amy' });
    session.setMode('demo');
    const listener = vi.fn();
    const unsubscribe = session.subscribe(listener);
    session.clear();
    expect(listener).toHaveBeenCalled();
    expect(session.get()).toEqual({ token: null, user: null, mode: 'real' });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.mode)).toBeNull();
    unsubscribe();
  });

  it('ignores user info that is not an object', () => {
    localStorage.setItem(STORAGE_KEYS.token, 't');
    localStorage.setItem(STORAGE_KEYS.user, '[1,2]');
    session.reload();
    expect(session.get().user).toBeNull();
  });

  it('follows another tab through the storage event', () => {
    localStorage.setItem(STORAGE_KEYS.token, 'from-other-tab');
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.token }));
    expect(session.get().token).toBe('from-other-tab');
  });
});
