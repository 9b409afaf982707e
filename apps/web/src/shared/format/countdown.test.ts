import { describe, expect, it } from 'vitest';
import { countdownText } from './countdown';

describe('countdownText', () => {
  it.each([
    [-5_000, '0:00'],
    [0, '0:00'],
    [1, '0:01'],
    [59_000, '0:59'],
    [60_000, '1:00'],
    [3_599_000, '59:59'],
    [3_600_000, '1:00:00'],
    [86_310_000, '23:58:30'],
    [7 * 86_400_000, '168:00:00'],
  ])('%i ms left reads %s', (ms, text) => {
    expect(countdownText(ms)).toBe(text);
  });
});
