import { listParams } from '@swx/contract';
import { t } from '../../../i18n/translate';
import { useApiQuery } from '../../../shared/api/use-api-query';
import { Button } from '../../../shared/ui/button';
import { DataTable, MessageRow, SkeletonRows, Th } from '../../../shared/ui/data-table';
import { PageHeader } from '../../../shared/ui/page-header';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import { ParamRow } from '../components/param-row';

const COLUMNS = 6;

export function ParamsPage() {
  useDocumentTitle(t('nav.parameters'));
  const params = useApiQuery(listParams, {});
  return (
    <>
      <PageHeader title={t('nav.parameters')} description={t('params.description')} />
      <DataTable caption={t('params.caption')}>
        <thead>
          <tr>
            <Th>{t('params.key')}</Th>
            <Th>{t('params.descriptionColumn')}</Th>
            <Th>{t('params.value')}</Th>
            <Th>{t('params.kindColumn')}</Th>
            <Th>{t('params.updated')}</Th>
            <Th>
              <span className="sr-only">{t('common.actions')}</span>
            </Th>
          </tr>
        </thead>
        <tbody>
          {params.loading && !params.data ? <SkeletonRows columns={COLUMNS} rows={8} /> : null}
          {params.error && !params.data ? (
            <MessageRow columns={COLUMNS}>
              {t('common.loadFailed')}{' '}
              <Button size="sm" onClick={params.reload}>
                {t('common.retry')}
              </Button>
            </MessageRow>
          ) : null}
          {params.data?.map((param) => (
            <ParamRow
              key={param.key}
              param={param}
              onSaved={(saved) =>
                params.setData((list) => list?.map((p) => (p.key === saved.key ? saved : p)))
              }
            />
          ))}
          {params.data?.length === 0 ? (
            <MessageRow columns={COLUMNS}>{t('params.none')}</MessageRow>
          ) : null}
        </tbody>
      </DataTable>
    </>
  );
}
