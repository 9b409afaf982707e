import { count, desc, ilike } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import { outboxMessages } from './messaging.tables';

export async function insertOutboxMessage(
  db: Executor,
  values: typeof outboxMessages.$inferInsert,
): Promise<void> {
  await db.insert(outboxMessages).values(values);
}

export async function selectOutbox(
  db: Executor,
  query: { q?: string | undefined; page: number; pageSize: number },
) {
  const where = query.q ? ilike(outboxMessages.recipient, `%${query.q}%`) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(outboxMessages)
      .where(where)
      .orderBy(desc(outboxMessages.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(outboxMessages).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
