import type { ContractOrder } from '@swx/contract';
import { dec } from '@swx/money';
import { AppError } from '../../platform/errors';
import { publishUserEvent } from '../../platform/socket-hub';
import { selectUserBalances } from '../ledger';
import { recordTickAhead } from '../markets';
import {
  executionPrice,
  feeRateOf,
  withOrderNumber,
  tradingTick,
  type TradingDeps,
} from '../triggers';
import { entrySide, exitSide, KINDS, levelsOf } from './contracts.levels';
import {
  bookFreeze,
  bookMarketOpen,
  cancelAwaiting,
  closePosition,
  openTerms,
} from './contracts.positions';
import {
  insertContract,
  lockInState,
  selectAwaiting,
  selectContract,
  selectContractPage,
  type ContractRow,
} from './contracts.repo';
import { lotsValid, MARGIN_ASSET, pnlOf, stopsProblem } from './contracts.rules';

type Mode = 'real' | 'demo';

export interface BuyBody {
  code: string;
  direction: 'long' | 'short';
  lots: string;
  leverage: number;
  type: 'market' | 'limit';
  price?: string | undefined;
  stopLoss?: string | undefined;
  takeProfit?: string | undefined;
}

function invalid(code: 10016, path: string, message: string): AppError {
  return new AppError(code, {}, [{ path, code: 'invalid', message }]);
}

const fixed = (deps: TradingDeps, code: string, value: string | null) => {
  if (value === null) return null;
  const precision = deps.markets.byCodeOf(code)?.row.precision;
  return precision === undefined ? dec(value).toFixed() : dec(value).toFixed(precision);
};

export function toContract(deps: TradingDeps, row: ContractRow): ContractOrder {
  const tick = (id: number | null, price: string | null, at: Date | null, source: string | null) =>
    id === null || price === null || at === null
      ? null
      : {
          id,
          price: fixed(deps, row.code, price) ?? price,
          ts: at.toISOString(),
          source: (source ?? 'simulator') as 'simulator' | 'live',
        };
  return {
    id: row.id,
    orderNo: row.orderNo,
    code: row.code,
    direction: row.direction,
    type: row.type,
    state: row.state,
    lots: dec(row.lots).toFixed(2),
    leverage: row.leverage,
    contractSize: dec(row.contractSize).toFixed(),
    limitPrice: fixed(deps, row.code, row.limitPrice),
    openPrice: fixed(deps, row.code, row.openPrice),
    closePrice: fixed(deps, row.code, row.closePrice),
    margin: dec(row.margin).toFixed(),
    fee: dec(row.fee).toFixed(),
    feeRate: dec(row.feeRate).toFixed(),
    maintenanceMarginRatio: dec(row.maintenanceMarginRatio).toFixed(),
    stopLoss: fixed(deps, row.code, row.stopLoss),
    takeProfit: fixed(deps, row.code, row.takeProfit),
    liquidationPrice: fixed(deps, row.code, row.liquidationPrice),
    profit: row.profit === null ? null : dec(row.profit).toFixed(),
    closeReason: row.closeReason,
    openTick: tick(row.openTickId, row.openTickPrice, row.openTickAt, row.openTickSource),
    closeTick: tick(row.closeTickId, row.closeTickPrice, row.closeTickAt, row.closeTickSource),
    createdAt: row.createdAt.toISOString(),
    openedAt: row.openedAt?.toISOString() ?? null,
    closedAt: row.closedAt?.toISOString() ?? null,
  };
}

export async function announce(deps: TradingDeps, row: ContractRow): Promise<void> {
  await publishUserEvent(deps.bus, row.userId, 'order', {
    product: 'contract',
    id: row.id,
    state: row.state,
  });
  await publishUserEvent(deps.bus, row.userId, 'balance', { mode: row.mode });
}

/** Puts an order's levels into the trigger engine (after its transaction committed). */
export function rest(deps: TradingDeps, row: ContractRow, since: number): void {
  const instrument = deps.markets.byCodeOf(row.code);
  if (!instrument) return;
  for (const item of levelsOf(instrument, row, since)) deps.triggers.rest(item);
}

export function unrest(deps: TradingDeps, id: number): void {
  for (const kind of Object.values(KINDS)) deps.triggers.cancel(kind, id);
}

/**
 * Opens a position at market, or places a limit order that waits with its margin and fee frozen.
 * Leverage from the instrument's list (10133), lots of at least 0.01 in steps of 0.01 (10016),
 * SL/TP on the right side of the entry (10130-10132); the market must be open (10015).
 */
/** No price, stop or target of a contract order reaches this (the columns hold 26 digits). */
const PRICE_CEILING = '1000000000000000000';

export async function buyContract(
  deps: TradingDeps,
  userId: number,
  mode: Mode,
  body: BuyBody,
): Promise<ContractOrder> {
  const { instrument, tick } = tradingTick(deps.markets, body.code);
  if (!instrument.row.leverages.includes(body.leverage)) throw new AppError(10133);
  if (!lotsValid(body.lots)) throw invalid(10016, 'lots', 'at least 0.01, in steps of 0.01');
  const precision = instrument.row.precision;
  for (const [path, value] of [
    ['price', body.price],
    ['stopLoss', body.stopLoss],
    ['takeProfit', body.takeProfit],
  ] as const) {
    if (value !== undefined && dec(value).decimalPlaces() > precision)
      throw invalid(10016, path, `at most ${precision} decimals`);
    // Prices are stored with 26 integer digits; nothing trades anywhere near that.
    if (value !== undefined && dec(value).gte(PRICE_CEILING))
      throw invalid(10016, path, 'too large');
  }
  if (body.type === 'limit' && body.price === undefined)
    throw invalid(10016, 'price', 'a limit order needs a price');
  const [feeRate, mmr] = await Promise.all([
    feeRateOf(deps, instrument, 'contract'),
    deps.params.get('maintenance_margin_ratio'),
  ]);
  const terms = {
    direction: body.direction,
    lots: dec(body.lots).toFixed(2),
    contractSize: instrument.row.contractSize,
    leverage: body.leverage,
    feeRate: String(feeRate),
    maintenanceMarginRatio: String(mmr),
  };
  const entry =
    body.type === 'limit' && body.price !== undefined
      ? dec(body.price).toFixed(precision)
      : executionPrice(instrument, tick.price, entrySide(terms));
  const problem = stopsProblem(body.direction, entry, body.stopLoss, body.takeProfit);
  if (problem) throw new AppError(problem);
  const estimate = openTerms(instrument, terms, entry);
  const placement = {
    userId,
    mode,
    code: body.code,
    type: body.type,
    spread: instrument.row.spread,
    stopLoss: body.stopLoss === undefined ? null : dec(body.stopLoss).toFixed(precision),
    takeProfit: body.takeProfit === undefined ? null : dec(body.takeProfit).toFixed(precision),
    ...terms,
    margin: estimate.margin,
    fee: estimate.fee,
    // The feed's time, so a restart replays this order's levels from when it was placed.
    createdAt: tick.ts,
  };
  const row = await withOrderNumber('CU', tick.ts, (orderNo) =>
    deps.db.transaction(async (tx) => {
      const base = { orderNo, ...placement };
      if (body.type === 'limit') {
        const placed = await insertContract(tx, {
          ...base,
          state: 'awaiting',
          limitPrice: entry,
          frozen: dec(estimate.margin).plus(estimate.fee).toFixed(),
        });
        await bookFreeze(tx, placed);
        return placed;
      }
      const tickId = await recordTickAhead(tx, {
        code: tick.code,
        source: tick.source,
        price: tick.price,
        ts: tick.ts,
        reason: `contract:${orderNo}:open`,
      });
      const opened = await insertContract(tx, {
        ...base,
        state: 'open',
        openPrice: entry,
        liquidationPrice: estimate.liquidationPrice,
        openTickId: tickId,
        openTickPrice: tick.price,
        openTickAt: tick.ts,
        openTickSource: tick.source,
        openedAt: tick.ts,
      });
      await bookMarketOpen(tx, opened);
      return opened;
    }),
  );
  rest(deps, row, tick.second);
  await announce(deps, row);
  return toContract(deps, row);
}

async function ownRow(deps: TradingDeps, userId: number, id: number): Promise<ContractRow> {
  const row = await selectContract(deps.db, id);
  if (!row || row.userId !== userId) throw new AppError(10101);
  return row;
}

/** Closes the caller's open position at market (reason: user). */
export async function stopContract(
  deps: TradingDeps,
  userId: number,
  id: number,
): Promise<ContractOrder> {
  const known = await ownRow(deps, userId, id);
  if (known.state !== 'open') throw new AppError(10134);
  const { instrument, tick } = tradingTick(deps.markets, known.code);
  const closed = await deps.db.transaction(async (tx) => {
    const row = await lockInState(tx, id, 'open');
    if (!row) throw new AppError(10134);
    const done = await closePosition(tx, instrument, row, tick, 'user');
    if (!done) throw new AppError(10134);
    return done;
  });
  unrest(deps, id);
  await announce(deps, closed);
  return toContract(deps, closed);
}

/** Cancels the caller's awaiting limit order: margin and fee return to available. */
export async function cancelAwaitingContract(
  deps: TradingDeps,
  userId: number,
  _mode: Mode,
  id: number,
): Promise<{ id: number; state: string }> {
  const known = await ownRow(deps, userId, id);
  if (known.state !== 'awaiting') throw new AppError(10134);
  const at = new Date(deps.markets.now() * 1000);
  const cancelled = await deps.db.transaction(async (tx) => {
    const row = await lockInState(tx, id, 'awaiting');
    const done = row ? await cancelAwaiting(tx, row, at) : undefined;
    if (!done) throw new AppError(10134);
    return done;
  });
  unrest(deps, id);
  await announce(deps, cancelled);
  return { id: cancelled.id, state: cancelled.state };
}

/** Staff disabled an instrument: its awaiting orders end as cancelled, margin and fee returned. */
export async function revokeAwaitingContracts(deps: TradingDeps, code: string): Promise<number> {
  const at = new Date(deps.markets.now() * 1000);
  let revoked = 0;
  for (const waiting of await selectAwaiting(deps.db, code)) {
    const done = await deps.db.transaction(async (tx) => {
      const row = await lockInState(tx, waiting.id, 'awaiting');
      return row ? cancelAwaiting(tx, row, at) : undefined;
    });
    if (!done) continue;
    revoked++;
    unrest(deps, done.id);
    await announce(deps, done);
  }
  return revoked;
}

const STATES = {
  awaiting: ['awaiting'],
  open: ['open'],
  closed: ['closed', 'cancelled'],
} as const;

export async function listContracts(
  deps: TradingDeps,
  userId: number,
  mode: Mode,
  q: { status: keyof typeof STATES; code?: string | undefined; page: number; pageSize: number },
) {
  const { rows, total } = await selectContractPage(deps.db, {
    userId,
    mode,
    states: [...STATES[q.status]],
    code: q.code,
    page: q.page,
    pageSize: q.pageSize,
  });
  return { list: rows.map((r) => toContract(deps, r)), total, page: q.page, pageSize: q.pageSize };
}

/** The unrealised PnL of open positions at the current exit prices (USDT). */
export function unrealisedOf(deps: TradingDeps, rows: readonly ContractRow[]): string {
  let total = dec('0');
  for (const row of rows) {
    const instrument = deps.markets.byCodeOf(row.code);
    if (!instrument || row.openPrice === null) continue;
    const feed = deps.markets.source.priceAt(instrument.spec, deps.markets.now());
    const live = deps.markets.isLive(instrument)
      ? deps.markets.live?.source.price(row.code)
      : undefined;
    const exit = executionPrice(instrument, live ?? feed, exitSide(row));
    const pnl = pnlOf(row.direction, row.openPrice, exit, row.lots, row.contractSize);
    // The loss shown never exceeds the margin at stake.
    total = total.plus(pnl.lt(dec(row.margin).negated()) ? dec(row.margin).negated() : pnl);
  }
  return total.toDecimalPlaces(6).toFixed();
}

export async function availableUsdt(
  deps: TradingDeps,
  row: ContractRow,
  tx: Parameters<typeof selectUserBalances>[0],
) {
  const rows = await selectUserBalances(tx, row.userId, row.mode);
  return rows.find((r) => r.asset === MARGIN_ASSET && r.bucket === 'available')?.balance ?? '0';
}
