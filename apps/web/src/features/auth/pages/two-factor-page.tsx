import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../shared/api/error-message';
import { ApiError } from '../../../shared/api/api-error';
import { paths } from '../../../shared/navigation/paths';
import { Button } from '../../../shared/ui/button';
import { TextField } from '../../../shared/ui/text-field';
import { logInWithCode } from '../api/auth.api';
import { withReturnPath } from '../auth-redirect';
import { AuthShell, ShellLink } from '../components/auth-shell';
import { FormAlert } from '../components/field-frame';
import { useCompleteSignIn, type TwoFactorState } from '../components/use-complete-sign-in';

function stateOf(value: unknown): TwoFactorState | undefined {
  const state = value as Partial<TwoFactorState> | null | undefined;
  return typeof state?.challenge === 'string' && typeof state.returnPath === 'string'
    ? (state as TwoFactorState)
    : undefined;
}

/**
 * /pass/two-factor: the second step of a sign-in when two-factor authentication is on. The
 * challenge comes in the router state from the first step (password, Google or wallet), never in
 * the address; without it the sign-in starts again. A recovery code works in place of the code.
 */
export default function TwoFactorPage() {
  const { t, i18n } = useTranslation('auth');
  const location = useLocation();
  const [state] = useState(() => stateOf(location.state));
  const complete = useCompleteSignIn();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const [busy, setBusy] = useState(false);

  if (!state) return <Navigate to={paths.login} replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const value = code.trim();
    if (recovery ? value.replace(/[\s-]/g, '').length < 8 : !/^\d{6}$/.test(value)) {
      setFieldError(t(recovery ? 'twoFactor.recoveryInvalid' : 'twoFactor.codeInvalid'));
      return;
    }
    setBusy(true);
    setFieldError(undefined);
    setFormError(null);
    try {
      complete(await logInWithCode(state.challenge, value), state.returnPath);
    } catch (error) {
      setBusy(false);
      const message = apiErrorMessage(error, i18n.t.bind(i18n), (key) => i18n.exists(key));
      if (error instanceof ApiError && error.code === 10116) {
        setFieldError(message);
      } else {
        if (error instanceof ApiError && error.code === 10156) setExpired(true);
        setFormError(message);
      }
    }
  };

  return (
    <AuthShell
      documentTitle={t('twoFactor.documentTitle')}
      title={t('twoFactor.title')}
      lead={t(recovery ? 'twoFactor.recoveryLead' : 'twoFactor.lead')}
      footer={
        <ShellLink to={withReturnPath(paths.login, state.returnPath)}>
          {t('twoFactor.backToLogin')}
        </ShellLink>
      }
    >
      <form
        noValidate
        data-auth-form="two-factor"
        className="flex flex-col gap-4"
        onSubmit={(event) => void submit(event)}
      >
        <TextField
          key={recovery ? 'recovery' : 'code'}
          label={t(recovery ? 'twoFactor.recoveryLabel' : 'twoFactor.codeLabel')}
          name={recovery ? 'recoveryCode' : 'code'}
          autoComplete="one-time-code"
          inputMode={recovery ? 'text' : 'numeric'}
          autoCapitalize={recovery ? 'characters' : 'off'}
          spellCheck={false}
          maxLength={recovery ? 24 : 6}
          dir="ltr"
          autoFocus
          value={code}
          error={fieldError}
          disabled={expired}
          onChange={(event) => {
            setCode(event.target.value);
            setFieldError(undefined);
          }}
        />
        <FormAlert message={formError} />
        {expired ? (
          <Link
            to={withReturnPath(paths.login, state.returnPath)}
            replace
            className="inline-flex min-h-11 items-center justify-center rounded-lg bg-primary px-4 font-semibold text-on-primary"
          >
            {t('twoFactor.signInAgain')}
          </Link>
        ) : (
          <Button type="submit" size="lg" className="w-full" loading={busy}>
            {t('twoFactor.submit')}
          </Button>
        )}
        <button
          type="button"
          className="inline-flex min-h-11 items-center self-center text-sm font-medium text-link hover:underline"
          onClick={() => {
            setRecovery((on) => !on);
            setCode('');
            setFieldError(undefined);
          }}
        >
          {t(recovery ? 'twoFactor.useApp' : 'twoFactor.useRecovery')}
        </button>
      </form>
    </AuthShell>
  );
}
