import { listKyc } from '@swx/contract';
import { Tabs } from 'radix-ui';
import { Link, useLocation, useSearchParams } from 'react-router';
import { t } from '../../../i18n/translate';
import { useApiQuery } from '../../../shared/api/use-api-query';
import { Button, buttonClass } from '../../../shared/ui/button';
import { DataTable, LoadStateRows, MessageRow, Td, Th } from '../../../shared/ui/data-table';
import { PageHeader } from '../../../shared/ui/page-header';
import { TimeStamp } from '../../../shared/ui/time-stamp';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import { KycStatusBadge } from '../components/kyc-status-badge';
import { ListPager } from '../../../shared/ui/list-pager';
import {
  filterFromSearch,
  KYC_FILTERS,
  type KycFilter,
  pageFromSearch,
  pendingFirst,
} from '../kyc.rules';

const PAGE_SIZE = 50;
const COLUMNS = 9;

function QueueTable({
  filter,
  page,
  onPage,
}: {
  filter: KycFilter;
  page: number;
  onPage: (page: number) => void;
}) {
  const location = useLocation();
  const submissions = useApiQuery(listKyc, {
    query: { page, pageSize: PAGE_SIZE, status: filter === 'all' ? undefined : filter },
  });
  const data = submissions.data;
  const rows = data ? pendingFirst(data.list) : undefined;
  const back = { back: location.pathname + location.search };

  return (
    <>
      <div className="mb-2 flex justify-end">
        {/* New submissions arrive while a reviewer works: the queue reloads on demand. */}
        <Button
          size="sm"
          pending={submissions.loading && Boolean(data)}
          onClick={submissions.reload}
        >
          {t('common.refresh')}
        </Button>
      </div>
      <DataTable caption={t('kyc.caption')}>
        <thead>
          <tr>
            <Th>{t('kyc.id')}</Th>
            <Th>{t('kyc.submitted')}</Th>
            <Th>{t('kyc.customer')}</Th>
            <Th>{t('kyc.name')}</Th>
            <Th>{t('kyc.country')}</Th>
            <Th>{t('kyc.document')}</Th>
            <Th>{t('kyc.status')}</Th>
            <Th>{t('kyc.reviewed')}</Th>
            <Th>
              <span className="sr-only">{t('common.actions')}</span>
            </Th>
          </tr>
        </thead>
        <tbody aria-busy={submissions.loading || undefined}>
          <LoadStateRows
            columns={COLUMNS}
            rows={8}
            loading={submissions.loading && !data}
            failed={Boolean(submissions.error) && !data}
            onRetry={submissions.reload}
          />
          {rows?.map((row) => {
            const pending = row.status === 'pending';
            return (
              <tr
                key={row.id}
                className={`hover:bg-raised/60 ${submissions.loading ? 'opacity-60' : ''}`}
                data-status={row.status}
                data-username={row.username}
                data-submitted-at={row.submittedAt}
              >
                <Td className="text-muted tabular-nums">{row.id}</Td>
                <Td>
                  <TimeStamp iso={row.submittedAt} />
                </Td>
                <Td className="font-medium">{row.username}</Td>
                <Td>
                  {row.firstName} {row.lastName}
                </Td>
                <Td>{row.country}</Td>
                <Td className="whitespace-nowrap">{t(`kyc.documentType.${row.documentType}`)}</Td>
                <Td>
                  <KycStatusBadge status={row.status} />
                </Td>
                <Td className="text-xs">
                  {row.reviewedAt ? (
                    <>
                      <TimeStamp iso={row.reviewedAt} />
                      {row.reviewer ? (
                        <span className="block text-muted">
                          {t('kyc.reviewedBy', { reviewer: row.reviewer })}
                        </span>
                      ) : null}
                    </>
                  ) : (
                    <span className="text-muted">—</span>
                  )}
                </Td>
                <Td>
                  <Link
                    to={`/kyc/${row.id}`}
                    state={back}
                    className={buttonClass(pending ? 'primary' : 'secondary', 'sm')}
                    aria-label={t(pending ? 'kyc.reviewFor' : 'kyc.viewFor', {
                      id: row.id,
                      username: row.username,
                    })}
                  >
                    {t(pending ? 'kyc.review' : 'kyc.view')}
                  </Link>
                </Td>
              </tr>
            );
          })}
          {rows?.length === 0 ? (
            <MessageRow columns={COLUMNS}>
              {t(filter === 'pending' ? 'kyc.empty.pending' : 'kyc.empty.other')}
            </MessageRow>
          ) : null}
        </tbody>
      </DataTable>
      <ListPager label={t('kyc.pagination')} data={data} onPage={onPage} />
    </>
  );
}

export function KycQueuePage() {
  useDocumentTitle(t('nav.kyc'));
  const [search, setSearch] = useSearchParams();
  const filter = filterFromSearch(search.get('status'));
  const page = pageFromSearch(search.get('page'));

  // Status and page live in the address, so the review screen returns to the same view.
  const go = (next: { filter?: KycFilter; page?: number }) => {
    const nextFilter = next.filter ?? filter;
    const nextPage = next.page ?? 1;
    const params: Record<string, string> = {};
    if (nextFilter !== 'pending') params.status = nextFilter;
    if (nextPage > 1) params.page = String(nextPage);
    setSearch(params);
  };

  return (
    <>
      <PageHeader title={t('nav.kyc')} description={t('kyc.description')} />
      <Tabs.Root
        value={filter}
        onValueChange={(value) => go({ filter: filterFromSearch(value), page: 1 })}
        activationMode="manual"
      >
        <Tabs.List
          aria-label={t('kyc.filterLabel')}
          className="mb-3 flex flex-wrap gap-1 border-b border-line"
        >
          {KYC_FILTERS.map((value) => (
            <Tabs.Trigger
              key={value}
              value={value}
              className="-mb-px border-b-2 border-transparent px-3 py-1.5 text-sm font-medium text-muted hover:text-fg data-[state=active]:border-accent data-[state=active]:text-fg"
            >
              {t(`kyc.filter.${value}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {KYC_FILTERS.map((value) => (
          <Tabs.Content key={value} value={value} className="outline-none">
            <QueueTable filter={value} page={page} onPage={(p) => go({ page: p })} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </>
  );
}
