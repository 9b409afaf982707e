import { listUserLedger } from '@swx/contract';
import { useState } from 'react';
import { t } from '../../../i18n/translate';
import { useApiQuery } from '../../../shared/api/use-api-query';
import { DataTable, LoadStateRows, MessageRow, Td, Th } from '../../../shared/ui/data-table';
import { ListPager } from '../../../shared/ui/list-pager';
import { TimeStamp } from '../../../shared/ui/time-stamp';

const COLUMNS = 6;

/** A customer's ledger entries, newest first, in either mode (finance and support read it). */
export function LedgerTable({ userId }: { userId: number }) {
  const [mode, setMode] = useState<'real' | 'demo'>('real');
  const [page, setPage] = useState(1);
  const entries = useApiQuery(listUserLedger, {
    params: { id: userId },
    query: { mode, page, pageSize: 25 },
  });
  const data = entries.data;
  return (
    <section aria-labelledby="ledger-title" className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="ledger-title" className="text-base font-semibold">
          {t('users.ledger.title')}
        </h2>
        <div role="radiogroup" aria-label={t('users.ledger.mode')} className="flex gap-1">
          {(['real', 'demo'] as const).map((value) => (
            <button
              key={value}
              type="button"
              role="radio"
              aria-checked={mode === value}
              onClick={() => {
                setMode(value);
                setPage(1);
              }}
              className="rounded-md border border-line px-2.5 py-1 text-sm aria-checked:border-accent aria-checked:bg-accent/10 aria-checked:text-accent"
            >
              {t(`users.ledger.${value}`)}
            </button>
          ))}
        </div>
      </div>
      <DataTable caption={t('users.ledger.title')} compact>
        <thead>
          <tr>
            <Th>{t('users.ledger.time')}</Th>
            <Th>{t('users.ledger.kind')}</Th>
            <Th>{t('users.ledger.ref')}</Th>
            <Th>{t('users.ledger.account')}</Th>
            <Th>{t('users.ledger.amount')}</Th>
            <Th>{t('users.ledger.after')}</Th>
          </tr>
        </thead>
        <tbody>
          <LoadStateRows
            columns={COLUMNS}
            rows={5}
            loading={entries.loading && !data}
            failed={Boolean(entries.error) && !data}
            onRetry={entries.reload}
          />
          {data?.list.map((e) => (
            <tr key={e.id} data-testid="ledger-row">
              <Td className="whitespace-nowrap">
                <TimeStamp iso={e.createdAt} />
              </Td>
              <Td className="font-mono text-xs">{e.kind}</Td>
              <Td className="font-mono text-xs break-all">{e.ref}</Td>
              <Td className="text-xs whitespace-nowrap">
                {e.asset} · {e.bucket}
              </Td>
              <Td
                className={`font-mono text-xs whitespace-nowrap ${e.amount.startsWith('-') ? 'text-danger' : 'text-success'}`}
                dir="ltr"
              >
                {e.amount.startsWith('-') ? e.amount : `+${e.amount}`}
              </Td>
              <Td className="font-mono text-xs whitespace-nowrap" dir="ltr">
                {e.balanceAfter}
              </Td>
            </tr>
          ))}
          {data?.list.length === 0 ? (
            <MessageRow columns={COLUMNS}>{t('users.ledger.empty')}</MessageRow>
          ) : null}
        </tbody>
      </DataTable>
      <ListPager label={t('users.ledger.pages')} data={data} onPage={setPage} />
    </section>
  );
}
