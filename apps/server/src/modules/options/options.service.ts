import type { OptionsOrder, OptionsProduct } from '@swx/contract';
import { compareDecimal, dec, fitsScale } from '@swx/money';
import { AppError } from '../../platform/errors';
import { postAtCommit, transferPostings } from '../ledger';
import { recordTickAhead } from '../markets';
import { withOrderNumber, tradingTick, type TradingDeps } from '../triggers';
import { STAKE_ASSET } from './options.rules';
import {
  insertOrder,
  selectOrder,
  selectProduct,
  selectProducts,
  selectOrderPage,
  type OptionsOrderRow,
  type OptionsProductRow,
} from './options.repo';
import { announce, expiryOf } from './options.settle';

type Mode = 'real' | 'demo';

function toProduct(row: OptionsProductRow): OptionsProduct {
  return {
    id: row.id,
    code: row.code,
    enabled: row.enabled,
    periods: row.periods.map((p) => ({ ...p })),
  };
}

export async function listProducts(deps: TradingDeps, code?: string): Promise<OptionsProduct[]> {
  const rows = await selectProducts(deps.db, code);
  // Only what a customer can buy: enabled products of enabled instruments.
  return rows.filter((r) => r.enabled && deps.markets.byCodeOf(r.code)?.row.enabled).map(toProduct);
}

function priceText(deps: TradingDeps, code: string, value: string): string {
  const precision = deps.markets.byCodeOf(code)?.row.precision;
  return precision === undefined ? dec(value).toFixed() : dec(value).toFixed(precision);
}

export function toOrder(deps: TradingDeps, row: OptionsOrderRow): OptionsOrder {
  const settled =
    row.settleTickId !== null && row.settlePrice !== null && row.settleAt !== null
      ? {
          id: row.settleTickId,
          price: priceText(deps, row.code, row.settlePrice),
          ts: row.settleAt.toISOString(),
          source: (row.settleSource ?? 'simulator') as 'simulator' | 'live',
        }
      : null;
  const payout = row.payout === null ? null : dec(row.payout).toFixed();
  return {
    id: row.id,
    orderNo: row.orderNo,
    code: row.code,
    direction: row.direction,
    amount: dec(row.amount).toFixed(),
    seconds: row.seconds,
    payoutRate: dec(row.payoutRate).toFixed(),
    state: row.state,
    openTick: {
      id: row.openTickId,
      price: priceText(deps, row.code, row.openPrice),
      ts: row.openAt.toISOString(),
      source: row.openSource as 'simulator' | 'live',
    },
    settleTick: settled,
    expiresAt: row.expiresAt.toISOString(),
    payout,
    profit: payout === null ? null : dec(payout).minus(row.amount).toFixed(),
    createdAt: row.createdAt.toISOString(),
    settledAt: row.settledAt?.toISOString() ?? null,
  };
}

/**
 * Buys an option: the stake moves to the options bucket and the opening tick (the feed's tick of
 * this moment) is recorded with the order, in one transaction; the expiry waits in the trigger
 * engine after the commit.
 */
export async function buyOption(
  deps: TradingDeps,
  userId: number,
  mode: Mode,
  body: { code: string; direction: 'up' | 'down'; seconds: number; amount: string },
): Promise<OptionsOrder> {
  const product = await selectProduct(deps.db, body.code);
  const instrument = deps.markets.byCodeOf(body.code);
  if (!product?.enabled || !instrument?.row.enabled) throw new AppError(10014);
  const period = product.periods.find((p) => p.seconds === body.seconds);
  if (!period) throw new AppError(10017);
  if (
    !fitsScale(body.amount, STAKE_ASSET) ||
    compareDecimal(dec(body.amount).toFixed(), dec(period.minAmount).toFixed()) < 0 ||
    compareDecimal(dec(body.amount).toFixed(), dec(period.maxAmount).toFixed()) > 0
  ) {
    throw new AppError(10016, { min: period.minAmount, max: period.maxAmount }, [
      {
        path: 'amount',
        code: 'out_of_range',
        message: `${period.minAmount} to ${period.maxAmount}`,
      },
    ]);
  }
  const { tick } = tradingTick(deps.markets, body.code);
  const amount = dec(body.amount).toFixed();
  const expiresAt = new Date(tick.ts.getTime() + period.seconds * 1000);
  const row = await withOrderNumber('OP', tick.ts, (orderNo) =>
    deps.db.transaction(async (tx) => {
      // The tick's insert goes with the order's, the posting with the COMMIT: two round trips.
      const openTickId = await recordTickAhead(tx, {
        code: tick.code,
        source: tick.source,
        price: tick.price,
        ts: tick.ts,
        reason: `options:${orderNo}:open`,
      });
      const order = await insertOrder(tx, {
        orderNo,
        userId,
        mode,
        code: body.code,
        direction: body.direction,
        amount,
        seconds: period.seconds,
        payoutRate: period.payoutRate,
        state: 'running',
        openTickId,
        openPrice: tick.price,
        openAt: tick.ts,
        openSource: tick.source,
        expiresAt,
        createdAt: tick.ts,
      });
      await postAtCommit(tx, {
        kind: 'options.buy',
        ref: orderNo,
        mode,
        postings: transferPostings(
          { owner: 'user', userId, bucket: 'available' },
          { owner: 'user', userId, bucket: 'options' },
          STAKE_ASSET,
          amount,
        ),
        memo: { code: body.code, direction: body.direction, seconds: String(period.seconds) },
        at: tick.ts,
      });
      return order;
    }),
  );
  deps.triggers.expire(expiryOf(row));
  await announce(deps, [row]);
  return toOrder(deps, row);
}

export async function listOrders(
  deps: TradingDeps,
  userId: number,
  mode: Mode,
  q: { status: 'running' | 'settled'; code?: string | undefined; page: number; pageSize: number },
) {
  const { rows, total } = await selectOrderPage(deps.db, {
    userId,
    mode,
    states: q.status === 'running' ? ['running'] : ['won', 'lost', 'draw'],
    code: q.code,
    page: q.page,
    pageSize: q.pageSize,
  });
  return { list: rows.map((r) => toOrder(deps, r)), total, page: q.page, pageSize: q.pageSize };
}

/** One of the caller's orders (in either mode); another customer's id is not found. */
export async function getOrder(deps: TradingDeps, userId: number, id: number) {
  const row = await selectOrder(deps.db, id);
  if (!row || row.userId !== userId) throw new AppError(10101);
  return toOrder(deps, row);
}
