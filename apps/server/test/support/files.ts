import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { count } from 'drizzle-orm';
import { storedFiles } from '../../src/platform/storage.tables';
import type { TestApp } from './test-app';

/**
 * How many private files a test app holds, wherever its store keeps them: on the local disk (the
 * embedded default) or in the database (PostgreSQL, TEST_DATABASE_URL).
 */
export async function storedFileCount(t: TestApp): Promise<number> {
  const dir = join(t.config.DATA_DIR, 'uploads');
  const onDisk = existsSync(dir)
    ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).length
    : 0;
  const [row] = await t.database.db.select({ n: count() }).from(storedFiles);
  return onDisk + (row?.n ?? 0);
}
