import type { AdminInstrument } from '@swx/contract';
import { describe, expect, it } from 'vitest';
import {
  checkDraft,
  draftOf,
  fieldOfPath,
  matchesQuery,
  normalizeDecimal,
  parseLeverages,
  shiftDecimal,
  spreadParts,
} from './instruments.rules';

const arb: AdminInstrument = {
  id: 17,
  code: 'ARBUSDT',
  type: 2,
  name: 'Arbitrum',
  logo: '/logos/ARBUSDT.svg',
  precision: 4,
  contractSize: '1',
  leverages: [1, 2, 5, 10, 20, 50],
  calendar: 'always',
  spread: '0.0004',
  feeRate: null,
  enabled: true,
  sort: 16,
  updatedAt: '2026-11-21T10:00:00.000Z',
};

describe('spread display', () => {
  it.each([
    ['0.0004', '0.04', '4'],
    ['0.00008', '0.008', '0.8'],
    ['0.0002', '0.02', '2'],
    ['0', '0', '0'],
    ['0.12345678', '12.345678', '1234.5678'],
    ['0.5', '50', '5000'],
  ])('%s is %s%% and %s bp', (spread, percent, bps) => {
    expect(spreadParts(spread)).toEqual({ percent, bps });
  });

  it('normalises decimals without floats', () => {
    expect(shiftDecimal('12.5', 1)).toBe('125');
    expect(normalizeDecimal('1.50')).toBe('1.5');
    expect(normalizeDecimal('007')).toBe('7');
    expect(normalizeDecimal('0.000')).toBe('0');
  });
});

describe('leverages input', () => {
  it('deduplicates and sorts whole numbers, commas or spaces', () => {
    expect(parseLeverages('20, 5,5 1')).toEqual([1, 5, 20]);
    expect(parseLeverages(' ')).toEqual([]);
  });

  it('keeps what is not a whole number as text, for the schema to refuse', () => {
    expect(parseLeverages('1, 2.5')).toEqual([1, '2.5']);
  });
});

describe('checkDraft (the contract body schema plus contract size above zero)', () => {
  const base = draftOf(arb);

  it('sends nothing when nothing changed, even if written differently', () => {
    expect(
      checkDraft({ ...base, leverages: '50, 20, 10, 5, 2, 1, 1', contractSize: '1.00' }, arb),
    ).toEqual({ ok: true, body: {} });
  });

  it('sends only the changed fields, leverages as the server stores them', () => {
    expect(
      checkDraft(
        { ...base, enabled: false, spread: '0.001', leverages: '20, 5, 5', sort: '3' },
        arb,
      ),
    ).toEqual({
      ok: true,
      body: { enabled: false, spread: '0.001', leverages: [5, 20], sort: 3 },
    });
  });

  it.each([
    ['sort', { sort: '-1' }],
    ['sort', { sort: '1.5' }],
    ['sort', { sort: '100001' }],
    ['sort', { sort: '' }],
    ['spread', { spread: '1' }],
    ['spread', { spread: '0.123456789' }],
    ['spread', { spread: '.5' }],
    ['spread', { spread: '4bp' }],
    ['leverages', { leverages: '' }],
    ['leverages', { leverages: '0, 10' }],
    ['leverages', { leverages: '1, 501' }],
    ['leverages', { leverages: '1, x' }],
    ['leverages', { leverages: '1 2 3 4 5 6 7 8 9 10 11 12 13' }],
    ['contractSize', { contractSize: '0' }],
    ['contractSize', { contractSize: '0.000' }],
    ['contractSize', { contractSize: '-1' }],
    ['contractSize', { contractSize: '1e3' }],
    ['contractSize', { contractSize: '0.123456789' }],
    ['feeRate', { feeRate: '0.11' }],
    ['feeRate', { feeRate: '0.2' }],
    ['feeRate', { feeRate: '1' }],
    ['feeRate', { feeRate: '-0.001' }],
    ['feeRate', { feeRate: '0.000000001' }],
    ['feeRate', { feeRate: '0.2%' }],
  ] as const)('refuses %s %j', (field, change) => {
    const result = checkDraft({ ...base, ...change }, arb);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.errors)).toEqual([field]);
  });

  it('accepts the bounds', () => {
    const result = checkDraft(
      {
        ...base,
        sort: '100000',
        spread: '0.99999999',
        leverages: '1 2 3 4 5 6 7 8 9 10 11 500 500',
        contractSize: '0.00000001',
      },
      arb,
    );
    expect(result.ok).toBe(true);
  });
});

describe('fee rate', () => {
  it.each([
    ['', undefined],
    ['  ', undefined],
    ['0.0015', '0.0015'],
    ['0.1', '0.1'],
    ['0.10000000', '0.10000000'],
    ['0', '0'],
  ])('%j sends %j from the parameters', (feeRate, sent) => {
    const result = checkDraft({ ...draftOf(arb), feeRate }, arb);
    expect(result).toEqual({ ok: true, body: sent === undefined ? {} : { feeRate: sent } });
  });

  it('an emptied field returns the instrument to the parameters; the same rate sends nothing', () => {
    const own = { ...arb, feeRate: '0.0015' };
    expect(checkDraft({ ...draftOf(own), feeRate: '' }, own)).toEqual({
      ok: true,
      body: { feeRate: null },
    });
    expect(checkDraft({ ...draftOf(own), feeRate: '0.00150' }, own)).toEqual({
      ok: true,
      body: {},
    });
  });
});

describe('search and server field paths', () => {
  it('matches code or name, any case', () => {
    expect(matchesQuery(arb, 'arb')).toBe(true);
    expect(matchesQuery(arb, 'ITRU')).toBe(true);
    expect(matchesQuery(arb, 'btc')).toBe(false);
    expect(matchesQuery(arb, '  ')).toBe(true);
  });

  it('maps body paths to form fields', () => {
    expect(fieldOfPath('leverages.0')).toBe('leverages');
    expect(fieldOfPath('contractSize')).toBe('contractSize');
    expect(fieldOfPath('params.id')).toBeUndefined();
  });
});
