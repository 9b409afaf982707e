import type { TFunction } from 'i18next';
import { ApiError } from './api-error';

/**
 * The text to show for a failed call: the catalogue's message for the code (namespace `errors`),
 * else the server's `msg`, else "unknown". Timeouts and lost connections have their own texts.
 */
export function apiErrorMessage(error: unknown, t: TFunction, exists: (key: string) => boolean) {
  if (error instanceof ApiError) {
    if (error.kind === 'timeout') return t('common:errors.timeout');
    if (error.kind === 'network') return t('common:errors.network');
    if (error.kind === 'http' && error.code !== null) {
      const key = `errors:${error.code}`;
      if (exists(key)) return t(key, { requestId: error.requestId ?? '—' });
      if (error.serverMessage) return error.serverMessage;
    }
  }
  return t('errors:unknown');
}
