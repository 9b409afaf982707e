import { PASSWORD_MAX, PASSWORD_MIN } from '@swx/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { Icon } from '../../../shared/ui/icons';
import { TextField } from '../../../shared/ui/text-field';
import { toast } from '../../../shared/ui/toast-store';
import { changePassword } from '../api/profile.api';
import { FormAlert } from './form-fields';
import { errorCode, useErrorText } from './use-error-text';

type Field = 'oldPassword' | 'password' | 'confirmPassword';

/** Spec §5 messages, checked before the request; the server checks the same and more (10118). */
export function passwordProblems(input: Record<Field, string>): Partial<Record<Field, string>> {
  const problems: Partial<Record<Field, string>> = {};
  if (!input.oldPassword) problems.oldPassword = 'validation.currentPasswordRequired';
  if (!input.password) problems.password = 'validation.passwordRequired';
  else if (input.password.length < PASSWORD_MIN) problems.password = 'validation.passwordShort';
  else if (input.password.length > PASSWORD_MAX) problems.password = 'validation.passwordLong';
  if (!input.confirmPassword) problems.confirmPassword = 'validation.confirmRequired';
  else if (input.confirmPassword !== input.password)
    problems.confirmPassword = 'validation.confirmMismatch';
  return problems;
}

/** Change the login password with the current one; every other session ends afterwards. */
export function ChangePasswordDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('profile');
  const errorText = useErrorText();
  const [values, setValues] = useState<Record<Field, string>>({
    oldPassword: '',
    password: '',
    confirmPassword: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const close = (next: boolean) => {
    if (saving) return;
    if (!next) {
      setValues({ oldPassword: '', password: '', confirmPassword: '' });
      setErrors({});
      setFormError(null);
    }
    onOpenChange(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = passwordProblems(values);
    setErrors(Object.fromEntries(Object.entries(problems).map(([k, v]) => [k, t(v)])));
    setFormError(null);
    if (Object.keys(problems).length > 0) return;
    setSaving(true);
    changePassword(values).then(
      () => {
        setSaving(false);
        toast.success(t('password.changed'));
        close(false);
      },
      (error: unknown) => {
        setSaving(false);
        const code = errorCode(error);
        if (code === 10004) setErrors({ oldPassword: errorText(error) });
        else if (code === 10118) setErrors({ password: errorText(error) });
        else setFormError(errorText(error));
      },
    );
  };

  const field = (name: Field, label: string, autoComplete: string) => (
    <TextField
      label={label}
      name={name}
      type="password"
      autoComplete={autoComplete}
      maxLength={PASSWORD_MAX}
      value={values[name]}
      error={errors[name]}
      onChange={(event) => setValues((v) => ({ ...v, [name]: event.target.value }))}
    />
  );

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={t('password.title')}
      description={t('password.lead')}
    >
      <form
        className="flex flex-col gap-4"
        onSubmit={submit}
        noValidate
        data-testid="change-password-form"
      >
        {formError ? (
          <FormAlert>
            <Icon name="alert" className="mt-0.5 size-4" />
            <span>{formError}</span>
          </FormAlert>
        ) : null}
        {field('oldPassword', t('password.current'), 'current-password')}
        {field('password', t('password.new'), 'new-password')}
        {field('confirmPassword', t('password.confirm'), 'new-password')}
        <p className="flex items-start gap-2 text-sm text-muted">
          <Icon name="info" className="mt-0.5 size-4" />
          <span>{t('password.otherSessions')}</span>
        </p>
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" disabled={saving} onClick={() => close(false)}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={saving} data-testid="change-password-submit">
            {t('password.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
