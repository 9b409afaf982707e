import { Readable } from 'node:stream';
import { dec } from '@swx/money';
import { AppError } from '../../platform/errors';
import { selectUserEntriesBetween } from '../ledger';
import type { FundingDeps } from './funding.deps';

const PAGE = 1000;
const MAX_DAYS = 366;
export const CSV_HEADER = 'date,kind,reference,asset,bucket,amount,balance_after';

/**
 * A text cell: quoted when it holds a comma, quote or line break; a leading = + - @ is neutralised
 * so that a spreadsheet never reads a cell as a formula.
 */
export function csvText(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * The user's real-mode ledger entries of `[from, to)` as CSV, oldest first, read in pages and
 * streamed. Per asset and bucket, the amounts of the file add up to the balance change over the
 * period (each line's balance_after is the balance after it). 10100 for an empty or reversed
 * period or one longer than 366 days.
 */
export async function ledgerCsv(
  deps: Pick<FundingDeps, 'db'>,
  userId: number,
  from: Date,
  to: Date,
): Promise<Readable> {
  const days = (to.getTime() - from.getTime()) / 86_400_000;
  if (!(days > 0) || days > MAX_DAYS) {
    throw new AppError(10100, {}, [
      { path: 'to', code: 'custom', message: `after from, at most ${MAX_DAYS} days later` },
    ]);
  }
  async function* lines() {
    yield `${CSV_HEADER}\n`;
    let afterId = 0;
    for (;;) {
      const rows = await selectUserEntriesBetween(deps.db, {
        userId,
        mode: 'real',
        from,
        to,
        afterId,
        limit: PAGE,
      });
      if (rows.length === 0) return;
      yield rows
        .map((r) =>
          [
            r.createdAt.toISOString(),
            csvText(r.kind),
            csvText(r.ref),
            csvText(r.asset),
            csvText(r.bucket),
            dec(r.amount).toFixed(),
            dec(r.balanceAfter).toFixed(),
          ].join(','),
        )
        .join('\n')
        .concat('\n');
      afterId = rows[rows.length - 1]?.postingId ?? afterId;
      if (rows.length < PAGE) return;
    }
  }
  return Readable.from(lines());
}
