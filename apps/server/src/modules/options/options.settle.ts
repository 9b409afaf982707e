import { addNotifications } from '../notifications';
import { publishUserEvents, type UserEvent } from '../../platform/socket-hub';
import { houseShardOf, postBatch } from '../ledger';
import { recordSettlingTick } from '../markets';
import type { Expiring, FeedTick, Hits, TradingDeps } from '../triggers';
import {
  payoutOf,
  settlementAmounts,
  settlementPostings,
  settlingState,
  STAKE_ASSET,
  type SettlementAmounts,
} from './options.rules';
import {
  markSettledMany,
  selectRunning,
  selectSettleTerms,
  type OptionsOrderRow,
  type SettleTerms,
} from './options.repo';

export const EXPIRY_KIND = 'options.expiry';

/**
 * An order's expiry item for the trigger engine. It carries the order's terms (fixed at purchase),
 * so settling reads nothing first: the conditional update decides which orders it settles.
 */
export function expiryOf(order: SettleTerms): Expiring {
  return {
    kind: EXPIRY_KIND,
    id: order.id,
    code: order.code,
    due: Math.ceil(order.expiresAt.getTime() / 1000),
    userId: order.userId,
    terms: {
      orderNo: order.orderNo,
      mode: order.mode,
      direction: order.direction,
      amount: order.amount,
      payoutRate: order.payoutRate,
      openPrice: order.openPrice,
      expiresAt: order.expiresAt.toISOString(),
    },
  };
}

/** The terms an item carries; undefined when it came without them (they are read instead). */
function termsOf(item: Expiring): SettleTerms | undefined {
  const t = item.terms;
  if (
    item.userId === undefined ||
    !t?.orderNo ||
    (t.mode !== 'real' && t.mode !== 'demo') ||
    (t.direction !== 'up' && t.direction !== 'down') ||
    !t.amount ||
    !t.payoutRate ||
    !t.openPrice ||
    !t.expiresAt
  )
    return undefined;
  return {
    id: item.id,
    code: item.code,
    userId: item.userId,
    orderNo: t.orderNo,
    mode: t.mode,
    direction: t.direction,
    amount: t.amount,
    payoutRate: t.payoutRate,
    openPrice: t.openPrice,
    expiresAt: new Date(t.expiresAt),
  };
}

/** Tells the owners: an `order` event per order, then one `balance` event per owner and mode. */
export async function announce(
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
 * orders it settles (tick, orders, ledger, notifications). Orders another node already settled
 * are skipped (they are no longer running once their lock is released). When a part fails, the
 * others still commit and the error goes to the engine, which puts every item back: the settled
 * ones are skipped on the next tick.
 */
export async function settleExpired(deps: TradingDeps, hits: Hits, tick: FeedTick): Promise<void> {
  if (hits.expiring.length === 0) return;
  const parts = Array.from({ length: SETTLE_PARTS }, () => [] as Expiring[]);
  for (const item of hits.expiring)
    parts[houseShardOf(item.userId ?? 0) % SETTLE_PARTS]?.push(item);
  const results = await Promise.allSettled(
    parts.filter((items) => items.length > 0).map((items) => settlePart(deps, items, tick)),
  );
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
}

/** Rolls a part back when every one of its orders was settled elsewhere (its tick unrecorded). */
class NothingToSettle extends Error {}

async function settlePart(deps: TradingDeps, items: readonly Expiring[], tick: FeedTick) {
  const carried: SettleTerms[] = [];
  const withoutTerms: number[] = [];
  for (const item of items) {
    const terms = termsOf(item);
    if (terms) carried.push(terms);
    else withoutTerms.push(item.id);
  }
  const settled = await deps.db
    .transaction(async (tx) => {
      const orders =
        withoutTerms.length === 0
          ? carried
          : [...carried, ...(await selectSettleTerms(tx, withoutTerms))];
      // An expiry is due at the first tick at or after it; an earlier tick never settles it.
      const due = orders.filter((order) => tick.ts.getTime() >= order.expiresAt.getTime());
      if (due.length === 0) throw new NothingToSettle();
      const tickId = await recordSettlingTick(tx, {
        code: tick.code,
        source: tick.source,
        price: tick.price,
        ts: tick.ts,
        reason: `options:settle:${tick.second}`,
      });
      // Many orders share their stake and rate: each payout and its amounts are worked out once
      // per part.
      const payouts = new Map<string, { payout: string; amounts: SettlementAmounts }>();
      const done = due.map((order) => {
        const state = settlingState(order.direction, order.openPrice, tick.price);
        const key = `${state} ${order.amount} ${order.payoutRate}`;
        let paid = payouts.get(key);
        if (paid === undefined) {
          const payout = payoutOf(state, order.amount, order.payoutRate);
          paid = { payout, amounts: settlementAmounts(order.amount, payout) };
          payouts.set(key, paid);
        }
        return { order, result: { state, payout: paid.payout }, amounts: paid.amounts };
      });
      // One statement each for the orders, the ledger and the notices, one after another on the
      // part's connection (the other part's statements run meanwhile on its own).
      const marked = new Set(
        await markSettledMany(
          tx,
          {
            settleTickId: tickId,
            settlePrice: tick.price,
            settleAt: tick.ts,
            settleSource: tick.source,
          },
          done.map(({ order, result }) => ({ id: order.id, ...result })),
        ),
      );
      // Orders no longer running were settled by another node: they post nothing here.
      const ours = marked.size === done.length ? done : done.filter((d) => marked.has(d.order.id));
      if (ours.length === 0) throw new NothingToSettle();
      await postBatch(
        tx,
        ours.map(({ order, result, amounts }) => ({
          kind: 'options.settle',
          ref: order.orderNo,
          mode: order.mode,
          postings: settlementPostings(order.userId, order.amount, result.payout, amounts),
          memo: { state: result.state },
        })),
      );
      // Real-money owners are told the result (one statement for the whole part; demo is practice).
      const notes = await addNotifications(
        tx,
        ours
          .filter(({ order }) => order.mode === 'real')
          .map(({ order, result }) => ({
            userId: order.userId,
            kind: 'option_settled' as const,
            params: {
              code: order.code,
              result: result.state,
              amount: result.payout,
              asset: STAKE_ASSET,
              orderNo: order.orderNo,
            },
          })),
      );
      const rows = ours.map(({ order, result }) => ({ ...order, state: result.state }));
      return { rows, notes };
    })
    .catch((error: unknown) => {
      if (error instanceof NothingToSettle) return undefined;
      throw error;
    });
  if (!settled) return;
  await announce(deps, settled.rows);
  await settled.notes.publish(deps.bus);
}

/** Every running order's expiry, read at boot. */
export async function runningExpiries(deps: TradingDeps): Promise<Hits> {
  const rows = await selectRunning(deps.db);
  return { resting: [], expiring: rows.map(expiryOf) };
}
