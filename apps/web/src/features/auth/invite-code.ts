import { InviteCode } from '@swx/contract';

const STORAGE_KEY = 'swx.auth.invite';

/** The invite code of an invitation link: `?invite=` (or the older `?code=`). */
export function inviteFromSearch(search: string): string {
  const params = new URLSearchParams(search);
  return (params.get('invite') ?? params.get('code') ?? '').trim().slice(0, 32);
}

/**
 * Keeps a valid invite code for this browser session, so a friend who arrived through an
 * invitation link and then signs up with Google or a wallet is still credited to the inviter.
 */
export function rememberInvite(code: string): void {
  const parsed = InviteCode.safeParse(code);
  if (!parsed.success) return;
  try {
    sessionStorage.setItem(STORAGE_KEY, parsed.data);
  } catch {
    // Without storage the code only reaches the register form.
  }
}

export function rememberedInvite(): string | undefined {
  try {
    const parsed = InviteCode.safeParse(sessionStorage.getItem(STORAGE_KEY) ?? '');
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The server did not accept the code (no such inviter): later sign-ups go without it. */
export function forgetInvite(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing stored, then.
  }
}
