import { PASSWORD_MIN, type Channel } from '@swx/contract';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../shared/i18n/i18n';
import { paths } from '../../../shared/navigation/paths';
import { Button } from '../../../shared/ui/button';
import { TextField } from '../../../shared/ui/text-field';
import { checkAvailability, registerAccount } from '../api/auth.api';
import { browserCountry } from '../area-code-list';
import { returnPathFrom, withReturnPath } from '../auth-redirect';
import {
  addressBody,
  addressKey,
  addressText,
  checkEmail,
  checkPhone,
  checkRegisterForm,
  checkUsername,
  dialCodeOf,
  type AuthField,
  type RegisterValues,
} from '../auth-validation';
import { AuthShell, ShellLink } from '../components/auth-shell';
import { AddressTabs } from '../components/address-tabs';
import { CodeField } from '../components/code-field';
import { FormAlert } from '../components/field-frame';
import { OtherSignIn } from '../components/other-sign-in';
import { PasswordField } from '../components/password-field';
import { useAuthForm } from '../components/use-auth-form';
import { useCodeSender } from '../components/use-code-sender';
import { useCompleteSignIn } from '../components/use-complete-sign-in';
import { forgetInvite, inviteFromSearch, rememberInvite } from '../invite-code';
import { isInviteRefusal, problemOfError, serverFieldProblems } from '../server-problems';

/**
 * /pass/register: by email or by mobile number, with a verification code sent to it. Names and
 * addresses are checked for availability when the field is left; an invitation link
 * (`?invite=` or `?code=`) fills the invite code. A successful registration is a login.
 */
export default function RegisterPage() {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const [returnPath] = useState(() => returnPathFrom(location.search, location.state));
  const [invite] = useState(() => inviteFromSearch(location.search));
  const complete = useCompleteSignIn();
  const sender = useCodeSender('register');
  const [channel, setChannel] = useState<Channel>('email');
  const [busy, setBusy] = useState(false);
  const key = (v: RegisterValues) => addressKey(channel, v);

  const form = useAuthForm<RegisterValues>(
    {
      username: '',
      email: '',
      country: browserCountry() ?? '',
      phone: '',
      password: '',
      confirmPassword: '',
      code: '',
      inviteCode: invite,
    },
    (values) => checkRegisterForm(channel, values, sender.sentTo(key(values)) !== null),
  );
  const { values } = form;
  const sent = sender.sentTo(key(values));
  const addressField: AuthField = channel === 'email' ? 'email' : 'phone';

  useEffect(() => {
    if (invite) rememberInvite(invite);
  }, [invite]);

  // The latest values, for availability answers that arrive after the user typed on.
  const latest = useRef(values);
  latest.current = values;

  /** Marks a name or address that is already registered (when the field is left). */
  const checkTaken = (field: 'username' | 'email' | 'phone') => {
    form.blur(field);
    const snapshot = latest.current;
    const value = snapshot[field].trim();
    const valid =
      field === 'username'
        ? checkUsername(value) === null
        : field === 'email'
          ? checkEmail(value) === null
          : checkPhone(value) === null && dialCodeOf(snapshot.country) !== '';
    if (!valid) return;
    const areaCode = field === 'phone' ? dialCodeOf(snapshot.country) : undefined;
    checkAvailability({
      kind: field,
      value: field === 'phone' ? value.replace(/[\s-]/g, '') : value,
      ...(areaCode ? { areaCode } : {}),
    }).then(
      ({ available }) => {
        const now = latest.current;
        const unchanged =
          now[field].trim() === value && (field !== 'phone' || now.country === snapshot.country);
        if (!available && unchanged) {
          form.setServerProblems((previous) => ({
            ...previous,
            [field]: { key: field === 'username' ? 'errors:10006' : 'errors:10007' },
          }));
        }
      },
      // Only a hint: the registration itself gives the final answer.
      () => undefined,
    );
  };

  const sendCode = async () => {
    if (!form.checkFields(channel === 'email' ? ['email'] : ['areaCode', 'phone'])) return;
    const outcome = await sender.send(
      { purpose: 'register', ...addressBody(channel, values) },
      key(values),
    );
    if (outcome.ok) {
      // The button is disabled during the countdown; the code is what comes next.
      form.formRef.current?.querySelector<HTMLInputElement>('input[name="code"]')?.focus();
      return;
    }
    const onAddress = serverFieldProblems(outcome.error, {
      10002: 'email',
      10007: addressField,
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
    const inviteCode = values.inviteCode.trim();
    try {
      const result = await registerAccount({
        username: values.username.trim(),
        password: values.password,
        confirmPassword: values.confirmPassword,
        code: values.code.trim(),
        ...(inviteCode ? { inviteCode } : {}),
        locale: currentLocale(),
        ...addressBody(channel, values),
      });
      complete(result, returnPath, true);
    } catch (error) {
      const problems = serverFieldProblems(error, {
        10002: 'email',
        10003: 'username',
        10006: 'username',
        10007: addressField,
        10090: 'code',
        10091: 'code',
        10118: 'password',
      });
      if (Object.keys(problems).length === 0 && isInviteRefusal(error, inviteCode !== '')) {
        forgetInvite();
        problems.inviteCode = { key: 'auth:validation.inviteRejected' };
      }
      form.fail(error, problems);
      setBusy(false);
    }
  };

  return (
    <AuthShell
      documentTitle={t('register.documentTitle')}
      title={t('register.title')}
      lead={t('register.lead')}
      footer={
        <ShellLink
          question={t('register.haveAccount')}
          to={withReturnPath(paths.login, returnPath)}
        >
          {t('register.toLogin')}
        </ShellLink>
      }
    >
      <form
        ref={form.formRef}
        noValidate
        data-auth-form="register"
        className="flex flex-col gap-4"
        onSubmit={(event) => void submit(event)}
      >
        <AddressTabs
          channel={channel}
          onChannel={setChannel}
          values={values}
          form={form}
          onLeave={(field) => checkTaken(field)}
        />
        <TextField
          label={t('field.username')}
          name="username"
          autoComplete="username"
          autoCapitalize="off"
          spellCheck={false}
          dir="ltr"
          value={values.username}
          error={form.errorOf('username')}
          hint={t('field.usernameHint')}
          onChange={(event) => form.set('username', event.target.value)}
          onBlur={() => checkTaken('username')}
        />
        <PasswordField
          label={t('field.password')}
          name="password"
          autoComplete="new-password"
          value={values.password}
          error={form.errorOf('password')}
          hint={t('field.passwordHint', { min: PASSWORD_MIN })}
          onChange={(event) => form.set('password', event.target.value)}
          onBlur={() => form.blur('password')}
        />
        <PasswordField
          label={t('field.confirmPassword')}
          name="confirmPassword"
          autoComplete="new-password"
          value={values.confirmPassword}
          error={form.errorOf('confirmPassword')}
          onChange={(event) => form.set('confirmPassword', event.target.value)}
          onBlur={() => form.blur('confirmPassword')}
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
        <TextField
          label={t('field.inviteCode')}
          name="inviteCode"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          dir="ltr"
          value={values.inviteCode}
          error={form.errorOf('inviteCode')}
          onChange={(event) => form.set('inviteCode', event.target.value)}
          onBlur={() => form.blur('inviteCode')}
        />
        <FormAlert message={form.formError} />
        <Button type="submit" size="lg" className="w-full" loading={busy}>
          {t('register.submit')}
        </Button>
      </form>
      <OtherSignIn returnPath={returnPath} />
    </AuthShell>
  );
}
