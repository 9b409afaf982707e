import { type CannedReply, saveCannedReply } from '@swx/contract';
import { LOCALES } from '@swx/i18n';
import { type FormEvent, useId, useState } from 'react';
import { t } from '../../../i18n/translate';
import { apiCall } from '../../../shared/api/api-client';
import { isApiError } from '../../../shared/api/api-error';
import { Button } from '../../../shared/ui/button';
import { controlClass, TextField } from '../../../shared/ui/field';
import { InlineAlert } from '../../../shared/ui/inline-alert';
import { Modal, ModalClose } from '../../../shared/ui/modal';
import {
  CANNED_LOCALES,
  type CannedDraft,
  cannedProblems,
  draftOf,
  emptyCannedDraft,
  normaliseText,
  TEXT_MAX,
} from '../support.rules';

/** One language's text: prose in the language's own direction, not the code font of the editors. */
function CannedTextField({
  label,
  locale,
  dir,
  value,
  error,
  onChange,
}: {
  label: string;
  locale: string;
  dir: 'ltr' | 'rtl';
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <textarea
        id={id}
        lang={locale}
        dir={dir}
        rows={3}
        maxLength={TEXT_MAX}
        className={`${controlClass} resize-y leading-relaxed`}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        data-testid={`canned-text-${locale}`}
        onChange={(event) => onChange(event.target.value)}
      />
      {error ? (
        <p id={`${id}-error`} className="text-xs font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Creates a canned reply, or edits `reply`: a title and the text in each of the 11 languages. */
export function CannedReplyDialog({
  reply,
  onClose,
  onSaved,
}: {
  reply: CannedReply | undefined;
  onClose: () => void;
  onSaved: (saved: CannedReply) => void;
}) {
  const [draft, setDraft] = useState<CannedDraft>(() =>
    reply ? draftOf(reply) : emptyCannedDraft(),
  );
  const [checked, setChecked] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [pending, setPending] = useState(false);
  const problems = checked ? cannedProblems(draft) : {};
  const error = (key: keyof typeof problems) => {
    const found = problems[key];
    return found ? t(found, { max: key === 'title' ? 60 : TEXT_MAX }) : undefined;
  };

  // Most replies start in English: copy it into the languages not written yet.
  const fillFromEnglish = () =>
    setDraft((current) => ({
      ...current,
      texts: Object.fromEntries(
        CANNED_LOCALES.map((l) => [
          l,
          current.texts[l].trim() ? current.texts[l] : current.texts.en,
        ]),
      ) as CannedDraft['texts'],
    }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (Object.keys(cannedProblems(draft)).length > 0) {
      setProblem(t('support.canned.errors.check'));
      return;
    }
    setPending(true);
    setProblem(undefined);
    try {
      const saved = await apiCall(saveCannedReply, {
        body: {
          ...(reply ? { id: reply.id } : {}),
          title: draft.title.trim(),
          texts: Object.fromEntries(CANNED_LOCALES.map((l) => [l, normaliseText(draft.texts[l])])),
        },
        quiet: true,
      });
      onSaved(saved);
    } catch (failure) {
      setProblem(isApiError(failure) ? failure.message : String(failure));
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={
        reply ? t('support.canned.editTitle', { title: reply.title }) : t('support.canned.new')
      }
      description={t('support.canned.dialogLead')}
    >
      <form
        className="flex flex-col gap-3"
        noValidate
        onSubmit={(e) => void submit(e)}
        data-testid="canned-form"
      >
        {problem ? <InlineAlert>{problem}</InlineAlert> : null}
        <TextField
          label={t('support.canned.titleField')}
          value={draft.title}
          maxLength={60}
          error={error('title')}
          data-testid="canned-title"
          onChange={(e) => setDraft((d) => ({ ...d, title: e.target.value }))}
        />
        <div className="flex justify-end">
          <Button size="sm" onClick={fillFromEnglish} disabled={!draft.texts.en.trim()}>
            {t('support.canned.fillFromEnglish')}
          </Button>
        </div>
        {LOCALES.map(({ code, name, dir }) => (
          <CannedTextField
            key={code}
            label={`${name} (${code})`}
            locale={code}
            dir={dir}
            value={draft.texts[code]}
            error={error(code)}
            onChange={(value) => setDraft((d) => ({ ...d, texts: { ...d.texts, [code]: value } }))}
          />
        ))}
        <div className="sticky bottom-0 -mx-5 -mb-5 flex justify-end gap-2 border-t border-line bg-surface px-5 py-3">
          <ModalClose asChild>
            <Button>{t('common.cancel')}</Button>
          </ModalClose>
          <Button type="submit" variant="primary" pending={pending} data-testid="canned-save">
            {t('common.save')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
