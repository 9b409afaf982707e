import { type LoginStep, type StaffMe, staffTotp } from '@swx/contract';
import { type FormEvent, useRef, useState } from 'react';
import { t } from '../../../i18n/translate';
import { apiCall } from '../../../shared/api/api-client';
import { isApiError } from '../../../shared/api/api-error';
import { Button } from '../../../shared/ui/button';
import { CopyButton } from '../../../shared/ui/copy-button';
import { TextField } from '../../../shared/ui/field';
import { InlineAlert } from '../../../shared/ui/inline-alert';
import { groupSecret, isTotpCode, normaliseTotpCode } from '../auth.rules';

function EnrolmentSteps({ step }: { step: Extract<LoginStep, { step: 'enroll' }> }) {
  return (
    <ol className="flex flex-col gap-4 text-sm">
      <li className="flex flex-col gap-2">
        <span>
          <span className="font-semibold">1. </span>
          {t('auth.enroll.scan')}
        </span>
        {/* White margin around the code: scanners need the quiet zone, also in the dark theme. */}
        <img
          src={step.qrDataUrl}
          alt={t('auth.enroll.qrAlt')}
          width={184}
          height={184}
          className="size-46 self-center rounded-md bg-white p-2"
        />
      </li>
      <li className="flex flex-col gap-2">
        <span>
          <span className="font-semibold">2. </span>
          {t('auth.enroll.manual')}
        </span>
        <div className="flex flex-wrap items-center gap-2">
          <span
            data-testid="totp-secret"
            translate="no"
            dir="ltr"
            className="rounded-md border border-line bg-raised px-2.5 py-1.5 font-mono text-sm tracking-wider break-all select-all"
          >
            {groupSecret(step.secret)}
          </span>
          <CopyButton value={step.secret} label={t('auth.enroll.copySecret')} />
        </div>
      </li>
      <li>
        <span className="font-semibold">3. </span>
        {t('auth.enroll.enterCode')}
      </li>
    </ol>
  );
}

export function TotpForm({
  step,
  onSignedIn,
  onRestart,
}: {
  step: LoginStep;
  onSignedIn: (token: string, me: StaffMe) => void;
  onRestart: () => void;
}) {
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isTotpCode(code)) {
      setInvalid(true);
      input.current?.focus();
      return;
    }
    setPending(true);
    setError(undefined);
    try {
      const reply = await apiCall(staffTotp, {
        body: { challenge: step.challenge, code },
        quiet: true,
      });
      onSignedIn(reply.token, reply.staff);
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : String(failure));
      setCode('');
      input.current?.focus();
    } finally {
      setPending(false);
    }
  };

  return (
    <form className="flex flex-col gap-4" noValidate onSubmit={(event) => void submit(event)}>
      {step.step === 'enroll' ? <EnrolmentSteps step={step} /> : null}
      {error ? <InlineAlert>{error}</InlineAlert> : null}
      <TextField
        ref={input}
        label={t('auth.code')}
        hint={t('auth.codeHint')}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        autoFocus
        maxLength={7}
        required
        className="max-w-64"
        value={code}
        onChange={(event) => {
          setCode(normaliseTotpCode(event.target.value));
          setInvalid(false);
        }}
        error={invalid ? t('auth.errors.codeFormat') : undefined}
      />
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" variant="primary" pending={pending}>
          {t('auth.verify')}
        </Button>
        <Button variant="ghost" onClick={onRestart}>
          {t('auth.restart')}
        </Button>
      </div>
    </form>
  );
}
