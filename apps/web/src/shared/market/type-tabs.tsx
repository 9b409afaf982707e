import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TypeTab {
  value: string;
  label: ReactNode;
}

/**
 * A light tab list for market types (the home route cannot afford Radix Tabs in its budget): one
 * panel, arrow keys move and select (mirrored in right-to-left), Home/End jump.
 */
export function TypeTabs({
  tabs,
  value,
  onChange,
  label,
  children,
}: {
  tabs: readonly TypeTab[];
  value: string;
  onChange: (value: string) => void;
  label: string;
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
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className="flex gap-1 overflow-x-auto border-b border-line"
      >
        {tabs.map((tab, i) => {
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
              className="-mb-px min-h-11 border-b-2 border-transparent px-4 text-sm font-medium whitespace-nowrap text-muted hover:text-fg data-[state=active]:border-primary data-[state=active]:text-fg"
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={`${id}-panel`}
        aria-labelledby={`${id}-tab-${tabs[index]?.value ?? ''}`}
        className="pt-4"
      >
        {children}
      </div>
    </div>
  );
}
