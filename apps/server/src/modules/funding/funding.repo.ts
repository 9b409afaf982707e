import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import { depositAddresses, deposits, withdrawals, withdrawGuards } from './funding.tables';

export type AddressRow = typeof depositAddresses.$inferSelect;
export type DepositRow = typeof deposits.$inferSelect;
export type WithdrawalRow = typeof withdrawals.$inferSelect;
type ReviewState = DepositRow['state'];

export async function selectAddresses(db: Executor, enabledOnly: boolean) {
  return db
    .select()
    .from(depositAddresses)
    .where(enabledOnly ? eq(depositAddresses.enabled, true) : undefined)
    .orderBy(asc(depositAddresses.coin), asc(depositAddresses.network));
}

export async function selectAddress(db: Executor, coin: string, network: string) {
  const [row] = await db
    .select()
    .from(depositAddresses)
    .where(and(eq(depositAddresses.coin, coin), eq(depositAddresses.network, network)));
  return row;
}

/** Creates or replaces the address of a coin and network. */
export async function upsertAddress(
  db: Executor,
  values: { coin: string; network: string; address: string; enabled: boolean },
) {
  const [row] = await db
    .insert(depositAddresses)
    .values(values)
    .onConflictDoUpdate({
      target: [depositAddresses.coin, depositAddresses.network],
      set: { address: values.address, enabled: values.enabled, updatedAt: new Date() },
    })
    .returning();
  if (!row) throw new Error('deposit address upsert returned no row');
  return row;
}

export async function insertDeposit(db: Executor, values: typeof deposits.$inferInsert) {
  const [row] = await db.insert(deposits).values(values).returning();
  if (!row) throw new Error('deposit insert returned no row');
  return row;
}

export async function selectDepositByHash(db: Executor, network: string, txHash: string) {
  const [row] = await db
    .select({ id: deposits.id })
    .from(deposits)
    .where(and(eq(deposits.network, network), eq(deposits.txHash, txHash)));
  return row;
}

export async function selectDeposit(db: Executor, id: number) {
  const [row] = await db.select().from(deposits).where(eq(deposits.id, id));
  return row;
}

export async function saveChainFacts(db: Executor, id: number, chain: DepositRow['chain']) {
  const [row] = await db.update(deposits).set({ chain }).where(eq(deposits.id, id)).returning();
  return row;
}

export async function insertWithdrawal(db: Executor, values: typeof withdrawals.$inferInsert) {
  const [row] = await db.insert(withdrawals).values(values).returning();
  if (!row) throw new Error('withdrawal insert returned no row');
  return row;
}

export async function selectWithdrawal(db: Executor, id: number) {
  const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id));
  return row;
}

/** Moves a pending deposit on; undefined when another review got there first. */
export async function reviewDepositRow(
  db: Executor,
  id: number,
  values: Partial<typeof deposits.$inferInsert>,
) {
  const [row] = await db
    .update(deposits)
    .set(values)
    .where(and(eq(deposits.id, id), eq(deposits.state, 'pending')))
    .returning();
  return row;
}

/** Changes a pending withdrawal; undefined when another review got there first. */
export async function reviewWithdrawalRow(
  db: Executor,
  id: number,
  values: Partial<typeof withdrawals.$inferInsert>,
  extra?: SQL,
) {
  const [row] = await db
    .update(withdrawals)
    .set(values)
    .where(and(eq(withdrawals.id, id), eq(withdrawals.state, 'pending'), extra))
    .returning();
  return row;
}

interface PageFilter {
  userId?: number | undefined;
  state?: ReviewState | undefined;
  page: number;
  pageSize: number;
  /** Oldest first (a review queue) instead of newest first. */
  oldestFirst?: boolean;
}

export async function selectDepositPage(db: Executor, q: PageFilter) {
  const where = and(
    q.userId === undefined ? undefined : eq(deposits.userId, q.userId),
    q.state === undefined ? undefined : eq(deposits.state, q.state),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(deposits)
      .where(where)
      .orderBy(q.oldestFirst ? asc(deposits.id) : desc(deposits.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(deposits).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function selectWithdrawalPage(db: Executor, q: PageFilter) {
  const where = and(
    q.userId === undefined ? undefined : eq(withdrawals.userId, q.userId),
    q.state === undefined ? undefined : eq(withdrawals.state, q.state),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(withdrawals)
      .where(where)
      .orderBy(q.oldestFirst ? asc(withdrawals.id) : desc(withdrawals.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(withdrawals).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The user's password guard, locked for this transaction (created on first use). */
export async function lockGuard(db: Executor, userId: number) {
  await db.insert(withdrawGuards).values({ userId }).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(withdrawGuards)
    .where(eq(withdrawGuards.userId, userId))
    .for('update');
  if (!row) throw new Error('withdraw guard missing');
  return row;
}

export async function saveGuard(
  db: Executor,
  userId: number,
  values: { failures: number; windowStart: Date; lockedUntil: Date | null },
) {
  await db.update(withdrawGuards).set(values).where(eq(withdrawGuards.userId, userId));
}

export async function countApprovedDeposits(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(deposits)
    .where(and(eq(deposits.userId, userId), eq(deposits.state, 'approved')));
  return row?.n ?? 0;
}

/** A customer's withdrawals still waiting for review, newest first (support's context). */
export async function selectPendingWithdrawals(db: Executor, userId: number, limit = 10) {
  return db
    .select({
      id: withdrawals.id,
      coin: withdrawals.coin,
      amount: withdrawals.amount,
      state: withdrawals.state,
      createdAt: withdrawals.createdAt,
    })
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), eq(withdrawals.state, 'pending')))
    .orderBy(desc(withdrawals.id))
    .limit(limit);
}
