import { UserInfo } from '@swx/contract';
import { useSession, type SessionUser } from './session-store';

// Parsed once per stored object, so a component reading it on every render gets the same value.
const parsed = new WeakMap<SessionUser, UserInfo | null>();

/**
 * The stored user as the contract's UserInfo (what login, register and getUserInfo return), or
 * null when there is none or it does not match (an older app version stored it).
 */
export function sessionUserInfo(user: SessionUser | null): UserInfo | null {
  if (!user) return null;
  let info = parsed.get(user);
  if (info === undefined) {
    const result = UserInfo.safeParse(user);
    info = result.success ? result.data : null;
    parsed.set(user, info);
  }
  return info;
}

/** The signed-in user's info, typed; null when logged out. */
export function useSessionUser(): UserInfo | null {
  return sessionUserInfo(useSession().user);
}
