import { compareDecimal } from '@swx/money/decimal-string';
import type { MarketItem } from '@swx/contract';

export type SortKey = 'name' | 'price' | 'change';
export type SortOrder = 'asc' | 'desc';
export interface Sort {
  key: SortKey;
  order: SortOrder;
}

/** Pressing a sort button: the same column flips its order, another column starts ascending
 * (names) or descending (figures: the biggest movers first). */
export function nextSort(current: Sort | null, key: SortKey): Sort {
  if (current?.key === key) return { key, order: current.order === 'asc' ? 'desc' : 'asc' };
  return { key, order: key === 'name' ? 'asc' : 'desc' };
}

/** Sorts a copy of the list; ties keep their listed order. Prices sort by the list's snapshot. */
export function sortMarkets(
  items: readonly MarketItem[],
  sort: Sort | null,
  locale: string,
): MarketItem[] {
  const list = [...items];
  if (!sort) return list;
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
  const sign = sort.order === 'asc' ? 1 : -1;
  const compare = (a: MarketItem, b: MarketItem): number => {
    switch (sort.key) {
      case 'name':
        return collator.compare(a.appName, b.appName) || collator.compare(a.code, b.code);
      case 'price':
        return compareDecimal(a.nowPrice, b.nowPrice);
      case 'change':
        return compareDecimal(a.zdf, b.zdf);
    }
  };
  return list
    .map((item, index) => ({ item, index }))
    .sort((a, b) => sign * compare(a.item, b.item) || a.index - b.index)
    .map(({ item }) => item);
}

/** Case-insensitive match on the code (also without the slash) or the display name. */
export function matchesSearch(item: MarketItem, query: string): boolean {
  const q = query.trim().toLocaleLowerCase();
  if (!q) return true;
  const compact = q.replace(/[\s/]/g, '');
  return (
    item.code.toLocaleLowerCase().includes(compact) || item.appName.toLocaleLowerCase().includes(q)
  );
}
