import type { InputHTMLAttributes, ReactNode } from 'react';
import { AreaCodePicker } from './area-code-picker';
import { describedBy, FieldFrame, inputClass, useFieldIds } from './field-frame';

/**
 * A mobile number: the calling-code picker and the national number. The pair is written left to
 * right in every language, as phone numbers are (`+966 5x xxx xxxx`), so the code sits before
 * the number for Arabic readers too.
 */
export function PhoneField({
  label,
  country,
  onCountryChange,
  areaCodeError,
  error,
  hint,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> & {
  label: ReactNode;
  country: string;
  onCountryChange: (country: string) => void;
  areaCodeError?: string | undefined;
  error?: string | undefined;
  hint?: ReactNode;
}) {
  const { inputId, errorId, hintId } = useFieldIds();
  const areaErrorId = `${errorId}-area`;
  return (
    <FieldFrame
      label={label}
      inputId={inputId}
      errors={[
        { id: areaErrorId, message: areaCodeError },
        { id: errorId, message: error },
      ]}
      hint={hint}
      hintId={hintId}
    >
      <div dir="ltr" className="flex gap-2">
        <AreaCodePicker
          id={`${inputId}-area`}
          country={country}
          onChange={onCountryChange}
          invalid={Boolean(areaCodeError)}
          describedBy={describedBy(areaCodeError && areaErrorId)}
        />
        <input
          id={inputId}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(error && errorId, hint ? hintId : null)}
          className={`${inputClass(Boolean(error))} tabular flex-1`}
          {...input}
        />
      </div>
    </FieldFrame>
  );
}
