import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestUser, type TestApp } from '../../test/support/test-app';
import { connectSocket, sleep } from '../../test/support/ws-client';
import {
  publishTick,
  publishUserEvent,
  publishUserEvents,
  USER_EVENTS_CHANNEL,
} from './socket-hub';

let t: TestApp;
let url: string;

beforeAll(async () => {
  t = await createTestApp();
  const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
  url = `${address.replace('http', 'ws')}/ws`;
});
afterAll(() => t.close());

const tick = (code: string, price: string) => ({
  type: 'tick' as const,
  code,
  price,
  zdf: '1.25',
  ts: new Date().toISOString(),
});

describe('/ws', () => {
  // Codes no feed publishes: the app's simulator (and, on Redis, other test workers) sends real
  // ticks of listed instruments on the same bus at any moment.
  it('delivers ticks only for subscribed codes, until unsubscribed', async () => {
    const client = await connectSocket(url);
    client.send({ op: 'sub', codes: ['HUBTESTA', 'HUBTESTB'] });
    client.send({ op: 'ping' });
    await client.next((m) => m.type === 'pong'); // subscriptions are in place once the ping is answered
    await publishTick(t.bus, tick('HUBTESTC', '0.5'));
    await publishTick(t.bus, tick('HUBTESTA', '65000.12'));
    const got = await client.next((m) => m.type === 'tick');
    expect(got).toMatchObject({ type: 'tick', code: 'HUBTESTA', price: '65000.12', zdf: '1.25' });
    client.send({ op: 'unsub', codes: ['HUBTESTA'] });
    client.send({ op: 'ping' });
    await sleep(50);
    const before = client.messages.length;
    await publishTick(t.bus, tick('HUBTESTA', '65001'));
    await publishTick(t.bus, tick('HUBTESTB', '3000.5'));
    await client.next((m) => m.type === 'tick' && m.code === 'HUBTESTB');
    expect(
      client.messages.slice(before).filter((m) => m.code === 'HUBTESTA' || m.code === 'HUBTESTC'),
    ).toEqual([]);
    client.close();
  });

  it('sends a user only their own events after auth', async () => {
    const alice = await createTestUser(t.database, t.config);
    const bob = await createTestUser(t.database, t.config);
    const client = await connectSocket(url);
    client.send({ op: 'auth', token: alice.token });
    expect(await client.next((m) => m.type === 'authed')).toMatchObject({
      type: 'authed',
      ok: true,
    });
    await publishUserEvent(t.bus, bob.userId, 'balance', { asset: 'USDT' });
    await publishUserEvent(t.bus, alice.userId, 'notification', { id: 7 });
    expect(await client.next((m) => m.type === 'notification')).toEqual({
      type: 'notification',
      data: { id: 7 },
    });
    await sleep(50);
    expect(client.messages.filter((m) => m.type === 'balance')).toEqual([]);
    client.close();
  });

  it('delivers a batch of many users’ events in order, each to its owner, skipping a malformed one', async () => {
    const alice = await createTestUser(t.database, t.config);
    const bob = await createTestUser(t.database, t.config);
    const client = await connectSocket(url);
    client.send({ op: 'auth', token: alice.token });
    expect(await client.next((m) => m.type === 'authed')).toMatchObject({
      type: 'authed',
      ok: true,
    });
    await publishUserEvents(t.bus, [
      { userId: alice.userId, type: 'order', data: { id: 1 } },
      { userId: bob.userId, type: 'order', data: { id: 2 } },
      { userId: alice.userId, type: 'order', data: { id: 3 } },
      { userId: alice.userId, type: 'balance', data: { mode: 'real' } },
    ]);
    await client.next((m) => m.type === 'balance');
    expect(client.messages.filter((m) => m.type === 'order').map((m) => m.data)).toEqual([
      { id: 1 },
      { id: 3 },
    ]);
    // A malformed event (an unknown type) is dropped; the rest of its batch still arrives.
    await t.bus.publish(USER_EVENTS_CHANNEL, [
      { userId: alice.userId, type: 'no-such-type', data: { id: 4 } },
      { userId: alice.userId, type: 'notification', data: { id: 5 } },
    ]);
    expect(await client.next((m) => m.type === 'notification')).toEqual({
      type: 'notification',
      data: { id: 5 },
    });
    expect(client.messages.some((m) => m.type === 'no-such-type')).toBe(false);
    client.close();
  });

  it('tells a user who signs in how long they have had no event', async () => {
    const alice = await createTestUser(t.database, t.config);
    const bob = await createTestUser(t.database, t.config);
    const first = await connectSocket(url);
    first.send({ op: 'auth', token: alice.token });
    await first.next((m) => m.type === 'authed');
    await publishUserEvent(t.bus, alice.userId, 'balance', { mode: 'real' });
    await first.next((m) => m.type === 'balance'); // the event has passed through the hub
    const quietOf = async (token: string) => {
      const client = await connectSocket(url);
      client.send({ op: 'auth', token });
      const authed = (await client.next((m) => m.type === 'authed')) as { quietMs?: number };
      client.close();
      return authed.quietMs;
    };
    // Bob has had no event since the server started; Alice's came a moment ago (asked after Bob,
    // so an uptime alone would be longer than his).
    const bobQuiet = await quietOf(bob.token);
    const aliceQuiet = await quietOf(alice.token);
    expect(aliceQuiet).toBeGreaterThanOrEqual(0);
    expect(aliceQuiet).toBeLessThan(5_000);
    expect(aliceQuiet).toBeLessThan(bobQuiet ?? 0);
    expect(bobQuiet).toBeLessThanOrEqual(60_000);
    first.close();
  });

  it('refuses a bad token and malformed messages without closing', async () => {
    const client = await connectSocket(url);
    client.send({ op: 'auth', token: 'not-a-real-token-at-all-0000000000' });
    expect(await client.next((m) => m.type === 'authed')).toEqual({ type: 'authed', ok: false });
    client.socket.send('not json');
    expect(await client.next((m) => m.type === 'error')).toMatchObject({
      type: 'error',
      code: 10100,
    });
    client.send({ op: 'sub', codes: 'BTCUSDT' });
    client.send({ op: 'ping' });
    expect(await client.next((m) => m.type === 'pong')).toEqual({ type: 'pong' });
    expect(client.messages.filter((m) => m.type === 'error')).toHaveLength(2);
    client.close();
  });
});

describe('a slow client', () => {
  it('gets the newest price per code, not a backlog', async () => {
    const client = await connectSocket(url);
    client.send({ op: 'sub', codes: ['SLOWUSDT'] });
    client.send({ op: 'ping' });
    await client.next((m) => m.type === 'pong');
    // Stop reading: once the kernel buffers and the server's send buffer are full, further ticks
    // wait in the per-connection slot for their code, and newer ones replace older ones.
    client.socket.pause();
    const total = 60_000;
    for (let i = 0; i < total; i++) await publishTick(t.bus, tick('SLOWUSDT', `${i}.5`));
    await sleep(200);
    client.socket.resume();
    const last = `${total - 1}.5`;
    await client.next((m) => m.type === 'tick' && m.price === last, 20_000);
    const received = client.messages.filter((m) => m.type === 'tick');
    expect(received.at(-1)?.price).toBe(last);
    expect(received.length).toBeLessThan(total);
    client.close();
  });
});
