import type { OptionsOrder, OptionsProduct } from '@swx/contract';
import { compareDecimal, dec, fitsScale } from '@swx/money';
import { AppError } from '../../platform/errors';
import { addNotifications } from '../notifications';
import { publishUserEvents, type UserEvent } from '../../platform/socket-hub';
import { houseShardOf, post, postBatch, transferPostings } from '../ledger';
import { recordSettlingTick } from '../markets';
import {
  withOrderNumber,
  tradingTick,
  type FeedTick,
  type Hits,
  type TradingDeps,
} from '../triggers';
import { outcome, settlementPostings, STAKE_ASSET } from './options.rules';
import {
  insertOrder,
  lockRunning,
  markSettledMany,
  selectOrder,
  selectProduct,
  selectProducts,
  selectRunning,
  selectOrderPage,
  type OptionsOrderRow,
  type OptionsProductRow,
} from './options.repo';

export const EXPIRY_KIND = 'options.expiry';

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
      const openTickId = await recordSettlingTick(tx, {
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
      await post(tx, {
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
  deps.triggers.expire({
    kind: EXPIRY_KIND,
    id: row.id,
    code: row.code,
    due: Math.ceil(expiresAt.getTime() / 1000),
    userId,
  });
  await announce(deps, [row]);
  return toOrder(deps, row);
}

async function announce(
  deps: TradingDeps,
  rows: readonly Pick<OptionsOrderRow, 'id' | 'userId' | 'mode' | 'state'>[],
): Promise<void> {
  const events: UserEvent[] = rows.map((row) => ({
    userId: row.userId,
    type: 'order',
    data: { product: 'options', id: row.id, state: row.state },
  }));
  // One balance event per owner and mode after their orders' (a tick may settle many of one user's).
  const owners = new Map(rows.map((row) => [`${row.userId}:${row.mode}`, row]));
  for (const row of owners.values())
    events.push({ userId: row.userId, type: 'balance', data: { mode: row.mode } });
  await publishUserEvents(deps.bus, events);
}

/**
 * Transactions one tick's settlement is split into. Each takes the orders of the users whose
 * ledger postings go to the same house shards, so the parts lock disjoint accounts and run side by
 * side on their own connections; each part is exactly once on its own (its rows' state decides).
 */
const SETTLE_PARTS = 2;

/**
 * Settles the options a tick reached at their expiry: the first tick at or after it, in
 * SETTLE_PARTS transactions side by side, each with a fixed number of statements however many
 * orders it settles (lock, tick, outcomes, ledger, notifications). Rows another node already
 * settled are skipped (they are no longer running once their lock is released). When a part fails,
 * the others still commit and the error goes to the engine, which puts every item back: the
 * settled ones are skipped on the next tick.
 */
export async function settleExpired(deps: TradingDeps, hits: Hits, tick: FeedTick): Promise<void> {
  if (hits.expiring.length === 0) return;
  const parts = Array.from({ length: SETTLE_PARTS }, () => [] as number[]);
  for (const item of hits.expiring)
    parts[houseShardOf(item.userId ?? 0) % SETTLE_PARTS]?.push(item.id);
  const results = await Promise.allSettled(
    parts.filter((ids) => ids.length > 0).map((ids) => settlePart(deps, ids, tick)),
  );
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
}

async function settlePart(deps: TradingDeps, ids: readonly number[], tick: FeedTick) {
  const settled = await deps.db.transaction(async (tx) => {
    // An expiry is due at the first tick at or after it; an earlier tick never settles it.
    const due = (await lockRunning(tx, ids)).filter(
      (row) => tick.ts.getTime() >= row.expiresAt.getTime(),
    );
    if (due.length === 0) return { rows: [], notes: { publish: async () => undefined } };
    const tickId = await recordSettlingTick(tx, {
      code: tick.code,
      source: tick.source,
      price: tick.price,
      ts: tick.ts,
      reason: `options:settle:${tick.second}`,
    });
    const settleTick = {
      settleTickId: tickId,
      settlePrice: tick.price,
      settleAt: tick.ts,
      settleSource: tick.source,
    };
    const done = due.map((row) => ({
      row,
      result: outcome(row.direction, row.amount, row.payoutRate, row.openPrice, tick.price),
    }));
    // One statement each for the orders, the ledger and the notices, one after another on the
    // part's connection (the other part's statements run meanwhile on its own).
    const marked = await markSettledMany(
      tx,
      settleTick,
      done.map(({ row, result }) => ({ id: row.id, ...result })),
    );
    // Every row is locked and running, so every one is marked; anything else rolls the part back.
    if (marked.length !== done.length)
      throw new Error(`options settlement marked ${marked.length} of ${done.length} locked orders`);
    await postBatch(
      tx,
      done.map(({ row, result }) => ({
        kind: 'options.settle',
        ref: row.orderNo,
        mode: row.mode,
        postings: settlementPostings(row.userId, row.amount, result.payout),
        memo: { state: result.state },
      })),
    );
    // Real-money owners are told the result (one statement for the whole part; demo is practice).
    const notes = await addNotifications(
      tx,
      done
        .filter(({ row }) => row.mode === 'real')
        .map(({ row, result }) => ({
          userId: row.userId,
          kind: 'option_settled' as const,
          params: {
            code: row.code,
            result: result.state,
            amount: result.payout,
            asset: STAKE_ASSET,
            orderNo: row.orderNo,
          },
        })),
    );
    const rows = done.map(({ row, result }) => ({ ...row, state: result.state }));
    return { rows, notes };
  });
  await announce(deps, settled.rows);
  await settled.notes.publish(deps.bus);
}

export async function runningExpiries(deps: TradingDeps): Promise<Hits> {
  const rows = await selectRunning(deps.db);
  return {
    resting: [],
    expiring: rows.map((r) => ({
      kind: EXPIRY_KIND,
      id: r.id,
      code: r.code,
      due: Math.ceil(r.expiresAt.getTime() / 1000),
      userId: r.userId,
    })),
  };
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
