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
export function fetchPrivateImage(path: string, signal: AbortSignal): Promise<Blob> {
  return fetchPrivateFile(path, signal, 'image/');
}

/** The bytes of a private file whose type starts with `type` (an agreement PDF: `application/pdf`). */
export async function fetchPrivateFile(
  path: string,
  signal: AbortSignal,
  type: string,
): Promise<Blob> {
  const headers: Record<string, string> = { accept: type.endsWith('/') ? `${type}*` : type };
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

  const received = response.headers.get('content-type') ?? '';
  if (response.ok && received.startsWith(type)) return response.blob();

  // A refusal comes as the usual envelope: 401 ends the session as everywhere else.
  let code = response.status;
  let message = t('api.imageFailed');
  if (received.includes('json')) {
    const refusal = ErrorReply.safeParse(await response.json().catch(() => undefined));
    if (refusal.success) {
      code = refusal.data.code;
      message = refusal.data.msg;
    }
  }
  if (response.status === SESSION_ENDED || code === SESSION_ENDED) sessionStore.expire();
  throw new ApiError('server', code, message);
}
