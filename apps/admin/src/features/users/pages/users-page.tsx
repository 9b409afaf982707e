import { listUsers } from '@swx/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { t } from '../../../i18n/translate';
import { useApiQuery } from '../../../shared/api/use-api-query';
import { Button, buttonClass } from '../../../shared/ui/button';
import { DataTable, LoadStateRows, MessageRow, Td, Th } from '../../../shared/ui/data-table';
import { TextField } from '../../../shared/ui/field';
import { PageHeader } from '../../../shared/ui/page-header';
import { TimeStamp } from '../../../shared/ui/time-stamp';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import { ListPager } from '../../../shared/ui/list-pager';
import { DemoBadge, KycStatusBadge, UserStatusBadge } from '../components/user-badges';
import { pageFromSearch } from '../users.rules';

const PAGE_SIZE = 50;
const COLUMNS = 9;

export function UsersPage() {
  useDocumentTitle(t('nav.users'));
  const location = useLocation();
  const [search, setSearch] = useSearchParams();
  const page = pageFromSearch(search.get('page'));
  const q = search.get('q')?.trim() ?? '';
  const [input, setInput] = useState(q);
  const users = useApiQuery(listUsers, {
    query: { page, pageSize: PAGE_SIZE, q: q || undefined },
  });

  // Back and forward change the address; the box follows it.
  useEffect(() => setInput(q), [q]);

  // Search and page live in the address, so the detail page's back link returns to this list.
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

  const data = users.data;
  const back = { back: location.pathname + location.search };

  return (
    <>
      <PageHeader title={t('nav.users')} description={t('users.description')} />
      <form className="mb-4 flex flex-wrap items-end gap-2" role="search" onSubmit={submit}>
        <TextField
          type="search"
          label={t('users.search')}
          placeholder={t('users.searchPlaceholder')}
          className="w-full sm:w-80"
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="none"
          maxLength={100}
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

      <DataTable caption={t('users.caption')}>
        <thead>
          <tr>
            <Th>{t('users.id')}</Th>
            <Th>{t('users.username')}</Th>
            <Th>{t('users.email')}</Th>
            <Th>{t('users.phone')}</Th>
            <Th>{t('users.status')}</Th>
            <Th>{t('users.kyc')}</Th>
            <Th>{t('users.demo')}</Th>
            <Th>{t('users.registered')}</Th>
            <Th>
              <span className="sr-only">{t('common.actions')}</span>
            </Th>
          </tr>
        </thead>
        <tbody aria-busy={users.loading || undefined}>
          <LoadStateRows
            columns={COLUMNS}
            rows={10}
            loading={users.loading && !data}
            failed={Boolean(users.error) && !data}
            onRetry={users.reload}
          />
          {data?.list.map((user) => (
            <tr
              key={user.id}
              className={`hover:bg-raised/60 ${users.loading ? 'opacity-60' : ''}`}
              data-username={user.username}
            >
              <Td className="text-muted tabular-nums">{user.id}</Td>
              <Td className="font-medium">
                <Link to={`/users/${user.id}`} state={back} className="text-accent hover:underline">
                  {user.username}
                </Link>
              </Td>
              <Td className="break-all">{user.email ?? '—'}</Td>
              <Td className="whitespace-nowrap" dir="ltr">
                {user.phone ?? '—'}
              </Td>
              <Td>
                <UserStatusBadge status={user.status} />
              </Td>
              <Td>
                <KycStatusBadge status={user.kycStatus} />
              </Td>
              <Td>
                <DemoBadge enabled={user.demoEnabled} />
              </Td>
              <Td>
                <TimeStamp iso={user.createdAt} dateOnly />
              </Td>
              <Td>
                <Link
                  to={`/users/${user.id}`}
                  state={back}
                  className={buttonClass('secondary', 'sm')}
                  aria-label={t('users.viewFor', { username: user.username })}
                >
                  {t('users.view')}
                </Link>
              </Td>
            </tr>
          ))}
          {data?.list.length === 0 ? (
            <MessageRow columns={COLUMNS}>
              {q ? t('users.emptySearch', { q }) : t('users.empty')}
            </MessageRow>
          ) : null}
        </tbody>
      </DataTable>
      <ListPager label={t('users.pagination')} data={data} onPage={(p) => go({ page: p })} />
    </>
  );
}
