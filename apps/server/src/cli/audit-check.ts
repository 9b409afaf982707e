/**
 * `npm run audit:check`: recomputes the staff audit log's hash chain on the configured database and
 * exits non-zero when an entry was edited, removed from the middle, or reordered.
 */
import { verifyAuditChain } from '../modules/audit';
import { runCheck } from './run-check';

runCheck(async (database) => {
  const result = await verifyAuditChain(database.db);
  if (result.ok) {
    console.log(`audit log intact: ${result.checked} entries checked (${database.kind})`);
    return 0;
  }
  console.error(
    `audit log BROKEN at entry ${result.brokenAt} (${result.checked} entries before it are intact)`,
  );
  return 1;
});
