import { listAudit } from '@swx/contract';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { t } from '../../../i18n/translate';
import { useApiQuery } from '../../../shared/api/use-api-query';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { DataTable, LoadStateRows, MessageRow, Td, Th } from '../../../shared/ui/data-table';
import { TextField } from '../../../shared/ui/field';
import { PageHeader } from '../../../shared/ui/page-header';
import { TimeStamp } from '../../../shared/ui/time-stamp';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import { AuditDetail } from '../components/audit-detail';
import { VerifyChain } from '../components/verify-chain';

const PAGE_SIZE = 50;
const COLUMNS = 7;

function positiveInt(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : 1;
}

export function AuditPage() {
  useDocumentTitle(t('nav.audit'));
  const [search, setSearch] = useSearchParams();
  const page = positiveInt(search.get('page'));
  const action = search.get('action')?.trim() ?? '';
  const [actionInput, setActionInput] = useState(action);
  const entries = useApiQuery(listAudit, {
    query: { page, pageSize: PAGE_SIZE, action: action || undefined },
  });

  const go = (next: { page?: number; action?: string }) => {
    const nextAction = next.action ?? action;
    const nextPage = next.page ?? 1;
    const params: Record<string, string> = {};
    if (nextAction) params.action = nextAction;
    if (nextPage > 1) params.page = String(nextPage);
    setSearch(params);
  };

  const filter = (event: FormEvent) => {
    event.preventDefault();
    go({ action: actionInput.trim(), page: 1 });
  };

  const data = entries.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const first = data && data.total > 0 ? (data.page - 1) * data.pageSize + 1 : 0;
  const last = data ? Math.min(data.total, data.page * data.pageSize) : 0;
  const knownActions = [...new Set(data?.list.map((e) => e.action) ?? [])].sort();

  return (
    <>
      <PageHeader title={t('nav.audit')} description={t('audit.description')} />
      <div className="mb-4 flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <form className="flex flex-wrap items-end gap-2" role="search" onSubmit={filter}>
          <TextField
            label={t('audit.filterAction')}
            placeholder={t('audit.filterPlaceholder')}
            list="audit-actions"
            className="w-64"
            spellCheck={false}
            autoCapitalize="none"
            value={actionInput}
            onChange={(event) => setActionInput(event.target.value)}
          />
          <datalist id="audit-actions">
            {knownActions.map((a) => (
              <option key={a} value={a} />
            ))}
          </datalist>
          <Button type="submit">{t('audit.filter')}</Button>
          {action ? (
            <Button
              variant="ghost"
              onClick={() => {
                setActionInput('');
                go({ action: '', page: 1 });
              }}
            >
              {t('audit.clearFilter')}
            </Button>
          ) : null}
        </form>
        <VerifyChain />
      </div>

      <DataTable caption={t('audit.caption')}>
        <thead>
          <tr>
            <Th>{t('audit.id')}</Th>
            <Th>{t('audit.time')}</Th>
            <Th>{t('audit.staff')}</Th>
            <Th>{t('audit.action')}</Th>
            <Th>{t('audit.target')}</Th>
            <Th>{t('audit.detail')}</Th>
            <Th>{t('audit.ip')}</Th>
          </tr>
        </thead>
        <tbody>
          <LoadStateRows
            columns={COLUMNS}
            rows={10}
            loading={entries.loading && !data}
            failed={Boolean(entries.error) && !data}
            onRetry={entries.reload}
          />
          {data?.list.map((entry) => (
            <tr
              key={entry.id}
              className={`hover:bg-raised/60 ${entries.loading ? 'opacity-60' : ''}`}
              data-action={entry.action}
            >
              <Td className="text-muted">{entry.id}</Td>
              <Td>
                <TimeStamp iso={entry.at} />
              </Td>
              <Td className="whitespace-nowrap">
                {entry.staffUsername ??
                  (entry.staffId === null ? t('audit.system') : `#${entry.staffId}`)}
              </Td>
              <Td>
                <button
                  type="button"
                  className="text-start"
                  title={t('audit.filterTo', { action: entry.action })}
                  onClick={() => {
                    setActionInput(entry.action);
                    go({ action: entry.action, page: 1 });
                  }}
                >
                  <Badge tone="accent">{entry.action}</Badge>
                </button>
              </Td>
              <Td className="font-mono text-xs break-all">{entry.target}</Td>
              <Td>
                <AuditDetail detail={entry.detail} />
              </Td>
              <Td className="font-mono text-xs whitespace-nowrap">{entry.ip ?? '—'}</Td>
            </tr>
          ))}
          {data?.list.length === 0 ? (
            <MessageRow columns={COLUMNS}>
              {action ? t('audit.emptyFiltered', { action }) : t('audit.empty')}
            </MessageRow>
          ) : null}
        </tbody>
      </DataTable>

      <nav
        aria-label={t('audit.pagination')}
        className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm"
      >
        <span className="text-muted" aria-live="polite">
          {data ? t('audit.range', { first, last, total: data.total }) : null}
        </span>
        <div className="flex items-center gap-2">
          <Button size="sm" disabled={page <= 1} onClick={() => go({ page: page - 1 })}>
            {t('audit.previous')}
          </Button>
          <span className="tabular-nums">{t('audit.pageOf', { page, pages })}</span>
          <Button size="sm" disabled={page >= pages} onClick={() => go({ page: page + 1 })}>
            {t('audit.next')}
          </Button>
        </div>
      </nav>
    </>
  );
}
