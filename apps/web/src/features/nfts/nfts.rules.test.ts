import { describe, expect, it } from 'vitest';
import { timeLeft } from './nfts.rules';

describe('auction time left', () => {
  it.each([
    [-5000, '00:00:00'],
    [0, '00:00:00'],
    [999, '00:00:01'],
    [61_000, '00:01:01'],
    [3_600_000, '01:00:00'],
    [90_061_000, '1d 01:01:01'],
  ])('%s ms reads %s', (ms, text) => {
    expect(timeLeft(ms)).toBe(text);
  });
});
