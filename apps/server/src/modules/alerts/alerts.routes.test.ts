import { dec } from '@swx/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerByEmail } from '../../../test/support/accounts';
import { advance, createTestApp, FakeClock, type TestApp } from '../../../test/support/test-app';
import { simulatedTick } from '../triggers';

const START = 1_797_500_000;
const clock = new FakeClock(START);
let t: TestApp;
const start = () => createTestApp({ clock, config: { RATE_LIMIT_MAX: '1000000' } });
beforeAll(async () => {
  t = await start();
}, 60_000);
afterAll(() => t.close());

type Auth = { authorization: string };
type Reply<T = Record<string, unknown>> = { code: number; result: T };
interface Alert {
  id: number;
  state: string;
  reference: string;
  upLevel: string | null;
  downLevel: string | null;
  tickPrice: string | null;
  tickTs: string | null;
}

async function post<T = Alert>(auth: Auth, path: string, payload: object) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/swx/customer/user/${path}`,
    headers: auth,
    payload,
  });
  return res.json<Reply<T>>();
}

async function list(auth: Auth) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/swx/customer/user/listAlert',
    headers: auth,
  });
  return res.json<Reply<Alert[]>>().result;
}

/** The customer's price-alert notifications, through their own list. */
async function notes(auth: Auth) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/swx/customer/user/listNotification?pageSize=100',
    headers: auth,
  });
  const { list: all } =
    res.json<Reply<{ list: { kind: string; params: Record<string, string> }[] }>>().result;
  return all.filter((n) => n.kind === 'price_alert');
}

/** The first simulated second after `from` whose price reaches a level, by the feed itself. */
function firstCrossing(code: string, from: number, up: string | null, down: string | null) {
  const instrument = t.markets.byCodeOf(code)!;
  for (let s = from + 1; s < from + 86_400; s++) {
    const tick = simulatedTick(t.markets, instrument, s);
    if ((up && dec(tick.price).gte(up)) || (down && dec(tick.price).lte(down))) return tick;
  }
  throw new Error('no crossing within a day');
}

describe('price alerts', () => {
  it('a kind turned off is not delivered; security and money kinds cannot be turned off', async () => {
    const user = await registerByEmail(t);
    const muted = await post<{ kind: string; enabled: boolean; locked: boolean }[]>(
      user.auth,
      'notificationPrefs',
      { kind: 'price_alert', enabled: false },
    );
    expect(muted.result.find((p) => p.kind === 'price_alert')).toEqual({
      kind: 'price_alert',
      enabled: false,
      locked: false,
    });
    expect(muted.result.find((p) => p.kind === 'new_device_login')).toMatchObject({ locked: true });
    expect(
      (await post(user.auth, 'notificationPrefs', { kind: 'withdrawal_approved', enabled: false }))
        .code,
    ).toBe(10164);
    const set = await post(user.auth, 'alert', { code: 'BTCUSDT', type: 'move', percent: '0.1' });
    const crossing = firstCrossing(
      'BTCUSDT',
      clock.seconds,
      set.result.upLevel,
      set.result.downLevel,
    );
    await advance(t, clock, crossing.second);
    expect((await list(user.auth))[0]?.state).toBe('triggered');
    expect(await notes(user.auth)).toHaveLength(0);
  }, 60_000);

  it('checks the request against the feed: levels already reached, ranges, instruments', async () => {
    const user = await registerByEmail(t);
    const now = t.markets.price('BTCUSDT')!;
    const above = await post(user.auth, 'alert', { code: 'BTCUSDT', type: 'above', price: now });
    expect(above.code).toBe(10161);
    const below = await post(user.auth, 'alert', {
      code: 'BTCUSDT',
      type: 'below',
      price: dec(now).times('1.01').toFixed(),
    });
    expect(below.code).toBe(10161);
    expect(
      (await post(user.auth, 'alert', { code: 'BTCUSDT', type: 'move', percent: '0.05' })).code,
    ).toBe(10163);
    expect(
      (await post(user.auth, 'alert', { code: 'NOPEUSDT', type: 'move', percent: '1' })).code,
    ).toBe(10135);
    expect(await list(user.auth)).toEqual([]);
  });

  it('a move fires once, at the first tick that reaches it, with that tick; then never again', async () => {
    const user = await registerByEmail(t);
    const set = await post(user.auth, 'alert', { code: 'BTCUSDT', type: 'move', percent: '0.1' });
    expect(set.code).toBe(200);
    const alert = set.result;
    expect(alert.reference).toBe(t.markets.price('BTCUSDT'));
    expect(dec(alert.upLevel!).gt(alert.reference)).toBe(true);
    expect(dec(alert.downLevel!).lt(alert.reference)).toBe(true);
    const crossing = firstCrossing('BTCUSDT', clock.seconds, alert.upLevel, alert.downLevel);
    await advance(t, clock, crossing.second - 1);
    expect((await list(user.auth))[0]?.state).toBe('active');
    await advance(t, clock, crossing.second);
    const [fired] = await list(user.auth);
    expect(fired).toMatchObject({
      state: 'triggered',
      tickPrice: dec(crossing.price).toFixed(),
      tickTs: crossing.ts.toISOString(),
    });
    const delivered = await notes(user.auth);
    expect(delivered).toHaveLength(1);
    expect(delivered[0]?.params).toMatchObject({ code: 'BTCUSDT', price: crossing.price });
    await advance(t, clock, crossing.second + 3600);
    expect(await notes(user.auth)).toHaveLength(1);
  }, 60_000);

  it('an alert set before a restart fires after it, from the stored levels', async () => {
    const user = await registerByEmail(t);
    const set = await post(user.auth, 'alert', { code: 'ETHUSDT', type: 'move', percent: '0.1' });
    expect(set.code).toBe(200);
    await t.close();
    t = await start();
    const crossing = firstCrossing(
      'ETHUSDT',
      clock.seconds,
      set.result.upLevel,
      set.result.downLevel,
    );
    await advance(t, clock, crossing.second);
    expect((await list(user.auth))[0]).toMatchObject({
      state: 'triggered',
      tickPrice: dec(crossing.price).toFixed(),
    });
    expect(await notes(user.auth)).toHaveLength(1);
  }, 60_000);

  it('deleted, it never fires; another customer cannot delete it; at most 50 active', async () => {
    const alice = await registerByEmail(t);
    const bob = await registerByEmail(t);
    const set = await post(alice.auth, 'alert', { code: 'BTCUSDT', type: 'move', percent: '0.1' });
    expect((await post(bob.auth, 'alert/delete', { id: set.result.id })).code).toBe(10101);
    const gone = await post<Alert[]>(alice.auth, 'alert/delete', { id: set.result.id });
    expect(gone.result[0]?.state).toBe('cancelled');
    const crossing = firstCrossing(
      'BTCUSDT',
      clock.seconds,
      set.result.upLevel,
      set.result.downLevel,
    );
    await advance(t, clock, crossing.second + 10);
    expect(await notes(alice.auth)).toHaveLength(0);
    for (let i = 0; i < 50; i++) {
      expect(
        (await post(bob.auth, 'alert', { code: 'BTCUSDT', type: 'move', percent: '50' })).code,
      ).toBe(200);
    }
    expect(
      (await post(bob.auth, 'alert', { code: 'BTCUSDT', type: 'move', percent: '50' })).code,
    ).toBe(10162);
  }, 60_000);
});
