import { describe, expect, it } from 'vitest';
import {
  LedgerRuleError,
  normalizeTransaction,
  transferPostings,
  type PostingInput,
} from './ledger.rules';

const alice = { owner: 'user', userId: 1, bucket: 'available' } as const;
const aliceFrozen = { owner: 'user', userId: 1, bucket: 'frozen' } as const;
const house = { owner: 'system', name: 'house' } as const;
const fees = { owner: 'system', name: 'fees' } as const;

const tx = (postings: PostingInput[], kind = 'test.case', ref = 'r1') => ({
  kind,
  ref,
  mode: 'real' as const,
  postings,
});

describe('normalizeTransaction accepts balanced transactions', () => {
  it.each<[string, PostingInput[]]>([
    ['a transfer', transferPostings(house, alice, 'USDT', '10')],
    ['a freeze between buckets', transferPostings(alice, aliceFrozen, 'USDT', '0.000001')],
    [
      'three postings (amount, fee)',
      [
        { account: alice, asset: 'USDT', amount: '-10.5' },
        { account: house, asset: 'USDT', amount: '10.4' },
        { account: fees, asset: 'USDT', amount: '0.1' },
      ],
    ],
    [
      'two assets each summing to zero (a swap)',
      [
        { account: alice, asset: 'USDT', amount: '-100' },
        { account: house, asset: 'USDT', amount: '100' },
        { account: house, asset: 'BTC', amount: '-0.00150000' },
        { account: alice, asset: 'BTC', amount: '0.0015' },
      ],
    ],
  ])('%s', (_name, postings) => {
    expect(normalizeTransaction(tx(postings))).toHaveLength(postings.length);
  });
});

describe('normalizeTransaction refuses', () => {
  it.each<[string, PostingInput[], string?]>([
    ['a single posting', [{ account: alice, asset: 'USDT', amount: '1' }]],
    [
      'an unbalanced pair',
      [
        { account: alice, asset: 'USDT', amount: '1' },
        { account: house, asset: 'USDT', amount: '-0.999999' },
      ],
    ],
    [
      'a zero posting',
      [
        { account: alice, asset: 'USDT', amount: '0' },
        { account: house, asset: 'USDT', amount: '0' },
      ],
    ],
    ['more decimals than the asset keeps', transferPostings(house, alice, 'USDT', '0.0000001')],
    [
      'a float-looking amount',
      [
        { account: alice, asset: 'USDT', amount: '1e2' },
        { account: house, asset: 'USDT', amount: '-100' },
      ],
    ],
    [
      'the same account twice',
      [
        { account: alice, asset: 'USDT', amount: '1' },
        { account: alice, asset: 'USDT', amount: '-1' },
      ],
    ],
    [
      'assets that only balance across each other',
      [
        { account: alice, asset: 'USDT', amount: '1' },
        { account: house, asset: 'BTC', amount: '-1' },
      ],
    ],
    ['a bad asset code', transferPostings(house, alice, 'usdt', '1')],
    ['a bad kind', transferPostings(house, alice, 'USDT', '1'), 'Bad Kind'],
    [
      'an invalid user id',
      transferPostings(house, { owner: 'user', userId: 0, bucket: 'available' }, 'USDT', '1'),
    ],
  ])('%s', (_name, postings, kind) => {
    expect(() => normalizeTransaction(tx(postings, kind))).toThrow(LedgerRuleError);
  });

  it('refuses an empty reason reference', () => {
    expect(() =>
      normalizeTransaction(tx(transferPostings(house, alice, 'USDT', '1'), 'test.case', '')),
    ).toThrow(LedgerRuleError);
  });

  it('refuses a non-positive transfer', () => {
    expect(() => transferPostings(house, alice, 'USDT', '0')).toThrow(LedgerRuleError);
    expect(() => transferPostings(house, alice, 'USDT', '-1')).toThrow(LedgerRuleError);
  });
});
