import { listOutbox } from '@swx/contract';
import { type FormEvent, useEffect, useState } from 'react';
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
import { ListPager } from '../../../shared/ui/list-pager';
import { pageFromSearch, statusTone } from '../outbox.rules';

const PAGE_SIZE = 50;
const COLUMNS = 7;

export function OutboxPage() {
  useDocumentTitle(t('nav.outbox'));
  const [search, setSearch] = useSearchParams();
  const page = pageFromSearch(search.get('page'));
  const q = search.get('q')?.trim() ?? '';
  const [input, setInput] = useState(q);
  const messages = useApiQuery(listOutbox, {
    query: { page, pageSize: PAGE_SIZE, q: q || undefined },
  });

  useEffect(() => setInput(q), [q]);

  const go = (next: { page?: number; q?: string }) => {
    const nextQ = next.q ?? q;
    const nextPage = next.page ?? 1;
    const params: Record<string, string> = {};
    if (nextQ) params.q = nextQ;
    if (nextPage > 1) params.page = String(nextPage);
    setSearch(params);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    go({ q: input.trim(), page: 1 });
  };

  const data = messages.data;

  return (
    <>
      <PageHeader
        title={t('nav.outbox')}
        description={t('outbox.description')}
        actions={
          // Testers wait here for a code that is about to arrive.
          <Button pending={messages.loading && Boolean(data)} onClick={messages.reload}>
            {t('common.refresh')}
          </Button>
        }
      />
      <form className="mb-4 flex flex-wrap items-end gap-2" role="search" onSubmit={submit}>
        <TextField
          type="search"
          label={t('outbox.search')}
          placeholder={t('outbox.searchPlaceholder')}
          className="w-full sm:w-80"
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="none"
          maxLength={254}
          value={input}
          onChange={(event) => setInput(event.target.value)}
        />
        <Button type="submit">{t('common.search')}</Button>
        {q ? (
          <Button
            variant="ghost"
            onClick={() => {
              setInput('');
              go({ q: '', page: 1 });
            }}
          >
            {t('common.showAll')}
          </Button>
        ) : null}
      </form>

      <DataTable caption={t('outbox.caption')}>
        <thead>
          <tr>
            <Th>{t('outbox.time')}</Th>
            <Th>{t('outbox.channel')}</Th>
            <Th>{t('outbox.recipient')}</Th>
            <Th>{t('outbox.subject')}</Th>
            <Th>{t('outbox.body')}</Th>
            <Th>{t('outbox.status')}</Th>
            <Th>{t('outbox.error')}</Th>
          </tr>
        </thead>
        <tbody aria-busy={messages.loading || undefined}>
          <LoadStateRows
            columns={COLUMNS}
            rows={10}
            loading={messages.loading && !data}
            failed={Boolean(messages.error) && !data}
            onRetry={messages.reload}
          />
          {data?.list.map((message) => (
            <tr
              key={message.id}
              className={`hover:bg-raised/60 ${messages.loading ? 'opacity-60' : ''}`}
              data-recipient={message.recipient}
              data-created-at={message.createdAt}
            >
              <Td>
                <TimeStamp iso={message.createdAt} />
              </Td>
              <Td>
                <Badge>{t(`outbox.channelValue.${message.channel}`)}</Badge>
              </Td>
              <Td className="min-w-48 font-mono text-xs break-all" dir="ltr">
                {message.recipient}
              </Td>
              <Td className="min-w-40">{message.subject ?? '—'}</Td>
              <Td className="min-w-64">
                {message.body === null ? (
                  <span className="text-xs text-muted">{t('outbox.bodyNotKept')}</span>
                ) : (
                  <pre
                    className="max-h-48 overflow-auto font-sans text-sm whitespace-pre-wrap break-words"
                    data-testid="outbox-body"
                  >
                    {message.body}
                  </pre>
                )}
              </Td>
              <Td>
                <Badge tone={statusTone(message.status)}>
                  {t(`outbox.statusValue.${message.status}`)}
                </Badge>
              </Td>
              <Td className="max-w-64 text-xs break-words text-danger">{message.error ?? ''}</Td>
            </tr>
          ))}
          {data?.list.length === 0 ? (
            <MessageRow columns={COLUMNS}>
              {q ? t('outbox.emptySearch', { q }) : t('outbox.empty')}
            </MessageRow>
          ) : null}
        </tbody>
      </DataTable>
      <ListPager label={t('outbox.pagination')} data={data} onPage={(p) => go({ page: p })} />
    </>
  );
}
