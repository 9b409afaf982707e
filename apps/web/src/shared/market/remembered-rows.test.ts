import { afterEach, describe, expect, it } from 'vitest';
import { REMEMBERED_ROWS_KEY, rememberRows, rememberedRows } from './remembered-rows';

afterEach(() => localStorage.clear());

describe('a market list remembers its length for its skeleton', () => {
  it('answers the fallback until a list has loaded, then its last length, per list', () => {
    expect(rememberedRows('home/2', 6)).toBe(6);
    rememberRows('home/2', 22);
    rememberRows('home/3', 9);
    expect(rememberedRows('home/2', 6)).toBe(22);
    expect(rememberedRows('home/3', 6)).toBe(9);
    rememberRows('home/2', 21);
    expect(rememberedRows('home/2', 6)).toBe(21);
  });

  it('ignores what it cannot use: an empty list, a broken record, a huge count', () => {
    rememberRows('home/2', 0);
    expect(rememberedRows('home/2', 6)).toBe(6);
    localStorage.setItem(REMEMBERED_ROWS_KEY, '{not json');
    expect(rememberedRows('home/2', 6)).toBe(6);
    localStorage.setItem(REMEMBERED_ROWS_KEY, JSON.stringify({ 'home/2': 'x', 'home/3': 5000 }));
    expect(rememberedRows('home/2', 6)).toBe(6);
    expect(rememberedRows('home/3', 6)).toBe(50);
  });
});
