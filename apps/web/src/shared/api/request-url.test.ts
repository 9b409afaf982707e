import { describe, expect, it } from 'vitest';
import { fillPath, serialiseQuery } from './request-url';

describe('request URLs', () => {
  it('serialises arrays as repeated keys', () => {
    expect(serialiseQuery({ code: ['BTC', 'ETH'] })).toBe('?code=BTC&code=ETH');
  });

  it('leaves out undefined and null, keeps zero, false and empty strings', () => {
    expect(serialiseQuery({ a: undefined, b: null, c: 0, d: false, e: '' })).toBe(
      '?c=0&d=false&e=',
    );
    expect(serialiseQuery({})).toBe('');
    expect(serialiseQuery(undefined)).toBe('');
  });

  it('encodes values', () => {
    expect(serialiseQuery({ q: 'a&b c', tag: ['x/y'] })).toBe('?q=a%26b+c&tag=x%2Fy');
  });

  it('fills path parameters, URL-encoded', () => {
    expect(fillPath('/swx/customer/index/getContentsById/:id', { id: 42 })).toBe(
      '/swx/customer/index/getContentsById/42',
    );
    expect(fillPath('/a/:key/b/:id', { key: 'x y/z', id: '7' })).toBe('/a/x%20y%2Fz/b/7');
  });

  it('refuses a missing path parameter', () => {
    expect(() => fillPath('/a/:id', {})).toThrow(/missing path parameter "id"/);
  });
});
