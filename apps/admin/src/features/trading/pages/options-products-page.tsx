import {
  type AdminOptionsProduct,
  listAdminOptionsProducts,
  updateOptionsProduct,
} from '@swx/contract';
import { useState } from 'react';
import { t } from '../../../i18n/translate';
import { apiCall } from '../../../shared/api/api-client';
import { useApiQuery } from '../../../shared/api/use-api-query';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { DataTable, LoadStateRows, MessageRow, Td, Th } from '../../../shared/ui/data-table';
import { InlineAlert } from '../../../shared/ui/inline-alert';
import { PageHeader } from '../../../shared/ui/page-header';
import { Switch } from '../../../shared/ui/switch';
import { TimeStamp } from '../../../shared/ui/time-stamp';
import { toast } from '../../../shared/ui/toast-store';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import { PeriodsDialog } from '../components/periods-dialog';
import { payoutPercent } from '../trading.rules';

const COLUMNS = 5;

/** Options products per instrument: whether each is offered and its periods (admin). */
export function OptionsProductsPage() {
  useDocumentTitle(t('nav.options'));
  const products = useApiQuery(listAdminOptionsProducts, {});
  const [editing, setEditing] = useState<AdminOptionsProduct>();
  const [toggling, setToggling] = useState<number>();

  const replace = (saved: AdminOptionsProduct) =>
    products.setData((list) => list?.map((p) => (p.id === saved.id ? saved : p)));

  const setEnabled = async (product: AdminOptionsProduct, enabled: boolean) => {
    setToggling(product.id);
    try {
      replace(
        await apiCall(updateOptionsProduct, { params: { id: product.id }, body: { enabled } }),
      );
      toast.success(
        t(enabled ? 'options.enabled.on' : 'options.enabled.off', { code: product.code }),
      );
    } catch {
      // The client showed the server's message.
    } finally {
      setToggling(undefined);
    }
  };

  const list = products.data;
  return (
    <>
      <PageHeader title={t('nav.options')} description={t('options.description')} />
      <InlineAlert tone="info" className="mb-4">
        {t('options.integrity')}
      </InlineAlert>
      <DataTable caption={t('options.caption')} compact>
        <thead>
          <tr>
            <Th>{t('options.code')}</Th>
            <Th>{t('options.offered')}</Th>
            <Th>{t('options.periods')}</Th>
            <Th>{t('options.updated')}</Th>
            <Th>
              <span className="sr-only">{t('common.actions')}</span>
            </Th>
          </tr>
        </thead>
        <tbody>
          <LoadStateRows
            columns={COLUMNS}
            rows={10}
            loading={products.loading && !list}
            failed={Boolean(products.error) && !list}
            onRetry={products.reload}
          />
          {list?.map((product) => (
            <tr key={product.id} className="hover:bg-raised/60" data-code={product.code}>
              <Td className="font-mono text-xs font-medium whitespace-nowrap">{product.code}</Td>
              <Td>
                <Switch
                  checked={product.enabled}
                  pending={toggling === product.id}
                  onCheckedChange={(enabled) => void setEnabled(product, enabled)}
                  aria-label={t('options.offeredFor', { code: product.code })}
                />
              </Td>
              <Td>
                <ul className="flex flex-wrap gap-1.5" aria-label={t('options.periods')}>
                  {product.periods.map((p) => (
                    <li key={p.seconds}>
                      <Badge title={t('options.range', { min: p.minAmount, max: p.maxAmount })}>
                        {t('options.periodChip', {
                          seconds: p.seconds,
                          percent: payoutPercent(p.payoutRate) ?? p.payoutRate,
                        })}
                      </Badge>
                    </li>
                  ))}
                </ul>
              </Td>
              <Td>
                <TimeStamp iso={product.updatedAt} />
              </Td>
              <Td>
                <Button
                  size="sm"
                  onClick={() => setEditing(product)}
                  aria-label={t('options.editCode', { code: product.code })}
                >
                  {t('common.edit')}
                </Button>
              </Td>
            </tr>
          ))}
          {list?.length === 0 ? (
            <MessageRow columns={COLUMNS}>{t('options.empty')}</MessageRow>
          ) : null}
        </tbody>
      </DataTable>
      {editing ? (
        <PeriodsDialog
          key={editing.id}
          product={editing}
          onClose={() => setEditing(undefined)}
          onSaved={replace}
        />
      ) : null}
    </>
  );
}
