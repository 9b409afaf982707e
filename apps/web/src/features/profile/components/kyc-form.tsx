import type { KycDocumentType, KycFileSlot } from '@swx/contract';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button';
import { Icon } from '../../../shared/ui/icons';
import { TextField } from '../../../shared/ui/text-field';
import { submitIdentification, type KycUpload } from '../api/profile.api';
import { countryOptions } from '../countries';
import {
  localToday,
  requiredSlots,
  validateKyc,
  type KycDraft,
  type FieldProblem,
  type KycFieldName,
  type KycValidation,
} from '../kyc-form.rules';
import { ChoiceField, FormAlert, SelectField } from './form-fields';
import { ImageSlot, type SlotImage } from './image-slot';
import { errorCode, useErrorText } from './use-error-text';

/** Fields picked from a list say "choose"; typed ones "fill in". */
const CHOICES = new Set<KycFieldName>(['sex', 'country', 'documentType']);

/** The catalogue key of a field's problem: specific where a generic word would not help. */
function problemKey(name: KycFieldName, problem: FieldProblem): string {
  if (problem === 'required') return CHOICES.has(name) ? 'kyc.error.choose' : 'kyc.error.required';
  if (problem === 'future') return 'kyc.error.future';
  if (name === 'phone') return 'kyc.error.phone';
  if (name === 'address') return 'kyc.error.address';
  if (name === 'birthdate') return 'kyc.error.date';
  return 'kyc.error.invalid';
}

/**
 * The KYC form: personal details, the document type, and its images. Everything is checked
 * inline before the upload (spec §5 messages), then sent as one multipart request.
 */
export function KycForm({
  initial,
  onSubmitted,
  onStatusChanged,
}: {
  initial: KycDraft;
  onSubmitted: () => void;
  /** 10019: a submission is already pending or verified (another tab). */
  onStatusChanged: () => void;
}) {
  const { t, i18n } = useTranslation('profile');
  const errorText = useErrorText();
  const [draft, setDraft] = useState<KycDraft>(initial);
  const [images, setImages] = useState<Partial<Record<KycFileSlot, SlotImage>>>({});
  const [checked, setChecked] = useState<KycValidation | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const alert = useRef<HTMLDivElement>(null);
  const countries = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  const today = localToday();

  // Object URLs of the previews go with the form.
  const imagesRef = useRef(images);
  imagesRef.current = images;
  useEffect(
    () => () => {
      for (const image of Object.values(imagesRef.current)) {
        if (image?.url) URL.revokeObjectURL(image.url);
      }
    },
    [],
  );

  // Once the user has tried to submit, the messages follow the corrections as they are made.
  const validation = checked ? validateKyc(draft, images, today) : null;
  const fieldError = (name: KycFieldName) => {
    const problem = validation?.fields[name];
    return problem ? t(problemKey(name, problem)) : undefined;
  };

  const set =
    <K extends KycFieldName>(name: K) =>
    (value: KycDraft[K]) =>
      setDraft((d) => ({ ...d, [name]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateKyc(draft, images, today);
    setChecked(result);
    setServerError(null);
    if (!result.value) {
      requestAnimationFrame(() => alert.current?.focus());
      return;
    }
    const files: KycUpload = {};
    for (const slot of requiredSlots(draft.documentType)) files[slot] = images[slot]?.blob;
    setSending(true);
    submitIdentification(result.value, files).then(
      () => {
        setSending(false);
        onSubmitted();
      },
      (error: unknown) => {
        setSending(false);
        const code = errorCode(error);
        if (code === 10019) {
          onStatusChanged();
          return;
        }
        // Shown in the form (not a toast), beside what it is about: 10122..10127 name the images.
        setServerError(errorText(error));
        requestAnimationFrame(() => alert.current?.focus());
      },
    );
  };

  const slots = requiredSlots(draft.documentType);
  const summary: string[] = [];
  if (validation?.incomplete) summary.push(t('kyc.error.incomplete'));
  else if (validation && Object.keys(validation.fields).length > 0)
    summary.push(t('kyc.error.checkFields'));
  if (validation?.imagesMissing) summary.push(t('kyc.error.imagesMissing'));
  if (serverError) summary.push(serverError);

  return (
    <form className="flex flex-col gap-6" onSubmit={submit} noValidate data-testid="kyc-form">
      <div ref={alert} tabIndex={-1} className="outline-none">
        {summary.length > 0 ? (
          <FormAlert>
            <Icon name="alert" className="mt-0.5 size-4" />
            <ul className="flex flex-col gap-1" data-testid="kyc-form-errors">
              {summary.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </FormAlert>
        ) : null}
      </div>

      <section
        aria-labelledby="kyc-personal"
        className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-4 sm:p-5"
      >
        <h2 id="kyc-personal" className="text-base font-semibold">
          {t('kyc.section.personal')}
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('kyc.field.firstName')}
            name="firstName"
            autoComplete="given-name"
            maxLength={60}
            value={draft.firstName}
            error={fieldError('firstName')}
            onChange={(e) => set('firstName')(e.target.value)}
          />
          <TextField
            label={t('kyc.field.lastName')}
            name="lastName"
            autoComplete="family-name"
            maxLength={60}
            value={draft.lastName}
            error={fieldError('lastName')}
            onChange={(e) => set('lastName')(e.target.value)}
          />
        </div>
        <ChoiceField<'male' | 'female'>
          label={t('kyc.field.sex')}
          name="sex"
          value={draft.sex}
          onChange={set('sex')}
          error={fieldError('sex')}
          options={[
            { value: 'male', label: t('kyc.sex.male') },
            { value: 'female', label: t('kyc.sex.female') },
          ]}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('kyc.field.birthdate')}
            name="birthdate"
            type="date"
            autoComplete="bday"
            min="1900-01-01"
            max={today}
            value={draft.birthdate}
            error={fieldError('birthdate')}
            onChange={(e) => set('birthdate')(e.target.value)}
          />
          <SelectField
            label={t('kyc.field.country')}
            name="country"
            autoComplete="country"
            value={draft.country}
            options={countries}
            placeholder={t('form.choose')}
            error={fieldError('country')}
            onChange={(e) => set('country')(e.target.value)}
          />
        </div>
        <TextField
          label={t('kyc.field.address')}
          name="address"
          autoComplete="street-address"
          maxLength={300}
          value={draft.address}
          error={fieldError('address')}
          onChange={(e) => set('address')(e.target.value)}
        />
        <TextField
          label={t('kyc.field.phone')}
          name="phone"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          dir="ltr"
          maxLength={20}
          placeholder="+44 7700 900123"
          value={draft.phone}
          error={fieldError('phone')}
          hint={t('kyc.field.phoneHint')}
          onChange={(e) => set('phone')(e.target.value)}
        />
      </section>

      <section
        aria-labelledby="kyc-document"
        className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-4 sm:p-5"
      >
        <h2 id="kyc-document" className="text-base font-semibold">
          {t('kyc.section.document')}
        </h2>
        <ChoiceField<KycDocumentType>
          label={t('kyc.field.documentType')}
          name="documentType"
          value={draft.documentType}
          onChange={set('documentType')}
          error={fieldError('documentType')}
          options={[
            { value: 'id_card', label: t('kyc.document.id_card') },
            { value: 'passport', label: t('kyc.document.passport') },
            { value: 'driver_licence', label: t('kyc.document.driver_licence') },
          ]}
        />
        <p className="text-sm text-muted">
          {draft.documentType
            ? t(`kyc.documentHint.${draft.documentType}`)
            : t('kyc.documentHint.none')}
        </p>
        <div className="grid gap-5 sm:grid-cols-2" data-testid="kyc-slots">
          {slots.map((slot) => (
            <ImageSlot
              key={slot}
              slot={slot}
              image={images[slot]}
              onChange={(image) => setImages((all) => ({ ...all, [slot]: image }))}
              error={validation?.images[slot] ? t('kyc.error.imageRequired') : undefined}
            />
          ))}
        </div>
      </section>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted">{t('kyc.privacy')}</p>
        <Button
          type="submit"
          size="lg"
          loading={sending}
          className="w-full sm:w-auto"
          data-testid="kyc-submit"
        >
          {sending ? t('kyc.submitting') : t('kyc.submit')}
        </Button>
      </div>
    </form>
  );
}
