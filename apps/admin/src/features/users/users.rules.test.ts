import { describe, expect, it } from 'vitest';
import {
  type Balance,
  bucketLabel,
  canManageUsers,
  changeBody,
  demoChange,
  isZeroDecimal,
  pageFromSearch,
  sortBalances,
  statusChange,
} from './users.rules';

describe('users rules', () => {
  it.each([
    [['admin'], true],
    [['support'], true],
    [['kyc'], false],
    [['finance', 'kyc'], false],
    [['kyc', 'support'], true],
  ] as const)('roles %j may change customers: %s', (roles, expected) => {
    expect(canManageUsers(roles)).toBe(expected);
  });

  it.each([
    ['0', true],
    ['0.00000000', true],
    ['-0.0', true],
    ['.0', true],
    ['0.00000001', false],
    ['10', false],
    ['-3.5', false],
    ['', false],
  ])('isZeroDecimal(%j) is %s', (value, expected) => {
    expect(isZeroDecimal(value)).toBe(expected);
  });

  it('orders balances real first, then asset, then spendable bucket first', () => {
    const balances: Balance[] = [
      { mode: 'demo', asset: 'USDT', bucket: 'available', balance: '10000' },
      { mode: 'real', asset: 'USDT', bucket: 'frozen', balance: '5' },
      { mode: 'real', asset: 'BTC', bucket: 'zzz', balance: '0' },
      { mode: 'real', asset: 'USDT', bucket: 'available', balance: '12.5' },
      { mode: 'real', asset: 'BTC', bucket: 'available', balance: '0.1' },
    ];
    expect(sortBalances(balances).map((b) => `${b.mode}:${b.asset}:${b.bucket}`)).toEqual([
      'real:BTC:available',
      'real:BTC:zzz',
      'real:USDT:available',
      'real:USDT:frozen',
      'demo:USDT:available',
    ]);
    // The input is left as it was.
    expect(balances[0]?.mode).toBe('demo');
  });

  it('labels known buckets and leaves others to be shown raw', () => {
    expect(bucketLabel('available')).toBe('users.bucket.available');
    expect(bucketLabel('options')).toBe('users.bucket.options');
    expect(bucketLabel('loan_book')).toBeUndefined();
  });

  it('offers the opposite of the current state and sends the matching body', () => {
    expect(statusChange({ status: 'active' })).toBe('disable');
    expect(statusChange({ status: 'disabled' })).toBe('enable');
    expect(demoChange({ demoEnabled: true })).toBe('disableDemo');
    expect(demoChange({ demoEnabled: false })).toBe('enableDemo');
    expect(changeBody('disable')).toEqual({ status: 'disabled' });
    expect(changeBody('enable')).toEqual({ status: 'active' });
    expect(changeBody('disableDemo')).toEqual({ demoEnabled: false });
    expect(changeBody('enableDemo')).toEqual({ demoEnabled: true });
  });

  it.each([
    [null, 1],
    ['', 1],
    ['0', 1],
    ['-2', 1],
    ['1.5', 1],
    ['abc', 1],
    ['3', 3],
  ])('page %j reads as %i', (value, expected) => {
    expect(pageFromSearch(value)).toBe(expected);
  });
});
