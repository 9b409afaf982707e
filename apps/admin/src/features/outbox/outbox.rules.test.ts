import { describe, expect, it } from 'vitest';
import { pageFromSearch, statusTone } from './outbox.rules';

describe('outbox rules', () => {
  it.each([
    ['outbox', 'accent'],
    ['sent', 'success'],
    ['failed', 'danger'],
  ] as const)('status %s is shown as %s', (status, tone) => {
    expect(statusTone(status)).toBe(tone);
  });

  it.each([
    [null, 1],
    ['2', 2],
    ['-1', 1],
    ['x', 1],
  ])('page %j reads as %i', (value, expected) => {
    expect(pageFromSearch(value)).toBe(expected);
  });
});
