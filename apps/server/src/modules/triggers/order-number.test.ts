import { describe, expect, it } from 'vitest';
import { orderNumber, withOrderNumber } from './order-number';

const at = new Date('2026-11-25T06:40:05.123Z');

/** What node-postgres raises for a unique violation (drizzle wraps it as the cause). */
function clash(constraint: string): Error {
  return new Error('Failed query', {
    cause: Object.assign(new Error('duplicate key'), { code: '23505', constraint }),
  });
}

describe('orderNumber', () => {
  it('is the prefix, the second in UTC and six digits', () => {
    expect(orderNumber('OP', at)).toMatch(/^OP20261125064005\d{6}$/);
  });
});

describe('withOrderNumber', () => {
  it('runs the work once with a number when it is free', async () => {
    const seen: string[] = [];
    const result = await withOrderNumber('CU', at, async (no) => {
      seen.push(no);
      return 'placed';
    });
    expect(result).toBe('placed');
    expect(seen).toHaveLength(1);
  });

  it.each([
    ['one clash', 1],
    ['seven clashes', 7],
  ])('tries another number after %s on the order number', async (_, clashes) => {
    const seen: string[] = [];
    const result = await withOrderNumber('SP', at, async (no) => {
      seen.push(no);
      if (seen.length <= clashes) throw clash('spot_orders_order_no_unique');
      return no;
    });
    expect(seen).toHaveLength(clashes + 1);
    expect(result).toBe(seen.at(-1));
  });

  it('gives up after eight clashes with the last error', async () => {
    let calls = 0;
    await expect(
      withOrderNumber('WD', at, async () => {
        calls++;
        throw clash('withdrawals_order_no_unique');
      }),
    ).rejects.toThrow('Failed query');
    expect(calls).toBe(8);
  });

  it.each([
    ['another unique constraint', clash('deposits_network_tx_hash_unique')],
    ['any other error', new Error('insufficient balance')],
  ])('does not retry %s', async (_, error) => {
    let calls = 0;
    await expect(
      withOrderNumber('DP', at, async () => {
        calls++;
        throw error;
      }),
    ).rejects.toBe(error);
    expect(calls).toBe(1);
  });
});
