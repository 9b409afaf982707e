import type { Channel } from '@swx/contract';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../shared/navigation/paths';
import { session } from '../../../shared/session/session-store';
import { Button } from '../../../shared/ui/button';
import { TextField } from '../../../shared/ui/text-field';
import { logIn } from '../api/auth.api';
import { browserCountry } from '../area-code-list';
import { returnPathFrom, withReturnPath } from '../auth-redirect';
import { checkLoginForm, dialCodeOf, type LoginValues } from '../auth-validation';
import { AuthShell, ShellLink } from '../components/auth-shell';
import { ChannelTabs } from '../components/channel-tabs';
import { FormAlert } from '../components/field-frame';
import { OtherSignIn } from '../components/other-sign-in';
import { PasswordField } from '../components/password-field';
import { PhoneField } from '../components/phone-field';
import { useAuthForm } from '../components/use-auth-form';
import { useCompleteSignIn } from '../components/use-complete-sign-in';
import { serverFieldProblems } from '../server-problems';

/**
 * /pass/login: a username or email (or a phone number with its calling code) and the password;
 * Google and wallet sign-in when the server offers them. Success returns to where the user came
 * from (`?redirect=` or the router state), else the account home.
 */
export default function LoginPage() {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const [returnPath] = useState(() => returnPathFrom(location.search, location.state));
  // Only on arrival: after this page's own login the success handler navigates.
  const [alreadySignedIn] = useState(() => session.isLoggedIn());
  const complete = useCompleteSignIn();
  const [channel, setChannel] = useState<Channel>('email');
  const [busy, setBusy] = useState(false);
  const form = useAuthForm<LoginValues>(
    {
      account: '',
      password: '',
      email: '',
      country: browserCountry() ?? '',
      phone: '',
    },
    (values) => checkLoginForm(channel, values),
  );
  const { values } = form;

  if (alreadySignedIn) return <Navigate to={returnPath} replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !form.checkAll()) return;
    setBusy(true);
    try {
      const result = await logIn(
        channel === 'email'
          ? { account: values.account.trim(), password: values.password }
          : {
              account: values.phone.replace(/[\s-]/g, ''),
              areaCode: dialCodeOf(values.country),
              password: values.password,
            },
      );
      complete(result, returnPath, false);
    } catch (error) {
      form.fail(error, serverFieldProblems(error, { 10001: 'account' }));
      setBusy(false);
    }
  };

  return (
    <AuthShell
      documentTitle={t('login.documentTitle')}
      title={t('login.title')}
      lead={t('login.lead')}
      footer={
        <ShellLink question={t('login.noAccount')} to={withReturnPath(paths.register, returnPath)}>
          {t('login.toRegister')}
        </ShellLink>
      }
    >
      <form
        ref={form.formRef}
        noValidate
        data-auth-form="login"
        className="flex flex-col gap-4"
        onSubmit={(event) => void submit(event)}
      >
        <ChannelTabs
          channel={channel}
          onChange={setChannel}
          emailLabel={t('channel.account')}
          email={
            <TextField
              label={t('field.account')}
              name="account"
              autoComplete="username"
              autoCapitalize="off"
              spellCheck={false}
              value={values.account}
              error={form.errorOf('account')}
              onChange={(event) => form.set('account', event.target.value)}
              onBlur={() => form.blur('account')}
            />
          }
          phone={
            <PhoneField
              label={t('field.phone')}
              name="phone"
              autoComplete="username"
              value={values.phone}
              country={values.country}
              onCountryChange={(country) => form.set('country', country)}
              areaCodeError={form.errorOf('areaCode')}
              error={form.errorOf('phone')}
              onChange={(event) => form.set('phone', event.target.value)}
              onBlur={() => form.blur('phone')}
            />
          }
        />
        <div className="flex flex-col gap-1">
          <PasswordField
            label={t('field.password')}
            name="password"
            autoComplete="current-password"
            value={values.password}
            error={form.errorOf('password')}
            onChange={(event) => form.set('password', event.target.value)}
            onBlur={() => form.blur('password')}
          />
          <Link
            to={paths.reset}
            className="inline-flex min-h-11 items-center self-end text-sm font-medium text-link hover:underline"
          >
            {t('login.forgot')}
          </Link>
        </div>
        <FormAlert message={form.formError} />
        <Button type="submit" size="lg" className="w-full" loading={busy}>
          {t('login.submit')}
        </Button>
      </form>
      <OtherSignIn returnPath={returnPath} />
    </AuthShell>
  );
}
