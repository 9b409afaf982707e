import {
  addressValid,
  type FundingCoin,
  type FundingNetwork,
  type WithdrawAddress,
} from '@swx/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/format-date';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { Switch } from '../../../shared/ui/switch';
import { TextField } from '../../../shared/ui/text-field';
import { toast } from '../../../shared/ui/toast-store';
import { fundingApi } from '../api/funding.api';
import { CoinNetworkFields } from './coin-network-fields';
import { SECOND_FACTOR_CODES, SecondFactorField, secondFactorProblem } from './second-factor-field';
import { errorCode, useErrorText } from './use-error-text';

interface Book {
  whitelist: boolean;
  holdHours: number;
  list: WithdrawAddress[];
}

/**
 * The withdrawal address book: saved addresses with their labels and hold, adding and deleting
 * them, and whitelist mode (withdrawals only to saved addresses). A new address waits the hold
 * before it can receive money; turning the whitelist off asks the two-factor code when that is on.
 */
export function AddressBook({
  book,
  twoFactor,
  onChange,
}: {
  book: Book;
  twoFactor: boolean;
  onChange: () => void;
}) {
  const { t, i18n } = useTranslation('profile');
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  const [offOpen, setOffOpen] = useState(false);
  const now = Date.now();

  const setWhitelist = (enabled: boolean, code?: string) => {
    setBusy(true);
    return fundingApi.whitelist(enabled, code).then(
      () => {
        setBusy(false);
        toast.success(t(enabled ? 'addressBook.whitelistOnDone' : 'addressBook.whitelistOffDone'));
        onChange();
      },
      (error: unknown) => {
        setBusy(false);
        throw error;
      },
    );
  };

  return (
    <div className="flex flex-col gap-5" data-testid="address-book">
      <p className="text-sm text-muted">{t('addressBook.lead', { hours: book.holdHours })}</p>
      <div className="flex items-center justify-between gap-4 rounded-xl bg-subtle p-4">
        <div className="flex min-w-0 flex-col">
          <span id="whitelist-label" className="font-medium">
            {t('addressBook.whitelist')}
          </span>
          <span className="text-sm text-muted">{t('addressBook.whitelistHint')}</span>
        </div>
        <Switch
          checked={book.whitelist}
          labelledBy="whitelist-label"
          disabled={busy}
          data-testid="whitelist-switch"
          onChange={(enabled) => {
            if (enabled) {
              void setWhitelist(true).catch((error: unknown) => toast.error(errorText(error)));
            } else if (twoFactor) setOffOpen(true);
            else void setWhitelist(false).catch((error: unknown) => toast.error(errorText(error)));
          }}
        />
      </div>

      {book.list.length === 0 ? (
        <p className="text-sm text-muted">{t('addressBook.empty')}</p>
      ) : (
        <ul
          className="divide-y divide-line rounded-xl border border-line"
          data-testid="saved-addresses"
        >
          {book.list.map((entry) => {
            const waiting = Date.parse(entry.usableFrom) > now;
            return (
              <li
                key={entry.id}
                className="flex flex-wrap items-start justify-between gap-3 p-3"
                data-testid="saved-address"
                data-waiting={waiting}
              >
                <div className="flex min-w-0 flex-1 flex-col gap-0.5">
                  <span className="font-medium">
                    <bdi>{entry.label}</bdi>
                  </span>
                  <span className="text-xs text-muted">
                    {entry.coin} · {entry.network}
                  </span>
                  <span className="font-mono text-sm break-all" dir="ltr">
                    {entry.address}
                  </span>
                  <span className={`text-xs ${waiting ? 'text-demo' : 'text-success'}`}>
                    {waiting
                      ? t('addressBook.waiting', {
                          time: formatDateTime(entry.usableFrom, i18n.language),
                        })
                      : t('addressBook.ready')}
                  </span>
                </div>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={busy}
                  data-testid="delete-address"
                  onClick={() => {
                    setBusy(true);
                    fundingApi.deleteAddress(entry.id).then(
                      () => {
                        setBusy(false);
                        toast.success(t('addressBook.deleted'));
                        onChange();
                      },
                      (error: unknown) => {
                        setBusy(false);
                        toast.error(errorText(error));
                      },
                    );
                  }}
                >
                  {t('addressBook.delete')}
                </Button>
              </li>
            );
          })}
        </ul>
      )}

      <AddAddressForm twoFactor={twoFactor} onSaved={onChange} />
      <WhitelistOffDialog
        open={offOpen}
        onOpenChange={setOffOpen}
        onConfirm={(code) => setWhitelist(false, code)}
      />
    </div>
  );
}

function AddAddressForm({ twoFactor, onSaved }: { twoFactor: boolean; onSaved: () => void }) {
  const { t } = useTranslation('profile');
  const errorText = useErrorText();
  const [coin, setCoin] = useState<FundingCoin>('USDT');
  const [network, setNetwork] = useState<FundingNetwork>('TRC20');
  const [address, setAddress] = useState('');
  const [label, setLabel] = useState('');
  const [second, setSecond] = useState('');
  const [errors, setErrors] = useState<{ address?: string; label?: string; second?: string }>({});
  const [busy, setBusy] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems: typeof errors = {};
    if (!address.trim()) problems.address = t('errors:10021');
    else if (!addressValid(network, address.trim())) problems.address = t('errors:10143');
    if (!label.trim()) problems.label = t('errors:10158');
    const secondProblem = twoFactor ? secondFactorProblem(second) : undefined;
    if (secondProblem) problems.second = t(secondProblem);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    fundingApi
      .saveAddress({
        coin,
        network,
        address: address.trim(),
        label: label.trim(),
        ...(twoFactor ? { twoFactorCode: second.trim() } : {}),
      })
      .then(
        () => {
          setBusy(false);
          setAddress('');
          setLabel('');
          setSecond('');
          toast.success(t('addressBook.saved'));
          onSaved();
        },
        (error: unknown) => {
          setBusy(false);
          const c = errorCode(error);
          if (c === 10143 || c === 10117) setErrors({ address: errorText(error) });
          else if (c === 10158) setErrors({ label: errorText(error) });
          else if (c !== null && SECOND_FACTOR_CODES.includes(c))
            setErrors({ second: errorText(error) });
          else toast.error(errorText(error));
        },
      );
  };

  return (
    <form
      className="flex flex-col gap-3 rounded-xl border border-line p-4"
      onSubmit={submit}
      noValidate
      data-testid="add-address-form"
    >
      <h3 className="font-semibold">{t('addressBook.add')}</h3>
      <CoinNetworkFields
        coin={coin}
        network={network}
        onChange={(nextCoin, nextNetwork) => {
          setCoin(nextCoin);
          setNetwork(nextNetwork);
        }}
        testIdPrefix="address"
      />
      <TextField
        label={t('funding.withdraw.address', { network })}
        autoComplete="off"
        spellCheck={false}
        dir="ltr"
        value={address}
        error={errors.address}
        onChange={(event) => setAddress(event.target.value)}
        data-testid="address-value"
      />
      <TextField
        label={t('addressBook.label')}
        maxLength={40}
        value={label}
        error={errors.label}
        onChange={(event) => setLabel(event.target.value)}
        data-testid="address-label"
      />
      {twoFactor ? (
        <SecondFactorField value={second} onChange={setSecond} error={errors.second} />
      ) : null}
      <Button type="submit" loading={busy} className="self-end" data-testid="address-save">
        {t('addressBook.save')}
      </Button>
    </form>
  );
}

function WhitelistOffDialog({
  open,
  onOpenChange,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: (code: string) => Promise<void>;
}) {
  const { t } = useTranslation('profile');
  const errorText = useErrorText();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        setCode('');
        setError(undefined);
        onOpenChange(next);
      }}
      title={t('addressBook.offTitle')}
      description={t('addressBook.offLead')}
    >
      <form
        className="flex flex-col gap-4"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const problem = secondFactorProblem(code);
          if (problem) {
            setError(t(problem));
            return;
          }
          setBusy(true);
          onConfirm(code.trim()).then(
            () => {
              setBusy(false);
              setCode('');
              onOpenChange(false);
            },
            (failure: unknown) => {
              setBusy(false);
              setError(errorText(failure));
            },
          );
        }}
      >
        <SecondFactorField value={code} onChange={setCode} error={error} />
        <div className="flex justify-end">
          <Button type="submit" loading={busy} variant="danger">
            {t('addressBook.turnOff')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
