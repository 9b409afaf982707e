import { describe, expect, it } from 'vitest';
import {
  assetScale,
  compareDecimal,
  dec,
  fitsScale,
  formatAmount,
  fromGeneratedNumber,
  isDecimalString,
  roundCredit,
  roundFee,
  sum,
  toPlain,
} from './index';

describe('asset scales', () => {
  it.each([
    ['USDT', 6],
    ['BTC', 8],
    ['ETH', 8],
    ['SOL', 8],
    ['USD', 2],
    ['EUR', 2],
  ])('%s keeps %i places', (asset, scale) => {
    expect(assetScale(asset)).toBe(scale);
  });
});

describe('rounding', () => {
  it.each([
    // asset, raw, credited (down), fee (up)
    ['USDT', '1.2345678', '1.234567', '1.234568'],
    ['USDT', '0.0000001', '0', '0.000001'],
    ['USDT', '5', '5', '5'],
    ['BTC', '0.123456789', '0.12345678', '0.12345679'],
    ['BTC', '-0.123456789', '-0.12345678', '-0.12345679'],
    ['USD', '10.005', '10', '10.01'],
    ['USD', '10.00', '10', '10'],
  ])('%s %s credits %s and charges %s', (asset, raw, credit, fee) => {
    expect(roundCredit(raw, asset).toFixed()).toBe(dec(credit).toFixed());
    expect(roundFee(raw, asset).toFixed()).toBe(dec(fee).toFixed());
  });

  it('keeps precision where floats lose it', () => {
    expect(sum(['0.1', '0.2']).toFixed()).toBe('0.3');
    expect(dec('123456789012345678.12345678').plus('0.00000001').toFixed()).toBe(
      '123456789012345678.12345679',
    );
  });
});

describe('parsing and formatting', () => {
  it.each(['0', '1', '-1', '0.5', '12.000100', '-0.00000001'])('accepts %s', (s) => {
    expect(isDecimalString(s)).toBe(true);
    expect(() => dec(s)).not.toThrow();
  });

  it.each(['', ' 1', '1e5', 'NaN', 'Infinity', '01', '1.', '.5', '+1', '1,5', '0x10'])(
    'rejects %j',
    (s) => {
      expect(isDecimalString(s)).toBe(false);
      expect(() => dec(s)).toThrow(RangeError);
    },
  );

  it('formats to the asset scale without exponents', () => {
    expect(formatAmount('0.0000001', 'BTC')).toBe('0.00000010');
    expect(formatAmount('100', 'USDT')).toBe('100.000000');
    expect(toPlain(dec('0.00000001'))).toBe('0.00000001');
    expect(toPlain(dec('100.500'))).toBe('100.5');
  });

  it('knows which amounts fit a scale', () => {
    expect(fitsScale('1.123456', 'USDT')).toBe(true);
    expect(fitsScale('1.1234567', 'USDT')).toBe(false);
  });
});

describe('generated numbers', () => {
  it.each([
    [65_000.123456, 2, '65000.12'],
    [1.234565, 5, '1.23456'], // a tie in its shortest form: half-even keeps the 6
    [0.5, 0, '0'],
    [1.5, 0, '2'],
    [2.5, 0, '2'],
    [1e-7, 8, '0.00000010'],
    [123.4, 3, '123.400'],
  ])('%d to %i places is %s', (value, places, expected) => {
    expect(fromGeneratedNumber(value, places)).toBe(expected);
  });

  it('refuses NaN and infinities', () => {
    expect(() => fromGeneratedNumber(Number.NaN, 2)).toThrow(RangeError);
    expect(() => fromGeneratedNumber(Infinity, 2)).toThrow(RangeError);
  });
});

describe('exact comparison of decimal strings', () => {
  it.each([
    ['1', '2', -1],
    ['2', '1', 1],
    ['1.50', '1.5', 0],
    ['0.1', '0.10000001', -1],
    ['10', '9.99999999', 1],
    ['-1', '1', -1],
    ['-0.5', '-0.4', -1],
    ['-0.00', '0', 0],
    ['123456789012345678.12345679', '123456789012345678.12345678', 1],
    ['0.3', '0.30000000000000004', -1],
  ] as const)('%s vs %s is %i', (a, b, expected) => {
    expect(compareDecimal(a, b)).toBe(expected);
    expect(compareDecimal(b, a)).toBe(expected === 0 ? 0 : -expected);
  });
});
