import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * One temp directory for the run's test apps (test-app.ts makes each app's data directory in it),
 * removed when the run ends: each app used to leave an empty directory behind, 300 a run. The
 * workers are started after this and inherit the variable.
 */
export default function setup(): () => void {
  const root = mkdtempSync(join(tmpdir(), 'swx-tests-'));
  process.env.SWX_TEST_DATA_ROOT = root;
  return () => rmSync(root, { recursive: true, force: true });
}
