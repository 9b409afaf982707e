import { useTranslation } from 'react-i18next';
import { TextField } from '../../../shared/ui/text-field';

/** Codes the server decides on (10153 none given, 10116 wrong or used): shown at this field. */
export const SECOND_FACTOR_CODES: readonly number[] = [10153, 10116];

/** Whether a typed value can be sent: six digits, or a recovery code's 10 letters and digits. */
export function secondFactorProblem(value: string): string | undefined {
  const v = value.trim();
  if (v === '') return 'twoFactor.fieldRequired';
  if (/^\d{6}$/.test(v) || v.replace(/[\s-]/g, '').length >= 8) return undefined;
  return 'twoFactor.fieldInvalid';
}

/**
 * The code from the authenticator app (or a recovery code), asked wherever two-factor
 * authentication protects an action: withdrawals, the withdrawal password, switching it off.
 */
export function SecondFactorField({
  value,
  onChange,
  error,
  name = 'twoFactorCode',
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  name?: string;
}) {
  const { t } = useTranslation('profile');
  return (
    <TextField
      label={t('twoFactor.field')}
      name={name}
      autoComplete="one-time-code"
      autoCapitalize="characters"
      spellCheck={false}
      maxLength={24}
      dir="ltr"
      value={value}
      error={error}
      hint={t('twoFactor.fieldHint')}
      onChange={(event) => onChange(event.target.value)}
      data-testid="second-factor"
    />
  );
}
