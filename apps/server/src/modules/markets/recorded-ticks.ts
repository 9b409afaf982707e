import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import { reusable } from '../../platform/statements';
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
