import { dec, Rounding } from '@swx/money';
import type { Instrument } from '../markets';
import type { Resting } from '../triggers';
import type { ContractRow } from './contracts.repo';

export const KINDS = {
  open: 'contract.open',
  sl: 'contract.sl',
  tp: 'contract.tp',
  liquidation: 'contract.liq',
} as const;

/** The side of the book a position enters on, and the one it exits on. */
export const entrySide = (row: Pick<ContractRow, 'direction'>) =>
  row.direction === 'long' ? ('buy' as const) : ('sell' as const);
export const exitSide = (row: Pick<ContractRow, 'direction'>) =>
  row.direction === 'long' ? ('sell' as const) : ('buy' as const);

/**
 * The feed price at which an execution price (feed ± half the spread) reaches `level`, a little
 * early rather than late: the engine hands the order over at that feed level and the settlement
 * checks the exact execution price (and waits again when rounding kept it short of the level).
 */
function feedLevel(
  instrument: Instrument,
  level: string,
  side: 'buy' | 'sell',
  when: 'above' | 'below',
): string {
  const half = dec(instrument.row.spread).div(2);
  const factor = side === 'buy' ? dec('1').plus(half) : dec('1').minus(half);
  // One step of the last digit wider, since execution prices are rounded to the precision.
  const step = dec('1').div(dec('10').pow(instrument.row.precision));
  return dec(level)
    .plus(when === 'below' ? step : step.negated())
    .div(factor)
    .toDecimalPlaces(instrument.row.precision + 2, when === 'below' ? Rounding.up : Rounding.down)
    .toFixed();
}

function resting(
  instrument: Instrument,
  row: ContractRow,
  kind: string,
  level: string,
  side: 'buy' | 'sell',
  when: 'above' | 'below',
  since: number,
): Resting {
  return {
    kind,
    id: row.id,
    code: row.code,
    when,
    level: feedLevel(instrument, level, side, when),
    since,
  };
}

/** What an order waits on: its limit while awaiting; its SL, TP and liquidation once open. */
export function levelsOf(instrument: Instrument, row: ContractRow, since: number): Resting[] {
  const long = row.direction === 'long';
  if (row.state === 'awaiting' && row.limitPrice !== null) {
    // A long opens when the ask falls to the limit, a short when the bid rises to it.
    return [
      resting(
        instrument,
        row,
        KINDS.open,
        row.limitPrice,
        entrySide(row),
        long ? 'below' : 'above',
        since,
      ),
    ];
  }
  if (row.state !== 'open') return [];
  const losing = long ? 'below' : 'above';
  const winning = long ? 'above' : 'below';
  const out: Resting[] = [];
  if (row.stopLoss !== null)
    out.push(resting(instrument, row, KINDS.sl, row.stopLoss, exitSide(row), losing, since));
  if (row.takeProfit !== null)
    out.push(resting(instrument, row, KINDS.tp, row.takeProfit, exitSide(row), winning, since));
  if (row.liquidationPrice !== null)
    out.push(
      resting(
        instrument,
        row,
        KINDS.liquidation,
        row.liquidationPrice,
        exitSide(row),
        losing,
        since,
      ),
    );
  return out;
}
