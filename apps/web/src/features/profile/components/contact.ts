import type { UserInfo } from '@swx/contract';

/**
 * The user's phone number as it is dialled: "+44 7700900123". The server may send the full
 * international number in `phone` (it stores `+<code><digits>`) or the national part beside
 * `areaCode`; both read the same.
 */
export function phoneOf(user: Pick<UserInfo, 'areaCode' | 'phone'>): string | null {
  const phone = user.phone?.trim();
  if (!phone) return null;
  if (phone.startsWith('+')) {
    const code = user.areaCode?.replace(/^\+/, '');
    return code && phone.startsWith(`+${code}`)
      ? `+${code} ${phone.slice(code.length + 1)}`
      : phone;
  }
  return user.areaCode ? `+${user.areaCode.replace(/^\+/, '')} ${phone}` : phone;
}

/** A wallet address shortened for display: 0x1234…abcd. */
export function shortAddress(address: string): string {
  return address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}
