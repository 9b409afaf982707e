import { describe, expect, it } from 'vitest';
import { formatDate } from './format-date';
import { formatMoney } from './format-money';
import { formatInteger, formatNumber, formatPercent, formatShare } from './format-number';

const NBSP = '\u00a0';

describe('formatting for the reader', () => {
  it('formats decimal strings exactly, with the language separators', () => {
    expect(formatNumber('1234567.12345678', 'en')).toBe('1,234,567.12345678');
    expect(formatNumber('1234567.12345678', 'de')).toBe('1.234.567,12345678');
    expect(formatNumber('0.1', 'en', { minFractionDigits: 2 })).toBe('0.10');
    // More digits than a float can hold survive.
    expect(formatNumber('9007199254740993.5', 'en', { maxFractionDigits: 1 })).toBe(
      '9,007,199,254,740,993.5',
    );
  });

  it('refuses strings that are not decimals', () => {
    expect(() => formatNumber('1e5', 'en')).toThrow(RangeError);
    expect(() => formatNumber('NaN', 'en')).toThrow(RangeError);
  });

  it('signs percentage changes and follows the language', () => {
    expect(formatPercent('1.234', 'en', { signed: true })).toBe('+1.23%');
    expect(formatPercent('-0.45', 'en', { signed: true })).toBe('-0.45%');
    expect(formatPercent('0', 'en', { signed: true })).toBe('0.00%');
    expect(formatPercent('1.5', 'fr', { signed: true })).toMatch(/^\+1,50\s%$/);
  });

  it('formats money in the asset scale', () => {
    expect(formatMoney('1234.5', 'USD', 'en')).toBe('$1,234.50');
    expect(formatMoney('1234.5', 'EUR', 'de')).toBe(`1.234,50${NBSP}€`);
    expect(formatMoney('0.015', 'BTC', 'en')).toBe(`0.015${NBSP}BTC`);
    expect(formatMoney('12.1234567', 'USDT', 'en')).toBe(`12.123457${NBSP}USDT`);
  });

  it('formats integers and dates for the language', () => {
    expect(formatInteger(1200000, 'en')).toBe('1,200,000');
    const iso = '2026-03-05T10:00:00.000Z';
    expect(formatDate(iso, 'en', 'UTC')).toBe('Mar 5, 2026');
    expect(formatDate(iso, 'ja', 'UTC')).toBe('2026/03/05');
    expect(formatDate(iso, 'de', 'UTC')).toBe('05.03.2026');
    expect(formatDate(iso, 'ar', 'UTC')).toMatch(/2026/);
  });
});

describe('formatShare', () => {
  it.each([
    ['0.1', 'en', '10%'],
    ['0.15', 'en', '15%'],
    ['0.125', 'en', '12.5%'],
    ['0.0005', 'en', '0.05%'],
    ['0', 'en', '0%'],
    ['1', 'en', '100%'],
    ['2.5', 'en', '250%'],
    ['12', 'en', '1,200%'],
    ['0.10', 'en', '10%'],
    ['0.00000001', 'en', '0.000001%'],
    ['0.123456789', 'en', '12.3456789%'],
    ['-0.1', 'en', '-10%'],
    ['0.15', 'de', '15\u00a0%'],
  ])('%s in %s reads %s', (share, locale, text) => {
    expect(formatShare(share, locale)).toBe(text);
  });
});
