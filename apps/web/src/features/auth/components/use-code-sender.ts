import { useCallback, useState } from 'react';
import { ApiError } from '../../../shared/api/api-error';
import { requestCode, type SendCodeBody } from '../api/auth.api';

/** The server allows one code per address every 60 s (contract: sendCode). */
const RESEND_INTERVAL_S = 60;
/** A code stays valid 10 minutes (contract: sendCode); used when the server did not say. */
const FALLBACK_VALID_S = 600;

export interface SentCode {
  /** The address the code went to (`addressKey`). */
  key: string;
  /** When another code may be requested (epoch ms). */
  resendAt: number;
  /** When the code stops working (epoch ms). */
  expiresAt: number;
  /** How long the server said the code is valid, when it said (for the hint). */
  validSeconds: number | null;
}

function storageKey(purpose: string) {
  return `swx.auth.code.${purpose}`;
}

function readSent(purpose: string): SentCode | null {
  try {
    const value = JSON.parse(
      sessionStorage.getItem(storageKey(purpose)) ?? 'null',
    ) as Partial<SentCode> | null;
    if (
      typeof value?.key === 'string' &&
      typeof value.resendAt === 'number' &&
      typeof value.expiresAt === 'number' &&
      value.expiresAt > Date.now()
    ) {
      return {
        key: value.key,
        resendAt: value.resendAt,
        expiresAt: value.expiresAt,
        validSeconds: typeof value.validSeconds === 'number' ? value.validSeconds : null,
      };
    }
  } catch {
    // Unreadable: as if nothing was sent.
  }
  return null;
}

function writeSent(purpose: string, sent: SentCode) {
  try {
    sessionStorage.setItem(storageKey(purpose), JSON.stringify(sent));
  } catch {
    // The countdown then lasts as long as the page.
  }
}

export type SendOutcome = { ok: true } | { ok: false; error: unknown };

/**
 * Sending verification codes for one form: which address a code went to, and when the next may
 * be sent. Kept in sessionStorage, so a reload neither forgets the code nor restarts the wait.
 */
export function useCodeSender(purpose: 'register' | 'reset') {
  const [sent, setSent] = useState<SentCode | null>(() => readSent(purpose));
  const [sending, setSending] = useState(false);

  const remember = useCallback(
    (next: SentCode) => {
      writeSent(purpose, next);
      setSent(next);
    },
    [purpose],
  );

  const send = useCallback(
    async (body: SendCodeBody, key: string): Promise<SendOutcome> => {
      setSending(true);
      try {
        const result = await requestCode(body);
        const now = Date.now();
        remember({
          key,
          resendAt: now + Math.max(0, result.resendAfter) * 1000,
          expiresAt: now + Math.max(0, result.expiresIn || FALLBACK_VALID_S) * 1000,
          validSeconds: result.expiresIn > 0 ? result.expiresIn : null,
        });
        return { ok: true };
      } catch (error) {
        // "Do not resend repeatedly": a code for this address is on its way already.
        if (error instanceof ApiError && error.code === 10089) {
          const now = Date.now();
          remember({
            key,
            resendAt: now + RESEND_INTERVAL_S * 1000,
            expiresAt: now + FALLBACK_VALID_S * 1000,
            validSeconds: null,
          });
        }
        return { ok: false, error };
      } finally {
        setSending(false);
      }
    },
    [remember],
  );

  return {
    sending,
    send,
    /** The code sent to this address, while it is still valid. */
    sentTo: (key: string): SentCode | null =>
      sent !== null && sent.key === key && sent.expiresAt > Date.now() ? sent : null,
  };
}
