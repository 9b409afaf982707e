import type { Executor } from '../../platform/db';
import { ensureAccounts } from './ledger.write.repo';
import { SYSTEM_ACCOUNTS } from './ledger.rules';

const SEEDED_ASSETS = ['USDT', 'BTC', 'ETH'] as const;

/** Creates the system accounts for both modes and the platform's base assets (idempotent). */
export async function ensureSystemAccounts(db: Executor): Promise<void> {
  await ensureAccounts(
    db,
    SYSTEM_ACCOUNTS.flatMap((name) =>
      (['real', 'demo'] as const).flatMap((mode) =>
        SEEDED_ASSETS.map((asset) => ({
          account: { owner: 'system' as const, name },
          mode,
          asset,
        })),
      ),
    ),
  );
}
