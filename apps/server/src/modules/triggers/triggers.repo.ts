import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import { triggerWatermarks } from './triggers.tables';

export async function readWatermark(db: Executor, feed: string): Promise<number | undefined> {
  const [row] = await db
    .select({ second: triggerWatermarks.second })
    .from(triggerWatermarks)
    .where(eq(triggerWatermarks.feed, feed));
  return row?.second;
}

/** Moves the watermark forward (never back: another node may be further). */
export async function saveWatermark(db: Executor, feed: string, second: number): Promise<void> {
  await db
    .insert(triggerWatermarks)
    .values({ feed, second })
    .onConflictDoUpdate({
      target: triggerWatermarks.feed,
      set: {
        second: sql`greatest(${triggerWatermarks.second}, excluded.second)`,
        updatedAt: sql`now()`,
      },
    });
}
