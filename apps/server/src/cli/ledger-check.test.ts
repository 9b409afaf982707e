import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { postAlone, transferPostings } from '../modules/ledger';
import { insertUser } from '../modules/users';
import { openPglite } from '../platform/db';
import { seed } from '../seed';

const run = promisify(execFile);
const cli = fileURLToPath(new URL('./ledger-check.ts', import.meta.url));

async function check(dataDir: string) {
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', cli], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    });
    return { code: 0, output: stdout };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, output: e.stdout + e.stderr };
  }
}

describe('npm run ledger:check', () => {
  it('passes a sound ledger and exits non-zero on a breach', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ledger-check-'));
    try {
      const database = await openPglite(join(dataDir, 'pg'));
      await database.migrate();
      await seed(database);
      const userId = await insertUser(database.db, { username: 'checked' });
      await postAlone(database.db, {
        kind: 'test.fund',
        ref: 'cli-1',
        mode: 'real',
        postings: transferPostings(
          { owner: 'system', name: 'house' },
          { owner: 'user', userId, bucket: 'available' },
          'USDT',
          '10',
        ),
      });
      await database.close();

      const sound = await check(dataDir);
      expect(sound.output).toContain('ledger invariants hold');
      expect(sound.code).toBe(0);

      const again = await openPglite(join(dataDir, 'pg'));
      await again.db.execute(
        sql`update ledger_accounts set balance = balance + 0.5 where user_id = ${userId}`,
      );
      await again.close();
      const broken = await check(dataDir);
      expect(broken.code).toBe(1);
      expect(broken.output).toContain('balance_equals_postings');
      expect(broken.output).toContain('mode_asset_sums_to_zero');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
