import { Tabs as RadixTabs } from 'radix-ui';
import type { ReactNode } from 'react';

export interface TabItem {
  value: string;
  label: ReactNode;
  content: ReactNode;
}

/** Tabs with arrow-key movement (mirrored in right-to-left through the Direction provider). */
export function Tabs({
  items,
  value,
  defaultValue,
  onValueChange,
  label,
  fill = false,
}: {
  items: readonly TabItem[];
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  /** Accessible name of the tab list. */
  label: string;
  /** A few tabs that share the width and wrap their labels (instead of scrolling sideways). */
  fill?: boolean;
}) {
  return (
    <RadixTabs.Root
      value={value}
      defaultValue={defaultValue ?? items[0]?.value}
      onValueChange={onValueChange}
    >
      <RadixTabs.List
        aria-label={label}
        className={`flex gap-1 border-b border-line ${fill ? '' : 'overflow-x-auto'}`}
      >
        {items.map((item) => (
          <RadixTabs.Trigger
            key={item.value}
            value={item.value}
            className={`-mb-px min-h-11 border-b-2 border-transparent text-sm font-medium text-muted hover:text-fg data-[state=active]:border-primary data-[state=active]:text-fg ${fill ? 'flex-1 px-2 py-1' : 'px-4 whitespace-nowrap'}`}
          >
            {item.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {items.map((item) => (
        <RadixTabs.Content key={item.value} value={item.value} className="pt-4">
          {item.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
