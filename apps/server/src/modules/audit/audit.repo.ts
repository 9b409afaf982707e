import { and, asc, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../platform/db';
import { auditLog } from './audit.tables';

// One advisory lock id for appends: entries are chained, so appends are serialised.
const AUDIT_APPEND_LOCK = 7_301_993_001;

export async function lockForAppend(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_APPEND_LOCK})`);
}

export async function lastHash(tx: Tx): Promise<string | undefined> {
  const [row] = await tx
    .select({ hash: auditLog.hash })
    .from(auditLog)
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row?.hash;
}

export async function insertEntry(tx: Tx, values: typeof auditLog.$inferInsert): Promise<number> {
  const [row] = await tx.insert(auditLog).values(values).returning({ id: auditLog.id });
  if (!row) throw new Error('audit insert returned no row');
  return row.id;
}

export async function selectEntriesAfter(db: Executor, afterId: number, limit: number) {
  return db
    .select()
    .from(auditLog)
    .where(gt(auditLog.id, afterId))
    .orderBy(asc(auditLog.id))
    .limit(limit);
}

export async function selectEntryPage(
  db: Executor,
  input: {
    page: number;
    pageSize: number;
    action?: string | undefined;
    staffId?: number | undefined;
  },
) {
  const where = and(
    input.action ? eq(auditLog.action, input.action) : undefined,
    input.staffId ? eq(auditLog.staffId, input.staffId) : undefined,
  );
  const rows = await db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.id))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  const [total] = await db.select({ n: count() }).from(auditLog).where(where);
  return { rows, total: total?.n ?? 0 };
}
