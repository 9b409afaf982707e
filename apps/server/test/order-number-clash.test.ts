import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderDigits } from '../src/modules/triggers';
import { createTestApp, FakeClock, type TestApp } from './support/test-app';
import { orderHeaders, trader } from './support/trading';

// The random digits of order numbers are made to repeat, as they do about once in a million
// pairs: two orders in the same second then draw the same number. Everything else is real.
const forced: number[] = [];
const realDraw = orderDigits.draw;
beforeAll(() => {
  orderDigits.draw = () => forced.shift() ?? realDraw();
});
afterAll(() => {
  orderDigits.draw = realDraw;
});

const START = 1_795_000_000;
let t: TestApp;
const clock = new FakeClock(START);

beforeAll(async () => {
  t = await createTestApp({ clock, config: { RATE_LIMIT_MAX: '1000000' } });
}, 60_000);
afterAll(async () => t.close());

describe('two orders of one second that draw the same order number', () => {
  it.each([
    [
      'options',
      '/swx/customer/order/buyOptions',
      { code: 'BTCUSDT', direction: 'up', seconds: 60, amount: '10' },
    ],
    [
      'spot',
      '/swx/customer/order/submit',
      { code: 'BTCUSDT', side: 'buy', type: 'market', turnover: '10' },
    ],
    [
      'contract',
      '/swx/customer/order/buyU',
      { code: 'BTCUSDT', direction: 'long', lots: '0.01', leverage: 10, type: 'market' },
    ],
  ])('%s: both are placed, under different numbers', async (_, url, payload) => {
    const user = await trader(t);
    // The first order draws 424242; the second draws it too, then a fresh one.
    forced.push(424242, 424242);
    const place = async () =>
      (
        await t.app.inject({ method: 'POST', url, headers: orderHeaders(user.auth), payload })
      ).json<{ code: number; result: { orderNo: string } }>();
    const first = await place();
    const second = await place();
    expect(first.code).toBe(200);
    expect(second.code).toBe(200);
    expect(first.result.orderNo.endsWith('424242')).toBe(true);
    expect(second.result.orderNo).not.toBe(first.result.orderNo);
    expect(forced).toEqual([]);
  });
});
