import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../shared/api/error-message';
import type { AuthField, FieldProblems, Problem } from '../auth-validation';

/**
 * Form state for the sign-in forms. Problems are worked out from the values on every render, so
 * a message disappears the moment its cause is fixed; a field shows its problem once it has been
 * left with something in it, or after a submit. Server answers about a field stay until the
 * field changes.
 */
export function useAuthForm<V extends Record<keyof V, string>>(
  initial: V,
  validate: (values: V) => FieldProblems,
) {
  const { t, i18n } = useTranslation('auth');
  const [values, setValues] = useState(initial);
  const [shown, setShown] = useState<ReadonlySet<string>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverProblems, setServerProblems] = useState<FieldProblems>({});
  const [formError, setFormError] = useState<unknown>(null);
  const [focusRequest, setFocusRequest] = useState<{ fields: readonly string[] } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const problems = validate(values);

  // The server's answer is the newer news about a field, so it is shown first.
  const problemOf = (field: AuthField): Problem | undefined =>
    serverProblems[field] ?? (submitted || shown.has(field) ? problems[field] : undefined);

  const text = (problem: Problem | undefined): string | undefined =>
    problem ? t(problem.key, problem.values) : undefined;

  const errorOf = (field: AuthField): string | undefined => text(problemOf(field));

  const set = useCallback((field: keyof V & string, value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    // A new calling code changes the whole phone number.
    const stale: readonly string[] = field === 'country' ? ['areaCode', 'phone'] : [field];
    setServerProblems((previous) => {
      if (!stale.some((name) => name in previous)) return previous;
      const next = { ...previous };
      for (const name of stale) delete next[name as AuthField];
      return next;
    });
  }, []);

  /** Shows the field's problem once it is left with something in it. */
  const blur = (field: AuthField) => {
    if ((values as Record<string, string | undefined>)[field]) show([field]);
  };

  const show = (fields: readonly AuthField[]) =>
    setShown((previous) => new Set([...previous, ...fields]));

  /**
   * After the next render, focuses the first of `fields` in the form (the ones the server named),
   * else the first control that reports a problem.
   */
  const focusFirstProblem = (fields: readonly string[] = []) => setFocusRequest({ fields });

  useEffect(() => {
    const form = formRef.current;
    if (!focusRequest || !form) return;
    const named = focusRequest.fields.length
      ? form.querySelector<HTMLElement>(focusRequest.fields.map((f) => `[name="${f}"]`).join(','))
      : null;
    (named ?? form.querySelector<HTMLElement>('[aria-invalid="true"]'))?.focus();
  }, [focusRequest]);

  /** Checks every field; true when the form may be sent. */
  const checkAll = (): boolean => {
    setSubmitted(true);
    setFormError(null);
    if (Object.keys(problems).length > 0) {
      focusFirstProblem();
      return false;
    }
    return true;
  };

  /** Checks some fields now (e.g. the address before sending a code). */
  const checkFields = (fields: readonly AuthField[]): boolean => {
    show(fields);
    if (fields.some((field) => problems[field])) {
      focusFirstProblem();
      return false;
    }
    return true;
  };

  /** The server's answer: problems of named fields next to them, anything else above the button. */
  const fail = (error: unknown, fieldProblems: FieldProblems) => {
    if (Object.keys(fieldProblems).length > 0) {
      setServerProblems((previous) => ({ ...previous, ...fieldProblems }));
      setFormError(null);
      focusFirstProblem(Object.keys(fieldProblems));
    } else {
      setFormError(error);
    }
  };

  return {
    values,
    set,
    blur,
    show,
    problems,
    errorOf,
    checkAll,
    checkFields,
    fail,
    setServerProblems,
    formRef,
    formError: formError === null ? null : apiErrorMessage(formError, t, (key) => i18n.exists(key)),
    clearFormError: () => setFormError(null),
  };
}
