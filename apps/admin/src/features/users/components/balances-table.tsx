import type { AdminUserDetail } from '@swx/contract';
import { t } from '../../../i18n/translate';
import { Badge } from '../../../shared/ui/badge';
import { DataTable, MessageRow, Td, Th } from '../../../shared/ui/data-table';
import { bucketLabel, isZeroDecimal, sortBalances } from '../users.rules';

const COLUMNS = 4;

/** Every ledger balance of the customer, per mode, asset and bucket, as the server sent it. */
export function BalancesTable({ user }: { user: AdminUserDetail }) {
  const rows = sortBalances(user.balances);
  return (
    <section aria-labelledby="balances-heading">
      <h2 id="balances-heading" className="mb-2 text-sm font-semibold">
        {t('users.detail.balances')}
      </h2>
      <DataTable caption={t('users.detail.balancesCaption', { username: user.username })} compact>
        <thead>
          <tr>
            <Th>{t('users.detail.mode')}</Th>
            <Th>{t('users.detail.asset')}</Th>
            <Th>{t('users.detail.bucket')}</Th>
            <Th>
              <span className="block text-end">{t('users.detail.balance')}</span>
            </Th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const label = bucketLabel(row.bucket);
            return (
              <tr
                key={`${row.mode}:${row.asset}:${row.bucket}`}
                className={isZeroDecimal(row.balance) ? 'text-muted' : ''}
                data-balance={`${row.mode}:${row.asset}:${row.bucket}`}
              >
                <Td>
                  <Badge tone={row.mode === 'real' ? 'neutral' : 'accent'}>
                    {t(`users.detail.modeValue.${row.mode}`)}
                  </Badge>
                </Td>
                <Td className="font-mono text-xs font-medium">{row.asset}</Td>
                <Td>
                  {label ? t(label) : <span className="font-mono text-xs">{row.bucket}</span>}
                </Td>
                <Td className="text-end font-mono text-xs tabular-nums" dir="ltr">
                  {row.balance}
                </Td>
              </tr>
            );
          })}
          {rows.length === 0 ? (
            <MessageRow columns={COLUMNS}>{t('users.detail.noBalances')}</MessageRow>
          ) : null}
        </tbody>
      </DataTable>
    </section>
  );
}
