import { listSupportQueue, type StaffConversation, type SupportEvent } from '@swx/contract';
import { Tabs } from 'radix-ui';
import { useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { t } from '../../../i18n/translate';
import { useApiQuery } from '../../../shared/api/use-api-query';
import { useSupportEvents } from '../../../shared/realtime/staff-realtime';
import { buttonClass } from '../../../shared/ui/button';
import { DataTable, LoadStateRows, MessageRow, Td, Th } from '../../../shared/ui/data-table';
import { ListPager } from '../../../shared/ui/list-pager';
import { PageHeader } from '../../../shared/ui/page-header';
import { TimeStamp } from '../../../shared/ui/time-stamp';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import { SupportStatusBadge, UnreadCount, VisitorBadge } from '../components/support-badges';
import { useSupportSummary } from '../support-summary';
import {
  customerName,
  filterFromSearch,
  isOverdue,
  isVisitor,
  languageName,
  pageFromSearch,
  QUEUE_FILTERS,
  type QueueFilter,
  waitingLabel,
} from '../support.rules';
import { useNow } from '../use-now';

const PAGE_SIZE = 20;
const COLUMNS = 7;
/** Events often come in twos (a message, then a read): one reload for them. */
const RELOAD_COALESCE_MS = 200;

function WaitingCell({ row, now }: { row: StaffConversation; now: number }) {
  if (row.status === 'closed') return <span className="text-muted">—</span>;
  if (!row.waitingSince) return <span className="text-muted">{t('support.answered')}</span>;
  const label = waitingLabel(row.waitingSince, now);
  return (
    <span
      className={`font-medium whitespace-nowrap ${isOverdue(row.waitingSince, now) ? 'text-danger' : 'text-warning'}`}
      title={row.waitingSince}
    >
      {t(label.key, label.values)}
    </span>
  );
}

function QueueRow({ row, now, back }: { row: StaffConversation; now: number; back: string }) {
  const navigate = useNavigate();
  const to = `/support/${row.id}`;
  const name = customerName(row);
  return (
    <tr
      data-testid="support-row"
      data-conversation-id={row.id}
      className="cursor-pointer hover:bg-raised/60"
      // The whole row opens the conversation; the name is the link for keyboards and readers.
      onClick={(event) => {
        if (event.target instanceof Element && event.target.closest('a,button')) return;
        void navigate(to, { state: { back } });
      }}
    >
      <Td>
        <div className="flex flex-wrap items-center gap-1.5">
          <Link
            to={to}
            state={{ back }}
            className="font-medium text-accent hover:underline"
            aria-label={t('support.openFor', { name })}
          >
            {name}
          </Link>
          {isVisitor(row) ? <VisitorBadge /> : null}
          {row.status === 'closed' ? <SupportStatusBadge status="closed" /> : null}
        </div>
        {isVisitor(row) && row.visitorName && row.visitorEmail ? (
          <div className="text-xs text-muted">{row.visitorEmail}</div>
        ) : null}
      </Td>
      <Td className="whitespace-nowrap" title={row.locale}>
        {languageName(row.locale)}
      </Td>
      <Td>
        <WaitingCell row={row} now={now} />
      </Td>
      <Td className="max-w-[24rem]">
        {row.lastText ? (
          <span className="line-clamp-2 break-words" dir="auto" title={row.lastText}>
            {row.lastText}
          </span>
        ) : (
          <span className="text-muted italic">{t('support.imageMessage')}</span>
        )}
      </Td>
      <Td className="whitespace-nowrap">
        {row.assignee ? (
          row.assignee.username
        ) : (
          <span className="text-muted">{t('support.unassigned')}</span>
        )}
      </Td>
      <Td className="text-center">
        <UnreadCount count={row.unread} testId="support-row-unread" />
      </Td>
      <Td className="text-xs">
        <TimeStamp iso={row.lastMessageAt} />
      </Td>
    </tr>
  );
}

function QueueTable({
  filter,
  page,
  onPage,
}: {
  filter: QueueFilter;
  page: number;
  onPage: (page: number) => void;
}) {
  const location = useLocation();
  const queue = useApiQuery(listSupportQueue, { query: { filter, page, pageSize: PAGE_SIZE } });
  const now = useNow();
  const reloadTimer = useRef<number | undefined>(undefined);
  const { reload } = queue;

  // New messages, answers, assignments and closings arrive over the socket: the page follows.
  const scheduleReload = (event?: SupportEvent) => {
    if (event?.kind === 'typing' || reloadTimer.current !== undefined) return;
    reloadTimer.current = window.setTimeout(() => {
      reloadTimer.current = undefined;
      reload();
    }, RELOAD_COALESCE_MS);
  };
  useSupportEvents(scheduleReload, scheduleReload);
  useEffect(() => () => window.clearTimeout(reloadTimer.current), []);

  const data = queue.data;
  const back = location.pathname + location.search;
  return (
    <>
      <DataTable caption={t('support.caption')}>
        <thead>
          <tr>
            <Th>{t('support.customer')}</Th>
            <Th>{t('support.language')}</Th>
            <Th>{t('support.waitingColumn')}</Th>
            <Th>{t('support.lastMessage')}</Th>
            <Th>{t('support.assignee')}</Th>
            <Th className="text-center">{t('support.unread')}</Th>
            <Th>{t('support.lastActivity')}</Th>
          </tr>
        </thead>
        <tbody aria-busy={queue.loading || undefined}>
          <LoadStateRows
            columns={COLUMNS}
            rows={6}
            loading={queue.loading && !data}
            failed={Boolean(queue.error) && !data}
            onRetry={queue.reload}
          />
          {data?.list.map((row) => (
            <QueueRow key={row.id} row={row} now={now} back={back} />
          ))}
          {data?.list.length === 0 ? (
            <MessageRow columns={COLUMNS}>
              {t(filter === 'waiting' ? 'support.empty.waiting' : 'support.empty.other')}
            </MessageRow>
          ) : null}
        </tbody>
      </DataTable>
      <ListPager label={t('support.pagination')} data={data} onPage={onPage} />
    </>
  );
}

function TabCount({ count }: { count: number | undefined }) {
  if (!count) return null;
  return (
    <span className="ms-1.5 rounded-full bg-raised px-1.5 text-xs text-muted tabular-nums">
      {count}
    </span>
  );
}

/** The support queue: who is waiting (longest first), open, mine and closed conversations. */
export function SupportQueuePage() {
  useDocumentTitle(t('nav.support'));
  const [search, setSearch] = useSearchParams();
  const filter = filterFromSearch(search.get('filter'));
  const page = pageFromSearch(search.get('page'));
  const summary = useSupportSummary();

  // Filter and page live in the address, so a conversation returns to the same view.
  const go = (next: { filter?: QueueFilter; page?: number }) => {
    const nextFilter = next.filter ?? filter;
    const nextPage = next.page ?? 1;
    const params: Record<string, string> = {};
    if (nextFilter !== 'waiting') params.filter = nextFilter;
    if (nextPage > 1) params.page = String(nextPage);
    setSearch(params);
  };

  const counts: Partial<Record<QueueFilter, number>> = {
    waiting: summary?.waiting,
    mine: summary?.mine,
  };

  return (
    <>
      <PageHeader
        title={t('nav.support')}
        description={t('support.description')}
        actions={
          <Link to="/support/canned" className={buttonClass('secondary', 'sm')}>
            {t('support.canned.title')}
          </Link>
        }
      />
      <Tabs.Root
        value={filter}
        onValueChange={(value) => go({ filter: filterFromSearch(value), page: 1 })}
        activationMode="manual"
      >
        <div className="mb-3 flex flex-wrap items-end justify-between gap-2 border-b border-line">
          <Tabs.List aria-label={t('support.filterLabel')} className="flex flex-wrap gap-1">
            {QUEUE_FILTERS.map((value) => (
              <Tabs.Trigger
                key={value}
                value={value}
                data-testid={`support-filter-${value}`}
                className="-mb-px inline-flex items-center border-b-2 border-transparent px-3 py-1.5 text-sm font-medium text-muted hover:text-fg data-[state=active]:border-accent data-[state=active]:text-fg"
              >
                {t(`support.filter.${value}`)}
                <TabCount count={counts[value]} />
              </Tabs.Trigger>
            ))}
          </Tabs.List>
        </div>
        {QUEUE_FILTERS.map((value) => (
          <Tabs.Content key={value} value={value} className="outline-none">
            <QueueTable filter={value} page={page} onPage={(p) => go({ page: p })} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </>
  );
}
