import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../../shared/api/save-file';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { Skeleton } from '../../../shared/ui/skeleton';
import { TextField } from '../../../shared/ui/text-field';
import { toast } from '../../../shared/ui/toast-store';
import {
  newRecoveryCodes,
  startTwoFactorSetup,
  turnOffTwoFactor,
  turnOnTwoFactor,
} from '../api/profile.api';
import { CopyRow } from './copy-row';
import { FormAlert } from './form-fields';
import { qrImageSrc } from './qr-image';
import { SECOND_FACTOR_CODES, SecondFactorField, secondFactorProblem } from './second-factor-field';
import { errorCode, useErrorText } from './use-error-text';

export type TwoFactorAction = 'enable' | 'disable' | 'renew';

/**
 * Two-factor authentication, step by step: turning it on (scan, first code, then the ten
 * recovery codes shown this once, to copy or download), turning it off, and new recovery codes;
 * each of the last two confirmed with a code.
 */
export function TwoFactorDialog({
  action,
  onClose,
  onChanged,
}: {
  action: TwoFactorAction | null;
  onClose: () => void;
  /** Two-factor authentication was turned on (true) or off (false). */
  onChanged: (enabled: boolean) => void;
}) {
  const { t } = useTranslation('profile');
  const errorText = useErrorText();
  const [setup, setSetup] = useState<{ secret: string; qrSvg: string } | null>(null);
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    setCode('');
    setFieldError(undefined);
    setFormError(null);
    setCodes(null);
    setSaved(false);
    setSetup(null);
    if (action !== 'enable') return;
    let live = true;
    startTwoFactorSetup().then(
      (reply) => live && setSetup(reply),
      (error: unknown) => live && setFormError(errorText(error)),
    );
    return () => {
      live = false;
    };
  }, [action]);

  const close = () => {
    if (busy || (codes && !saved)) return;
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = code.trim();
    const problem =
      action === 'enable'
        ? /^\d{6}$/.test(value)
          ? undefined
          : 'twoFactor.codeInvalid'
        : secondFactorProblem(value);
    if (problem) {
      setFieldError(t(problem));
      return;
    }
    setBusy(true);
    setFormError(null);
    const call =
      action === 'enable'
        ? turnOnTwoFactor(value)
        : action === 'renew'
          ? newRecoveryCodes(value)
          : turnOffTwoFactor(value).then(() => ({ recoveryCodes: null }));
    call.then(
      (reply) => {
        setBusy(false);
        if (reply.recoveryCodes) {
          setCodes(reply.recoveryCodes);
          if (action === 'enable') onChanged(true);
        } else {
          toast.success(t('twoFactor.disabled'));
          onChanged(false);
          onClose();
        }
      },
      (error: unknown) => {
        setBusy(false);
        const c = errorCode(error);
        if (c !== null && SECOND_FACTOR_CODES.includes(c)) setFieldError(errorText(error));
        else setFormError(errorText(error));
      },
    );
  };

  const title =
    codes !== null
      ? t('twoFactor.codesTitle')
      : action === 'enable'
        ? t('twoFactor.setupTitle')
        : action === 'renew'
          ? t('twoFactor.renewTitle')
          : t('twoFactor.disableTitle');
  const description =
    codes !== null
      ? t('twoFactor.codesLead')
      : action === 'enable'
        ? t('twoFactor.setupLead')
        : action === 'renew'
          ? t('twoFactor.renewLead')
          : t('twoFactor.disableLead');

  return (
    <Dialog
      open={action !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      title={title}
      description={description}
    >
      {codes !== null ? (
        <div className="flex flex-col gap-4" data-testid="recovery-codes">
          <ol
            className="grid grid-cols-2 gap-2 rounded-xl bg-subtle p-4 font-mono text-sm"
            dir="ltr"
          >
            {codes.map((c) => (
              <li key={c} data-testid="recovery-code">
                {c}
              </li>
            ))}
          </ol>
          <div className="flex flex-wrap gap-3">
            <Button
              variant="secondary"
              onClick={() => {
                navigator.clipboard.writeText(codes.join('\n')).then(
                  () => toast.success(t('twoFactor.copied')),
                  () => toast.error(t('invite.copyFailed')),
                );
              }}
            >
              {t('twoFactor.copyCodes')}
            </Button>
            <Button
              variant="secondary"
              onClick={() =>
                saveFile(
                  new Blob([`${t('twoFactor.codesFile')}\n\n${codes.join('\n')}\n`], {
                    type: 'text/plain;charset=utf-8',
                  }),
                  'swx-recovery-codes.txt',
                )
              }
            >
              {t('twoFactor.downloadCodes')}
            </Button>
          </div>
          <label className="flex min-h-11 items-center gap-3 text-sm">
            <input
              type="checkbox"
              className="size-5"
              checked={saved}
              onChange={(event) => setSaved(event.target.checked)}
              data-testid="recovery-saved"
            />
            {t('twoFactor.saved')}
          </label>
          <div className="flex justify-end">
            <Button
              disabled={!saved}
              onClick={() => {
                if (action === 'enable') toast.success(t('twoFactor.enabled'));
                onClose();
              }}
              data-testid="recovery-done"
            >
              {t('twoFactor.done')}
            </Button>
          </div>
        </div>
      ) : (
        <form
          className="flex flex-col gap-4"
          onSubmit={submit}
          noValidate
          data-testid="two-factor-form"
        >
          {formError ? (
            <FormAlert>
              <span>{formError}</span>
            </FormAlert>
          ) : null}
          {action === 'enable' ? (
            setup ? (
              <>
                <p className="text-sm">{t('twoFactor.scan')}</p>
                <div className="flex justify-center">
                  <img
                    src={qrImageSrc(setup.qrSvg)}
                    alt={t('twoFactor.qrAlt')}
                    width={192}
                    height={192}
                    className="size-48 rounded-lg border border-line bg-white p-2"
                    data-testid="two-factor-qr"
                  />
                </div>
                <CopyRow
                  label={t('twoFactor.secret')}
                  value={setup.secret}
                  testId="two-factor-secret"
                />
                <TextField
                  label={t('twoFactor.enterCode')}
                  name="code"
                  autoComplete="one-time-code"
                  inputMode="numeric"
                  maxLength={6}
                  dir="ltr"
                  value={code}
                  error={fieldError}
                  onChange={(event) => {
                    setCode(event.target.value.replace(/\D/g, ''));
                    setFieldError(undefined);
                  }}
                  data-testid="two-factor-code"
                />
              </>
            ) : formError ? null : (
              <Skeleton className="h-48 w-full rounded-lg" />
            )
          ) : (
            <SecondFactorField
              value={code}
              onChange={(next) => {
                setCode(next);
                setFieldError(undefined);
              }}
              error={fieldError}
            />
          )}
          <div className="flex flex-wrap justify-end gap-3">
            <Button variant="secondary" disabled={busy} onClick={close}>
              {t('actions.cancel')}
            </Button>
            <Button
              type="submit"
              loading={busy}
              variant={action === 'disable' ? 'danger' : 'primary'}
              disabled={action === 'enable' && !setup}
              data-testid="two-factor-submit"
            >
              {action === 'enable'
                ? t('twoFactor.enable')
                : action === 'renew'
                  ? t('twoFactor.renew')
                  : t('twoFactor.disable')}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
