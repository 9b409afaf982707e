import {
  addressValid,
  type AdminDepositAddress,
  FundingCoin,
  listAdminDepositAddresses,
  NETWORKS_OF,
  saveDepositAddress,
  type FundingNetwork,
} from '@swx/contract';
import { type FormEvent, useState } from 'react';
import { t } from '../../../i18n/translate';
import { apiCall } from '../../../shared/api/api-client';
import { isApiError } from '../../../shared/api/api-error';
import { useApiQuery } from '../../../shared/api/use-api-query';
import { Button } from '../../../shared/ui/button';
import { DataTable, LoadStateRows, MessageRow, Td, Th } from '../../../shared/ui/data-table';
import { TextField } from '../../../shared/ui/field';
import { InlineAlert } from '../../../shared/ui/inline-alert';
import { Modal } from '../../../shared/ui/modal';
import { PageHeader } from '../../../shared/ui/page-header';
import { SwitchField } from '../../../shared/ui/switch';
import { TimeStamp } from '../../../shared/ui/time-stamp';
import { toast } from '../../../shared/ui/toast-store';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';

const PAIRS = FundingCoin.options.flatMap((coin) =>
  NETWORKS_OF[coin].map((network) => ({ coin, network })),
);
const COLUMNS = 6;

/**
 * The platform's receiving address for each coin and network the platform supports. A pair
 * without an address (or disabled) cannot be deposited; every change is audited.
 */
export function AddressesPage() {
  useDocumentTitle(t('nav.addresses'));
  const addresses = useApiQuery(listAdminDepositAddresses, {});
  const [editing, setEditing] = useState<{ coin: FundingCoin; network: FundingNetwork }>();
  const byPair = (coin: string, network: string) =>
    addresses.data?.find((a) => a.coin === coin && a.network === network);

  return (
    <>
      <PageHeader title={t('nav.addresses')} description={t('funding.address.description')} />
      <InlineAlert tone="info" className="mb-4">
        {t('funding.address.minimums')}
      </InlineAlert>
      <DataTable caption={t('funding.address.caption')}>
        <thead>
          <tr>
            <Th>{t('funding.address.coin')}</Th>
            <Th>{t('funding.address.network')}</Th>
            <Th>{t('funding.address.address')}</Th>
            <Th>{t('funding.address.minimum')}</Th>
            <Th>{t('funding.address.state')}</Th>
            <Th>
              <span className="sr-only">{t('common.actions')}</span>
            </Th>
          </tr>
        </thead>
        <tbody>
          <LoadStateRows
            columns={COLUMNS}
            rows={4}
            loading={addresses.loading && !addresses.data}
            failed={Boolean(addresses.error) && !addresses.data}
            onRetry={addresses.reload}
          />
          {addresses.data
            ? PAIRS.map(({ coin, network }) => {
                const row = byPair(coin, network);
                return (
                  <tr key={`${coin}/${network}`} data-pair={`${coin}/${network}`}>
                    <Td className="font-semibold">{coin}</Td>
                    <Td>{network}</Td>
                    <Td className="font-mono text-xs break-all" dir="ltr">
                      {row?.address ?? (
                        <span className="text-muted">{t('funding.address.none')}</span>
                      )}
                    </Td>
                    <Td className="font-mono text-xs">{row?.minAmount ?? '—'}</Td>
                    <Td className="text-xs">
                      {row ? (
                        <>
                          {t(row.enabled ? 'funding.address.enabled' : 'funding.address.disabled')}
                          <div className="text-muted">
                            <TimeStamp iso={row.updatedAt} />
                          </div>
                        </>
                      ) : (
                        '—'
                      )}
                    </Td>
                    <Td>
                      <Button
                        size="sm"
                        onClick={() => setEditing({ coin, network })}
                        aria-label={t('funding.address.editPair', { coin, network })}
                      >
                        {t(row ? 'common.edit' : 'funding.address.set')}
                      </Button>
                    </Td>
                  </tr>
                );
              })
            : null}
          {addresses.data && PAIRS.length === 0 ? (
            <MessageRow columns={COLUMNS}>{t('funding.empty')}</MessageRow>
          ) : null}
        </tbody>
      </DataTable>
      {editing ? (
        <AddressDialog
          {...editing}
          current={byPair(editing.coin, editing.network)}
          onClose={() => setEditing(undefined)}
          onSaved={addresses.reload}
        />
      ) : null}
    </>
  );
}

function AddressDialog({
  coin,
  network,
  current,
  onClose,
  onSaved,
}: {
  coin: FundingCoin;
  network: FundingNetwork;
  current: AdminDepositAddress | undefined;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [address, setAddress] = useState(current?.address ?? '');
  const [enabled, setEnabled] = useState(current?.enabled ?? true);
  const [checked, setChecked] = useState(false);
  const [serverError, setServerError] = useState<string>();
  const [pending, setPending] = useState(false);
  const valid = addressValid(network, address.trim());

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (!valid) return;
    setPending(true);
    try {
      await apiCall(saveDepositAddress, {
        body: { coin, network, address: address.trim(), enabled },
        quiet: true,
      });
      toast.success(t('funding.address.saved', { coin, network }));
      onSaved();
      onClose();
    } catch (failure) {
      setServerError(isApiError(failure) ? failure.message : String(failure));
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t('funding.address.editTitle', { coin, network })}
      description={t('funding.address.editLead')}
    >
      <form className="flex flex-col gap-4" noValidate onSubmit={(event) => void submit(event)}>
        {serverError ? <InlineAlert>{serverError}</InlineAlert> : null}
        <TextField
          label={t('funding.address.address')}
          hint={t(`funding.address.format.${network}`)}
          spellCheck={false}
          autoComplete="off"
          dir="ltr"
          value={address}
          error={checked && !valid ? t('funding.address.invalid', { network }) : undefined}
          onChange={(event) => setAddress(event.target.value)}
        />
        <SwitchField
          label={t('funding.address.enabled')}
          description={t('funding.address.enabledHint')}
          checked={enabled}
          onCheckedChange={setEnabled}
        />
        <div className="flex justify-end gap-2">
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="primary" pending={pending}>
            {t('common.save')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
