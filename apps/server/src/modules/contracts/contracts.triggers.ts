import { dec } from '@swx/money';
import type { EventBus } from '../../platform/bus';
import type { Executor, Tx } from '../../platform/db';
import { addNotification } from '../notifications';
import {
  executionPrice,
  type FeedTick,
  type Hits,
  type Resting,
  type TradingDeps,
  type TriggerHandler,
} from '../triggers';
import { entrySide, exitSide, KINDS, levelsOf } from './contracts.levels';
import { closePosition, fillLimit } from './contracts.positions';
import { lockInState, selectLive, type ContractRow } from './contracts.repo';
import { closeReached, openReached } from './contracts.rules';
import { announce, availableUsdt, rest, unrest } from './contracts.service';

const REASON = {
  [KINDS.sl]: 'sl',
  [KINDS.tp]: 'tp',
  [KINDS.liquidation]: 'liquidation',
} as const;

/** The user's own stops first: when one tick reaches a stop and the liquidation, the stop closes. */
const ORDER: Record<string, number> = {
  [KINDS.open]: 0,
  [KINDS.sl]: 1,
  [KINDS.tp]: 1,
  [KINDS.liquidation]: 2,
};

type Outcome =
  | { row: ContractRow; opened: boolean; publish?: ((bus: EventBus) => Promise<void>) | undefined }
  | { retry: Resting }
  | undefined;

/** The owner hears of what the engine did for them (real money; demo is practice). */
async function notify(tx: Tx, row: ContractRow, opened: boolean) {
  if (row.mode !== 'real') return undefined;
  const note = opened
    ? await addNotification(tx, {
        userId: row.userId,
        kind: 'order_filled',
        params: {
          code: row.code,
          side: row.direction,
          price: dec(row.openPrice ?? '0').toFixed(),
          orderNo: row.orderNo,
        },
      })
    : await addNotification(tx, {
        userId: row.userId,
        kind: 'position_closed',
        params: {
          code: row.code,
          closedBy: row.closeReason ?? 'user',
          price: dec(row.closePrice ?? '0').toFixed(),
          amount: dec(row.profit ?? '0').toFixed(),
          asset: 'USDT',
          orderNo: row.orderNo,
        },
      });
  return note.publish;
}

async function settleOne(deps: TradingDeps, item: Resting, tick: FeedTick): Promise<Outcome> {
  const instrument = deps.markets.byCodeOf(item.code);
  if (!instrument) return undefined;
  return deps.db.transaction(async (tx) => {
    if (item.kind === KINDS.open) {
      const row = await lockInState(tx, item.id, 'awaiting');
      if (!row?.limitPrice) return undefined;
      if (
        !openReached(
          row.direction,
          executionPrice(instrument, tick.price, entrySide(row)),
          row.limitPrice,
        )
      )
        return { retry: { ...item, since: tick.second } };
      const opened = await fillLimit(tx, instrument, row, tick, await availableUsdt(deps, row, tx));
      return opened
        ? { row: opened, opened: true, publish: await notify(tx, opened, true) }
        : undefined;
    }
    const reason = REASON[item.kind as keyof typeof REASON];
    const row = await lockInState(tx, item.id, 'open');
    if (!row) return undefined;
    const level =
      reason === 'sl' ? row.stopLoss : reason === 'tp' ? row.takeProfit : row.liquidationPrice;
    if (level === null) return undefined;
    if (
      !closeReached(
        row.direction,
        reason,
        executionPrice(instrument, tick.price, exitSide(row)),
        level,
      )
    )
      return { retry: { ...item, since: tick.second } };
    const closed = await closePosition(tx, instrument, row, tick, reason);
    return closed
      ? { row: closed, opened: false, publish: await notify(tx, closed, false) }
      : undefined;
  });
}

/**
 * Settles what a tick reached, one order at a time in a transaction of its own (a conditional state
 * change decides; another node's settlement or a replay finds the order moved on and does nothing).
 */
async function fire(deps: TradingDeps, hits: Hits, tick: FeedTick): Promise<void> {
  const items = [...hits.resting].sort((a, b) => (ORDER[a.kind] ?? 9) - (ORDER[b.kind] ?? 9));
  for (const item of items) {
    const outcome = await settleOne(deps, item, tick);
    if (!outcome) continue;
    if ('retry' in outcome) {
      deps.triggers.rest(outcome.retry);
      continue;
    }
    if (outcome.opened) rest(deps, outcome.row, tick.second);
    else unrest(deps, outcome.row.id);
    await announce(deps, outcome.row);
    await outcome.publish?.(deps.bus);
  }
}

async function load(deps: TradingDeps, db: Executor): Promise<Hits> {
  const rows = await selectLive(db);
  const resting: Resting[] = [];
  for (const row of rows) {
    const instrument = deps.markets.byCodeOf(row.code);
    if (!instrument) continue;
    const since = Math.floor((row.openedAt ?? row.createdAt).getTime() / 1000);
    resting.push(...levelsOf(instrument, row, since));
  }
  return { resting, expiring: [] };
}

export function contractsTriggers(deps: TradingDeps): TriggerHandler {
  return {
    kinds: Object.values(KINDS),
    load: (db) => load(deps, db),
    fire: (hits, tick) => fire(deps, hits, tick),
  };
}
