import { and, asc, eq, sql } from 'drizzle-orm';
import { deferStatement, type Executor, type Tx } from '../../platform/db';
import { Expression, reusable } from '../../platform/statements';
import { recordedTicks } from './markets.tables';

export interface SettlingTick {
  code: string;
  source: 'simulator' | 'live';
  price: string;
  /** The tick's own time (ms precision). */
  ts: Date;
  /** What it settled, e.g. `options:123:open`; kept with the tick as evidence. */
  reason: string;
}

/** Each settlement keeps its tick: built once (platform/statements.ts). */
const tickStatement = reusable((db, p: (name: keyof SettlingTick) => never) =>
  db
    .insert(recordedTicks)
    .values({
      code: p('code'),
      source: p('source'),
      price: p('price'),
      ts: p('ts'),
      reason: p('reason'),
    })
    .returning({ id: recordedTicks.id }),
);

/**
 * Keeps a tick that decides an order's outcome, inside the settling transaction: anyone can later
 * see which price, from which source and at which time, an order was settled by.
 */
export async function recordSettlingTick(db: Executor, tick: SettlingTick): Promise<number> {
  const [row] = await tickStatement(db, tick);
  if (!row) throw new Error('recorded tick insert returned no row');
  return row.id;
}

/** The id the tick insert sent ahead (recordTickAhead) took, on the same connection. */
const TICK_JUST_RECORDED = new Expression(
  'tick_just_recorded',
  sql`currval('recorded_ticks_id_seq')`,
);

/**
 * recordSettlingTick for a transaction whose next statement inserts the row the tick settles: on
 * PostgreSQL the tick's insert goes in the same message as that statement (pg-fold.ts), one round
 * trip less, and the row names the tick by an Expression, the id this connection's insert just
 * took from the ticks' sequence. Should the tick's insert fail, the statement does not run and
 * reports its error. On PGlite the tick is recorded at once and its id returned.
 */
export async function recordTickAhead(tx: Tx, tick: SettlingTick): Promise<number | Expression> {
  const ahead = deferStatement(tx, {
    name: 'swx_record_tick',
    text: 'insert into recorded_ticks (code, source, price, ts, reason) values ($1, $2, $3, $4, $5)',
    values: [tick.code, tick.source, tick.price, tick.ts.toISOString(), tick.reason],
    essential: true,
  });
  return ahead ? TICK_JUST_RECORDED : recordSettlingTick(tx, tick);
}

export async function ticksRecordedFor(db: Executor, code: string, reason: string) {
  return db
    .select({
      code: recordedTicks.code,
      source: recordedTicks.source,
      price: recordedTicks.price,
      ts: recordedTicks.ts,
      reason: recordedTicks.reason,
    })
    .from(recordedTicks)
    .where(and(eq(recordedTicks.code, code), eq(recordedTicks.reason, reason)))
    .orderBy(asc(recordedTicks.ts));
}

export async function selectRecordedTick(db: Executor, id: number) {
  const [row] = await db.select().from(recordedTicks).where(eq(recordedTicks.id, id));
  return row;
}
