import { saveContentTranslation } from '@swx/contract';
import { ToggleGroup } from 'radix-ui';
import { type FormEvent, useState } from 'react';
import { t } from '../../../i18n/translate';
import { apiCall } from '../../../shared/api/api-client';
import { isApiError } from '../../../shared/api/api-error';
import { Button } from '../../../shared/ui/button';
import { TextAreaField, TextField } from '../../../shared/ui/field';
import { InlineAlert } from '../../../shared/ui/inline-alert';
import { TimeStamp } from '../../../shared/ui/time-stamp';
import { toast } from '../../../shared/ui/toast-store';
import {
  CONTENT_LOCALES,
  type ContentLocale,
  localeInfo,
  TITLE_MAX,
  type Translation,
} from '../content.model';
import { bodyError, titleError } from '../content.rules';
import { AllowedTagsHint } from './allowed-tags-hint';

interface Draft {
  title: string;
  body: string;
}

/**
 * One language at a time: title and HTML body, saved on their own. Drafts of other languages are
 * kept while switching, so nothing typed is lost. The preview shows what the server stored after
 * sanitising, never the unsaved text.
 */
export function TranslationEditor({
  contentId,
  translations,
  onSaved,
}: {
  contentId: number;
  translations: readonly Translation[];
  onSaved: (translation: Translation) => void;
}) {
  const [locale, setLocale] = useState<ContentLocale>('en');
  const [drafts, setDrafts] = useState<Partial<Record<ContentLocale, Draft>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string>();
  const [adjusted, setAdjusted] = useState<ContentLocale>();
  const [pending, setPending] = useState(false);

  const saved = new Map(translations.map((tr) => [tr.locale, tr]));
  const current = saved.get(locale);
  const draft = drafts[locale] ?? { title: current?.title ?? '', body: current?.body ?? '' };
  const dirty = (code: ContentLocale) => {
    const d = drafts[code];
    const s = saved.get(code);
    return d !== undefined && (d.title !== (s?.title ?? '') || d.body !== (s?.body ?? ''));
  };
  const info = localeInfo(locale);
  const english = saved.get('en');
  const errors = { title: titleError(draft.title), body: bodyError(draft.body) };

  const edit = (patch: Partial<Draft>) =>
    setDrafts((all) => ({ ...all, [locale]: { ...draft, ...patch } }));

  const choose = (next: string) => {
    if (!next) return; // ToggleGroup reports '' when the pressed item is pressed again.
    setLocale(next as ContentLocale);
    setSubmitted(false);
    setServerError(undefined);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (errors.title || errors.body) return;
    const sent = { title: draft.title.trim(), body: draft.body };
    setPending(true);
    setServerError(undefined);
    try {
      const stored = await apiCall(saveContentTranslation, {
        params: { id: contentId, locale },
        body: sent,
        quiet: true,
      });
      onSaved(stored);
      // The editor now holds what was stored; if the sanitiser changed it, say so.
      setDrafts((all) => {
        const rest = { ...all };
        delete rest[locale];
        return rest;
      });
      setAdjusted(stored.body !== sent.body ? locale : undefined);
      setSubmitted(false);
      toast.success(t('content.editor.saved', { language: info.name }));
    } catch (failure) {
      setServerError(isApiError(failure) ? failure.message : String(failure));
    } finally {
      setPending(false);
    }
  };

  return (
    <section aria-labelledby="versions-heading" className="flex flex-col gap-3">
      <h2 id="versions-heading" className="text-sm font-semibold">
        {t('content.editor.title')}
      </h2>
      <ToggleGroup.Root
        type="single"
        value={locale}
        onValueChange={choose}
        aria-label={t('content.editor.language')}
        className="flex flex-wrap gap-1"
      >
        {CONTENT_LOCALES.map(({ code, name }) => {
          const exists = saved.has(code);
          return (
            <ToggleGroup.Item
              key={code}
              value={code}
              title={exists ? name : t('content.localeMissing', { name })}
              className={
                'inline-flex items-center gap-1.5 rounded-md border px-2 py-1 text-xs font-medium hover:bg-raised ' +
                (exists
                  ? 'border-line bg-surface text-fg '
                  : 'border-dashed border-line text-muted ') +
                'data-[state=on]:border-solid data-[state=on]:border-accent data-[state=on]:bg-accent data-[state=on]:text-accent-fg'
              }
            >
              <span
                aria-hidden="true"
                className={`size-2 rounded-full ${exists ? 'bg-success' : 'border border-current'}`}
              />
              <span lang={code}>{name}</span>
              <span className="font-mono text-[0.625rem] opacity-75">{code}</span>
              <span className="sr-only">
                {exists ? t('content.localePresentSr') : t('content.localeMissingSr')}
                {dirty(code) ? `, ${t('content.editor.unsaved')}` : ''}
              </span>
              {dirty(code) ? (
                <span aria-hidden="true" className="text-warning">
                  •
                </span>
              ) : null}
            </ToggleGroup.Item>
          );
        })}
      </ToggleGroup.Root>

      <div className="grid gap-4 xl:grid-cols-2">
        <form
          className="flex flex-col gap-3 rounded-lg border border-line bg-surface p-4"
          noValidate
          onSubmit={(event) => void save(event)}
          aria-label={t('content.editor.formLabel', { language: info.name })}
        >
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h3 className="text-sm font-semibold">
              {t('content.editor.versionTitle', { language: info.name })}
            </h3>
            <span className="text-xs text-muted">
              {current ? (
                <>
                  {t('content.editor.lastSaved')} <TimeStamp iso={current.updatedAt} />
                </>
              ) : (
                t('content.editor.notYet')
              )}
            </span>
          </div>
          {!current && locale !== 'en' ? (
            <InlineAlert tone="info">
              {t('content.editor.fallbackNote', { language: info.name })}
            </InlineAlert>
          ) : null}
          {serverError ? <InlineAlert>{serverError}</InlineAlert> : null}
          <TextField
            key={`title-${locale}`}
            label={t('content.editor.titleLabel', { language: info.name })}
            lang={locale}
            dir={info.dir}
            maxLength={TITLE_MAX}
            placeholder={locale === 'en' ? undefined : english?.title}
            value={draft.title}
            onChange={(event) => edit({ title: event.target.value })}
            error={submitted && errors.title ? t(errors.title) : undefined}
          />
          <TextAreaField
            key={`body-${locale}`}
            label={t('content.editor.bodyLabel', { language: info.name })}
            hint={<AllowedTagsHint />}
            lang={locale}
            dir={info.dir}
            rows={16}
            value={draft.body}
            onChange={(event) => edit({ body: event.target.value })}
            error={submitted && errors.body ? t(errors.body) : undefined}
          />
          <div className="flex flex-wrap items-center gap-2">
            <Button type="submit" variant="primary" pending={pending}>
              {t('content.editor.save', { language: info.name })}
            </Button>
            {dirty(locale) ? (
              <>
                <span className="text-xs text-warning">{t('content.editor.unsaved')}</span>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() =>
                    setDrafts((all) => {
                      const rest = { ...all };
                      delete rest[locale];
                      return rest;
                    })
                  }
                >
                  {t('content.editor.discard')}
                </Button>
              </>
            ) : null}
          </div>
        </form>

        <section
          aria-labelledby="preview-heading"
          className="flex min-w-0 flex-col gap-2 rounded-lg border border-line bg-surface p-4"
        >
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h3 id="preview-heading" className="text-sm font-semibold">
              {t('content.preview.title', { language: info.name })}
            </h3>
            <span className="text-xs text-muted">{t('content.preview.note')}</span>
          </div>
          {adjusted === locale ? (
            <InlineAlert tone="info">{t('content.preview.adjusted')}</InlineAlert>
          ) : null}
          {current ? (
            <article
              lang={locale}
              dir={info.dir}
              data-testid="content-preview"
              className="content-prose rounded-md border border-dashed border-line p-4 text-sm"
            >
              <h4 className="mb-3 text-lg font-semibold">{current.title}</h4>
              {/* The body was sanitised by the server against the whitelist shown beside the editor. */}
              <div dangerouslySetInnerHTML={{ __html: current.body }} />
            </article>
          ) : (
            <p className="rounded-md border border-dashed border-line p-4 text-sm text-muted">
              {t('content.preview.empty', { language: info.name })}
            </p>
          )}
        </section>
      </div>
    </section>
  );
}
