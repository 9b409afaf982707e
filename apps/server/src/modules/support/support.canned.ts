import type { CannedReply } from '@swx/contract';
import type { Db, Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { recordAudit, type StaffActor } from '../audit';
import defaults from './canned.defaults.json';
import { deleteCanned, insertCannedIfEmpty, selectCanned, upsertCanned } from './support.repo';

/** The shipped canned replies, once, into an empty table (boot seed). */
export function seedCannedReplies(db: Executor): Promise<void> {
  return insertCannedIfEmpty(db, defaults);
}

function toCanned(row: Awaited<ReturnType<typeof selectCanned>>[number]): CannedReply {
  return { id: row.id, title: row.title, texts: row.texts, updatedAt: row.updatedAt.toISOString() };
}

export async function cannedReplies(db: Executor): Promise<CannedReply[]> {
  return (await selectCanned(db)).map(toCanned);
}

export async function saveCanned(
  db: Db,
  actor: StaffActor,
  input: { id?: number | undefined; title: string; texts: Record<string, string> },
): Promise<CannedReply> {
  return db.transaction(async (tx) => {
    const row = await upsertCanned(tx, input.id, {
      title: input.title,
      texts: input.texts,
      updatedAt: new Date(),
    });
    if (!row) throw new AppError(10165);
    await recordAudit(tx, {
      ...actor,
      action: input.id === undefined ? 'support.canned.create' : 'support.canned.update',
      target: `supportCanned:${row.id}`,
      detail: { title: row.title },
    });
    return toCanned(row);
  });
}

export async function removeCanned(db: Db, actor: StaffActor, id: number) {
  return db.transaction(async (tx) => {
    if (!(await deleteCanned(tx, id))) throw new AppError(10165);
    await recordAudit(tx, {
      ...actor,
      action: 'support.canned.delete',
      target: `supportCanned:${id}`,
    });
    return { id };
  });
}
