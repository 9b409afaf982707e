import { describe, expect, it } from 'vitest';
import { TriggerBook, type Resting } from './trigger-book';

const level = (id: number, when: 'above' | 'below', price: string, since = 0): Resting => ({
  kind: 'test.level',
  id,
  code: 'BTCUSDT',
  when,
  level: price,
  since,
});

describe('trigger book', () => {
  it.each([
    // price, which of the levels fire: above 100 / 105 / 110, below 90 / 95 / 99
    ['100', [1], []],
    ['99.99', [], []],
    ['99', [], [6]],
    ['104.99', [1], []],
    ['110', [1, 2, 3], []],
    ['95', [], [5, 6]],
    ['89', [], [4, 5, 6]],
    ['97', [], [6]],
  ])('a tick at %s reaches exactly the crossed levels', (price, above, below) => {
    const book = new TriggerBook();
    [100, 105, 110].forEach((p, i) => book.rest(level(i + 1, 'above', String(p))));
    [90, 95, 99].forEach((p, i) => book.rest(level(i + 4, 'below', String(p))));
    const hits = book.take('BTCUSDT', Number(price), 10);
    const ids = (hits?.resting ?? []).map((r) => r.id).sort((a, b) => a - b);
    expect(ids).toEqual([...above, ...below]);
    expect(book.size).toBe(6 - ids.length);
    // What fired is gone: the same tick again reaches nothing.
    expect(book.take('BTCUSDT', Number(price), 10)).toBeUndefined();
  });

  it('leaves a level placed at or after the tick for a later tick', () => {
    const book = new TriggerBook();
    book.rest(level(1, 'above', '100', 10));
    expect(book.take('BTCUSDT', 101, 10)).toBeUndefined();
    expect(book.take('BTCUSDT', 101, 11)?.resting.map((r) => r.id)).toEqual([1]);
  });

  it('skips removed levels and ignores a second add of the same item', () => {
    const book = new TriggerBook();
    book.rest(level(1, 'below', '50'));
    book.rest(level(1, 'below', '60'));
    book.rest(level(2, 'below', '55'));
    book.remove('test.level', 2);
    expect(book.take('BTCUSDT', 10, 5)?.resting).toEqual([level(1, 'below', '50')]);
    expect(book.size).toBe(0);
  });

  it('looks past a removed level at the top for a live one the tick reaches', () => {
    // The quick answer for a tick that reaches nothing trusts a heap's top only while it is live.
    const book = new TriggerBook();
    book.rest(level(1, 'above', '120'));
    book.rest(level(2, 'above', '105'));
    book.rest(level(3, 'below', '80'));
    book.expire({ kind: 'test.expiry', id: 4, code: 'BTCUSDT', due: 50 });
    book.remove('test.level', 2);
    // The removed 105 tops the heap; nothing live is reached at 110, and the top is dropped.
    expect(book.take('BTCUSDT', 110, 10)).toBeUndefined();
    expect(book.take('BTCUSDT', 121, 10)?.resting.map((r) => r.id)).toEqual([1]);
    // A removed expiry at the top hides nothing either.
    book.expire({ kind: 'test.expiry', id: 5, code: 'BTCUSDT', due: 40 });
    book.remove('test.expiry', 5);
    expect(book.take('BTCUSDT', 100, 45)).toBeUndefined();
    expect(book.take('BTCUSDT', 100, 50)?.expiring.map((e) => e.id)).toEqual([4]);
    expect(book.take('BTCUSDT', 79, 60)?.resting.map((r) => r.id)).toEqual([3]);
    expect(book.size).toBe(0);
  });

  it('hands over expiries due at or before the tick, earliest first, and only on their instrument', () => {
    const book = new TriggerBook();
    for (const [id, due] of [
      [1, 130],
      [2, 100],
      [3, 160],
    ] as const)
      book.expire({ kind: 'test.expiry', id, code: 'ETHUSDT', due });
    expect(book.take('BTCUSDT', 1, 200)).toBeUndefined();
    expect(book.take('ETHUSDT', 1, 99)).toBeUndefined();
    expect(book.take('ETHUSDT', 1, 130)?.expiring.map((e) => e.id)).toEqual([2, 1]);
    expect(book.take('ETHUSDT', 1, 1000)?.expiring.map((e) => e.id)).toEqual([3]);
  });

  it('pops the crossed range of a large book in order (heap property)', () => {
    const book = new TriggerBook();
    const prices = Array.from({ length: 2000 }, (_, i) => ((i * 7919) % 2000) + 1);
    prices.forEach((p, i) => book.rest(level(i, 'above', String(p))));
    const hits = book.take('BTCUSDT', 1000, 1)?.resting ?? [];
    expect(hits).toHaveLength(1000);
    expect(hits.map((h) => Number(h.level))).toEqual(
      [...hits.map((h) => Number(h.level))].sort((a, b) => a - b),
    );
    expect(book.size).toBe(1000);
  });
});
