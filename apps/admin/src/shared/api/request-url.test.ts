import { describe, expect, it } from 'vitest';
import { fillPath, serializeQuery } from './request-url';

describe('request URLs', () => {
  it('fills and encodes path parameters', () => {
    expect(
      fillPath('/swx/admin/contents/:id/translations/:locale', { id: 7, locale: 'zh-TW' }),
    ).toBe('/swx/admin/contents/7/translations/zh-TW');
    expect(fillPath('/x/:key', { key: 'a b/c' })).toBe('/x/a%20b%2Fc');
  });

  it('refuses a missing path parameter', () => {
    expect(() => fillPath('/x/:id', {})).toThrow(/id/);
  });

  it('sends arrays as repeated keys and leaves out absent values', () => {
    expect(serializeQuery({ code: ['BTC', 'ETH'], page: 2, action: undefined, q: '' })).toBe(
      '?code=BTC&code=ETH&page=2',
    );
    expect(serializeQuery(undefined)).toBe('');
    expect(serializeQuery({ action: 'staff.create' })).toBe('?action=staff.create');
  });
});
