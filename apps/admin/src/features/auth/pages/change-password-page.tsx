import { staffChangePassword } from '@swx/contract';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { t } from '../../../i18n/translate';
import { apiCall } from '../../../shared/api/api-client';
import { isApiError } from '../../../shared/api/api-error';
import { sessionStore } from '../../../shared/session/session-store';
import { signOut } from '../../../shared/session/sign-out';
import { useSession } from '../../../shared/session/use-session';
import { Button, buttonClass } from '../../../shared/ui/button';
import { TextField } from '../../../shared/ui/field';
import { InlineAlert } from '../../../shared/ui/inline-alert';
import { toast } from '../../../shared/ui/toast-store';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import { type PasswordChange, STAFF_PASSWORD_MIN, validatePasswordChange } from '../auth.rules';
import { AuthCard } from '../components/auth-card';

type Field = keyof PasswordChange;
const EMPTY: PasswordChange = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * Replaces the password. With a one-time password this is the only screen there is until it is
 * done (the server refuses everything else with 10114).
 */
export function ChangePasswordPage() {
  const { me } = useSession();
  const navigate = useNavigate();
  const forced = me?.mustChangePassword ?? false;
  const [values, setValues] = useState<PasswordChange>(EMPTY);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [serverError, setServerError] = useState<string>();
  const [pending, setPending] = useState(false);
  useDocumentTitle(forced ? t('password.forcedTitle') : t('password.title'));

  const errors = validatePasswordChange(values, me?.username ?? '');
  const shown = (field: Field) => {
    const key = touched[field] ? errors[field] : undefined;
    return key ? t(key, { min: STAFF_PASSWORD_MIN }) : undefined;
  };
  const fieldProps = (field: Field) => ({
    name: field,
    type: 'password',
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      setValues((current) => ({ ...current, [field]: event.target.value })),
    onBlur: () => setTouched((current) => ({ ...current, [field]: true })),
    error: shown(field),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched({ currentPassword: true, newPassword: true, confirmPassword: true });
    if (Object.keys(errors).length > 0) return;
    setPending(true);
    setServerError(undefined);
    try {
      const profile = await apiCall(staffChangePassword, {
        body: { currentPassword: values.currentPassword, newPassword: values.newPassword },
        quiet: true,
      });
      sessionStore.setMe(profile);
      toast.success(t('password.changed'));
      await navigate('/', { replace: true });
    } catch (failure) {
      if (isApiError(failure)) {
        const detail = failure.fields.map((f) => f.message).join(' ');
        setServerError(detail ? `${failure.message} ${detail}` : failure.message);
      } else {
        setServerError(String(failure));
      }
    } finally {
      setPending(false);
    }
  };

  return (
    <AuthCard
      title={forced ? t('password.forcedTitle') : t('password.title')}
      description={
        forced ? t('password.forcedDescription', { username: me?.username ?? '' }) : undefined
      }
    >
      <form className="flex flex-col gap-4" noValidate onSubmit={(event) => void submit(event)}>
        {serverError ? <InlineAlert>{serverError}</InlineAlert> : null}
        <TextField
          label={forced ? t('password.currentOneTime') : t('password.current')}
          autoComplete="current-password"
          {...fieldProps('currentPassword')}
        />
        <TextField
          label={t('password.new')}
          hint={t('password.newHint', { min: STAFF_PASSWORD_MIN })}
          autoComplete="new-password"
          minLength={STAFF_PASSWORD_MIN}
          {...fieldProps('newPassword')}
        />
        <TextField
          label={t('password.confirm')}
          autoComplete="new-password"
          {...fieldProps('confirmPassword')}
        />
        <div className="flex flex-wrap items-center gap-2">
          <Button type="submit" variant="primary" pending={pending}>
            {t('password.submit')}
          </Button>
          {forced ? (
            <Button variant="ghost" onClick={() => void signOut()}>
              {t('auth.signOut')}
            </Button>
          ) : (
            <Link to="/" className={buttonClass('ghost')}>
              {t('common.cancel')}
            </Link>
          )}
        </div>
      </form>
    </AuthCard>
  );
}
