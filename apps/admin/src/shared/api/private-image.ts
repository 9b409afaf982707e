import { ErrorReply } from '@swx/contract';
import { t } from '../../i18n/translate';
import { ApiError } from './api-error';
import { sessionStore } from '../session/session-store';

const SESSION_ENDED = 401;

/**
 * The bytes of a private image (a KYC document, a deposit proof). Not a JSON route, so not
 * `apiCall`: the image needs the staff Authorization header, which an <img src> cannot send,
 * hence a fetch and a Blob.
 */
export async function fetchPrivateImage(path: string, signal: AbortSignal): Promise<Blob> {
  const headers: Record<string, string> = { accept: 'image/*' };
  const token = sessionStore.token();
  if (token) headers.authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(path, {
      headers,
      signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (signal.aborted) throw new ApiError('aborted', 0, t('api.aborted'));
    throw new ApiError('network', 0, t('api.network', { detail: String(error) }));
  }

  const type = response.headers.get('content-type') ?? '';
  if (response.ok && type.startsWith('image/')) return response.blob();

  // A refusal comes as the usual envelope: 401 ends the session as everywhere else.
  let code = response.status;
  let message = t('api.imageFailed');
  if (type.includes('json')) {
    const refusal = ErrorReply.safeParse(await response.json().catch(() => undefined));
    if (refusal.success) {
      code = refusal.data.code;
      message = refusal.data.msg;
    }
  }
  if (response.status === SESSION_ENDED || code === SESSION_ENDED) sessionStore.expire();
  throw new ApiError('server', code, message);
}
