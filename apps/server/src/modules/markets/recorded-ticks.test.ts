import { dec } from '@swx/money';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../../test/support/test-db';
import type { Database } from '../../platform/db';
import { recordSettlingTick, ticksRecordedFor } from './recorded-ticks';

let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});

describe('recorded ticks', () => {
  it('keep the price, source and millisecond time an order was settled by', async () => {
    const reason = `options:${Date.now()}:expiry`;
    await database.db.transaction(async (tx) => {
      await recordSettlingTick(tx, {
        code: 'BTCUSDT',
        source: 'simulator',
        price: '65012.34',
        ts: new Date('2026-11-21T10:00:00.250Z'),
        reason,
      });
    });
    const [tick] = await ticksRecordedFor(database.db, 'BTCUSDT', reason);
    expect(tick).toMatchObject({ code: 'BTCUSDT', source: 'simulator', reason });
    expect(dec(tick?.price ?? '0').toFixed(2)).toBe('65012.34');
    expect(tick?.ts.toISOString()).toBe('2026-11-21T10:00:00.250Z');
  });

  it('roll back with the settlement that failed', async () => {
    const reason = `options:${Date.now()}:failed`;
    await expect(
      database.db.transaction(async (tx) => {
        await recordSettlingTick(tx, {
          code: 'ETHUSDT',
          source: 'live',
          price: '3201.55',
          ts: new Date(),
          reason,
        });
        throw new Error('settlement failed');
      }),
    ).rejects.toThrow('settlement failed');
    expect(await ticksRecordedFor(database.db, 'ETHUSDT', reason)).toEqual([]);
  });
});
