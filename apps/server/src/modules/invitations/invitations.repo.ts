import { and, count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import { inviteCommissions, type InviteCommissionRow } from './invitations.tables';

/** Records a day's commission once; undefined when that day and asset were already paid. */
export async function insertCommission(
  db: Executor,
  row: typeof inviteCommissions.$inferInsert,
): Promise<InviteCommissionRow | undefined> {
  const [inserted] = await db
    .insert(inviteCommissions)
    .values(row)
    .onConflictDoNothing()
    .returning();
  return inserted;
}

/** An inviter's commissions, newest day first. */
export async function selectCommissions(
  db: Executor,
  inviterId: number,
  page: { page: number; pageSize: number },
): Promise<{ list: InviteCommissionRow[]; total: number }> {
  const where = eq(inviteCommissions.inviterId, inviterId);
  const [list, [totals]] = await Promise.all([
    db
      .select()
      .from(inviteCommissions)
      .where(where)
      .orderBy(desc(inviteCommissions.day), desc(inviteCommissions.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ n: count() }).from(inviteCommissions).where(and(where)),
  ]);
  return { list, total: totals?.n ?? 0 };
}
