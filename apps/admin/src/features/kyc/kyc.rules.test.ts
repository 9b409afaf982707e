import { describe, expect, it } from 'vitest';
import {
  documentSlots,
  filterFromSearch,
  pageFromSearch,
  pendingFirst,
  REASON_MAX,
  reasonError,
} from './kyc.rules';

describe('kyc rules', () => {
  it.each([
    ['', 'kyc.errors.reasonRequired'],
    ['  ab  ', 'kyc.errors.reasonRequired'],
    ['abc', undefined],
    ['  The back is blurred.  ', undefined],
    ['x'.repeat(REASON_MAX), undefined],
    [` ${'x'.repeat(REASON_MAX)} `, undefined],
    ['x'.repeat(REASON_MAX + 1), 'kyc.errors.reasonTooLong'],
  ])('reason %j: %s', (reason, expected) => {
    expect(reasonError(reason)).toBe(expected);
  });

  it.each([
    [null, 'pending'],
    ['pending', 'pending'],
    ['verified', 'verified'],
    ['rejected', 'rejected'],
    ['all', 'all'],
    ['approved', 'pending'],
  ] as const)('status %j filters %s', (value, expected) => {
    expect(filterFromSearch(value)).toBe(expected);
  });

  it('reads the page from the address', () => {
    expect(pageFromSearch('4')).toBe(4);
    expect(pageFromSearch('0')).toBe(1);
    expect(pageFromSearch(null)).toBe(1);
  });

  it('puts pending submissions first and keeps the server order otherwise', () => {
    const rows = [
      { id: 1, status: 'verified' },
      { id: 2, status: 'pending' },
      { id: 3, status: 'rejected' },
      { id: 4, status: 'pending' },
    ] as const;
    expect(pendingFirst(rows).map((r) => r.id)).toEqual([2, 4, 1, 3]);
  });

  it('shows front, back, hand and signature; a back only for an ID card unless one was sent', () => {
    const files = [
      { slot: 'signature', id: 14 },
      { slot: 'front', id: 11 },
      { slot: 'hand', id: 13 },
    ] as const;
    expect(documentSlots({ documentType: 'id_card', files: [...files] })).toEqual([
      { slot: 'front', fileId: 11 },
      { slot: 'back', fileId: undefined },
      { slot: 'hand', fileId: 13 },
      { slot: 'signature', fileId: 14 },
    ]);
    expect(
      documentSlots({ documentType: 'passport', files: [...files] }).map((s) => s.slot),
    ).toEqual(['front', 'hand', 'signature']);
    expect(
      documentSlots({
        documentType: 'driver_licence',
        files: [...files, { slot: 'back', id: 12 }],
      }).find((s) => s.slot === 'back'),
    ).toEqual({ slot: 'back', fileId: 12 });
  });
});
