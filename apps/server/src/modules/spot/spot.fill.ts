import { dec } from '@swx/money';
import type { Tx } from '../../platform/db';
import { netPostings, post, postAtCommit, transferPostings, type AccountRef } from '../ledger';
import { recordTickAhead } from '../markets';
import type { FeedTick } from '../triggers';
import { addHolding, finish, lockHolding, type SpotRow } from './spot.repo';
import { averageCostResult, QUOTE, type Fill } from './spot.rules';

const HOUSE: AccountRef = { owner: 'system', name: 'house' };
const FEES: AccountRef = { owner: 'system', name: 'fees' };

/**
 * Books a fill: the user's side leaves (from available, or from frozen with the unused rest
 * returned), the house delivers the other side, the fee goes to `fees`, and the order records the
 * fill, the deciding tick and, for a sell, the average-cost result. Conditional on the order still
 * waiting, so a fill happens once. The tick's insert goes with the next statement; `last` (the
 * fill is the transaction's last change, as when a market order is placed) sends the posting with
 * the COMMIT (postAtCommit).
 */
export async function bookFill(
  tx: Tx,
  row: SpotRow,
  fill: Fill,
  price: string,
  tick: FeedTick,
  last = false,
): Promise<SpotRow | undefined> {
  const tickId = await recordTickAhead(tx, {
    code: tick.code,
    source: tick.source,
    price: tick.price,
    ts: tick.ts,
    reason: `spot:${row.orderNo}:fill`,
  });
  const user = (bucket: 'available' | 'frozen'): AccountRef => ({
    owner: 'user',
    userId: row.userId,
    bucket,
  });
  const paysWith = row.side === 'buy' ? QUOTE : row.base;
  const gives = row.side === 'buy' ? fill.turnover : fill.quantity;
  const receives = row.side === 'buy' ? row.base : QUOTE;
  const delivered = row.side === 'buy' ? fill.quantity : fill.turnover;
  const fromFrozen = row.frozenAmount !== null && row.state === 'waiting' && row.type === 'limit';
  let profit: string | null = null;
  const key = { userId: row.userId, mode: row.mode, asset: row.base };
  if (row.side === 'buy') {
    await addHolding(tx, key, fill.receive, fill.turnover);
  } else {
    const held = await lockHolding(tx, row.userId, row.mode, row.base);
    if (held && dec(held.quantity).gt(0)) {
      const result = averageCostResult(held.quantity, held.cost, fill.quantity, fill.receive);
      profit = result.profit;
      await addHolding(
        tx,
        key,
        dec(result.quantityOut).negated().toFixed(),
        dec(result.costOut).negated().toFixed(),
      );
    }
  }
  const done = await finish(tx, row.id, {
    state: 'filled',
    fillPrice: price,
    filledQuantity: fill.quantity,
    filledTurnover: fill.turnover,
    fee: fill.fee,
    feeAsset: fill.feeAsset,
    profit,
    tickId: typeof tickId === 'number' ? tickId : tickId.sql,
    tickPrice: tick.price,
    tickAt: tick.ts,
    tickSource: tick.source,
    closedAt: tick.ts,
  });
  if (!done) return undefined;
  await (last ? postAtCommit : post)(tx, {
    kind: 'spot.fill',
    ref: row.orderNo,
    mode: row.mode,
    postings: netPostings([
      ...(fromFrozen
        ? [
            ...transferPostings(
              user('frozen'),
              user('available'),
              paysWith,
              dec(row.frozenAmount ?? '0').toFixed(),
            ),
            ...transferPostings(user('available'), HOUSE, paysWith, gives),
          ]
        : transferPostings(user('available'), HOUSE, paysWith, gives)),
      ...transferPostings(HOUSE, user('available'), receives, delivered),
      ...(dec(fill.fee).isZero()
        ? []
        : transferPostings(user('available'), FEES, receives, fill.fee)),
    ]),
    memo: { code: row.code, side: row.side, price },
    at: tick.ts,
  });
  return done;
}

/** Returns what a waiting order froze and ends it (`cancelled` by the user, `revoked` by staff). */
export async function release(
  tx: Tx,
  row: SpotRow,
  state: 'cancelled' | 'revoked',
  at: Date,
): Promise<SpotRow | undefined> {
  const done = await finish(tx, row.id, { state, closedAt: at });
  if (!done) return undefined;
  if (row.frozenAmount !== null && row.frozenAsset !== null && dec(row.frozenAmount).gt(0)) {
    await post(tx, {
      kind: state === 'cancelled' ? 'spot.cancel' : 'spot.revoke',
      ref: row.orderNo,
      mode: row.mode,
      postings: transferPostings(
        { owner: 'user', userId: row.userId, bucket: 'frozen' },
        { owner: 'user', userId: row.userId, bucket: 'available' },
        row.frozenAsset,
        dec(row.frozenAmount).toFixed(),
      ),
    });
  }
  return done;
}
