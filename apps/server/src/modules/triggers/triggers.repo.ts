import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import { triggerWatermarks } from './triggers.tables';

const FEED = 'simulator';

export async function readWatermark(db: Executor): Promise<number | undefined> {
  const [row] = await db
    .select({ second: triggerWatermarks.second })
    .from(triggerWatermarks)
    .where(eq(triggerWatermarks.feed, FEED));
  return row?.second;
}

/** Moves the watermark forward (never back: another node may be further). */
export async function saveWatermark(db: Executor, second: number): Promise<void> {
  await db
    .insert(triggerWatermarks)
    .values({ feed: FEED, second })
    .onConflictDoUpdate({
      target: triggerWatermarks.feed,
      set: {
        second: sql`greatest(${triggerWatermarks.second}, excluded.second)`,
        updatedAt: sql`now()`,
      },
    });
}
