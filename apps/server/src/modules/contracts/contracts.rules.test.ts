import { describe, expect, it } from 'vitest';
import {
  closeOut,
  closeReached,
  feeOf,
  liquidationPrice,
  lotsValid,
  marginOf,
  openReached,
  pnlOf,
  stopsProblem,
} from './contracts.rules';

describe('contract margin and fee', () => {
  it.each([
    // lots, contract size, price, leverage, margin, fee at 0.1 %
    ['1', '1', '64000', 10, '6400', '64'],
    ['0.01', '1', '64000.55', 20, '32.000275', '0.640006'],
    ['0.5', '1000', '1.08765', 100, '5.43825', '0.543825'],
    // Rounded up to USDT's 6 decimals: 0.03 x 1 x 3.3333333 / 7 = 0.0142857141...
    ['0.03', '1', '3.3333333', 7, '0.014286', '0.0001'],
    ['2', '100', '2345.6', 50, '9382.4', '469.12'],
  ])('%s lots x %s at %s, %ix: margin %s, fee %s', (lots, size, price, leverage, margin, fee) => {
    expect(marginOf(lots, size, price, leverage)).toBe(margin);
    expect(feeOf(lots, size, price, '0.001')).toBe(fee);
  });
});

describe('contract PnL and close-out', () => {
  it.each([
    // direction, entry, exit, lots, size, margin, payout, profit
    ['long', '100', '110', '1', '1', '10', '20', '10'],
    ['short', '100', '110', '1', '1', '20', '10', '-10'],
    ['long', '100', '95', '2', '1', '20', '10', '-10'],
    // The loss is capped at the margin: nothing below zero.
    ['long', '100', '50', '1', '1', '10', '0', '-10'],
    ['short', '100', '200', '1', '1', '10', '0', '-10'],
    ['short', '1.08765', '1.08665', '0.5', '1000', '5.43825', '5.93825', '0.5'],
    // Rounded down to 6 decimals: 0.0123456789 profit on 1 margin.
    ['long', '1', '1.0123456789', '1', '1', '1', '1.012345', '0.012345'],
  ] as const)(
    '%s %s -> %s: payout %s',
    (direction, entry, exit, lots, size, margin, payout, profit) => {
      expect(closeOut(direction, entry, exit, lots, size, margin)).toEqual({ payout, profit });
    },
  );

  it('PnL is signed by direction', () => {
    expect(pnlOf('long', '100', '101', '1', '10').toFixed()).toBe('10');
    expect(pnlOf('short', '100', '101', '1', '10').toFixed()).toBe('-10');
  });
});

describe('liquidation price', () => {
  it.each([
    // direction, entry, leverage, mmr, precision, price
    ['long', '100', 10, '0.2', 2, '92.00'],
    ['short', '100', 10, '0.2', 2, '108.00'],
    ['long', '64000', 50, '0.2', 2, '62976.00'],
    ['short', '64000', 50, '0.2', 2, '65024.00'],
    ['long', '100', 1, '0.2', 2, '20.00'],
    // Rounded toward the entry: 1.08765 x (1 - 0.8/3) = 0.79761 exactly? 0.797610 -> up
    ['long', '1.08765', 3, '0.2', 5, '0.79761'],
    ['short', '1.08765', 3, '0.2', 5, '1.37769'],
    ['long', '3.3333', 7, '0.25', 4, '2.9762'],
  ] as const)('%s at %s, %ix, mmr %s: %s', (direction, entry, leverage, mmr, precision, price) => {
    expect(liquidationPrice(direction, entry, leverage, mmr, precision)).toBe(price);
  });

  it('is where margin + PnL reaches the maintenance share of the margin', () => {
    // Long 1 lot at 100, 10x: margin 10; at 92 the PnL is -8 and margin + PnL = 2 = 20 % of 10.
    const margin = marginOf('1', '1', '100', 10);
    expect(
      closeOut('long', '100', liquidationPrice('long', '100', 10, '0.2', 2), '1', '1', margin)
        .payout,
    ).toBe('2');
  });
});

describe('stop loss and take profit', () => {
  it.each([
    ['long', '100', '99', '101', undefined],
    ['long', '100', '100', '101', 10130],
    ['long', '100', '99', '100', 10131],
    ['long', '100', '101', '99', 10132],
    ['short', '100', '101', '99', undefined],
    ['short', '100', '99', '99', 10130],
    ['short', '100', '101', '102', 10131],
    ['short', '100', '99', '101', 10132],
    ['long', '100', undefined, undefined, undefined],
    ['short', '100', undefined, '100.01', 10131],
  ] as const)('%s at %s with SL %s and TP %s: %s', (direction, entry, sl, tp, code) => {
    expect(stopsProblem(direction, entry, sl, tp)).toBe(code);
  });

  it.each([
    ['long', 'sl', '99', '99', true],
    ['long', 'sl', '99.01', '99', false],
    ['long', 'tp', '101', '101', true],
    ['long', 'liquidation', '91', '92', true],
    ['short', 'sl', '101', '101', true],
    ['short', 'tp', '98.99', '99', true],
    ['short', 'liquidation', '107.99', '108', false],
  ] as const)('%s %s: exit %s against %s reached %s', (direction, reason, exit, level, reached) => {
    expect(closeReached(direction, reason, exit, level)).toBe(reached);
  });

  it.each([
    ['long', '99.99', '100', true],
    ['long', '100.01', '100', false],
    ['short', '100.01', '100', true],
    ['short', '99.99', '100', false],
  ] as const)('a %s limit: entry %s against %s opens %s', (direction, entry, limit, opens) => {
    expect(openReached(direction, entry, limit)).toBe(opens);
  });

  it.each([
    ['0.01', true],
    ['1', true],
    ['0.001', false],
    ['0.015', false],
    ['0', false],
  ])('lots %s valid: %s', (lots, valid) => {
    expect(lotsValid(lots)).toBe(valid);
  });
});
