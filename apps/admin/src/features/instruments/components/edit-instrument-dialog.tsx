import { type AdminInstrument, updateInstrument } from '@swx/contract';
import { type FormEvent, useId, useState } from 'react';
import { t } from '../../../i18n/translate';
import { apiCall } from '../../../shared/api/api-client';
import { isApiError } from '../../../shared/api/api-error';
import { Button } from '../../../shared/ui/button';
import { SelectField, TextField } from '../../../shared/ui/field';
import { InlineAlert } from '../../../shared/ui/inline-alert';
import { Modal } from '../../../shared/ui/modal';
import { SwitchField } from '../../../shared/ui/switch';
import { TimeStamp } from '../../../shared/ui/time-stamp';
import { toast } from '../../../shared/ui/toast-store';
import {
  CALENDARS,
  calendarLabel,
  checkDraft,
  type DraftField,
  draftOf,
  fieldOfPath,
  type InstrumentDraft,
  marketTypeLabel,
  parseLeverages,
  spreadParts,
} from '../instruments.rules';
import { LeverageChips } from './leverage-chips';

const SPREAD_SHAPE = /^0(\.\d{1,8})?$/;
const FIELD_ORDER: readonly DraftField[] = [
  'enabled',
  'sort',
  'calendar',
  'spread',
  'contractSize',
  'feeRate',
  'leverages',
];

/**
 * Mounted per instrument (keyed), so the form starts from that instrument's settings. The form is
 * checked with the contract's body schema before anything is sent; only changed fields are sent,
 * so the audit log records real changes only.
 */
export function EditInstrumentDialog({
  instrument,
  onClose,
  onSaved,
}: {
  instrument: AdminInstrument;
  onClose: () => void;
  onSaved: (instrument: AdminInstrument) => void;
}) {
  const idPrefix = useId();
  const fieldId = (field: DraftField) => `${idPrefix}-${field}`;
  const [draft, setDraft] = useState<InstrumentDraft>(() => draftOf(instrument));
  const [touched, setTouched] = useState<Partial<Record<DraftField, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string>();
  const [serverFields, setServerFields] = useState<Partial<Record<DraftField, string>>>({});
  const [pending, setPending] = useState(false);

  const check = checkDraft(draft, instrument);
  const clientErrors = check.ok ? {} : check.errors;
  const errorOf = (field: DraftField): string | undefined => {
    const key = clientErrors[field];
    if (key && (submitted || touched[field])) return t(key);
    return serverFields[field];
  };

  const change = <K extends DraftField>(field: K, value: InstrumentDraft[K]) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setServerFields((current) => ({ ...current, [field]: undefined }));
  };
  const touch = (field: DraftField) => () =>
    setTouched((current) => ({ ...current, [field]: true }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!check.ok) {
      const first = FIELD_ORDER.find((field) => check.errors[field]);
      if (first) document.getElementById(fieldId(first))?.focus();
      return;
    }
    if (Object.keys(check.body).length === 0) return onClose();
    setPending(true);
    setServerError(undefined);
    setServerFields({});
    try {
      const saved = await apiCall(updateInstrument, {
        params: { id: instrument.id },
        body: check.body,
        quiet: true,
      });
      onSaved(saved);
      toast.success(t('instruments.saved', { code: saved.code }));
      onClose();
    } catch (failure) {
      if (!isApiError(failure)) {
        setServerError(String(failure));
        return;
      }
      setServerError(failure.message);
      const byField: Partial<Record<DraftField, string>> = {};
      for (const field of failure.fields) {
        const name = fieldOfPath(field.path);
        if (name) byField[name] ??= field.message;
      }
      setServerFields(byField);
    } finally {
      setPending(false);
    }
  };

  const spreadPreview = SPREAD_SHAPE.test(draft.spread.trim())
    ? spreadParts(draft.spread.trim())
    : undefined;
  const leverages = parseLeverages(draft.leverages);
  const leveragePreview =
    !clientErrors.leverages && leverages.every((v): v is number => typeof v === 'number')
      ? leverages
      : [];

  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t('instruments.edit.title', { code: instrument.code })}
      description={t('instruments.edit.description', {
        name: instrument.name,
        type: t(marketTypeLabel(instrument.type)),
        precision: instrument.precision,
      })}
    >
      <form className="flex flex-col gap-4" noValidate onSubmit={(event) => void submit(event)}>
        <InlineAlert tone="info">{t('instruments.edit.integrity')}</InlineAlert>
        {serverError ? <InlineAlert>{serverError}</InlineAlert> : null}

        <SwitchField
          label={t('instruments.enabled')}
          description={t('instruments.edit.enabledHint')}
          checked={draft.enabled}
          onCheckedChange={(enabled) => change('enabled', enabled)}
        />

        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id={fieldId('sort')}
            label={t('instruments.sort')}
            hint={t('instruments.edit.sortHint')}
            inputMode="numeric"
            autoComplete="off"
            value={draft.sort}
            onChange={(event) => change('sort', event.target.value)}
            onBlur={touch('sort')}
            error={errorOf('sort')}
          />
          <SelectField
            id={fieldId('calendar')}
            label={t('instruments.edit.calendar')}
            value={draft.calendar}
            onChange={(event) =>
              change(
                'calendar',
                CALENDARS.find((c) => c === event.target.value) ?? instrument.calendar,
              )
            }
            error={errorOf('calendar')}
          >
            {CALENDARS.map((calendar) => (
              <option key={calendar} value={calendar}>
                {t(calendarLabel(calendar))}
              </option>
            ))}
          </SelectField>
          <TextField
            id={fieldId('spread')}
            label={t('instruments.edit.spread')}
            hint={
              <>
                {t('instruments.edit.spreadHint')}{' '}
                {spreadPreview ? (
                  <span className="font-medium text-fg" data-testid="spread-preview">
                    {t('instruments.edit.spreadPreview', spreadPreview)}
                  </span>
                ) : null}
              </>
            }
            inputMode="decimal"
            autoComplete="off"
            spellCheck={false}
            dir="ltr"
            value={draft.spread}
            onChange={(event) => change('spread', event.target.value)}
            onBlur={touch('spread')}
            error={errorOf('spread')}
          />
          <TextField
            id={fieldId('contractSize')}
            label={t('instruments.contractSize')}
            hint={t('instruments.edit.contractSizeHint')}
            inputMode="decimal"
            autoComplete="off"
            spellCheck={false}
            dir="ltr"
            value={draft.contractSize}
            onChange={(event) => change('contractSize', event.target.value)}
            onBlur={touch('contractSize')}
            error={errorOf('contractSize')}
          />
          <TextField
            id={fieldId('feeRate')}
            label={t('instruments.edit.feeRate')}
            hint={t('instruments.edit.feeRateHint')}
            inputMode="decimal"
            autoComplete="off"
            spellCheck={false}
            dir="ltr"
            placeholder={t('instruments.edit.feeRateDefault')}
            value={draft.feeRate}
            onChange={(event) => change('feeRate', event.target.value)}
            onBlur={touch('feeRate')}
            error={errorOf('feeRate')}
          />
        </div>

        <div className="flex flex-col gap-1.5">
          <TextField
            id={fieldId('leverages')}
            label={t('instruments.leverages')}
            hint={t('instruments.edit.leveragesHint')}
            inputMode="numeric"
            autoComplete="off"
            spellCheck={false}
            dir="ltr"
            value={draft.leverages}
            onChange={(event) => change('leverages', event.target.value)}
            onBlur={touch('leverages')}
            error={errorOf('leverages')}
          />
          {leveragePreview.length > 0 ? (
            <div className="flex flex-wrap items-center gap-2 text-xs text-muted">
              <span>{t('instruments.edit.leveragesPreview')}</span>
              <LeverageChips values={leveragePreview} />
            </div>
          ) : null}
        </div>

        <div className="flex flex-wrap items-center justify-between gap-2">
          <span className="text-xs text-muted">
            {t('instruments.edit.updated')} <TimeStamp iso={instrument.updatedAt} />
          </span>
          <div className="flex gap-2">
            <Button onClick={onClose}>{t('common.cancel')}</Button>
            <Button type="submit" variant="primary" pending={pending}>
              {t('common.save')}
            </Button>
          </div>
        </div>
      </form>
    </Modal>
  );
}
