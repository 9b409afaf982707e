import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Skeleton } from './skeleton';

export interface TabHead {
  value: string;
  label: ReactNode;
}

export interface TabItem extends TabHead {
  content: ReactNode;
}

/**
 * A tab list and its one panel (the WAI-ARIA tabs pattern, selection follows focus): arrow keys
 * move and select (mirrored in right-to-left), Home and End jump, and only the selected tab's panel
 * is rendered. Written here rather than taken from Radix, whose panels read their computed style as
 * they mount (for exit animations these tabs do not have): a style recalculation of the whole page
 * inside the commit, 15 ms of a desktop's main thread on the balance page and four times that on a
 * phone.
 */
export function TabStrip({
  tabs,
  value,
  onChange,
  label,
  fill = false,
  pending = false,
  children,
}: {
  tabs: readonly TabHead[];
  value: string;
  onChange: (value: string) => void;
  /** Accessible name of the tab list. */
  label: string;
  /** A few tabs that share the width and wrap their labels (instead of scrolling sideways). */
  fill?: boolean;
  /**
   * The set of tabs is still loading: a placeholder bar stands where the tabs will be, so that no
   * tab moves under a finger or a pointer when the set arrives (a tab that appears beside the others
   * shrinks them: a press that began on one ended on its neighbour and selected neither). The panel
   * below is rendered already and keeps its state when the tabs come.
   */
  pending?: boolean;
  /** The selected tab's panel. */
  children: ReactNode;
}) {
  const id = useId();
  const list = useRef<HTMLDivElement>(null);
  const index = Math.max(
    0,
    tabs.findIndex((tab) => tab.value === value),
  );

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[event.key];
    let next: number | null = null;
    if (step !== undefined) next = (index + step + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    if (next === null) return;
    event.preventDefault();
    const tab = tabs[next];
    if (!tab) return;
    onChange(tab.value);
    list.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[next]?.focus();
  }

  return (
    <div>
      <div
        ref={list}
        {...(pending ? { 'aria-busy': true } : { role: 'tablist', 'aria-label': label })}
        onKeyDown={onKeyDown}
        className={`flex gap-1 border-b border-line ${fill ? '' : 'overflow-x-auto'}`}
      >
        {pending ? (
          <Skeleton className="mb-1 h-10 w-full" />
        ) : (
          tabs.map((tab, i) => {
            const selected = i === index;
            return (
              <button
                key={tab.value}
                type="button"
                role="tab"
                id={`${id}-tab-${tab.value}`}
                aria-selected={selected}
                aria-controls={`${id}-panel`}
                tabIndex={selected ? 0 : -1}
                data-tab={tab.value}
                data-state={selected ? 'active' : 'inactive'}
                onClick={() => onChange(tab.value)}
                className={`-mb-px min-h-11 border-b-2 border-transparent text-sm font-medium text-muted hover:text-fg data-[state=active]:border-primary data-[state=active]:text-fg ${fill ? 'flex-1 px-2 py-1' : 'px-4 whitespace-nowrap'}`}
              >
                {tab.label}
              </button>
            );
          })
        )}
      </div>
      <div
        {...(pending
          ? {}
          : { role: 'tabpanel', 'aria-labelledby': `${id}-tab-${tabs[index]?.value ?? ''}` })}
        id={`${id}-panel`}
        className="pt-4"
      >
        {children}
      </div>
    </div>
  );
}

/** Tabs with their panels, controlled (`value`) or not (`defaultValue`, else the first). */
export function Tabs({
  items,
  value,
  defaultValue,
  onValueChange,
  label,
  fill = false,
  pending = false,
}: {
  items: readonly TabItem[];
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  /** Accessible name of the tab list. */
  label: string;
  fill?: boolean;
  /** The set of items is still loading (see TabStrip). */
  pending?: boolean;
}) {
  const [own, setOwn] = useState(defaultValue ?? items[0]?.value ?? '');
  const current = items.find((item) => item.value === (value ?? own)) ?? items[0];
  return (
    <TabStrip
      tabs={items}
      value={current?.value ?? ''}
      onChange={(next) => {
        if (next === current?.value) return;
        if (value === undefined) setOwn(next);
        onValueChange?.(next);
      }}
      label={label}
      fill={fill}
      pending={pending}
    >
      {current?.content}
    </TabStrip>
  );
}
