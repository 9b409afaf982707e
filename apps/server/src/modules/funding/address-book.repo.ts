import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import { withdrawAddresses, withdrawGuards } from './funding.tables';

export type WithdrawAddressRow = typeof withdrawAddresses.$inferSelect;

export async function selectWhitelist(db: Executor, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ whitelist: withdrawGuards.whitelist })
    .from(withdrawGuards)
    .where(eq(withdrawGuards.userId, userId));
  return row?.whitelist ?? false;
}

export async function upsertWhitelist(db: Executor, userId: number, whitelist: boolean) {
  await db
    .insert(withdrawGuards)
    .values({ userId, whitelist })
    .onConflictDoUpdate({ target: withdrawGuards.userId, set: { whitelist } });
}

export async function selectWithdrawAddresses(db: Executor, userId: number) {
  return db
    .select()
    .from(withdrawAddresses)
    .where(eq(withdrawAddresses.userId, userId))
    .orderBy(asc(withdrawAddresses.id));
}

export async function selectWithdrawAddress(
  db: Executor,
  userId: number,
  to: { coin: string; network: string; address: string },
) {
  const [row] = await db
    .select()
    .from(withdrawAddresses)
    .where(
      and(
        eq(withdrawAddresses.userId, userId),
        eq(withdrawAddresses.coin, to.coin),
        eq(withdrawAddresses.network, to.network),
        eq(withdrawAddresses.address, to.address),
      ),
    );
  return row;
}

export async function insertWithdrawAddress(
  db: Executor,
  values: typeof withdrawAddresses.$inferInsert,
): Promise<WithdrawAddressRow> {
  const [row] = await db.insert(withdrawAddresses).values(values).returning();
  if (!row) throw new Error('address insert returned no row');
  return row;
}

/** Deletes the address only when it is the user's own; answers whether it did. */
export async function deleteWithdrawAddress(db: Executor, userId: number, id: number) {
  const removed = await db
    .delete(withdrawAddresses)
    .where(and(eq(withdrawAddresses.id, id), eq(withdrawAddresses.userId, userId)))
    .returning({ id: withdrawAddresses.id });
  return removed.length > 0;
}
