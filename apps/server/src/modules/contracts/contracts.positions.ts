import { dec } from '@swx/money';
import type { Tx } from '../../platform/db';
import { netPostings, post, postAtCommit, transferPostings, type AccountRef } from '../ledger';
import type { Instrument } from '../markets';
import { recordSettlingTick } from '../markets';
import { executionPrice, type FeedTick } from '../triggers';
import type { ContractRow } from './contracts.repo';
import { transition } from './contracts.repo';
import { entrySide, exitSide } from './contracts.levels';
import { closeOut, feeOf, liquidationPrice, marginOf, MARGIN_ASSET } from './contracts.rules';

const HOUSE: AccountRef = { owner: 'system', name: 'house' };
const FEES: AccountRef = { owner: 'system', name: 'fees' };
const user = (
  row: Pick<ContractRow, 'userId'>,
  bucket: 'available' | 'frozen' | 'margin',
): AccountRef => ({
  owner: 'user',
  userId: row.userId,
  bucket,
});

async function recordTick(tx: Tx, tick: FeedTick, reason: string) {
  return recordSettlingTick(tx, {
    code: tick.code,
    source: tick.source,
    price: tick.price,
    ts: tick.ts,
    reason,
  });
}

/** The terms of a position opened at `price`: margin, fee and liquidation price. */
export function openTerms(
  instrument: Instrument,
  row: Pick<
    ContractRow,
    'direction' | 'lots' | 'contractSize' | 'leverage' | 'feeRate' | 'maintenanceMarginRatio'
  >,
  price: string,
) {
  return {
    margin: marginOf(row.lots, row.contractSize, price, row.leverage),
    fee: feeOf(row.lots, row.contractSize, price, row.feeRate),
    liquidationPrice: liquidationPrice(
      row.direction,
      price,
      row.leverage,
      row.maintenanceMarginRatio,
      instrument.row.precision,
    ),
  };
}

/**
 * Opens an awaiting limit order at the tick that reached its limit, at that tick's execution
 * price (the limit or better). Margin and fee are taken at that price from what was frozen; what
 * was frozen beyond them returns to available. A short that opens above its limit needs a little
 * more margin than was frozen: it comes from available when there, else the position opens at the
 * limit price itself (exactly what was frozen).
 */
export async function fillLimit(
  tx: Tx,
  instrument: Instrument,
  row: ContractRow,
  tick: FeedTick,
  available: string,
): Promise<ContractRow | undefined> {
  const frozen = row.frozen ?? '0';
  let price = executionPrice(instrument, tick.price, entrySide(row));
  let terms = openTerms(instrument, row, price);
  const need = dec(terms.margin).plus(terms.fee);
  if (need.gt(frozen) && need.minus(frozen).gt(available) && row.limitPrice !== null) {
    price = dec(row.limitPrice).toFixed(instrument.row.precision);
    terms = openTerms(instrument, row, price);
  }
  const tickId = await recordTick(tx, tick, `contract:${row.orderNo}:open`);
  const opened = await transition(tx, row.id, 'awaiting', {
    state: 'open',
    openPrice: price,
    margin: terms.margin,
    fee: terms.fee,
    liquidationPrice: terms.liquidationPrice,
    openTickId: tickId,
    openTickPrice: tick.price,
    openTickAt: tick.ts,
    openTickSource: tick.source,
    openedAt: tick.ts,
  });
  if (!opened) return undefined;
  await post(tx, {
    kind: 'contract.fill',
    ref: row.orderNo,
    mode: row.mode,
    postings: netPostings([
      ...transferPostings(
        user(row, 'frozen'),
        user(row, 'available'),
        MARGIN_ASSET,
        dec(frozen).toFixed(),
      ),
      ...transferPostings(user(row, 'available'), user(row, 'margin'), MARGIN_ASSET, terms.margin),
      ...transferPostings(user(row, 'available'), FEES, MARGIN_ASSET, terms.fee),
    ]),
    memo: { code: row.code, price },
    at: tick.ts,
  });
  return opened;
}

/**
 * Books a market position that was just inserted as open: margin in, fee out, opening tick kept.
 * The placement's last change: it goes with the COMMIT (postAtCommit).
 */
export async function bookMarketOpen(tx: Tx, row: ContractRow): Promise<void> {
  await postAtCommit(tx, {
    kind: 'contract.open',
    ref: row.orderNo,
    mode: row.mode,
    postings: netPostings([
      ...transferPostings(
        user(row, 'available'),
        user(row, 'margin'),
        MARGIN_ASSET,
        dec(row.margin).toFixed(),
      ),
      ...transferPostings(user(row, 'available'), FEES, MARGIN_ASSET, dec(row.fee).toFixed()),
    ]),
    memo: { code: row.code, price: row.openPrice ?? '' },
    ...(row.openedAt ? { at: row.openedAt } : {}),
  });
}

/** Freezes what a limit order may cost; the placement's last change (postAtCommit). */
export async function bookFreeze(tx: Tx, row: ContractRow): Promise<void> {
  await postAtCommit(tx, {
    kind: 'contract.freeze',
    ref: row.orderNo,
    mode: row.mode,
    postings: transferPostings(
      user(row, 'available'),
      user(row, 'frozen'),
      MARGIN_ASSET,
      dec(row.frozen ?? '0').toFixed(),
    ),
  });
}

/** Cancels an awaiting order: everything frozen returns to available. */
export async function cancelAwaiting(
  tx: Tx,
  row: ContractRow,
  at: Date,
): Promise<ContractRow | undefined> {
  const cancelled = await transition(tx, row.id, 'awaiting', { state: 'cancelled', closedAt: at });
  if (!cancelled) return undefined;
  await post(tx, {
    kind: 'contract.cancel',
    ref: row.orderNo,
    mode: row.mode,
    postings: transferPostings(
      user(row, 'frozen'),
      user(row, 'available'),
      MARGIN_ASSET,
      dec(row.frozen ?? '0').toFixed(),
    ),
  });
  return cancelled;
}

/**
 * Closes an open position at a tick's exit price: the margin goes to the house, which pays back
 * margin + PnL, never less than zero (the loss is capped at the margin).
 */
export async function closePosition(
  tx: Tx,
  instrument: Instrument,
  row: ContractRow,
  tick: FeedTick,
  reason: 'user' | 'sl' | 'tp' | 'liquidation',
): Promise<ContractRow | undefined> {
  const exit = executionPrice(instrument, tick.price, exitSide(row));
  const entry = row.openPrice ?? exit;
  const { payout, profit } = closeOut(
    row.direction,
    entry,
    exit,
    row.lots,
    row.contractSize,
    row.margin,
  );
  const tickId = await recordTick(tx, tick, `contract:${row.orderNo}:close`);
  const closed = await transition(tx, row.id, 'open', {
    state: 'closed',
    closePrice: exit,
    profit,
    closeReason: reason,
    closeTickId: tickId,
    closeTickPrice: tick.price,
    closeTickAt: tick.ts,
    closeTickSource: tick.source,
    closedAt: tick.ts,
  });
  if (!closed) return undefined;
  const margin = dec(row.margin).toFixed();
  await post(tx, {
    kind: 'contract.close',
    ref: row.orderNo,
    mode: row.mode,
    postings: netPostings([
      ...transferPostings(user(row, 'margin'), HOUSE, MARGIN_ASSET, margin),
      ...(dec(payout).isZero()
        ? []
        : transferPostings(HOUSE, user(row, 'available'), MARGIN_ASSET, payout)),
    ]),
    memo: { reason, price: exit },
    at: tick.ts,
  });
  return closed;
}
