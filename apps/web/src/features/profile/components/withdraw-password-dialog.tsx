import { VerificationCode, WithdrawPassword, type Channel, type UserInfo } from '@swx/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { Icon } from '../../../shared/ui/icons';
import { Num } from '../../../shared/ui/num';
import { TextField } from '../../../shared/ui/text-field';
import { toast } from '../../../shared/ui/toast-store';
import { sendWithdrawPasswordCode, setWithdrawPassword } from '../api/profile.api';
import { BindContactForm, CodeRow } from './bind-contact-form';
import { phoneOf } from './contact';
import { ChoiceField, FormAlert } from './form-fields';
import { SECOND_FACTOR_CODES, SecondFactorField, secondFactorProblem } from './second-factor-field';
import { useCountdown } from './use-countdown';
import { errorCode, useErrorText } from './use-error-text';

type Field = 'code' | 'password' | 'confirmPassword' | 'twoFactor';

export function withdrawPasswordProblems(input: {
  sent: boolean;
  code: string;
  password: string;
  confirmPassword: string;
}): Partial<Record<Field, string>> {
  const problems: Partial<Record<Field, string>> = {};
  if (!input.sent) problems.code = 'validation.sendCodeFirst';
  else if (!input.code) problems.code = 'validation.codeRequired';
  else if (!VerificationCode.safeParse(input.code).success)
    problems.code = 'validation.codeInvalid';
  if (!input.password) problems.password = 'validation.withdrawPasswordRequired';
  else if (!WithdrawPassword.safeParse(input.password).success)
    problems.password = 'validation.withdrawPasswordFormat';
  if (!input.confirmPassword) problems.confirmPassword = 'validation.confirmRequired';
  else if (input.confirmPassword !== input.password)
    problems.confirmPassword = 'validation.confirmMismatch';
  return problems;
}

/**
 * Set or change the 6-digit withdrawal password. A code goes to the email or phone on file; an
 * account with neither adds one first.
 */
export function WithdrawPasswordDialog({
  open,
  onOpenChange,
  user,
  onUserChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  user: UserInfo;
  onUserChange: (user: UserInfo) => void;
}) {
  const { t } = useTranslation('profile');
  const errorText = useErrorText();
  const channels: Channel[] = [
    ...(user.email ? (['email'] as const) : []),
    ...(user.phone ? (['phone'] as const) : []),
  ];
  const [channel, setChannel] = useState<Channel | ''>('');
  const chosen: Channel | undefined = channel || channels[0];
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [twoFactorCode, setTwoFactorCode] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [sending, setSending] = useState(false);
  const [saving, setSaving] = useState(false);
  const countdown = useCountdown();
  const title = user.hasWithdrawPassword ? t('withdraw.changeTitle') : t('withdraw.setTitle');

  const close = (next: boolean) => {
    if (saving) return;
    if (!next) {
      setCode('');
      setPassword('');
      setConfirmPassword('');
      setTwoFactorCode('');
      setErrors({});
      setFormError(null);
    }
    onOpenChange(next);
  };

  const send = () => {
    if (!chosen) return;
    setSending(true);
    setErrors((e) => ({ ...e, code: undefined }));
    sendWithdrawPasswordCode(chosen).then(
      (reply) => {
        setSending(false);
        setSent(true);
        countdown.start(reply.resendAfter);
        toast.success(t('code.sent'));
      },
      (error: unknown) => {
        setSending(false);
        if (errorCode(error) === 10089) countdown.start(60);
        setFormError(errorText(error));
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    const problems = withdrawPasswordProblems({ sent, code, password, confirmPassword });
    const second = user.twoFactor ? secondFactorProblem(twoFactorCode) : undefined;
    if (second) problems.twoFactor = second;
    setErrors(Object.fromEntries(Object.entries(problems).map(([k, v]) => [k, t(v)])));
    setFormError(null);
    if (Object.keys(problems).length > 0) return;
    setSaving(true);
    setWithdrawPassword({
      channel: chosen,
      code,
      password,
      confirmPassword,
      ...(user.twoFactor ? { twoFactorCode: twoFactorCode.trim() } : {}),
    }).then(
      () => {
        setSaving(false);
        toast.success(t('withdraw.done'));
        onUserChange({ ...user, hasWithdrawPassword: true });
        close(false);
      },
      (error: unknown) => {
        setSaving(false);
        const c = errorCode(error);
        if (c === 10090 || c === 10091) setErrors({ code: errorText(error) });
        else if (c !== null && SECOND_FACTOR_CODES.includes(c)) {
          setErrors({ twoFactor: errorText(error) });
        } else setFormError(errorText(error));
      },
    );
  };

  const destination = chosen === 'email' ? user.email : chosen === 'phone' ? phoneOf(user) : null;

  return (
    <Dialog open={open} onOpenChange={close} title={title} description={t('withdraw.lead')}>
      {!chosen ? (
        <div className="flex flex-col gap-4" data-testid="withdraw-needs-contact">
          <p className="text-sm text-fg">{t('withdraw.needsContact')}</p>
          <BindContactForm onBound={onUserChange} />
        </div>
      ) : (
        <form
          className="flex flex-col gap-4"
          onSubmit={submit}
          noValidate
          data-testid="withdraw-password-form"
        >
          {formError ? (
            <FormAlert>
              <Icon name="alert" className="mt-0.5 size-4" />
              <span>{formError}</span>
            </FormAlert>
          ) : null}
          {channels.length > 1 ? (
            <ChoiceField<Channel>
              label={t('withdraw.sendTo')}
              name="withdraw-channel"
              value={chosen}
              onChange={(next) => {
                setChannel(next);
                setSent(false);
              }}
              options={[
                { value: 'email', label: t('bind.email') },
                { value: 'phone', label: t('bind.phone') },
              ]}
            />
          ) : null}
          {destination ? (
            <p className="text-sm text-muted">
              {t('withdraw.codeGoesTo')} <Num>{destination}</Num>
            </p>
          ) : null}
          <CodeRow
            code={code}
            onCode={setCode}
            error={errors.code}
            onSend={send}
            sending={sending}
            left={countdown.left}
            sent={sent}
          />
          <TextField
            label={t('withdraw.new')}
            name="withdrawPassword"
            type="password"
            inputMode="numeric"
            autoComplete="new-password"
            pattern="[0-9]*"
            maxLength={6}
            dir="ltr"
            value={password}
            error={errors.password}
            hint={t('withdraw.format')}
            onChange={(event) => setPassword(event.target.value.replace(/\D/g, ''))}
          />
          <TextField
            label={t('withdraw.confirm')}
            name="withdrawPasswordConfirm"
            type="password"
            inputMode="numeric"
            autoComplete="new-password"
            pattern="[0-9]*"
            maxLength={6}
            dir="ltr"
            value={confirmPassword}
            error={errors.confirmPassword}
            onChange={(event) => setConfirmPassword(event.target.value.replace(/\D/g, ''))}
          />
          {user.twoFactor ? (
            <SecondFactorField
              value={twoFactorCode}
              onChange={setTwoFactorCode}
              error={errors.twoFactor}
            />
          ) : null}
          <div className="flex flex-wrap justify-end gap-3">
            <Button variant="secondary" disabled={saving} onClick={() => close(false)}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={saving} data-testid="withdraw-password-submit">
              {t('withdraw.submit')}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
