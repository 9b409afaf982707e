/**
 * What waits on the feed: price levels (limit orders, stop loss, take profit, liquidation) and
 * expiry times (options). Kept per instrument in binary heaps, so a tick looks only at the top of
 * each heap and pops exactly the crossed range: the cost of a tick that crosses nothing does not
 * depend on how many orders rest.
 */

/** A price level: fires on the first tick at or above (`above`) or at or below (`below`) it. */
export interface Resting {
  /** The owner's name for it, e.g. `spot.limit`, `contract.sl`; the engine routes hits by it. */
  kind: string;
  id: number;
  code: string;
  when: 'above' | 'below';
  /** Decimal string in the instrument's precision. */
  level: string;
  /** Unix second it was placed: only ticks after it can fire it. */
  since: number;
}

/** An expiry: fires on the first tick of its instrument at or after `due` (Unix seconds). */
export interface Expiring {
  kind: string;
  id: number;
  code: string;
  due: number;
  /** The owner's user id: the owner may settle one tick's expiries in parts by user. */
  userId?: number;
  /**
   * What the owner needs to settle it that never changes after it was placed (text only, so it
   * travels on the bus to the other nodes), so settling needs no read first; the book never looks.
   */
  terms?: Readonly<Record<string, string>>;
}

interface Entry<T> {
  item: T;
  /** The heap key: the level as a number (prices carry at most 15 significant digits) or `due`. */
  key: number;
  live: boolean;
}

/** A binary heap of entries; `before(a, b)` is true when a comes out first. */
class Heap<T> {
  private readonly items: Entry<T>[] = [];
  constructor(private readonly before: (a: number, b: number) => boolean) {}

  get size(): number {
    return this.items.length;
  }

  peek(): Entry<T> | undefined {
    return this.items[0];
  }

  push(entry: Entry<T>): void {
    const a = this.items;
    a.push(entry);
    let i = a.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const p = a[parent] as Entry<T>;
      if (!this.before(entry.key, p.key)) break;
      a[i] = p;
      i = parent;
    }
    a[i] = entry;
  }

  pop(): Entry<T> | undefined {
    const a = this.items;
    const top = a[0];
    const last = a.pop();
    if (top === undefined || last === undefined || a.length === 0) return top;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= a.length) break;
      const r = l + 1;
      const left = a[l] as Entry<T>;
      const right = a[r];
      const child = right !== undefined && this.before(right.key, left.key) ? r : l;
      const c = a[child] as Entry<T>;
      if (!this.before(c.key, last.key)) break;
      a[i] = c;
      i = child;
    }
    a[i] = last;
    return top;
  }
}

interface Lane {
  /** Fire when the price rises to them: lowest level first. */
  above: Heap<Resting>;
  /** Fire when the price falls to them: highest level first. */
  below: Heap<Resting>;
  /** Earliest expiry first. */
  expiring: Heap<Expiring>;
}

export const keyOf = (kind: string, id: number): string => `${kind}:${id}`;

/** The first live entry of a heap, dropping the forgotten ones above it. */
function liveTop<T>(heap: Heap<T>): Entry<T> | undefined {
  let top = heap.peek();
  while (top !== undefined && !top.live) {
    heap.pop();
    top = heap.peek();
  }
  return top;
}

export class TriggerBook {
  private readonly lanes = new Map<string, Lane>();
  private readonly entries = new Map<string, Entry<Resting> | Entry<Expiring>>();
  private added = 0;

  /** How many items were ever added: unchanged, no instrument has come to have anything waiting. */
  get additions(): number {
    return this.added;
  }

  get size(): number {
    return this.entries.size;
  }

  private lane(code: string): Lane {
    let lane = this.lanes.get(code);
    if (!lane) {
      lane = {
        above: new Heap((a, b) => a < b),
        below: new Heap((a, b) => a > b),
        expiring: new Heap((a, b) => a < b),
      };
      this.lanes.set(code, lane);
    }
    return lane;
  }

  /** Instruments with anything waiting. */
  codes(): string[] {
    return [...this.lanes.entries()]
      .filter(([, l]) => l.above.size + l.below.size + l.expiring.size > 0)
      .map(([code]) => code);
  }

  has(kind: string, id: number): boolean {
    return this.entries.has(keyOf(kind, id));
  }

  /** Adds a level; adding one that is already there changes nothing. */
  rest(item: Resting): void {
    const key = keyOf(item.kind, item.id);
    if (this.entries.has(key)) return;
    const entry: Entry<Resting> = { item, key: Number(item.level), live: true };
    this.entries.set(key, entry);
    this.added++;
    const lane = this.lane(item.code);
    (item.when === 'above' ? lane.above : lane.below).push(entry);
  }

  expire(item: Expiring): void {
    const key = keyOf(item.kind, item.id);
    if (this.entries.has(key)) return;
    const entry: Entry<Expiring> = { item, key: item.due, live: true };
    this.entries.set(key, entry);
    this.added++;
    this.lane(item.code).expiring.push(entry);
  }

  /**
   * The nearest of what waits on `code`: the lowest level that fires going up, the highest that
   * fires going down and the earliest expiry (infinite where there is none). A tick strictly
   * between the two levels, before the expiry, takes nothing.
   */
  reach(code: string): { above: number; below: number; due: number } {
    const lane = this.lanes.get(code);
    return {
      above: (lane && liveTop(lane.above)?.key) ?? Infinity,
      below: (lane && liveTop(lane.below)?.key) ?? -Infinity,
      due: (lane && liveTop(lane.expiring)?.key) ?? Infinity,
    };
  }

  /** Forgets an item (it is skipped when it reaches the top of its heap). */
  remove(kind: string, id: number): void {
    const key = keyOf(kind, id);
    const entry = this.entries.get(key);
    if (!entry) return;
    entry.live = false;
    this.entries.delete(key);
  }

  /**
   * Takes out everything a tick of `price` at second `second` reaches on `code`: levels crossed by
   * the price (placed before that second) and expiries due by then. Levels placed at or after the
   * tick's second stay.
   */
  take(
    code: string,
    price: number,
    second: number,
  ): { resting: Resting[]; expiring: Expiring[] } | undefined {
    const lane = this.lanes.get(code);
    if (!lane) return undefined;
    // Most ticks reach nothing: when each heap's top is live and out of reach, nothing below it is
    // reached either, and the tick is answered without allocating anything.
    const above = lane.above.peek();
    const below = lane.below.peek();
    const due = lane.expiring.peek();
    if (
      (above === undefined || (above.live && price < above.key)) &&
      (below === undefined || (below.live && price > below.key)) &&
      (due === undefined || (due.live && due.key > second))
    )
      return undefined;
    let resting: Resting[] | undefined;
    let expiring: Expiring[] | undefined;
    const later: Entry<Resting>[] = [];
    const drain = (heap: Heap<Resting>, crossed: (level: number) => boolean) => {
      for (let top = heap.peek(); top !== undefined; top = heap.peek()) {
        if (!top.live) {
          heap.pop();
          continue;
        }
        if (!crossed(top.key)) break;
        heap.pop();
        if (top.item.since >= second) {
          later.push(top);
          continue;
        }
        top.live = false;
        this.entries.delete(keyOf(top.item.kind, top.item.id));
        (resting ??= []).push(top.item);
      }
      for (const entry of later.splice(0)) heap.push(entry);
    };
    drain(lane.above, (level) => price >= level);
    drain(lane.below, (level) => price <= level);
    for (let top = lane.expiring.peek(); top !== undefined; top = lane.expiring.peek()) {
      if (top.live && top.key > second) break;
      lane.expiring.pop();
      if (!top.live) continue;
      top.live = false;
      this.entries.delete(keyOf(top.item.kind, top.item.id));
      (expiring ??= []).push(top.item);
    }
    if (!resting && !expiring) return undefined;
    return { resting: resting ?? [], expiring: expiring ?? [] };
  }

  /** Empties the book (before a reload). */
  clear(): void {
    this.lanes.clear();
    this.entries.clear();
  }
}
