import type { ReviewState } from '@swx/contract';
import { Tabs } from 'radix-ui';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { t } from '../../../i18n/translate';
import { ListPager } from '../../../shared/ui/list-pager';

export const STATES: readonly ReviewState[] = ['pending', 'approved', 'rejected'];
export const QUEUE_PAGE_SIZE = 20;

/** The queue's state and page, kept in the address so a filtered queue survives a reload. */
export function useQueueFilter(): {
  state: ReviewState;
  page: number;
  go: (next: { state?: ReviewState; page?: number }) => void;
} {
  const [search, setSearch] = useSearchParams();
  const state = STATES.find((s) => s === search.get('state')) ?? 'pending';
  const n = Number(search.get('page'));
  const page = Number.isInteger(n) && n > 0 ? n : 1;
  const go = (next: { state?: ReviewState; page?: number }) => {
    const params: Record<string, string> = { state: next.state ?? state };
    const p = next.page ?? 1;
    if (p > 1) params.page = String(p);
    setSearch(params);
  };
  return { state, page, go };
}

/** State tabs above a queue's table, the pager below it. */
export function QueueFrame({
  label,
  state,
  onState,
  data,
  onPage,
  children,
}: {
  label: string;
  state: ReviewState;
  onState: (state: ReviewState) => void;
  data: { total: number; page: number; pageSize: number } | undefined;
  onPage: (page: number) => void;
  children: ReactNode;
}) {
  return (
    <>
      <Tabs.Root
        value={state}
        onValueChange={(value) => onState(STATES.find((s) => s === value) ?? 'pending')}
        activationMode="manual"
      >
        <Tabs.List aria-label={label} className="mb-3 flex flex-wrap gap-1 border-b border-line">
          {STATES.map((value) => (
            <Tabs.Trigger
              key={value}
              value={value}
              className="-mb-px border-b-2 border-transparent px-3 py-1.5 text-sm font-medium text-muted hover:text-fg data-[state=active]:border-accent data-[state=active]:text-fg"
            >
              {t(`funding.state.${value}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
      </Tabs.Root>
      {children}
      <ListPager label={t('funding.pages')} data={data} onPage={onPage} />
    </>
  );
}
