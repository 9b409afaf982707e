import { PASSWORD_MIN, type Channel } from '@swx/contract';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../shared/navigation/paths';
import { Button } from '../../../shared/ui/button';
import { toast } from '../../../shared/ui/toast-store';
import { resetPassword } from '../api/auth.api';
import { browserCountry } from '../area-code-list';
import {
  addressBody,
  addressKey,
  addressText,
  checkResetForm,
  type AuthField,
  type NewPasswordValues,
} from '../auth-validation';
import { AuthShell, ShellLink } from '../components/auth-shell';
import { AddressTabs } from '../components/address-tabs';
import { CodeField } from '../components/code-field';
import { FormAlert } from '../components/field-frame';
import { PasswordField } from '../components/password-field';
import { useAuthForm } from '../components/use-auth-form';
import { useCodeSender } from '../components/use-code-sender';
import { problemOfError, serverFieldProblems } from '../server-problems';

/**
 * /pass/reset: a code to the account's email or phone, then a new password. Every other session
 * of the account ends (contract: repassword); the user logs in again with the new password.
 */
export default function ResetPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const sender = useCodeSender('reset');
  const [channel, setChannel] = useState<Channel>('email');
  const [busy, setBusy] = useState(false);
  const key = (v: NewPasswordValues) => addressKey(channel, v);

  const form = useAuthForm<NewPasswordValues>(
    {
      email: '',
      country: browserCountry() ?? '',
      phone: '',
      code: '',
      password: '',
      confirmPassword: '',
    },
    (values) => checkResetForm(channel, values, sender.sentTo(key(values)) !== null),
  );
  const { values } = form;
  const sent = sender.sentTo(key(values));
  const addressField: AuthField = channel === 'email' ? 'email' : 'phone';

  const sendCode = async () => {
    if (!form.checkFields(channel === 'email' ? ['email'] : ['areaCode', 'phone'])) return;
    const outcome = await sender.send(
      { purpose: 'reset', ...addressBody(channel, values) },
      key(values),
    );
    if (outcome.ok) {
      form.formRef.current?.querySelector<HTMLInputElement>('input[name="code"]')?.focus();
      return;
    }
    const onAddress = serverFieldProblems(outcome.error, {
      10002: 'email',
      10009: addressField,
    });
    form.fail(
      outcome.error,
      Object.keys(onAddress).length > 0 ? onAddress : { code: problemOfError(outcome.error) },
    );
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !form.checkAll()) return;
    setBusy(true);
    try {
      await resetPassword({
        type: 'reset',
        code: values.code.trim(),
        password: values.password,
        confirmPassword: values.confirmPassword,
        ...addressBody(channel, values),
      });
      toast.success(t('reset.done'));
      void navigate(paths.login, { replace: true });
    } catch (error) {
      form.fail(
        error,
        serverFieldProblems(error, {
          10002: 'email',
          10009: addressField,
          10090: 'code',
          10091: 'code',
          10118: 'password',
        }),
      );
      setBusy(false);
    }
  };

  return (
    <AuthShell
      documentTitle={t('reset.documentTitle')}
      title={t('reset.title')}
      lead={t('reset.lead')}
      footer={
        <ShellLink question={t('reset.remembered')} to={paths.login}>
          {t('reset.toLogin')}
        </ShellLink>
      }
    >
      <form
        ref={form.formRef}
        noValidate
        data-auth-form="reset"
        className="flex flex-col gap-4"
        onSubmit={(event) => void submit(event)}
      >
        <AddressTabs
          channel={channel}
          onChannel={setChannel}
          values={values}
          form={form}
          onLeave={(field) => form.blur(field)}
        />
        <CodeField
          value={values.code}
          error={form.errorOf('code')}
          sent={sent}
          address={addressText(channel, values)}
          sending={sender.sending}
          onSend={() => void sendCode()}
          onChange={(event) => form.set('code', event.target.value)}
          onBlur={() => form.blur('code')}
        />
        <PasswordField
          label={t('field.newPassword')}
          name="password"
          autoComplete="new-password"
          value={values.password}
          error={form.errorOf('password')}
          hint={t('field.passwordHint', { min: PASSWORD_MIN })}
          onChange={(event) => form.set('password', event.target.value)}
          onBlur={() => form.blur('password')}
        />
        <PasswordField
          label={t('field.confirmNewPassword')}
          name="confirmPassword"
          autoComplete="new-password"
          value={values.confirmPassword}
          error={form.errorOf('confirmPassword')}
          onChange={(event) => form.set('confirmPassword', event.target.value)}
          onBlur={() => form.blur('confirmPassword')}
        />
        <p className="text-sm text-muted">{t('reset.sessionsNote')}</p>
        <FormAlert message={form.formError} />
        <Button type="submit" size="lg" className="w-full" loading={busy}>
          {t('reset.submit')}
        </Button>
      </form>
    </AuthShell>
  );
}
