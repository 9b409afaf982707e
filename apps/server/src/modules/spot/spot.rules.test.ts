import { describe, expect, it } from 'vitest';
import {
  averageCostResult,
  buyByQuantity,
  buyByTurnover,
  freezeFor,
  limitReached,
  sellByQuantity,
} from './spot.rules';

describe('spot fills', () => {
  it.each([
    // quantity, price, turnover (rounded up), fee in coin (rounded up), receive
    ['0.5', '64000.12', '32000.06', '0.001', '0.499'],
    ['0.00012345', '64000.12', '7.900815', '0.00000025', '0.0001232'],
    ['3', '3000.1', '9000.3', '0.006', '2.994'],
  ])('buying %s at %s', (quantity, price, turnover, fee, receive) => {
    expect(buyByQuantity('BTC', quantity, price, '0.002')).toEqual({
      quantity,
      turnover,
      fee,
      feeAsset: 'BTC',
      receive,
    });
  });

  it.each([
    // turnover, price, quantity (rounded down), fee, receive
    ['100', '64000.12', '0.00156249', '0.00000313', '0.00155936'],
    ['1', '0.5', '2', '0.004', '1.996'],
  ])('spending %s USDT at %s', (turnover, price, quantity, fee, receive) => {
    expect(buyByTurnover('BTC', turnover, price, '0.002')).toEqual({
      quantity,
      turnover,
      fee,
      feeAsset: 'BTC',
      receive,
    });
  });

  it.each([
    // quantity, price, turnover (rounded down), fee in USDT (rounded up), receive
    ['0.5', '63999.99', '31999.995', '63.99999', '31935.99501'],
    ['0.00000001', '64000', '0.00064', '0.000002', '0.000638'],
    ['1.23456789', '1.111111', '1.371741', '0.002744', '1.368997'],
  ])('selling %s at %s', (quantity, price, turnover, fee, receive) => {
    expect(sellByQuantity(quantity, price, '0.002')).toEqual({
      quantity,
      turnover,
      fee,
      feeAsset: 'USDT',
      receive,
    });
  });

  it.each([
    ['buy', '0.1', '64000.01', { asset: 'USDT', amount: '6400.001' }],
    ['buy', '0.00000003', '33333.33', { asset: 'USDT', amount: '0.001' }],
    ['sell', '0.25', '70000', { asset: 'BTC', amount: '0.25' }],
  ] as const)('a %s limit of %s at %s freezes %j', (side, quantity, limit, frozen) => {
    expect(freezeFor(side, 'BTC', quantity, limit)).toEqual(frozen);
  });

  it.each([
    ['buy', '99.99', '100', true],
    ['buy', '100', '100', true],
    ['buy', '100.01', '100', false],
    ['sell', '100.01', '100', true],
    ['sell', '99.99', '100', false],
  ] as const)('a %s limit: %s against %s reached %s', (side, price, limit, reached) => {
    expect(limitReached(side, price, limit)).toBe(reached);
  });

  it.each([
    // held, cost, sold, proceeds -> profit, cost out, quantity out
    ['1', '60000', '0.5', '35000', '5000', '30000', '0.5'],
    ['1', '60000', '1', '50000', '-10000', '60000', '1'],
    // Only the part bought here has a known cost: half of 2 sold is covered.
    ['1', '60000', '2', '130000', '5000', '60000', '1'],
    ['0', '0', '1', '100', '0', '0', '0'],
    ['3', '100', '1', '40', '6.666667', '33.333333', '1'],
  ])(
    'average cost: held %s for %s, sold %s for %s',
    (held, cost, sold, proceeds, profit, costOut, quantityOut) => {
      expect(averageCostResult(held, cost, sold, proceeds)).toEqual({
        profit,
        costOut,
        quantityOut,
      });
    },
  );
});
