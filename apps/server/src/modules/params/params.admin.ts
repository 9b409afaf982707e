import type { SystemParam } from '@swx/contract';
import type { StaffActor } from '../../platform/auth';
import type { Db, Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { recordAudit } from '../audit';
import { selectParamRows, updateParamValue } from './params.repo';
import { paramValueProblem } from './params.rules';

function toParam(row: Awaited<ReturnType<typeof selectParamRows>>[number]): SystemParam {
  return {
    key: row.key,
    value: row.value,
    kind: row.kind,
    description: row.description,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listParamsForStaff(db: Executor): Promise<SystemParam[]> {
  return (await selectParamRows(db)).map(toParam);
}

/** Validates by the parameter's kind, saves, and audits the old and new value. */
export async function updateParamForStaff(
  db: Db,
  actor: StaffActor,
  key: string,
  value: string,
): Promise<SystemParam> {
  return db.transaction(async (tx) => {
    const [before] = await selectParamRows(tx, key);
    if (!before) throw new AppError(10018);
    const problem = paramValueProblem(key, before.kind, value.trim());
    if (problem)
      throw new AppError(10100, {}, [
        { path: 'value', code: 'invalid_value', message: `must be ${problem}` },
      ]);
    await updateParamValue(tx, key, value.trim(), actor.staffId);
    await recordAudit(tx, {
      ...actor,
      action: 'param.update',
      target: `param:${key}`,
      detail: { from: before.value, to: value.trim() },
    });
    const [after] = await selectParamRows(tx, key);
    if (!after) throw new AppError(10018);
    return toParam(after);
  });
}
