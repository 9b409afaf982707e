import type { Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { findParam } from './params.repo';

export async function getParamValue(db: Executor, key: string): Promise<string> {
  const row = await findParam(db, key);
  if (!row) throw new AppError(10018);
  return row.value;
}
