import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { outboxMessages } from '../../src/modules/messaging/messaging.tables';
import type { TestApp } from './test-app';

/** The newest code mailed or texted to a recipient (the outbox is the delivery in tests). */
export async function outboxCode(t: TestApp, recipient: string): Promise<string> {
  const [row] = await t.database.db
    .select({ body: outboxMessages.body })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.recipient, recipient), eq(outboxMessages.status, 'outbox')))
    .orderBy(desc(outboxMessages.id))
    .limit(1);
  const code = /\b(\d{6})\b/.exec(row?.body ?? '')?.[1];
  if (!code) throw new Error(`no code in the outbox for ${recipient}`);
  return code;
}

/** The newest mail to a recipient in the outbox: its subject and text. */
export async function lastMail(t: TestApp, recipient: string) {
  const [row] = await t.database.db
    .select({ subject: outboxMessages.subject, body: outboxMessages.body })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.recipient, recipient), eq(outboxMessages.channel, 'email')))
    .orderBy(desc(outboxMessages.id))
    .limit(1);
  return row;
}

/** A customer's notifications of a kind (newest first), through their own list. */
export async function notificationsOf(
  t: TestApp,
  auth: { authorization: string },
  kind: string,
): Promise<{ kind: string; params: Record<string, string> }[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/swx/customer/user/listNotification?pageSize=100',
    headers: auth,
  });
  const { list } = res.json<{
    result: { list: { kind: string; params: Record<string, string> }[] };
  }>().result;
  return list.filter((n) => n.kind === kind);
}

let addressCounter = 0;
/** A fresh client address, so per-address limits of one test do not reach another. */
export function freshIp(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

export const STRONG_PASSWORD = 'Kettle-Orbit-5921';

/** Registers a customer by email through the API; returns token, user info and the address used. */
export async function registerByEmail(
  t: TestApp,
  options: { inviteCode?: string; password?: string; userAgent?: string } = {},
) {
  const id = randomUUID().slice(0, 8);
  const email = `user.${id}@example.test`;
  const username = `u${id.replace(/-/g, '')}`;
  const ip = freshIp();
  const headers = {
    'user-agent': options.userAgent ?? 'Mozilla/5.0 (X11; Linux x86_64) Chrome/150',
  };
  const sent = await t.app.inject({
    method: 'POST',
    url: '/swx/customer/login/sendCode',
    payload: { purpose: 'register', channel: 'email', email },
    remoteAddress: ip,
    headers,
  });
  if (sent.statusCode !== 200) throw new Error(`sendCode: ${sent.body}`);
  const code = await outboxCode(t, email);
  const password = options.password ?? STRONG_PASSWORD;
  const res = await t.app.inject({
    method: 'POST',
    url: '/swx/customer/login/register',
    payload: {
      channel: 'email',
      email,
      username,
      password,
      confirmPassword: password,
      code,
      ...(options.inviteCode ? { inviteCode: options.inviteCode } : {}),
    },
    remoteAddress: ip,
    headers,
  });
  if (res.statusCode !== 200) throw new Error(`register: ${res.body}`);
  const result = res.json().result as { token: string; user: { id: number; inviteCode: string } };
  return {
    token: result.token,
    user: result.user,
    email,
    username,
    password,
    auth: { authorization: `Bearer ${result.token}` },
  };
}
