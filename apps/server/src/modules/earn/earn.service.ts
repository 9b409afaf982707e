import type { SmartOrder, SmartProduct } from '@swx/contract';
import { dec, fitsScale } from '@swx/money';
import type { EventBus } from '../../platform/bus';
import { uniqueViolation, type Db, type Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { addNotifications, type NotificationInput } from '../notifications';
import { publishUserEvent } from '../../platform/socket-hub';
import { post, transferPostings, type AccountRef } from '../ledger';
import { withOrderNumber } from '../triggers';
import {
  insertOrder,
  lockDueOrders,
  lockOwnOrder,
  selectOrderPage,
  selectProduct,
  selectProducts,
  updateOrder,
  type SmartOrderRow,
  type SmartProductRow,
} from './earn.repo';
import { dailyEarningOf, dueAt, earlyExit, totalEarningOf } from './earn.rules';

export interface EarnDeps {
  db: Db;
  bus: EventBus;
  /** The platform's clock (the fake one in tests). */
  now: () => Date;
}

const POOL: AccountRef = { owner: 'system', name: 'earn_pool' };
const user = (userId: number, bucket: 'available' | 'earn'): AccountRef => ({
  owner: 'user',
  userId,
  bucket,
});

export function toProduct(row: SmartProductRow): SmartProduct {
  return {
    id: row.id,
    name: row.name,
    asset: row.asset,
    minAmount: dec(row.minAmount).toFixed(),
    maxAmount: dec(row.maxAmount).toFixed(),
    terms: row.terms.map((t) => ({ days: t.days, dailyYield: dec(t.dailyYield).toFixed() })),
    penaltyRate: dec(row.penaltyRate).toFixed(),
  };
}

export function toOrder(row: SmartOrderRow): SmartOrder {
  const money = (v: string | null) => (v === null ? null : dec(v).toFixed());
  return {
    id: row.id,
    orderNo: row.orderNo,
    productId: row.productId,
    productName: row.productName,
    asset: row.asset,
    amount: dec(row.amount).toFixed(),
    days: row.days,
    dailyYield: dec(row.dailyYield).toFixed(),
    penaltyRate: dec(row.penaltyRate).toFixed(),
    dailyEarning: dec(row.dailyEarning).toFixed(),
    totalEarning: totalEarningOf(row.dailyEarning, row.days),
    state: row.state,
    paidDays: row.paidDays,
    accruedProfit: dec(row.accruedProfit).toFixed(),
    startAt: row.startAt.toISOString(),
    nextEarningAt:
      row.state === 'earning' ? dueAt(row.startAt, row.paidDays + 1).toISOString() : null,
    endAt: row.endAt.toISOString(),
    penalty: money(row.penalty),
    refund: money(row.refund),
    endedAt: row.endedAt?.toISOString() ?? null,
  };
}

export async function listProducts(deps: EarnDeps): Promise<SmartProduct[]> {
  return (await selectProducts(deps.db, true)).map(toProduct);
}

async function announce(deps: EarnDeps, row: SmartOrderRow): Promise<void> {
  await publishUserEvent(deps.bus, row.userId, 'order', {
    product: 'smart',
    id: row.id,
    state: row.state,
  });
  await publishUserEvent(deps.bus, row.userId, 'balance', { mode: 'real' });
}

/**
 * Buys a plan with the product's terms of the chosen length: the principal moves from available
 * to earn in the same transaction as the order. Unknown or withdrawn product 10010, a length the
 * product does not offer 10012, an amount outside its range or scale 10013, a plan of the same
 * product still earning 10024, not enough available 10092.
 */
export async function buySmart(
  deps: EarnDeps,
  userId: number,
  body: { productId: number; days: number; amount: string },
): Promise<SmartOrder> {
  const product = await selectProduct(deps.db, body.productId);
  if (!product?.enabled) throw new AppError(10010);
  const term = product.terms.find((t) => t.days === body.days);
  if (!term) throw new AppError(10012);
  const amount = dec(body.amount);
  if (
    !fitsScale(amount, product.asset) ||
    amount.lt(product.minAmount) ||
    amount.gt(product.maxAmount)
  )
    throw new AppError(10013);
  const startAt = deps.now();
  const row = await withOrderNumber('SM', startAt, (orderNo) =>
    deps.db.transaction(async (tx) => {
      const placed = await insertOrder(tx, {
        orderNo,
        userId,
        productId: product.id,
        productName: product.name,
        asset: product.asset,
        amount: amount.toFixed(),
        days: term.days,
        dailyYield: term.dailyYield,
        penaltyRate: product.penaltyRate,
        dailyEarning: dailyEarningOf(amount.toFixed(), term.dailyYield, product.asset),
        state: 'earning',
        startAt,
        endAt: dueAt(startAt, term.days),
      }).catch((error: unknown) => {
        if (uniqueViolation(error) === 'smart_orders_one_running') throw new AppError(10024);
        throw error;
      });
      await post(tx, {
        kind: 'earn.buy',
        ref: orderNo,
        mode: 'real',
        postings: transferPostings(
          user(userId, 'available'),
          user(userId, 'earn'),
          product.asset,
          amount.toFixed(),
        ),
      });
      return placed;
    }),
  );
  await announce(deps, row);
  return toOrder(row);
}

export async function listOrders(
  deps: EarnDeps,
  userId: number,
  q: { state?: 'earning' | 'ended' | undefined; page: number; pageSize: number },
) {
  const states: SmartOrderRow['state'][] =
    q.state === 'earning'
      ? ['earning']
      : q.state === 'ended'
        ? ['shared', 'expired']
        : ['earning', 'shared', 'expired'];
  const { rows, total } = await selectOrderPage(deps.db, { ...q, userId, states });
  return { list: rows.map(toOrder), total, page: q.page, pageSize: q.pageSize };
}

/**
 * Early exit: the penalty (principal x the plan's penalty rate) goes to the earn pool, the rest of
 * the principal back to available; days already paid stay paid. Once only (10134 afterwards);
 * another user's plan is not found (10101).
 */
export async function exitSmart(deps: EarnDeps, userId: number, id: number): Promise<SmartOrder> {
  const row = await deps.db.transaction(async (tx) => {
    const order = await lockOwnOrder(tx, userId, id);
    if (!order) throw new AppError(10101);
    if (order.state !== 'earning') throw new AppError(10134);
    const { penalty, refund } = earlyExit(order.amount, order.penaltyRate, order.asset);
    await post(tx, {
      kind: 'earn.exit',
      ref: order.orderNo,
      mode: 'real',
      postings: [
        {
          account: user(userId, 'earn'),
          asset: order.asset,
          amount: `-${dec(order.amount).toFixed()}`,
        },
        ...(dec(refund).isZero()
          ? []
          : [{ account: user(userId, 'available'), asset: order.asset, amount: refund }]),
        ...(dec(penalty).isZero() ? [] : [{ account: POOL, asset: order.asset, amount: penalty }]),
      ],
    });
    return updateOrder(tx, order.id, {
      state: 'expired',
      penalty,
      refund,
      endedAt: deps.now(),
    });
  });
  await announce(deps, row);
  return toOrder(row);
}

/**
 * Pays every profit-sharing day due by `by` of the plans it finds (at most `limit` plans), each
 * day once under its own reason; the last day also returns the principal ("profit shared").
 * Answers the plans it changed, for their owners to be told after the commit.
 */
export async function payDueDays(
  tx: Tx,
  by: Date,
  limit = 500,
): Promise<{ changed: SmartOrderRow[]; publish: (bus: EventBus) => Promise<void> }> {
  const changed: SmartOrderRow[] = [];
  const notes: NotificationInput[] = [];
  for (const order of await lockDueOrders(tx, by, limit)) {
    let { paidDays } = order;
    let accrued = dec(order.accruedProfit);
    while (paidDays < order.days && dueAt(order.startAt, paidDays + 1) <= by) {
      paidDays++;
      if (!dec(order.dailyEarning).isZero()) {
        await post(tx, {
          kind: 'earn.accrue',
          ref: `${order.orderNo}:${paidDays}`,
          mode: 'real',
          postings: transferPostings(
            POOL,
            user(order.userId, 'available'),
            order.asset,
            dec(order.dailyEarning).toFixed(),
          ),
        });
      }
      accrued = accrued.plus(order.dailyEarning);
    }
    const done = paidDays === order.days;
    if (done) {
      await post(tx, {
        kind: 'earn.return',
        ref: order.orderNo,
        mode: 'real',
        postings: transferPostings(
          user(order.userId, 'earn'),
          user(order.userId, 'available'),
          order.asset,
          dec(order.amount).toFixed(),
        ),
      });
    }
    // The owner is told what this run paid (days caught up together) and when the plan ends.
    const newDays = paidDays - order.paidDays;
    if (newDays > 0 && !dec(order.dailyEarning).isZero()) {
      notes.push({
        userId: order.userId,
        kind: 'plan_earning',
        params: {
          name: order.productName,
          amount: dec(order.dailyEarning).times(newDays).toFixed(),
          asset: order.asset,
          day: String(paidDays),
          days: String(order.days),
        },
      });
    }
    if (done) {
      notes.push({
        userId: order.userId,
        kind: 'plan_ended',
        params: {
          name: order.productName,
          amount: dec(order.amount).toFixed(),
          asset: order.asset,
        },
      });
    }
    changed.push(
      await updateOrder(tx, order.id, {
        paidDays,
        accruedProfit: accrued.toFixed(),
        ...(done ? { state: 'shared' as const, endedAt: dueAt(order.startAt, order.days) } : {}),
      }),
    );
  }
  const added = await addNotifications(tx, notes);
  return { changed, publish: added.publish };
}
