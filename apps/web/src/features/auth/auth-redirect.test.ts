import { describe, expect, it } from 'vitest';
import { returnPathFrom, safeReturnPath, withReturnPath } from './auth-redirect';

describe('return paths after login', () => {
  it.each([
    ['/profile/balance?tab=deposit#top', '/profile/balance?tab=deposit#top'],
    ['/market', '/market'],
    ['//evil.example/x', null],
    ['/\\evil.example', null],
    ['https://evil.example/', null],
    ['javascript:alert(1)', null],
    ['profile', null],
    ['/pass/login', null],
    ['/pass/register/', null],
    ['/api/loginCallback/google', null],
    ['/x\n/y', null],
    [42, null],
  ])('%j -> %j', (value, expected) => {
    expect(safeReturnPath(value)).toBe(expected);
  });

  it('prefers ?redirect=, then the router state, then the account home', () => {
    expect(returnPathFrom('?redirect=%2Fmarket', { from: '/loan' })).toBe('/market');
    expect(returnPathFrom('', { from: '/loan' })).toBe('/loan');
    expect(returnPathFrom('', { from: { pathname: '/help/faq', search: '?q=fee' } })).toBe(
      '/help/faq?q=fee',
    );
    expect(returnPathFrom('?redirect=//evil.example', null)).toBe('/profile');
    expect(returnPathFrom('', undefined)).toBe('/profile');
  });

  it('keeps the way back on links between the sign-in pages', () => {
    expect(withReturnPath('/pass/register', '/profile')).toBe('/pass/register');
    expect(withReturnPath('/pass/register', '/market?type=2')).toBe(
      '/pass/register?redirect=%2Fmarket%3Ftype%3D2',
    );
  });
});
