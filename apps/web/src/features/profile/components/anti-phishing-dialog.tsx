import { AntiPhishingCode, type UserInfo } from '@swx/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { TextField } from '../../../shared/ui/text-field';
import { toast } from '../../../shared/ui/toast-store';
import { saveAntiPhishing } from '../api/profile.api';
import { FormAlert } from './form-fields';
import { SECOND_FACTOR_CODES, SecondFactorField, secondFactorProblem } from './second-factor-field';
import { errorCode, useErrorText } from './use-error-text';

/**
 * The anti-phishing code: a phrase the user chooses that every mail from the platform shows at
 * its top. Set, changed or removed here; with two-factor authentication on, with the app's code.
 */
export function AntiPhishingDialog({
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
  const [code, setCode] = useState(user.antiPhishingCode ?? '');
  const [second, setSecond] = useState('');
  const [errors, setErrors] = useState<{ code?: string; second?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = (next: boolean) => {
    if (busy) return;
    if (!next) {
      setCode(user.antiPhishingCode ?? '');
      setSecond('');
      setErrors({});
      setFormError(null);
    }
    onOpenChange(next);
  };

  const save = (value: string | null) => {
    const problems: { code?: string; second?: string } = {};
    if (value !== null && !AntiPhishingCode.safeParse(value).success) {
      problems.code = t('errors:10157');
    }
    const secondProblem = user.twoFactor ? secondFactorProblem(second) : undefined;
    if (secondProblem) problems.second = t(secondProblem);
    setErrors(problems);
    setFormError(null);
    if (problems.code || problems.second) return;
    setBusy(true);
    saveAntiPhishing(value, user.twoFactor ? second.trim() : undefined).then(
      (next) => {
        setBusy(false);
        toast.success(t(value === null ? 'antiPhishing.removed' : 'antiPhishing.saved'));
        onUserChange(next);
        setSecond('');
        onOpenChange(false);
      },
      (error: unknown) => {
        setBusy(false);
        const c = errorCode(error);
        if (c === 10157) setErrors({ code: errorText(error) });
        else if (c !== null && SECOND_FACTOR_CODES.includes(c))
          setErrors({ second: errorText(error) });
        else setFormError(errorText(error));
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save(code.trim());
  };

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={t('antiPhishing.title')}
      description={t('antiPhishing.lead')}
    >
      <form
        className="flex flex-col gap-4"
        onSubmit={submit}
        noValidate
        data-testid="anti-phishing-form"
      >
        {formError ? (
          <FormAlert>
            <span>{formError}</span>
          </FormAlert>
        ) : null}
        <TextField
          label={t('antiPhishing.field')}
          name="antiPhishingCode"
          autoComplete="off"
          maxLength={20}
          value={code}
          error={errors.code}
          hint={t('antiPhishing.hint')}
          onChange={(event) => setCode(event.target.value)}
          data-testid="anti-phishing-code"
        />
        {user.twoFactor ? (
          <SecondFactorField value={second} onChange={setSecond} error={errors.second} />
        ) : null}
        <div className="flex flex-wrap justify-end gap-3">
          {user.antiPhishingCode ? (
            <Button
              variant="secondary"
              disabled={busy}
              onClick={() => save(null)}
              data-testid="anti-phishing-remove"
            >
              {t('antiPhishing.remove')}
            </Button>
          ) : null}
          <Button type="submit" loading={busy} data-testid="anti-phishing-save">
            {t('antiPhishing.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
