import type { PriceAlert } from '@swx/contract';
import { dec } from '@swx/money';
import type { EventBus } from '../../platform/bus';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { MarketHub } from '../markets';
import { addNotification } from '../notifications';
import type { FeedTick, Hits, Resting, TriggerEngine } from '../triggers';
import {
  cancelAlert,
  countActiveAlerts,
  insertAlert,
  selectActiveAlerts,
  selectAlerts,
  triggerAlerts,
} from './alerts.repo';
import { alertLevels, DOWN_KIND, MAX_ACTIVE_ALERTS, moveShare, UP_KIND } from './alerts.rules';
import type { PriceAlertRow } from './alerts.tables';

export interface AlertDeps {
  db: Db;
  bus: EventBus;
  markets: MarketHub;
  triggers: TriggerEngine;
}

const text = (v: string | null) => (v === null ? null : dec(v).toFixed());

function toAlert(row: PriceAlertRow): PriceAlert {
  return {
    id: row.id,
    code: row.code,
    type: row.type,
    reference: dec(row.reference).toFixed(),
    percent: text(row.percent),
    upLevel: text(row.upLevel),
    downLevel: text(row.downLevel),
    state: row.state,
    createdAt: row.createdAt.toISOString(),
    triggeredAt: row.triggeredAt?.toISOString() ?? null,
    tickPrice: text(row.tickPrice),
    tickTs: row.tickTs?.toISOString() ?? null,
  };
}

/** The engine's waiting levels of an alert (one or two). */
function restingOf(row: PriceAlertRow, since: number): Resting[] {
  const items: Resting[] = [];
  if (row.upLevel !== null) {
    items.push({
      kind: UP_KIND,
      id: row.id,
      code: row.code,
      when: 'above',
      level: dec(row.upLevel).toFixed(),
      since,
    });
  }
  if (row.downLevel !== null) {
    items.push({
      kind: DOWN_KIND,
      id: row.id,
      code: row.code,
      when: 'below',
      level: dec(row.downLevel).toFixed(),
      since,
    });
  }
  return items;
}

export async function listAlerts(deps: AlertDeps, userId: number): Promise<PriceAlert[]> {
  return (await selectAlerts(deps.db, userId, 100)).map(toAlert);
}

/** Sets an alert at the feed's current price (DOMAIN: prices come only from the feed). */
export async function addAlert(
  deps: AlertDeps,
  userId: number,
  body: {
    code: string;
    type: 'above' | 'below' | 'move';
    price?: string | undefined;
    percent?: string | undefined;
  },
): Promise<PriceAlert> {
  const code = body.code.toUpperCase();
  const instrument = deps.markets.byCodeOf(code);
  const reference = instrument?.row.enabled ? deps.markets.price(code) : undefined;
  if (!instrument || reference === undefined) throw new AppError(10135);
  let levels: { up: string | null; down: string | null } | undefined;
  let share: string | undefined;
  if (body.type === 'move') {
    share = body.percent === undefined ? undefined : moveShare(body.percent);
    if (share === undefined) throw new AppError(10163);
    levels = alertLevels({ type: 'move', share, reference }, instrument.row.precision);
  } else {
    if (body.price === undefined) throw new AppError(10161);
    levels = alertLevels(
      { type: body.type, price: body.price, reference },
      instrument.row.precision,
    );
    if (!levels) throw new AppError(10161);
  }
  if (!levels) throw new AppError(10161);
  if ((await countActiveAlerts(deps.db, userId)) >= MAX_ACTIVE_ALERTS) throw new AppError(10162);
  const now = new Date(deps.markets.now() * 1000);
  const row = await insertAlert(deps.db, {
    userId,
    code,
    type: body.type,
    reference,
    percent: share ?? null,
    upLevel: levels.up,
    downLevel: levels.down,
    createdAt: now,
  });
  for (const item of restingOf(row, deps.markets.now())) deps.triggers.rest(item);
  return toAlert(row);
}

export async function deleteAlert(deps: AlertDeps, userId: number, id: number) {
  const row = await cancelAlert(deps.db, userId, id);
  if (!row) throw new AppError(10101);
  deps.triggers.cancel(UP_KIND, id);
  deps.triggers.cancel(DOWN_KIND, id);
  return listAlerts(deps, userId);
}

/** At boot: every active alert waits again. */
export async function activeAlertLevels(deps: Pick<AlertDeps, 'db'>): Promise<Hits> {
  const rows = await selectActiveAlerts(deps.db);
  return {
    resting: rows.flatMap((row) => restingOf(row, Math.floor(row.createdAt.getTime() / 1000))),
    expiring: [],
  };
}

/**
 * A tick reached alerts: each fires once (a conditional update decides, across nodes), its other
 * side stops waiting, and its owner gets a notification (also on the socket) with the tick.
 */
export async function fireAlerts(deps: AlertDeps, hits: Hits, tick: FeedTick): Promise<void> {
  const ids = [...new Set(hits.resting.map((h) => h.id))];
  const fired = await triggerAlerts(deps.db, ids, tick, new Date(deps.markets.now() * 1000));
  for (const id of ids) {
    deps.triggers.cancel(UP_KIND, id);
    deps.triggers.cancel(DOWN_KIND, id);
  }
  for (const row of fired) {
    const direction = row.upLevel !== null && dec(tick.price).gte(row.upLevel) ? 'up' : 'down';
    const note = await addNotification(deps.db, {
      userId: row.userId,
      kind: 'price_alert',
      params: {
        code: row.code,
        price: tick.price,
        direction,
        level: dec((direction === 'up' ? row.upLevel : row.downLevel) ?? tick.price).toFixed(),
      },
    });
    await note.publish(deps.bus);
  }
}
