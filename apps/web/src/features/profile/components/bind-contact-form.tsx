import {
  AreaCode,
  Email,
  PhoneNumber,
  VerificationCode,
  type Address,
  type Channel,
  type UserInfo,
} from '@swx/contract';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button';
import { TextField } from '../../../shared/ui/text-field';
import { toast } from '../../../shared/ui/toast-store';
import { bindAddress, sendBindCode } from '../api/profile.api';
import { areaCodeOptions, dialOf, guessAreaCode } from '../countries';
import { ChoiceField, SelectField } from './form-fields';
import { useCountdown } from './use-countdown';
import { errorCode, useErrorText } from './use-error-text';

type Errors = Partial<Record<'email' | 'areaCode' | 'phone' | 'code', string>>;

/**
 * Adds an email address or a phone number to an account that has neither (wallet and Google
 * sign-ups): a code goes to the new address (purpose `bind`), and the code proves it.
 */
export function BindContactForm({ onBound }: { onBound: (user: UserInfo) => void }) {
  const { t, i18n } = useTranslation('profile');
  const errorText = useErrorText();
  const [channel, setChannel] = useState<Channel>('email');
  const [email, setEmail] = useState('');
  const [areaCode, setAreaCode] = useState(() => guessAreaCode(navigator.languages ?? []));
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<Address | null>(null);
  const [saving, setSaving] = useState(false);
  const countdown = useCountdown();
  const areaOptions = useMemo(() => areaCodeOptions(i18n.language), [i18n.language]);

  const address = (): Address | null => {
    if (channel === 'email') {
      const parsed = Email.safeParse(email);
      if (!parsed.success) {
        setErrors({
          email: t(email.trim() ? 'validation.emailInvalid' : 'validation.emailRequired'),
        });
        return null;
      }
      return { channel, email: parsed.data };
    }
    const dial = AreaCode.safeParse(dialOf(areaCode));
    const number = PhoneNumber.safeParse(phone);
    const next: Errors = {};
    if (!dial.success) next.areaCode = t('validation.areaCodeRequired');
    if (!number.success)
      next.phone = t(phone.trim() ? 'validation.phoneInvalid' : 'validation.phoneRequired');
    if (!dial.success || !number.success) {
      setErrors(next);
      return null;
    }
    return { channel, areaCode: dial.data, phone: number.data };
  };

  const send = () => {
    const target = address();
    if (!target) return;
    setErrors({});
    setSending(true);
    sendBindCode(target).then(
      (reply) => {
        setSending(false);
        setSentTo(target);
        countdown.start(reply.resendAfter);
        toast.success(t('code.sent'));
      },
      (error: unknown) => {
        setSending(false);
        const message = errorText(error);
        if (errorCode(error) === 10007) {
          setErrors(channel === 'email' ? { email: message } : { phone: message });
        } else toast.error(message);
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const target = address();
    if (!target) return;
    if (!sentTo) {
      setErrors({ code: t('validation.sendCodeFirst') });
      return;
    }
    const parsedCode = VerificationCode.safeParse(code);
    if (!parsedCode.success) {
      setErrors({
        code: t(code.trim() ? 'validation.codeInvalid' : 'validation.codeRequired'),
      });
      return;
    }
    setErrors({});
    setSaving(true);
    bindAddress(target, parsedCode.data).then(
      (user) => {
        setSaving(false);
        toast.success(t('bind.done'));
        onBound(user);
      },
      (error: unknown) => {
        setSaving(false);
        const c = errorCode(error);
        if (c === 10091 || c === 10090) setErrors({ code: errorText(error) });
        else toast.error(errorText(error));
      },
    );
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate data-testid="bind-form">
      <ChoiceField<Channel>
        label={t('bind.channel')}
        name="bind-channel"
        value={channel}
        onChange={(next) => {
          setChannel(next);
          setErrors({});
          setSentTo(null);
        }}
        options={[
          { value: 'email', label: t('bind.email') },
          { value: 'phone', label: t('bind.phone') },
        ]}
      />
      {channel === 'email' ? (
        <TextField
          label={t('bind.emailLabel')}
          type="email"
          autoComplete="email"
          inputMode="email"
          dir="ltr"
          value={email}
          maxLength={254}
          error={errors.email}
          onChange={(event) => setEmail(event.target.value)}
        />
      ) : (
        <div className="grid gap-3 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)]">
          <SelectField
            label={t('bind.areaCode')}
            value={areaCode}
            options={areaOptions}
            placeholder={t('form.choose')}
            error={errors.areaCode}
            onChange={(event) => setAreaCode(event.target.value)}
          />
          <TextField
            label={t('bind.phoneLabel')}
            type="tel"
            autoComplete="tel-national"
            inputMode="tel"
            dir="ltr"
            value={phone}
            maxLength={20}
            error={errors.phone}
            onChange={(event) => setPhone(event.target.value)}
          />
        </div>
      )}
      <CodeRow
        code={code}
        onCode={setCode}
        error={errors.code}
        onSend={send}
        sending={sending}
        left={countdown.left}
        sent={sentTo !== null}
      />
      <Button type="submit" loading={saving} className="self-stretch sm:self-end">
        {t('bind.submit')}
      </Button>
    </form>
  );
}

/** The 6-digit code field with its send button and the 60-second wait before a resend. */
export function CodeRow({
  code,
  onCode,
  error,
  onSend,
  sending,
  left,
  sent,
  hint,
}: {
  code: string;
  onCode: (code: string) => void;
  error?: string | undefined;
  onSend: () => void;
  sending: boolean;
  left: number;
  sent: boolean;
  hint?: string;
}) {
  const { t } = useTranslation('profile');
  return (
    <div className="flex items-start gap-2">
      <TextField
        className="flex-1"
        label={t('code.label')}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={6}
        dir="ltr"
        value={code}
        error={error}
        hint={hint}
        onChange={(event) => onCode(event.target.value.replace(/\D/g, ''))}
      />
      <Button
        variant="secondary"
        className="mt-7 min-h-11 shrink-0"
        loading={sending}
        disabled={left > 0}
        onClick={onSend}
        data-testid="send-code"
      >
        {left > 0 ? (
          <span aria-live="off">{t('code.resendIn', { seconds: left })}</span>
        ) : sent ? (
          t('code.resend')
        ) : (
          t('code.send')
        )}
      </Button>
    </div>
  );
}
