import {
  addressValid,
  type FundingCoin,
  fundingAmountValid,
  withdrawalFigures,
  type FundingNetwork,
  type WithdrawalBody,
  type WithdrawAddress,
} from '@swx/contract';
import { dec } from '@swx/money';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../../shared/api/use-api-query';
import { tradingApi } from '../../../shared/trading/trading.api';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { Num } from '../../../shared/ui/num';
import { TextField } from '../../../shared/ui/text-field';
import { toast } from '../../../shared/ui/toast-store';
import { fundingApi } from '../api/funding.api';
import { CoinNetworkFields } from './coin-network-fields';
import { ChoiceField, SelectField } from './form-fields';
import { SECOND_FACTOR_CODES, SecondFactorField, secondFactorProblem } from './second-factor-field';
import { errorCode, useErrorText } from './use-error-text';

type Method = 'crypto' | 'bank';
type Field = 'address' | 'bank' | 'amount' | 'password' | 'twoFactor';

/**
 * A withdrawal by crypto address or bank account. The fee and what arrives are shown as the
 * amount is typed, and again in a confirmation before anything moves; the amount is then frozen
 * until staff pay it or return it.
 */
export function WithdrawForm({
  hasPassword,
  twoFactor = false,
  saved = [],
  whitelist = false,
  onSubmitted,
}: {
  /** The address book: a saved address of the coin and network can be picked. */
  saved?: readonly WithdrawAddress[];
  /** Whitelist mode: only saved addresses (the server refuses others, 10159). */
  whitelist?: boolean;
  /** Without a withdrawal password the form explains where to set one. */
  hasPassword: boolean;
  /** Two-factor authentication is on: the authenticator's code goes with the password. */
  twoFactor?: boolean;
  onSubmitted: () => void;
}) {
  const { t } = useTranslation('profile');
  const errorText = useErrorText();
  const [method, setMethod] = useState<Method>('crypto');
  const [coin, setCoin] = useState<FundingCoin>('USDT');
  const [network, setNetwork] = useState<FundingNetwork>('TRC20');
  const [address, setAddress] = useState('');
  const [bankType, setBankType] = useState('');
  const [accountNumber, setAccountNumber] = useState('');
  const [holderName, setHolderName] = useState('');
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [twoFactorCode, setTwoFactorCode] = useState('');
  const [twoFactorError, setTwoFactorError] = useState<string | undefined>();
  const [submitted, setSubmitted] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [key, setKey] = useState(() => crypto.randomUUID());
  const asset = method === 'bank' ? 'USDT' : coin;
  const choices = saved.filter((a) => a.coin === coin && a.network === network);
  const feeRate = useApiQuery('param/withdraw_fee_rate', (signal) =>
    tradingApi.param('withdraw_fee_rate', signal),
  );
  const available = useApiQuery(
    `real/asset/${asset}`,
    (signal) => tradingApi.assetInfo(asset, signal),
    { silent: true },
  );

  const value = amount.trim();
  const figures =
    feeRate.data !== undefined && fundingAmountValid(value, asset)
      ? withdrawalFigures(value, String(feeRate.data), asset)
      : undefined;
  const errors: Partial<Record<Field, string>> = {};
  if (method === 'crypto') {
    if (!address.trim()) errors.address = 'errors:10021';
    else if (!addressValid(network, address.trim())) errors.address = 'errors:10143';
  } else if (!bankType.trim() || !accountNumber.trim() || !holderName.trim()) {
    errors.bank = 'errors:10145';
  }
  if (!figures) errors.amount = 'errors:10148';
  else if (available.data && dec(value).gt(available.data.available))
    errors.amount = 'errors:10092';
  if (!/^\d{6}$/.test(password)) errors.password = 'funding.withdraw.passwordFormat';
  const second = twoFactor ? secondFactorProblem(twoFactorCode) : undefined;
  if (second) errors.twoFactor = second;
  const shown = (field: Field) =>
    submitted && errors[field] ? t(errors[field] as 'errors:10148') : undefined;

  const secondFactor = twoFactor ? { twoFactorCode: twoFactorCode.trim() } : {};
  const body = (): WithdrawalBody =>
    method === 'crypto'
      ? { method, coin, network, address: address.trim(), amount: value, password, ...secondFactor }
      : {
          method,
          coin: 'USDT',
          bankType: bankType.trim(),
          accountNumber: accountNumber.trim(),
          holderName: holderName.trim(),
          amount: value,
          password,
          ...secondFactor,
        };

  const send = async () => {
    setBusy(true);
    try {
      await fundingApi.withdraw(body(), key);
      toast.success(t('funding.withdraw.done'));
      setConfirming(false);
      setAmount('');
      setPassword('');
      setTwoFactorCode('');
      setSubmitted(false);
      setKey(crypto.randomUUID());
      onSubmitted();
    } catch (error) {
      setConfirming(false);
      const code = errorCode(error);
      if (code !== null && SECOND_FACTOR_CODES.includes(code)) {
        // A used or mistyped code: the field says so; the next code goes with a new request.
        setTwoFactorError(errorText(error));
        setTwoFactorCode('');
      } else toast.error(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  if (!hasPassword) {
    return (
      <p className="rounded-xl bg-subtle p-4 text-sm" data-testid="withdraw-needs-password">
        {t('errors:10138')} {t('funding.withdraw.setPasswordWhere')}
      </p>
    );
  }

  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setSubmitted(true);
        if (Object.keys(errors).length === 0) setConfirming(true);
      }}
    >
      <ChoiceField
        label={t('funding.withdraw.method')}
        name="withdraw-method"
        value={method}
        onChange={setMethod}
        options={[
          { value: 'crypto', label: t('funding.withdraw.crypto') },
          { value: 'bank', label: t('funding.withdraw.bank') },
        ]}
      />
      {method === 'crypto' ? (
        <>
          <CoinNetworkFields
            coin={coin}
            network={network}
            onChange={(nextCoin, nextNetwork) => {
              setCoin(nextCoin);
              setNetwork(nextNetwork);
            }}
            testIdPrefix="withdraw"
          />
          {whitelist ? (
            <p className="rounded-lg bg-subtle p-3 text-sm" data-testid="withdraw-whitelist-note">
              {t('addressBook.whitelistNote')}
            </p>
          ) : null}
          {choices.length > 0 ? (
            <SelectField
              label={t('addressBook.pick')}
              value={choices.find((c) => c.address === address.trim())?.address ?? ''}
              placeholder={t('addressBook.pickPlaceholder')}
              onChange={(event) => setAddress(event.target.value)}
              options={choices.map((c) => ({
                value: c.address,
                label: `${c.label} · ${c.address}`,
              }))}
              data-testid="withdraw-saved"
            />
          ) : null}
          <TextField
            label={t('funding.withdraw.address', { network })}
            autoComplete="off"
            spellCheck={false}
            dir="ltr"
            value={address}
            onChange={(event) => setAddress(event.target.value)}
            error={shown('address')}
            data-testid="withdraw-address"
          />
        </>
      ) : (
        <>
          <TextField
            label={t('funding.withdraw.bankType')}
            value={bankType}
            onChange={(event) => setBankType(event.target.value)}
            data-testid="withdraw-bank-type"
          />
          <TextField
            label={t('funding.withdraw.accountNumber')}
            autoComplete="off"
            dir="ltr"
            value={accountNumber}
            onChange={(event) => setAccountNumber(event.target.value)}
            data-testid="withdraw-account"
          />
          <TextField
            label={t('funding.withdraw.holderName')}
            autoComplete="name"
            value={holderName}
            onChange={(event) => setHolderName(event.target.value)}
            error={shown('bank')}
            data-testid="withdraw-holder"
          />
        </>
      )}
      <div className="flex items-end gap-2">
        <TextField
          className="flex-1"
          label={t('funding.withdraw.amount', { coin: asset })}
          inputMode="decimal"
          autoComplete="off"
          dir="ltr"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          error={shown('amount')}
          hint={
            <span>
              {t('funding.withdraw.available')}{' '}
              <Num>{`${available.data?.available ?? '0'} ${asset}`}</Num>
            </span>
          }
          data-testid="withdraw-amount"
        />
        <Button
          variant="secondary"
          className="mb-7"
          onClick={() => setAmount(available.data?.available ?? '0')}
          data-testid="withdraw-all"
        >
          {t('funding.withdraw.all')}
        </Button>
      </div>
      <Terms figures={figures} asset={asset} feeRate={feeRate.data} />
      <TextField
        label={t('funding.withdraw.password')}
        type="password"
        inputMode="numeric"
        autoComplete="off"
        maxLength={6}
        dir="ltr"
        value={password}
        onChange={(event) => setPassword(event.target.value.replace(/\D/g, ''))}
        error={shown('password')}
        data-testid="withdraw-password"
      />
      {twoFactor ? (
        <SecondFactorField
          value={twoFactorCode}
          onChange={(next) => {
            setTwoFactorCode(next);
            setTwoFactorError(undefined);
          }}
          error={twoFactorError ?? shown('twoFactor')}
        />
      ) : null}
      <Button type="submit" data-testid="withdraw-review">
        {t('funding.withdraw.review')}
      </Button>
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('funding.withdraw.confirmTitle')}
        description={t('funding.withdraw.confirmLead')}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t('actions.cancel')}
            </Button>
            <Button onClick={() => void send()} disabled={busy} data-testid="withdraw-confirm">
              {t('funding.withdraw.confirm')}
            </Button>
          </>
        }
      >
        <dl className="mt-3 divide-y divide-line rounded-xl bg-subtle px-4 py-2 text-sm">
          <Row label={t('funding.withdraw.to')}>
            {method === 'crypto' ? (
              <Num className="break-all">{`${address.trim()} (${network})`}</Num>
            ) : (
              <span>{`${holderName.trim()} · ${bankType.trim()} · ${accountNumber.trim()}`}</span>
            )}
          </Row>
          <Row label={t('funding.withdraw.amountLabel')}>
            <Num>{`${value} ${asset}`}</Num>
          </Row>
          <Row label={t('funding.withdraw.fee')}>
            <Num>{`${figures?.fee ?? '—'} ${asset}`}</Num>
          </Row>
          <Row label={t('funding.withdraw.actual')} strong>
            <Num>{`${figures?.actual ?? '—'} ${asset}`}</Num>
          </Row>
        </dl>
      </Dialog>
    </form>
  );
}

function Row({
  label,
  children,
  strong = false,
}: {
  label: string;
  children: ReactNode;
  strong?: boolean;
}) {
  return (
    <div className={`flex justify-between gap-3 py-1.5 ${strong ? 'font-semibold' : ''}`}>
      <dt className={strong ? '' : 'text-muted'}>{label}</dt>
      <dd className="text-end">{children}</dd>
    </div>
  );
}

/** The fee and what arrives, live as the amount is typed. */
function Terms({
  figures,
  asset,
  feeRate,
}: {
  figures: { fee: string; actual: string } | undefined;
  asset: string;
  feeRate: string | number | undefined;
}) {
  const { t } = useTranslation('profile');
  return (
    <dl className="rounded-xl bg-subtle px-4 py-2 text-sm" data-testid="withdraw-terms">
      <Row
        label={t('funding.withdraw.feeRate', {
          rate: feeRate === undefined ? '—' : `${dec(String(feeRate)).times(100).toFixed()}%`,
        })}
      >
        <span data-testid="withdraw-fee">
          <Num>{`${figures?.fee ?? '—'} ${asset}`}</Num>
        </span>
      </Row>
      <Row label={t('funding.withdraw.actual')} strong>
        <span data-testid="withdraw-actual">
          <Num>{`${figures?.actual ?? '—'} ${asset}`}</Num>
        </span>
      </Row>
    </dl>
  );
}
