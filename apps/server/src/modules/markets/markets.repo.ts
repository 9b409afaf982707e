import { asc, count, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import type { CatalogueEntry } from './instruments.catalogue';
import names from './instrument-names.json';
import { instruments } from './markets.tables';

export type InstrumentRow = typeof instruments.$inferSelect;

export async function selectInstruments(db: Executor): Promise<InstrumentRow[]> {
  return db
    .select()
    .from(instruments)
    .orderBy(asc(instruments.type), asc(instruments.sort), asc(instruments.id));
}

export async function selectInstrument(
  db: Executor,
  id: number,
): Promise<InstrumentRow | undefined> {
  const [row] = await db.select().from(instruments).where(eq(instruments.id, id));
  return row;
}

export async function countEnabledInstruments(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(instruments)
    .where(eq(instruments.enabled, true));
  return row?.n ?? 0;
}

/** Adds catalogue instruments that are missing by code; never changes what staff have edited. */
export async function insertMissingInstruments(
  db: Executor,
  entries: readonly CatalogueEntry[],
): Promise<void> {
  await db
    .insert(instruments)
    .values(
      entries.map((e, i) => ({
        code: e.code,
        type: e.type,
        name: e.name,
        names: (names as Record<string, Record<string, string>>)[e.code] ?? {},
        logo: `/logos/${e.code}.svg`,
        precision: e.precision,
        contractSize: e.contractSize,
        leverages: e.leverages,
        calendar: e.calendar,
        spread: e.spread,
        sort: (i + 1) * 10,
        simBase: String(e.base),
        simVolatility: String(e.volatility),
      })),
    )
    .onConflictDoNothing();
}
