import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobsRunner, type PeriodicJob } from '../../platform/jobs';
import { lastMail, notificationsOf, registerByEmail } from '../../../test/support/accounts';
import { multipart } from '../../../test/support/multipart';
import { staffHeaders } from '../../../test/support/staff-session';
import { createTestApp, FakeClock, type TestApp } from '../../../test/support/test-app';
import { connectSocket } from '../../../test/support/ws-client';
import { messengerFor } from '../messaging';
import { supportMailJob } from '.';

const clock = new FakeClock(1_798_000_000);
let t: TestApp;
let agent: { staffId: number; headers: Record<string, string> };
let admin: Record<string, string>;
let png: Buffer;

type Customer = Awaited<ReturnType<typeof registerByEmail>>;

const post = (url: string, payload: unknown, headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    headers: { ...headers, 'idempotency-key': randomUUID() },
  });
const get = (url: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url, headers });

const say = (c: Customer, text: string) => post('/swx/customer/support/send', { text }, c.auth);
const conversationOf = async (c: Customer) =>
  (await get('/swx/customer/support/conversation', c.auth)).json().result;
const reply = (id: number, text: string, headers = agent.headers) =>
  post(`/swx/admin/support/conversations/${id}/send`, { text }, headers);
const unreadOf = async (c: Customer) =>
  (await get('/swx/customer/support/unread', c.auth)).json().result.unread as number;

function sendImage(
  url: string,
  headers: Record<string, string>,
  bytes: Buffer,
  type = 'image/png',
) {
  const body = multipart([{ name: 'image', value: bytes, filename: 'shot.png', type }]);
  return t.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: {
      ...headers,
      'content-type': body.contentType,
      'idempotency-key': randomUUID(),
    },
  });
}

// The mail job as in production, under its own name (the test database is shared).
let job: PeriodicJob;
const runJobs = () =>
  createJobsRunner({
    db: t.database.db,
    node: 'test',
    jobs: [job],
    maxUnitsPerPass: 10_000,
    clock: () => new Date(clock.seconds * 1000),
  }).runDue();

beforeAll(async () => {
  t = await createTestApp({ clock, config: { RATE_LIMIT_MAX: '1000000' } });
  agent = await staffHeaders(t.database, ['support']);
  admin = (await staffHeaders(t.database, ['admin'])).headers;
  png = await sharp({
    create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 20, b: 20 } },
  })
    .png()
    .toBuffer();
  const mailJob = supportMailJob({
    messenger: messengerFor(t.database.db, t.config, () => undefined),
    publicUrl: 'https://swx.example',
  });
  job = { ...mailJob, name: `support.mail.${randomUUID()}` };
  await runJobs();
});

afterAll(() => t.close());

describe('a customer and support talk', () => {
  it('starts a conversation that waits in the queue, with read receipts both ways', async () => {
    const c = await registerByEmail(t);
    expect((await conversationOf(c)).conversation).toBeNull();
    const first = await say(c, '  My deposit has not arrived  ');
    expect(first.json().code).toBe(200);
    const message = first.json().result;
    expect(message).toMatchObject({ author: 'customer', text: 'My deposit has not arrived' });

    const queue = (
      await get('/swx/admin/support/conversations?filter=waiting&pageSize=100', agent.headers)
    ).json().result;
    const row = queue.list.find((r: { userId: number }) => r.userId === c.user.id);
    expect(row).toMatchObject({ status: 'open', unread: 1, username: c.username, assignee: null });
    expect(row.waitingSince).not.toBeNull();

    // Support opens it and reads: the customer sees the receipt.
    const detail = (await get(`/swx/admin/support/conversations/${row.id}`, agent.headers)).json()
      .result;
    expect(detail.context).toMatchObject({ userId: c.user.id, kyc: 'none', mode: 'real' });
    expect(detail.messages.map((m: { text: string }) => m.text)).toEqual([
      'My deposit has not arrived',
    ]);
    const read = await post(
      `/swx/admin/support/conversations/${row.id}/read`,
      { upTo: message.id },
      agent.headers,
    );
    expect(read.json().result.unread).toBe(0);
    expect((await conversationOf(c)).conversation.staffReadUpTo).toBe(message.id);

    // The reply: assigned to whoever answered first, no longer waiting, unread for the customer.
    const answer = await reply(row.id, 'We are checking it now.');
    expect(answer.json().result).toMatchObject({
      author: 'staff',
      text: 'We are checking it now.',
    });
    const after = (await get(`/swx/admin/support/conversations/${row.id}`, agent.headers)).json()
      .result;
    expect(after.conversation).toMatchObject({
      waitingSince: null,
      assignee: { id: agent.staffId },
    });
    expect(await unreadOf(c)).toBe(1);
    await reply(row.id, 'Found it.');
    expect(await unreadOf(c)).toBe(2);
    // One notification for the first unread answer, not one per message; no staff name shown.
    expect(await notificationsOf(t, c.auth, 'support_reply')).toHaveLength(1);
    const mine = await conversationOf(c);
    expect(mine.messages.every((m: { staffName: string | null }) => m.staffName === null)).toBe(
      true,
    );

    const last = mine.messages.at(-1).id as number;
    const seen = await post('/swx/customer/support/read', { upTo: last }, c.auth);
    expect(seen.json().result.unread).toBe(0);
    const staffView = (
      await get(`/swx/admin/support/conversations/${row.id}`, agent.headers)
    ).json().result;
    expect(staffView.conversation.customerReadUpTo).toBe(last);
  });

  it('counts the customer messages after the last answer as unread, in the queue and the detail', async () => {
    const c = await registerByEmail(t);
    const id = (await say(c, 'first')).json().result.conversationId as number;
    await reply(id, 'answer');
    await say(c, 'second');
    await say(c, 'third');
    const queue = (
      await get('/swx/admin/support/conversations?filter=waiting&pageSize=100', agent.headers)
    ).json().result;
    expect(queue.list.find((r: { id: number }) => r.id === id).unread).toBe(2);
    const detail = (await get(`/swx/admin/support/conversations/${id}`, agent.headers)).json();
    expect(detail.result.conversation.unread).toBe(2);
  });

  it('refuses empty and over-long messages with 10166 and stores nothing', async () => {
    const c = await registerByEmail(t);
    for (const text of ['', '   ', 'x'.repeat(2001)]) {
      const res = await say(c, text);
      expect(res.json().code).toBe(10166);
    }
    expect((await conversationOf(c)).conversation).toBeNull();
    expect((await say(c, 'x'.repeat(2000))).json().code).toBe(200);
  });

  it('pages the history, oldest first, 30 at a time', async () => {
    // 20 from the customer (their limit per minute) and 15 from a support member.
    const c = await registerByEmail(t);
    const helper = await staffHeaders(t.database, ['support']);
    let id = 0;
    for (let i = 1; i <= 20; i += 1) {
      const res = await say(c, `message ${i}`);
      expect(res.json().code).toBe(200);
      id = res.json().result.conversationId as number;
    }
    expect((await say(c, 'one too many')).json().code).toBe(10103);
    for (let i = 21; i <= 35; i += 1) {
      expect((await reply(id, `message ${i}`, helper.headers)).json().code).toBe(200);
    }
    const page = await conversationOf(c);
    expect(page.messages).toHaveLength(30);
    expect(page.hasMore).toBe(true);
    expect(page.messages[0].text).toBe('message 6');
    const older = (
      await get(`/swx/customer/support/messages?before=${page.messages[0].id}`, c.auth)
    ).json().result;
    expect(older.messages.map((m: { text: string }) => m.text)).toEqual([
      'message 1',
      'message 2',
      'message 3',
      'message 4',
      'message 5',
    ]);
    expect(older.hasMore).toBe(false);
  });

  it('closes and reopens: staff cannot reply while closed (10167); the customer writing reopens it', async () => {
    const c = await registerByEmail(t);
    const id = (await say(c, 'hello')).json().result.conversationId as number;
    expect(
      (await post(`/swx/admin/support/conversations/${id}/close`, {}, agent.headers)).json().result
        .status,
    ).toBe('closed');
    expect((await reply(id, 'still there?')).json().code).toBe(10167);
    expect((await conversationOf(c)).conversation.status).toBe('closed');
    await say(c, 'one more question');
    expect((await conversationOf(c)).conversation.status).toBe('open');
    await post(`/swx/admin/support/conversations/${id}/close`, {}, agent.headers);
    expect(
      (await post(`/swx/admin/support/conversations/${id}/reopen`, {}, agent.headers)).json().result
        .status,
    ).toBe('open');
    expect((await reply(id, 'yes')).json().code).toBe(200);
  });

  it('assigns to a support member, refuses anyone else, and audits each change', async () => {
    const c = await registerByEmail(t);
    const id = (await say(c, 'assign me')).json().result.conversationId as number;
    const other = await staffHeaders(t.database, ['support']);
    const kyc = await staffHeaders(t.database, ['kyc']);
    const given = await post(
      `/swx/admin/support/conversations/${id}/assign`,
      { staffId: other.staffId },
      agent.headers,
    );
    expect(given.json().result.assignee.id).toBe(other.staffId);
    const wrong = await post(
      `/swx/admin/support/conversations/${id}/assign`,
      { staffId: kyc.staffId },
      agent.headers,
    );
    expect(wrong.json().code).toBe(10100);
    const mine = (await get('/swx/admin/support/conversations?filter=mine', other.headers)).json()
      .result;
    expect(mine.list.map((r: { id: number }) => r.id)).toContain(id);
    const audit = (await get(`/swx/admin/audit?pageSize=100`, admin)).json().result.list as {
      action: string;
      target: string;
    }[];
    expect(audit.some((a) => a.action === 'support.assign' && a.target === `support:${id}`)).toBe(
      true,
    );
  });

  it('keeps staff routes to support and admin staff', async () => {
    const c = await registerByEmail(t);
    const kyc = await staffHeaders(t.database, ['kyc']);
    expect((await get('/swx/admin/support/conversations', kyc.headers)).statusCode).toBe(403);
    expect((await get('/swx/admin/support/conversations', c.auth)).json().code).not.toBe(200);
    expect((await get('/swx/admin/support/conversations', admin)).json().code).toBe(200);
  });
});

describe('images', () => {
  it('are re-encoded, shown to their customer and staff, and to no other customer (10165)', async () => {
    const c = await registerByEmail(t);
    const stranger = await registerByEmail(t);
    await say(stranger, 'my own conversation');
    const sent = await sendImage('/swx/customer/support/image', c.auth, png);
    expect(sent.json().code).toBe(200);
    const image = sent.json().result.image as { id: number; width: number; height: number };
    expect(image).toMatchObject({ width: 40, height: 30 });

    const own = await get(`/swx/customer/support/image/${image.id}`, c.auth);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect((await sharp(own.rawPayload).metadata()).width).toBe(40);
    const theirs = await get(`/swx/customer/support/image/${image.id}`, stranger.auth);
    expect(theirs.json().code).toBe(10165);
    expect((await get(`/swx/admin/support/image/${image.id}`, agent.headers)).statusCode).toBe(200);

    // Staff send one back.
    const id = sent.json().result.conversationId as number;
    const back = await sendImage(
      `/swx/admin/support/conversations/${id}/image`,
      agent.headers,
      png,
    );
    expect(back.json().result.image.width).toBe(40);
    expect(
      (await get(`/swx/customer/support/image/${back.json().result.image.id}`, c.auth)).statusCode,
    ).toBe(200);
  });

  it('refuses what is not an image (10122) and a missing file (10166)', async () => {
    const c = await registerByEmail(t);
    expect(
      (
        await sendImage('/swx/customer/support/image', c.auth, Buffer.from('%PDF-1.4 not an image'))
      ).json().code,
    ).toBe(10122);
    const empty = multipart([{ name: 'note', value: 'no file' }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/swx/customer/support/image',
      payload: empty.payload,
      headers: { ...c.auth, 'content-type': empty.contentType, 'idempotency-key': randomUUID() },
    });
    expect(res.json().code).toBe(10166);
    expect((await conversationOf(c)).conversation).toBeNull();
  });
});

describe('a visitor', () => {
  it('leaves a message with an email address and is answered by mail', async () => {
    const missing = await t.app.inject({
      method: 'POST',
      url: '/swx/customer/support/visitor',
      payload: { email: 'not-an-address', text: 'hello' },
    });
    expect(missing.json().code).toBe(10168);
    const email = `visitor.${randomUUID().slice(0, 8)}@example.test`;
    const left = await t.app.inject({
      method: 'POST',
      url: '/swx/customer/support/visitor',
      headers: { 'accept-language': 'de' },
      payload: { email, name: 'Ana', text: 'Can I open an account from Chile?' },
    });
    const id = left.json().result.id as number;
    const detail = (await get(`/swx/admin/support/conversations/${id}`, agent.headers)).json()
      .result;
    expect(detail.conversation).toMatchObject({
      visitorEmail: email,
      visitorName: 'Ana',
      locale: 'de',
    });
    expect(detail.context).toBeNull();
    expect((await reply(id, 'Yes, you can.')).json().code).toBe(200);
    const mail = await lastMail(t, email);
    expect(mail?.body).toContain('Yes, you can.');
  });
});

describe('the mail to a customer who is away', () => {
  it('goes once, after the delay, with the unread answers and the anti-phishing code; never after reading', async () => {
    const c = await registerByEmail(t);
    expect(
      (await post('/swx/customer/user/antiPhishing', { code: 'Blue heron' }, c.auth)).json().code,
    ).toBe(20005);
    const id = (await say(c, 'are you there?')).json().result.conversationId as number;
    await reply(id, 'Yes, here is the answer.');
    await runJobs();
    expect((await lastMail(t, c.email))?.subject ?? '').not.toMatch(/support/i);

    clock.seconds += 200;
    await runJobs();
    const mail = await lastMail(t, c.email);
    expect(mail?.subject).toMatch(/support/i);
    expect(mail?.body).toContain('Yes, here is the answer.');
    expect(mail?.body).toContain('https://swx.example/profile/kefu');
    expect(mail?.body?.split('\n')[0]).toContain('Blue heron');
    clock.seconds += 200;
    await runJobs();
    const count = await t.database.db.execute(
      sql`select count(*)::int as n from outbox_messages where recipient = ${c.email} and subject = ${mail!.subject}`,
    );
    expect((count as { rows: { n: number }[] }).rows[0]!.n).toBe(1);

    // Read in time: no mail.
    const d = await registerByEmail(t);
    const other = (await say(d, 'quick one')).json().result.conversationId as number;
    const answer = (await reply(other, 'Quick answer.')).json().result.id as number;
    await post('/swx/customer/support/read', { upTo: answer }, d.auth);
    clock.seconds += 600;
    await runJobs();
    expect((await lastMail(t, d.email))?.body ?? '').not.toContain('Quick answer.');
  });
});

describe('the socket', () => {
  it('carries messages, read receipts and typing both ways, and only to the right customer', async () => {
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const url = `${address.replace('http', 'ws')}/ws`;
    const c = await registerByEmail(t);
    const stranger = await registerByEmail(t);
    const id = (await say(c, 'socket test')).json().result.conversationId as number;

    const customer = await connectSocket(url);
    const other = await connectSocket(url);
    const staff = await connectSocket(url);
    try {
      customer.send({ op: 'auth', token: c.token });
      other.send({ op: 'auth', token: stranger.token });
      staff.send({ op: 'auth', token: agent.headers.authorization!.slice(7) });
      for (const s of [customer, other, staff])
        await s.next((m) => m.type === 'authed' && m.ok === true);

      customer.send({ op: 'typing', on: true });
      const typing = await staff.next(
        (m) => m.type === 'support' && (m.data as { kind: string }).kind === 'typing',
      );
      expect(typing.data).toEqual({ kind: 'typing', conversationId: id, by: 'customer', on: true });

      staff.send({ op: 'typing', on: true, conversationId: id });
      await customer.next(
        (m) => m.type === 'support' && (m.data as { kind: string; by: string }).by === 'staff',
      );

      const answer = (await reply(id, 'live answer')).json().result;
      const got = await customer.next(
        (m) => m.type === 'support' && (m.data as { kind: string }).kind === 'message',
      );
      expect((got.data as { message: { text: string } }).message.text).toBe('live answer');

      await post('/swx/customer/support/read', { upTo: answer.id }, c.auth);
      const receipt = await staff.next(
        (m) => m.type === 'support' && (m.data as { kind: string }).kind === 'read',
      );
      expect(receipt.data).toEqual({
        kind: 'read',
        conversationId: id,
        by: 'customer',
        upTo: answer.id,
      });

      await say(c, 'done');
      await staff.next(
        (m) =>
          m.type === 'support' &&
          (m.data as { message?: { text: string } }).message?.text === 'done',
      );
      const staffRead = await post(
        `/swx/admin/support/conversations/${id}/read`,
        { upTo: answer.id + 1000 },
        agent.headers,
      );
      expect(staffRead.json().code).toBe(200);
      const seen = await customer.next(
        (m) =>
          m.type === 'support' &&
          (m.data as { kind: string; by?: string }).by === 'staff' &&
          (m.data as { kind: string }).kind === 'read',
      );
      expect((seen.data as { upTo: number }).upTo).toBeGreaterThan(0);

      expect(other.messages.some((m) => m.type === 'support')).toBe(false);
    } finally {
      customer.close();
      other.close();
      staff.close();
    }
  });
});
