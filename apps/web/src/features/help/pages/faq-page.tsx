import type { FaqCategory } from '@swx/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../../shared/api/use-api-query';
import { paths } from '../../../shared/navigation/paths';
import { Button } from '../../../shared/ui/button';
import { EmptyState, ListSkeleton } from '../../../shared/ui/list';
import { fetchFaq } from '../api/help.api';
import { FAQ_CATEGORIES, parseCategory } from '../components/faq-categories';
import { FaqGroups } from '../components/faq-groups';
import { FaqSearchForm } from '../components/faq-search-form';
import { PageHeading } from '../components/page-heading';

const SEARCH_DEBOUNCE_MS = 300;

/**
 * FAQ: the server searches titles and bodies (`listFaq?q=`), results follow the typing after a
 * short pause, and `?category=` narrows to one category. Both live in the address, so a search
 * can be shared and the back button works.
 */
export default function FaqPage() {
  const { t } = useTranslation('help');
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const category = parseCategory(params.get('category'));

  // Reads the current address (not this render's), so a late debounced search keeps a category
  // picked in the meantime.
  const update = (next: { q?: string; category?: FaqCategory | null }) => {
    setParams(
      (current) => {
        const search = new URLSearchParams(current);
        for (const [key, value] of Object.entries(next)) {
          if (value) search.set(key, value);
          else search.delete(key);
        }
        return search;
      },
      { replace: true },
    );
  };

  // The box's text runs ahead of the address (and the server) by the debounce delay.
  const [typed, setTyped] = useState(q);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // Back and forward change `q` without typing: the box follows.
  const lastQ = useRef(q);
  useEffect(() => {
    if (q !== lastQ.current) {
      lastQ.current = q;
      setTyped((current) => (current.trim() === q ? current : q));
    }
  }, [q]);

  const faq = useApiQuery(`faq?q=${q}`, (signal) => fetchFaq(q, signal), {
    keepPreviousData: true,
  });
  const groups = useMemo(
    () =>
      (faq.data ?? []).filter(
        (group) => group.items.length > 0 && (!category || group.category === category),
      ),
    [faq.data, category],
  );
  const count = groups.reduce((sum, group) => sum + group.items.length, 0);

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-8 sm:px-6 md:py-12">
      <title>{t('faq.documentTitle')}</title>
      <PageHeading title={t('faq.title')} lead={t('faq.lead')} />
      <FaqSearchForm
        value={typed}
        onValueChange={(value) => {
          setTyped(value);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => update({ q: value.trim() }), SEARCH_DEBOUNCE_MS);
        }}
        onSubmit={(value) => {
          clearTimeout(timer.current);
          update({ q: value });
        }}
      />

      <nav
        aria-label={t('faq.filterLabel')}
        className="-mx-4 overflow-x-auto px-4 md:mx-0 md:overflow-visible md:px-0"
      >
        <ul className="flex gap-2 md:flex-wrap">
          <li>
            <CategoryChip
              active={!category}
              label={t('faq.allCategories')}
              onSelect={() => update({ category: null })}
            />
          </li>
          {FAQ_CATEGORIES.map((c) => (
            <li key={c.id}>
              <CategoryChip
                active={category === c.id}
                label={t(`categories.${c.id}`)}
                onSelect={() => update({ category: c.id })}
              />
            </li>
          ))}
        </ul>
      </nav>

      <p role="status" className="sr-only">
        {faq.status === 'success' ? t('faq.resultCount', { count }) : ''}
      </p>

      {faq.status === 'loading' && !faq.data ? (
        <ListSkeleton rows={5} label={t('common:state.loading')} />
      ) : faq.status === 'error' && !faq.data ? (
        <EmptyState
          icon="alert"
          title={t('common:state.loadFailed')}
          action={
            <Button variant="secondary" onClick={faq.retry}>
              {t('common:actions.retry')}
            </Button>
          }
        />
      ) : groups.length === 0 ? (
        <EmptyState
          icon="search"
          title={q ? t('faq.noResults', { query: q }) : t('faq.emptyCategory')}
          action={
            q ? (
              <Button
                variant="secondary"
                onClick={() => {
                  clearTimeout(timer.current);
                  setTyped('');
                  update({ q: '', category: null });
                }}
              >
                {t('faq.clearSearch')}
              </Button>
            ) : (
              <Link to={paths.faq} className="font-medium text-link hover:underline">
                {t('faq.allCategories')}
              </Link>
            )
          }
        >
          {t('faq.noResultsHint')}
        </EmptyState>
      ) : (
        <div aria-busy={faq.status === 'loading'}>
          <FaqGroups groups={groups} />
        </div>
      )}
    </div>
  );
}

function CategoryChip({
  active,
  label,
  onSelect,
}: {
  active: boolean;
  label: string;
  onSelect: () => void;
}) {
  return (
    <button
      type="button"
      aria-pressed={active}
      onClick={onSelect}
      className={`min-h-11 rounded-full border px-4 text-sm font-medium whitespace-nowrap ${
        active
          ? 'border-primary bg-primary text-on-primary'
          : 'border-line-strong bg-surface text-fg hover:bg-subtle'
      }`}
    >
      {label}
    </button>
  );
}
