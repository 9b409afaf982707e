import { type ContentType, createContent, type FaqCategory } from '@swx/contract';
import { type FormEvent, useState } from 'react';
import { t } from '../../../i18n/translate';
import { apiCall } from '../../../shared/api/api-client';
import { isApiError } from '../../../shared/api/api-error';
import { Button } from '../../../shared/ui/button';
import { SelectField, TextAreaField, TextField } from '../../../shared/ui/field';
import { InlineAlert } from '../../../shared/ui/inline-alert';
import { Modal } from '../../../shared/ui/modal';
import {
  CONTENT_KINDS,
  CONTENT_TYPES,
  type ContentKindValue,
  FAQ_CATEGORIES,
  SLUG_MAX,
} from '../content.model';
import { bodyError, slugError, titleError } from '../content.rules';
import { AllowedTagsHint } from './allowed-tags-hint';

export function CreateContentDialog({
  initialKind,
  onClose,
  onCreated,
}: {
  initialKind: ContentKindValue;
  onClose: () => void;
  onCreated: (id: number) => void;
}) {
  const [kind, setKind] = useState<ContentKindValue>(initialKind);
  const [slug, setSlug] = useState('');
  const [type, setType] = useState<ContentType>(3);
  const [category, setCategory] = useState<FaqCategory>('account');
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string>();
  const [pending, setPending] = useState(false);

  const errors = { slug: slugError(slug), title: titleError(title), body: bodyError(body) };
  const shown = (key: keyof typeof errors) => {
    const error = errors[key];
    return submitted && error ? t(error) : undefined;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (errors.slug || errors.title || errors.body) return;
    setPending(true);
    setServerError(undefined);
    try {
      const item = await apiCall(createContent, {
        body: {
          kind,
          slug,
          type: kind === 'page' ? type : null,
          category: kind === 'faq' ? category : null,
          title: title.trim(),
          body,
        },
        quiet: true,
      });
      onCreated(item.id);
    } catch (failure) {
      setServerError(isApiError(failure) ? failure.message : String(failure));
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t('content.create.title')}
      description={t('content.create.description')}
    >
      <form className="flex flex-col gap-3" noValidate onSubmit={(event) => void submit(event)}>
        {serverError ? <InlineAlert>{serverError}</InlineAlert> : null}
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField
            label={t('content.kind')}
            value={kind}
            onChange={(event) => setKind(event.target.value as ContentKindValue)}
          >
            {CONTENT_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`content.kindValue.${k}`)}
              </option>
            ))}
          </SelectField>
          {kind === 'page' ? (
            <SelectField
              label={t('content.typeColumn')}
              value={type}
              onChange={(event) => setType(Number(event.target.value) as ContentType)}
            >
              {CONTENT_TYPES.map((value) => (
                <option key={value} value={value}>
                  {t(`content.type.${value}`)}
                </option>
              ))}
            </SelectField>
          ) : null}
          {kind === 'faq' ? (
            <SelectField
              label={t('content.categoryColumn')}
              value={category}
              onChange={(event) => setCategory(event.target.value as FaqCategory)}
            >
              {FAQ_CATEGORIES.map((value) => (
                <option key={value} value={value}>
                  {t(`content.category.${value}`)}
                </option>
              ))}
            </SelectField>
          ) : null}
        </div>
        <TextField
          label={t('content.slug')}
          hint={t('content.slugHint')}
          value={slug}
          maxLength={SLUG_MAX}
          autoCapitalize="none"
          spellCheck={false}
          dir="ltr"
          onChange={(event) => setSlug(event.target.value.toLowerCase())}
          error={shown('slug')}
        />
        <TextField
          label={t('content.titleEnglish')}
          value={title}
          lang="en"
          onChange={(event) => setTitle(event.target.value)}
          error={shown('title')}
        />
        <TextAreaField
          label={t('content.bodyEnglish')}
          hint={<AllowedTagsHint />}
          value={body}
          lang="en"
          rows={8}
          onChange={(event) => setBody(event.target.value)}
          error={shown('body')}
        />
        <div className="flex justify-end gap-2">
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="primary" pending={pending}>
            {t('content.create.submit')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
