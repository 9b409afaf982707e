import type { AdminInstrument } from '@swx/contract';
import { dec } from '@swx/money';
import { eq } from 'drizzle-orm';
import type { StaffActor } from '../../platform/auth';
import type { Db, Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { recordAudit } from '../audit';
import { selectInstruments, type InstrumentRow } from './markets.repo';
import { instruments } from './markets.tables';

function toAdmin(row: InstrumentRow): AdminInstrument {
  return {
    id: row.id,
    code: row.code,
    type: row.type,
    name: row.name,
    logo: row.logo,
    precision: row.precision,
    contractSize: dec(row.contractSize).toFixed(),
    leverages: row.leverages,
    calendar: row.calendar as AdminInstrument['calendar'],
    spread: dec(row.spread).toFixed(),
    feeRate: row.feeRate === null ? null : dec(row.feeRate).toFixed(),
    enabled: row.enabled,
    sort: row.sort,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listInstrumentsForStaff(db: Executor): Promise<AdminInstrument[]> {
  return (await selectInstruments(db)).map(toAdmin);
}

/**
 * Changes an instrument's trading settings and audits the before and after. The simulator's
 * parameters and the feed are not editable: no setting here can move a price.
 */
export async function updateInstrumentForStaff(
  db: Db,
  actor: StaffActor,
  id: number,
  input: {
    enabled?: boolean | undefined;
    sort?: number | undefined;
    spread?: string | undefined;
    leverages?: number[] | undefined;
    contractSize?: string | undefined;
    calendar?: AdminInstrument['calendar'] | undefined;
    feeRate?: string | null | undefined;
  },
): Promise<AdminInstrument> {
  if (input.contractSize !== undefined && dec(input.contractSize).isZero()) {
    throw new AppError(10100, {}, [
      { path: 'contractSize', code: 'too_small', message: 'must be above zero' },
    ]);
  }
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(instruments)
      .where(eq(instruments.id, id))
      .for('update');
    if (!before) throw new AppError(10101);
    const [after] = await tx
      .update(instruments)
      .set({
        ...(input.enabled === undefined ? {} : { enabled: input.enabled }),
        ...(input.sort === undefined ? {} : { sort: input.sort }),
        ...(input.spread === undefined ? {} : { spread: input.spread }),
        ...(input.leverages === undefined
          ? {}
          : { leverages: [...new Set(input.leverages)].sort((a, b) => a - b) }),
        ...(input.contractSize === undefined ? {} : { contractSize: input.contractSize }),
        ...(input.calendar === undefined ? {} : { calendar: input.calendar }),
        ...(input.feeRate === undefined ? {} : { feeRate: input.feeRate }),
        updatedAt: new Date(),
      })
      .where(eq(instruments.id, id))
      .returning();
    if (!after) throw new AppError(10101);
    const changed = Object.fromEntries(
      Object.keys(input).map((k) => [
        k,
        {
          from: toAdmin(before)[k as keyof AdminInstrument],
          to: toAdmin(after)[k as keyof AdminInstrument],
        },
      ]),
    );
    await recordAudit(tx, {
      ...actor,
      action: 'instrument.update',
      target: `instrument:${after.code}`,
      detail: changed,
    });
    return toAdmin(after);
  });
}
