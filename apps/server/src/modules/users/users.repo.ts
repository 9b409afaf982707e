import { count, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import { users } from './users.tables';

export async function findUserPrincipal(db: Executor, id: number) {
  const [row] = await db
    .select({ status: users.status })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row ? { active: row.status === 'active' } : undefined;
}

export async function insertUser(
  db: Executor,
  values: { username: string; email?: string; passwordHash?: string },
) {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  if (!row) throw new Error('user insert returned no row');
  return row.id;
}

export async function countUsers(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}
