import type { APIRequestContext } from '@playwright/test';
import { newStaffPassword, totpCode } from './totp';

type Reply<T> = { code: number; result: T; message?: string };

async function post<T>(
  request: APIRequestContext,
  url: string,
  data: unknown,
  token?: string,
): Promise<T> {
  const reply = await request.post(url, {
    data,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const body = (await reply.json()) as Reply<T>;
  if (body.code !== 200 && body.code !== 20005) {
    throw new Error(`${url}: ${JSON.stringify(body)}`);
  }
  return body.result;
}

/**
 * A fresh installation's first admin signed in through the API, as the back office does it: the
 * one-time password, an authenticator enrolled, the password replaced. Answers the session token.
 * For servers whose back office the specs do not test through the screens (the clock server).
 */
export async function firstAdminToken(
  request: APIRequestContext,
  base: string,
  username: string,
  oneTimePassword: string,
): Promise<string> {
  const step = await post<{ step: string; challenge: string; secret?: string }>(
    request,
    `${base}/swx/admin/auth/login`,
    { username, password: oneTimePassword },
  );
  if (step.step !== 'enroll' || !step.secret) throw new Error('expected an enrolment step');
  const { token } = await post<{ token: string }>(request, `${base}/swx/admin/auth/totp`, {
    challenge: step.challenge,
    code: totpCode(step.secret),
  });
  await post(
    request,
    `${base}/swx/admin/auth/password`,
    { currentPassword: oneTimePassword, newPassword: newStaffPassword() },
    token,
  );
  return token;
}

/** A staff call that must succeed; answers its result. */
export function staffPost<T>(
  request: APIRequestContext,
  url: string,
  token: string,
  data: unknown,
): Promise<T> {
  return post<T>(request, url, data, token);
}
