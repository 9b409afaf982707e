import {
  fundingAmountValid,
  lastSixMatches,
  txHashValid,
  type DepositAddress,
} from '@swx/contract';
import { dec } from '@swx/money';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/list';
import { Num } from '../../../shared/ui/num';
import { TextField } from '../../../shared/ui/text-field';
import { toast } from '../../../shared/ui/toast-store';
import { fundingApi } from '../api/funding.api';
import { canvasImageDeps } from '../image-decoder';
import { prepareKycImage } from '../kyc-image.rules';
import { CopyRow } from './copy-row';
import { SelectField } from './form-fields';
import { useErrorText } from './use-error-text';

type Field = 'amount' | 'txHash' | 'lastSix' | 'proof';

/** The catalogue's message for each problem, checked here before anything is sent. */
function problems(
  address: DepositAddress,
  values: { amount: string; txHash: string; lastSix: string; proof: Blob | undefined },
): Partial<Record<Field, string>> {
  const out: Partial<Record<Field, string>> = {};
  const amount = values.amount.trim();
  if (!fundingAmountValid(amount, address.coin)) out.amount = 'errors:10148';
  else if (dec(amount).lt(address.minAmount)) out.amount = 'errors:10139';
  if (!txHashValid(address.network, values.txHash)) out.txHash = 'errors:10141';
  if (!lastSixMatches(values.txHash, values.lastSix.trim())) out.lastSix = 'errors:10142';
  if (!values.proof) out.proof = 'errors:10127';
  return out;
}

/**
 * A deposit: choose the coin and network, send to the platform's address shown (with its QR
 * code and minimum), then report the amount, the transaction hash, its last six characters and a
 * screenshot as proof. Staff review it; the history below shows the state.
 */
export function DepositForm({
  addresses,
  onSubmitted,
}: {
  addresses: readonly DepositAddress[];
  onSubmitted: () => void;
}) {
  const { t } = useTranslation('profile');
  const errorText = useErrorText();
  const proofId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [choice, setChoice] = useState(() =>
    addresses[0] ? `${addresses[0].coin}/${addresses[0].network}` : '',
  );
  const [amount, setAmount] = useState('');
  const [txHash, setTxHash] = useState('');
  const [lastSix, setLastSix] = useState('');
  const [proof, setProof] = useState<{ blob: Blob; url: string } | undefined>();
  const [proofProblem, setProofProblem] = useState<string | undefined>();
  // Reading and shrinking a photo takes a moment: nothing is sent meanwhile.
  const [preparing, setPreparing] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [key, setKey] = useState(() => crypto.randomUUID());
  useEffect(() => () => (proof ? URL.revokeObjectURL(proof.url) : undefined), [proof]);

  const address = addresses.find((a) => `${a.coin}/${a.network}` === choice) ?? addresses[0];
  if (!address) {
    return <EmptyState icon="wallet" title={t('funding.deposit.none')} />;
  }
  const errors = problems(address, { amount, txHash, lastSix, proof: proof?.blob });
  const shown = (field: Field) =>
    submitted && errors[field] ? t(errors[field] as 'errors:10148') : undefined;

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setProofProblem(undefined);
    setPreparing(true);
    const prepared = await prepareKycImage(file, canvasImageDeps).finally(() =>
      setPreparing(false),
    );
    if (!prepared.ok) {
      setProofProblem(t(`kyc.image.${prepared.problem}`));
      return;
    }
    setProof({ blob: prepared.blob, url: URL.createObjectURL(prepared.blob) });
  };

  const submit = async () => {
    setSubmitted(true);
    if (Object.keys(errors).length > 0 || !proof) return;
    setBusy(true);
    try {
      await fundingApi.deposit(
        {
          coin: address.coin,
          network: address.network,
          amount: amount.trim(),
          txHash: txHash.trim(),
          lastSix: lastSix.trim(),
        },
        proof.blob,
        key,
      );
      toast.success(t('funding.deposit.done'));
      setAmount('');
      setTxHash('');
      setLastSix('');
      setProof(undefined);
      setSubmitted(false);
      setKey(crypto.randomUUID());
      onSubmitted();
    } catch (error) {
      toast.error(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <SelectField
        label={t('funding.deposit.coin')}
        value={choice}
        onChange={(event) => setChoice(event.target.value)}
        options={addresses.map((a) => ({
          value: `${a.coin}/${a.network}`,
          label: t('funding.coinOnNetwork', { coin: a.coin, network: a.network }),
        }))}
        data-testid="deposit-coin"
      />
      <div className="flex flex-col gap-3 rounded-xl bg-subtle p-4 sm:flex-row sm:items-center">
        <div
          className="mx-auto size-40 shrink-0 rounded-lg bg-white p-2 [&>svg]:size-full"
          role="img"
          aria-label={t('funding.deposit.qr', { coin: address.coin })}
          // The server drew this SVG from the address alone (no user input reaches it).
          dangerouslySetInnerHTML={{ __html: address.qrSvg }}
        />
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <CopyRow
            label={t('funding.deposit.address', { coin: address.coin, network: address.network })}
            value={address.address}
            testId="deposit-address"
          />
          <p className="text-sm" data-testid="deposit-minimum">
            {t('funding.deposit.minimum')} <Num>{`${address.minAmount} ${address.coin}`}</Num>
          </p>
          <p className="text-sm text-muted">
            {t('funding.deposit.networkWarning', { network: address.network })}
          </p>
        </div>
      </div>
      <TextField
        label={t('funding.deposit.amount', { coin: address.coin })}
        inputMode="decimal"
        autoComplete="off"
        dir="ltr"
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        error={shown('amount')}
        data-testid="deposit-amount"
      />
      <TextField
        label={t('funding.deposit.hash')}
        autoComplete="off"
        spellCheck={false}
        dir="ltr"
        value={txHash}
        onChange={(event) => setTxHash(event.target.value)}
        error={shown('txHash')}
        hint={t(`funding.deposit.hashHint.${address.network}`)}
        data-testid="deposit-hash"
      />
      <TextField
        label={t('funding.deposit.lastSix')}
        autoComplete="off"
        spellCheck={false}
        maxLength={6}
        dir="ltr"
        value={lastSix}
        onChange={(event) => setLastSix(event.target.value)}
        error={shown('lastSix')}
        hint={t('funding.deposit.lastSixHint')}
        data-testid="deposit-last-six"
      />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={proofId} className="text-sm font-medium">
          {t('funding.deposit.proof')}
        </label>
        <input
          ref={input}
          id={proofId}
          type="file"
          accept="image/jpeg,image/png,image/jp2,.jpg,.jpeg,.png,.jp2"
          className="text-sm file:me-3 file:min-h-11 file:rounded-lg file:border file:border-line-strong file:bg-surface file:px-3"
          onChange={(event) => void pick(event.target.files?.[0])}
          aria-invalid={shown('proof') || proofProblem ? true : undefined}
          data-testid="deposit-proof"
        />
        {proof ? (
          <img
            data-testid="deposit-proof-preview"
            src={proof.url}
            alt={t('funding.deposit.proofPreview')}
            className="max-h-48 self-start rounded-lg border border-line"
          />
        ) : null}
        {proofProblem || shown('proof') ? (
          <p className="text-sm text-danger">{proofProblem ?? shown('proof')}</p>
        ) : (
          <p className="text-sm text-muted">{t('funding.deposit.proofHint')}</p>
        )}
      </div>
      <Button type="submit" disabled={busy || preparing} data-testid="deposit-submit">
        {t('funding.deposit.submit')}
      </Button>
    </form>
  );
}
