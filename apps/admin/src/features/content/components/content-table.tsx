import { listAdminContents } from '@swx/contract';
import { Link } from 'react-router';
import { t } from '../../../i18n/translate';
import { useApiQuery } from '../../../shared/api/use-api-query';
import { Badge } from '../../../shared/ui/badge';
import { buttonClass } from '../../../shared/ui/button';
import { DataTable, LoadStateRows, MessageRow, Td, Th } from '../../../shared/ui/data-table';
import { TimeStamp } from '../../../shared/ui/time-stamp';
import { classification, type ContentKindValue } from '../content.model';
import { LocaleChips } from './locale-chips';

const COLUMNS = 7;

export function ContentTable({ kind }: { kind: ContentKindValue }) {
  const items = useApiQuery(listAdminContents, { query: { kind } });
  const classifiedBy =
    kind === 'page' ? t('content.typeColumn') : kind === 'faq' ? t('content.categoryColumn') : null;
  const rows = items.data
    ? [...items.data].sort((a, b) => a.sort - b.sort || a.id - b.id)
    : undefined;

  return (
    <DataTable caption={t(`content.caption.${kind}`)}>
      <thead>
        <tr>
          <Th>{t('content.slug')}</Th>
          <Th>{t('content.titleEnglish')}</Th>
          <Th>{classifiedBy ?? t('content.sort')}</Th>
          <Th>{t('content.status')}</Th>
          <Th>{t('content.languages')}</Th>
          <Th>{t('content.updated')}</Th>
          <Th>
            <span className="sr-only">{t('common.actions')}</span>
          </Th>
        </tr>
      </thead>
      <tbody>
        <LoadStateRows
          columns={COLUMNS}
          loading={items.loading && !items.data}
          failed={Boolean(items.error) && !items.data}
          onRetry={items.reload}
        />
        {rows?.map((item) => {
          const label = classification(item);
          return (
            <tr key={item.id} className="hover:bg-raised/60" data-slug={item.slug}>
              <Td className="font-mono text-xs whitespace-nowrap">
                <Link to={`/content/${item.id}`} className="text-accent hover:underline">
                  {item.slug}
                </Link>
              </Td>
              <Td className="min-w-48" lang="en">
                {item.title}
              </Td>
              <Td className="whitespace-nowrap">
                {classifiedBy ? (label ? t(label) : '—') : item.sort}
              </Td>
              <Td>
                <Badge tone={item.status === 'published' ? 'success' : 'neutral'}>
                  {t(`content.statusValue.${item.status}`)}
                </Badge>
              </Td>
              <Td>
                <LocaleChips present={item.locales} />
              </Td>
              <Td>
                <TimeStamp iso={item.updatedAt} />
              </Td>
              <Td>
                <Link
                  to={`/content/${item.id}`}
                  className={buttonClass('secondary', 'sm')}
                  aria-label={t('content.editSlug', { slug: item.slug })}
                >
                  {t('common.edit')}
                </Link>
              </Td>
            </tr>
          );
        })}
        {rows?.length === 0 ? (
          <MessageRow columns={COLUMNS}>{t('content.empty')}</MessageRow>
        ) : null}
      </tbody>
    </DataTable>
  );
}
