import { describe, expect, it } from 'vitest';
import { convertFigures } from './convert.rules';

describe('convert figures', () => {
  it.each([
    // from, to, amount, from bid, to ask -> rate, gross, fee, receive, value
    [
      'USDT',
      'BTC',
      '1000',
      undefined,
      '64000',
      '0.000015625',
      '0.015625',
      '0.00001563',
      '0.01560937',
      '1000',
    ],
    ['BTC', 'USDT', '0.5', '63990', undefined, '63990', '31995', '31.995', '31963.005', '31995'],
    ['ETH', 'BTC', '2', '3000', '60000', '0.05', '0.1', '0.0001', '0.0999', '6000'],
    // Gross rounded down in the target's scale, fee rounded up.
    [
      'USDT',
      'ETH',
      '10',
      undefined,
      '3333.33',
      '0.0003000003',
      '0.003',
      '0.000003',
      '0.002997',
      '10',
    ],
    [
      'BTC',
      'USDT',
      '0.00000001',
      '64000.123456',
      undefined,
      '64000.123456',
      '0.00064',
      '0.000001',
      '0.000639',
      '0.00064',
    ],
  ])('%s %s -> %s', (from, to, amount, fromBid, toAsk, rate, gross, fee, receive, valueUsdt) => {
    const figures = convertFigures(from, to, amount, { fromBid, toAsk }, '0.001');
    expect(figures).toEqual({
      rate,
      gross,
      fee,
      receive,
      valueUsdt,
    });
  });
});
