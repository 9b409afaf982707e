import { and, asc, count, desc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../platform/db';
import { loanProducts, loans } from './loans.tables';

export type LoanProductRow = typeof loanProducts.$inferSelect;
export type LoanRow = typeof loans.$inferSelect;

export function selectProducts(db: Executor, enabledOnly: boolean) {
  return db
    .select()
    .from(loanProducts)
    .where(enabledOnly ? eq(loanProducts.enabled, true) : undefined)
    .orderBy(asc(loanProducts.id));
}

export async function selectProduct(db: Executor, id: number) {
  const [row] = await db.select().from(loanProducts).where(eq(loanProducts.id, id));
  return row;
}

export async function insertProduct(db: Executor, values: typeof loanProducts.$inferInsert) {
  const [row] = await db.insert(loanProducts).values(values).returning();
  if (!row) throw new Error('loan product not inserted');
  return row;
}

export async function updateProduct(
  db: Executor,
  id: number,
  values: Partial<typeof loanProducts.$inferInsert>,
) {
  const [row] = await db
    .update(loanProducts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(loanProducts.id, id))
    .returning();
  return row;
}

export async function insertLoan(db: Executor, values: typeof loans.$inferInsert) {
  const [row] = await db.insert(loans).values(values).returning();
  if (!row) throw new Error('loan not inserted');
  return row;
}

export async function hasOpenLoan(db: Executor, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: loans.id })
    .from(loans)
    .where(and(eq(loans.userId, userId), inArray(loans.state, ['pending', 'repaying', 'expired'])))
    .limit(1);
  return row !== undefined;
}

/** A loan, the user's own when `userId` is given. */
export async function selectLoan(db: Executor, id: number, userId?: number) {
  const [row] = await db
    .select()
    .from(loans)
    .where(and(eq(loans.id, id), userId === undefined ? undefined : eq(loans.userId, userId)));
  return row;
}

/** A loan locked for a change of state, the user's own when `userId` is given. */
export async function lockLoan(tx: Tx, id: number, userId?: number) {
  const [row] = await tx
    .select()
    .from(loans)
    .where(and(eq(loans.id, id), userId === undefined ? undefined : eq(loans.userId, userId)))
    .for('update');
  return row;
}

export async function updateLoan(tx: Tx, id: number, values: Partial<typeof loans.$inferInsert>) {
  const [row] = await tx.update(loans).set(values).where(eq(loans.id, id)).returning();
  if (!row) throw new Error('loan not updated');
  return row;
}

export async function selectLoanPage(
  db: Executor,
  q: { userId?: number; states?: LoanRow['state'][]; page: number; pageSize: number },
) {
  const where = and(
    q.userId === undefined ? undefined : eq(loans.userId, q.userId),
    q.states ? inArray(loans.state, q.states) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(loans)
      .where(where)
      .orderBy(desc(loans.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(loans).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/**
 * Loans the due-date job has work on by `by`: repaying ones whose repayment date has come, and
 * overdue ones that have begun another overdue day. Locked; a loan another node holds is skipped.
 */
export function lockDueLoans(tx: Tx, by: Date, limit: number) {
  return tx
    .select()
    .from(loans)
    .where(
      and(
        inArray(loans.state, ['repaying', 'expired']),
        lte(loans.dueAt, by),
        sql`(${loans.state} = 'repaying' or ${loans.dueAt} + (${loans.overdueDays} * interval '1 day') <= ${by.toISOString()}::timestamptz)`,
      ),
    )
    .orderBy(asc(loans.dueAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/**
 * Repaying loans due within `withinMs` after `by` whose borrower was not reminded yet; locked,
 * skipping any another node is reminding.
 */
export function lockLoansToRemind(tx: Tx, by: Date, withinMs: number, limit: number) {
  return tx
    .select()
    .from(loans)
    .where(
      and(
        eq(loans.state, 'repaying'),
        isNull(loans.remindedAt),
        gt(loans.dueAt, by),
        lte(loans.dueAt, new Date(by.getTime() + withinMs)),
      ),
    )
    .orderBy(asc(loans.dueAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}
