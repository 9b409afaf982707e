import { listParams } from '@swx/contract';
import { t } from '../../../i18n/translate';
import { useApiQuery } from '../../../shared/api/use-api-query';
import { DataTable, LoadStateRows, MessageRow, Th } from '../../../shared/ui/data-table';
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
          <LoadStateRows
            columns={COLUMNS}
            rows={8}
            loading={params.loading && !params.data}
            failed={Boolean(params.error) && !params.data}
            onRetry={params.reload}
          />
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
