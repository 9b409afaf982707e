import {
  type AdminContentItem,
  type ContentType,
  type FaqCategory,
  updateContent,
} from '@swx/contract';
import { type FormEvent, useState } from 'react';
import { t } from '../../../i18n/translate';
import { apiCall } from '../../../shared/api/api-client';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { SelectField, TextField } from '../../../shared/ui/field';
import { TimeStamp } from '../../../shared/ui/time-stamp';
import { toast } from '../../../shared/ui/toast-store';
import { CONTENT_TYPES, FAQ_CATEGORIES } from '../content.model';

const SORT_MAX = 10_000;

/**
 * Type or category, sort order and publication: everything that is not per language. A page always
 * has a type and an FAQ entry a category (the server refuses anything else), so there is no "none".
 */
export function MetadataPanel({
  item,
  onSaved,
}: {
  item: AdminContentItem;
  onSaved: (item: AdminContentItem) => void;
}) {
  const [type, setType] = useState<ContentType | null>(item.type);
  const [category, setCategory] = useState<FaqCategory | null>(item.category);
  const [sort, setSort] = useState(String(item.sort));
  const [saving, setSaving] = useState(false);
  const [publishing, setPublishing] = useState(false);

  const sortValid = /^\d{1,5}$/.test(sort) && Number(sort) <= SORT_MAX;
  const dirty =
    type !== item.type || category !== item.category || (sortValid && Number(sort) !== item.sort);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!sortValid || !dirty) return;
    setSaving(true);
    try {
      const saved = await apiCall(updateContent, {
        params: { id: item.id },
        body: {
          sort: Number(sort),
          ...(item.kind === 'page' ? { type } : {}),
          ...(item.kind === 'faq' ? { category } : {}),
        },
      });
      onSaved(saved);
      toast.success(t('content.meta.saved'));
    } catch {
      // The client showed the server's message.
    } finally {
      setSaving(false);
    }
  };

  const setStatus = async (status: AdminContentItem['status']) => {
    setPublishing(true);
    try {
      const saved = await apiCall(updateContent, { params: { id: item.id }, body: { status } });
      onSaved(saved);
      toast.success(
        t(status === 'published' ? 'content.meta.published' : 'content.meta.unpublished'),
      );
    } catch {
      // Shown by the client.
    } finally {
      setPublishing(false);
    }
  };

  const published = item.status === 'published';

  return (
    <section
      aria-labelledby="meta-heading"
      className="flex flex-col gap-3 rounded-lg border border-line bg-surface p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="meta-heading" className="text-sm font-semibold">
          {t('content.meta.title')}
        </h2>
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <Badge tone={published ? 'success' : 'neutral'}>
            {t(`content.statusValue.${item.status}`)}
          </Badge>
          {published && item.publishedAt ? (
            <span className="text-xs text-muted">
              {t('content.meta.publishedAt')} <TimeStamp iso={item.publishedAt} />
            </span>
          ) : null}
          <Button
            size="sm"
            variant={published ? 'secondary' : 'primary'}
            pending={publishing}
            onClick={() => void setStatus(published ? 'draft' : 'published')}
          >
            {published ? t('content.meta.unpublish') : t('content.meta.publish')}
          </Button>
        </div>
      </div>
      <form className="flex flex-wrap items-end gap-3" noValidate onSubmit={(e) => void save(e)}>
        {item.kind === 'page' ? (
          <SelectField
            label={t('content.typeColumn')}
            value={type ?? ''}
            onChange={(event) => setType(Number(event.target.value) as ContentType)}
          >
            {CONTENT_TYPES.map((value) => (
              <option key={value} value={value}>
                {t(`content.type.${value}`)}
              </option>
            ))}
          </SelectField>
        ) : null}
        {item.kind === 'faq' ? (
          <SelectField
            label={t('content.categoryColumn')}
            value={category ?? ''}
            onChange={(event) => setCategory(event.target.value as FaqCategory)}
          >
            {FAQ_CATEGORIES.map((value) => (
              <option key={value} value={value}>
                {t(`content.category.${value}`)}
              </option>
            ))}
          </SelectField>
        ) : null}
        <TextField
          label={t('content.sort')}
          inputMode="numeric"
          className="w-28"
          value={sort}
          onChange={(event) => setSort(event.target.value.trim())}
          error={sortValid ? undefined : t('content.errors.sort', { max: SORT_MAX })}
        />
        <Button type="submit" pending={saving} disabled={!dirty || !sortValid}>
          {t('content.meta.save')}
        </Button>
      </form>
    </section>
  );
}
