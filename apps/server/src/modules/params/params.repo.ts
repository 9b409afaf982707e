import { eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import { PARAM_DEFAULTS } from './params.defaults';
import { systemParams } from './params.tables';

export async function selectAllParams(db: Executor): Promise<{ key: string; value: string }[]> {
  return db.select({ key: systemParams.key, value: systemParams.value }).from(systemParams);
}

export async function selectParamRows(db: Executor, key?: string) {
  return db
    .select()
    .from(systemParams)
    .where(key === undefined ? undefined : eq(systemParams.key, key))
    .orderBy(systemParams.key);
}

export async function updateParamValue(
  db: Executor,
  key: string,
  value: string,
  staffId: number | null,
): Promise<boolean> {
  const rows = await db
    .update(systemParams)
    .set({ value, updatedAt: new Date(), updatedBy: staffId })
    .where(eq(systemParams.key, key))
    .returning({ key: systemParams.key });
  return rows.length > 0;
}

/** Adds missing parameters with their defaults; never overwrites a value staff have set. */
export async function insertMissingParams(db: Executor): Promise<number> {
  const rows = await db
    .insert(systemParams)
    .values(
      PARAM_DEFAULTS.map((p) => ({
        key: p.key,
        value: p.value,
        kind: p.kind,
        description: p.description,
      })),
    )
    .onConflictDoNothing()
    .returning({ key: systemParams.key });
  return rows.length;
}
