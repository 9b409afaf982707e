import type { SpotOrder } from '@swx/contract';
import { dec, fitsScale, Rounding } from '@swx/money';
import type { EventBus } from '../../platform/bus';
import { AppError } from '../../platform/errors';
import { addNotification } from '../notifications';
import { publishUserEvent } from '../../platform/socket-hub';
import { postAtCommit, transferPostings } from '../ledger';
import { requireVerified } from '../kyc';
import type { Instrument } from '../markets';
import {
  executionPrice,
  feeRateOf,
  withOrderNumber,
  tradingTick,
  type FeedTick,
  type TradingDeps,
} from '../triggers';
import { bookFill, release } from './spot.fill';
import {
  insertSpot,
  lockWaiting,
  selectSpot,
  selectSpotPage,
  selectWaiting,
  type SpotRow,
} from './spot.repo';
import {
  buyByQuantity,
  buyByTurnover,
  freezeFor,
  MIN_TURNOVER,
  QUOTE,
  sellByQuantity,
  type Fill,
} from './spot.rules';

export const LIMIT_KIND = 'spot.limit';
type Mode = 'real' | 'demo';

export interface SpotBody {
  code: string;
  side: 'buy' | 'sell';
  type: 'market' | 'limit';
  price?: string | undefined;
  quantity?: string | undefined;
  turnover?: string | undefined;
}

const wrong = (path: string, message: string) =>
  new AppError(10016, {}, [{ path, code: 'invalid', message }]);

/** A spot pair is a crypto instrument quoted in USDT: `<COIN>USDT`. */
function pairOf(deps: TradingDeps, code: string): { instrument: Instrument; base: string } {
  const instrument = deps.markets.byCodeOf(code);
  if (!instrument?.row.enabled || instrument.row.type !== 2 || !code.endsWith(QUOTE))
    throw new AppError(10135);
  return { instrument, base: code.slice(0, -QUOTE.length) };
}

function fillOf(
  row: Pick<SpotRow, 'side' | 'base' | 'quantity' | 'turnover' | 'feeRate'>,
  price: string,
): Fill {
  if (row.side === 'sell') return sellByQuantity(row.quantity ?? '0', price, row.feeRate);
  return row.quantity !== null
    ? buyByQuantity(row.base, row.quantity, price, row.feeRate)
    : buyByTurnover(row.base, row.turnover ?? '0', price, row.feeRate);
}

export function toSpot(deps: TradingDeps, row: SpotRow): SpotOrder {
  const precision = deps.markets.byCodeOf(row.code)?.row.precision;
  const px = (v: string | null) =>
    v === null ? null : precision === undefined ? dec(v).toFixed() : dec(v).toFixed(precision);
  const num = (v: string | null) => (v === null ? null : dec(v).toFixed());
  return {
    id: row.id,
    orderNo: row.orderNo,
    code: row.code,
    base: row.base,
    quote: row.quote,
    side: row.side,
    type: row.type,
    state: row.state,
    limitPrice: px(row.limitPrice),
    quantity: num(row.quantity),
    turnover: num(row.turnover),
    fillPrice: px(row.fillPrice),
    filledQuantity: num(row.filledQuantity),
    filledTurnover: num(row.filledTurnover),
    fee: num(row.fee),
    feeAsset: row.feeAsset,
    feeRate: dec(row.feeRate).toFixed(),
    spread: dec(row.spread).toFixed(),
    frozenAmount: num(row.frozenAmount),
    frozenAsset: row.frozenAsset,
    tick:
      row.tickId === null || row.tickPrice === null || row.tickAt === null
        ? null
        : {
            id: row.tickId,
            price: px(row.tickPrice) ?? row.tickPrice,
            ts: row.tickAt.toISOString(),
            source: (row.tickSource ?? 'simulator') as 'simulator' | 'live',
          },
    createdAt: row.createdAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
  };
}

export async function announce(deps: TradingDeps, row: SpotRow): Promise<void> {
  await publishUserEvent(deps.bus, row.userId, 'order', {
    product: 'spot',
    id: row.id,
    state: row.state,
  });
  await publishUserEvent(deps.bus, row.userId, 'balance', { mode: row.mode });
}

function validate(body: SpotBody, base: string, precision: number) {
  if (body.type === 'limit') {
    if (body.price === undefined) throw wrong('price', 'a limit order needs a price');
    if (dec(body.price).decimalPlaces() > precision)
      throw wrong('price', `at most ${precision} decimals`);
    if (body.quantity === undefined) throw wrong('quantity', 'a limit order needs a quantity');
  }
  if (body.side === 'sell' && body.quantity === undefined)
    throw wrong('quantity', 'a sell needs a quantity');
  if (body.quantity === undefined && body.turnover === undefined)
    throw wrong('quantity', 'quantity or turnover');
  if (body.quantity !== undefined && body.turnover !== undefined)
    throw wrong('turnover', 'quantity or turnover, not both');
  if (body.quantity !== undefined && !fitsScale(body.quantity, base))
    throw wrong('quantity', `at most 8 decimals`);
  if (body.turnover !== undefined && !fitsScale(body.turnover, QUOTE))
    throw wrong('turnover', 'at most 6 decimals');
}

/**
 * Places a spot order. A market order fills at once at the feed price plus (buy) or minus (sell)
 * half the spread; a limit order freezes what it could spend and waits in the trigger engine. Real
 * mode needs a verified identity (10022); demo mode is practice with demo balances and does not.
 */
export async function submitSpot(
  deps: TradingDeps,
  userId: number,
  mode: Mode,
  body: SpotBody,
): Promise<SpotOrder> {
  const { instrument, base } = pairOf(deps, body.code);
  validate(body, base, instrument.row.precision);
  if (mode === 'real') await requireVerified(deps.db, userId);
  const { tick } = tradingTick(deps.markets, body.code);
  const feeRate = await feeRateOf(deps, instrument, 'spot');
  const price =
    body.type === 'limit' && body.price !== undefined
      ? dec(body.price).toFixed(instrument.row.precision)
      : executionPrice(instrument, tick.price, body.side);
  const draft = {
    side: body.side,
    base,
    quantity: body.quantity === undefined ? null : dec(body.quantity).toFixed(),
    turnover: body.turnover === undefined ? null : dec(body.turnover).toFixed(),
    feeRate,
  };
  const estimate = fillOf(draft, price);
  if (
    dec(estimate.turnover).lt(MIN_TURNOVER) ||
    dec(estimate.quantity).isZero() ||
    dec(estimate.receive).lte(0)
  )
    throw wrong(
      body.turnover === undefined ? 'quantity' : 'turnover',
      `at least ${MIN_TURNOVER} ${QUOTE}`,
    );
  const frozen =
    body.type === 'limit' ? freezeFor(body.side, base, draft.quantity ?? '0', price) : undefined;
  const row = await withOrderNumber('SP', tick.ts, (orderNo) =>
    deps.db.transaction(async (tx) => {
      const placed = await insertSpot(tx, {
        orderNo,
        userId,
        mode,
        code: body.code,
        base,
        quote: QUOTE,
        side: body.side,
        type: body.type,
        state: 'waiting',
        limitPrice: body.type === 'limit' ? price : null,
        quantity: draft.quantity,
        turnover: draft.turnover,
        feeRate,
        spread: instrument.row.spread,
        frozenAmount: frozen?.amount ?? null,
        frozenAsset: frozen?.asset ?? null,
        // The feed's time, so a restart replays this order's levels from when it was placed.
        createdAt: tick.ts,
      });
      if (frozen) {
        await postAtCommit(tx, {
          kind: 'spot.freeze',
          ref: orderNo,
          mode,
          postings: transferPostings(
            { owner: 'user', userId, bucket: 'available' },
            { owner: 'user', userId, bucket: 'frozen' },
            frozen.asset,
            frozen.amount,
          ),
        });
        return placed;
      }
      const filled = await bookFill(tx, placed, estimate, price, tick, true);
      if (!filled) throw new Error('a new market order could not be filled');
      return filled;
    }),
  );
  if (row.state === 'waiting') deps.triggers.rest(restingOf(instrument, row, tick.second));
  await announce(deps, row);
  return toSpot(deps, row);
}

/** The feed level at which a limit can fill (a step early; the fill checks the exact price). */
export function restingOf(instrument: Instrument, row: SpotRow, since: number) {
  const half = dec(instrument.row.spread).div(2);
  const step = dec('1').div(dec('10').pow(instrument.row.precision));
  const limit = dec(row.limitPrice ?? '0');
  // Buy: the ask (feed x (1 + half)) falls to the limit; sell: the bid rises to it.
  const level =
    row.side === 'buy'
      ? limit
          .plus(step)
          .div(dec('1').plus(half))
          .toDecimalPlaces(instrument.row.precision + 2, Rounding.up)
      : limit
          .minus(step)
          .div(dec('1').minus(half))
          .toDecimalPlaces(instrument.row.precision + 2, Rounding.down);
  return {
    kind: LIMIT_KIND,
    id: row.id,
    code: row.code,
    when: row.side === 'buy' ? ('below' as const) : ('above' as const),
    level: level.toFixed(),
    since,
  };
}

/** Fills a waiting limit order at a tick when its execution price reached the limit. */
export async function fillWaiting(
  deps: TradingDeps,
  id: number,
  tick: FeedTick,
): Promise<SpotRow | 'not yet' | undefined> {
  const instrument = deps.markets.byCodeOf(tick.code);
  if (!instrument) return undefined;
  let publish: ((bus: EventBus) => Promise<void>) | undefined;
  const result = await deps.db.transaction(async (tx) => {
    const row = await lockWaiting(tx, id);
    if (!row?.limitPrice) return undefined;
    const price = executionPrice(instrument, tick.price, row.side);
    const reached =
      row.side === 'buy' ? dec(price).lte(row.limitPrice) : dec(price).gte(row.limitPrice);
    if (!reached) return 'not yet';
    const filled = await bookFill(tx, row, fillOf(row, price), price, tick);
    // The owner hears of a fill they did not watch happen (real money; demo is practice).
    if (filled?.mode === 'real') {
      const note = await addNotification(tx, {
        userId: filled.userId,
        kind: 'order_filled',
        params: { code: filled.code, side: filled.side, price, orderNo: filled.orderNo },
      });
      publish = note.publish;
    }
    return filled;
  });
  await publish?.(deps.bus);
  return result;
}

async function ownWaiting(deps: TradingDeps, userId: number, id: number) {
  const row = await selectSpot(deps.db, id);
  if (!row || row.userId !== userId) throw new AppError(10101);
  if (row.state !== 'waiting') throw new AppError(10134);
  return row;
}

/** The user cancels a waiting order; what it froze returns to available. */
export async function cancelSpot(deps: TradingDeps, userId: number, id: number) {
  await ownWaiting(deps, userId, id);
  const at = new Date(deps.markets.now() * 1000);
  const done = await deps.db.transaction(async (tx) => {
    const row = await lockWaiting(tx, id);
    return row ? release(tx, row, 'cancelled', at) : undefined;
  });
  if (!done) throw new AppError(10134);
  deps.triggers.cancel(LIMIT_KIND, id);
  await announce(deps, done);
  return { id: done.id, state: done.state };
}

/** Staff disabled an instrument: its waiting orders end as revoked, their funds returned. */
export async function revokeWaitingSpotOrders(deps: TradingDeps, code: string): Promise<number> {
  const at = new Date(deps.markets.now() * 1000);
  let revoked = 0;
  for (const waiting of await selectWaiting(deps.db, code)) {
    const done = await deps.db.transaction(async (tx) => {
      const row = await lockWaiting(tx, waiting.id);
      return row ? release(tx, row, 'revoked', at) : undefined;
    });
    if (!done) continue;
    revoked++;
    deps.triggers.cancel(LIMIT_KIND, done.id);
    await announce(deps, done);
  }
  return revoked;
}

export async function listSpot(
  deps: TradingDeps,
  userId: number,
  mode: Mode,
  q: { status: 'current' | 'history'; code?: string | undefined; page: number; pageSize: number },
) {
  const { rows, total } = await selectSpotPage(deps.db, {
    userId,
    mode,
    states: q.status === 'current' ? ['waiting'] : ['filled', 'cancelled', 'revoked'],
    code: q.code,
    page: q.page,
    pageSize: q.pageSize,
  });
  return { list: rows.map((r) => toSpot(deps, r)), total, page: q.page, pageSize: q.pageSize };
}
