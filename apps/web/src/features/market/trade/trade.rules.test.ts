import { describe, expect, it } from 'vitest';
import {
  amountProblem,
  contractEstimate,
  executionPrice,
  livePnl,
  optionsPayout,
  shareOf,
  spotEstimate,
  stopsProblem,
} from './trade.rules';

// The same cases as the server's rules tables: the estimate shown is what the server will book.
describe('order estimates', () => {
  it.each([
    ['64000', '0.0004', 'buy', 2, '64012.80'],
    ['64000', '0.0004', 'sell', 2, '63987.20'],
    ['1.08765', '0.00008', 'buy', 5, '1.08770'],
    ['1.08765', '0.00008', 'sell', 5, '1.08760'],
  ] as const)(
    'execution price of %s with spread %s, %s',
    (price, spread, side, precision, expected) => {
      expect(executionPrice(price, spread, side, precision)).toBe(expected);
    },
  );

  it('spot: a buy by turnover and a sell by quantity', () => {
    expect(
      spotEstimate({
        side: 'buy',
        base: 'BTC',
        price: '64000.12',
        turnover: '100',
        feeRate: '0.002',
      }),
    ).toMatchObject({
      quantity: '0.00156249',
      fee: '0.00000313',
      receive: '0.00155936',
    });
    expect(
      spotEstimate({
        side: 'sell',
        base: 'BTC',
        price: '63999.99',
        quantity: '0.5',
        feeRate: '0.002',
      }),
    ).toMatchObject({
      turnover: '31999.995',
      fee: '63.99999',
      receive: '31935.99501',
    });
  });

  it.each([
    ['long', '100', 10, '10', '0.1', '92.00'],
    ['short', '100', 10, '10', '0.1', '108.00'],
    ['long', '64000', 50, '1280', '64', '62976.00'],
  ] as const)(
    'contract %s at %s, %ix: margin %s, fee %s, liquidation %s',
    (direction, entry, leverage, margin, fee, liquidation) => {
      expect(
        contractEstimate({
          direction,
          entry,
          lots: '1',
          contractSize: '1',
          leverage,
          feeRate: '0.001',
          mmr: '0.2',
          precision: 2,
        }),
      ).toEqual({ entry, margin, fee, liquidationPrice: liquidation });
    },
  );

  it.each([
    ['long', '100', '99', '101', undefined],
    ['long', '100', '100', undefined, 10130],
    ['short', '100', undefined, '101', 10131],
    ['short', '100', '99', '101', 10132],
  ] as const)('%s at %s with SL %s and TP %s: %s', (direction, entry, sl, tp, code) => {
    expect(stopsProblem(direction, entry, sl, tp)).toBe(code);
  });

  it('options payout, live PnL capped at the margin, shares and amounts', () => {
    expect(optionsPayout('33.333333', '0.3')).toBe('43.333332');
    expect(
      livePnl({
        direction: 'long',
        openPrice: '100',
        exitPrice: '110',
        lots: '1',
        contractSize: '1',
        margin: '10',
      }),
    ).toBe('10.00');
    expect(
      livePnl({
        direction: 'long',
        openPrice: '100',
        exitPrice: '50',
        lots: '1',
        contractSize: '1',
        margin: '10',
      }),
    ).toBe('-10.00');
    expect(shareOf('1000.123456', 25, 2)).toBe('250.03');
    expect(amountProblem('1.123', 2)).toBe(10016);
    expect(amountProblem('-1', 2)).toBe(10016);
    expect(amountProblem('abc', 2)).toBe(10016);
    expect(amountProblem('1.12', 2)).toBeUndefined();
  });
});
