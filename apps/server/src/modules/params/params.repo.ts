import { eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import { PARAM_DEFAULTS } from './params.defaults';
import { systemParams } from './params.tables';

export async function findParam(
  db: Executor,
  key: string,
): Promise<{ key: string; value: string } | undefined> {
  const [row] = await db
    .select({ key: systemParams.key, value: systemParams.value })
    .from(systemParams)
    .where(eq(systemParams.key, key))
    .limit(1);
  return row;
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
