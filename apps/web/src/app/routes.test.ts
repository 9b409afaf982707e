import { describe, expect, it } from 'vitest';
import { paths } from '../shared/navigation/paths';
import {
  NAVIGATION_HIDDEN_PATHS,
  findRoute,
  isNavigationHidden,
  isRegistered,
  navigationItems,
  routes,
} from './routes';

describe('route registry', () => {
  it('registers exactly the pages that exist in this release', () => {
    expect(routes.map((r) => r.path).sort()).toEqual(
      [
        '/',
        '/cruuency',
        '/detail',
        '/help',
        '/help/faq',
        '/help/notice',
        '/introduction',
        '/market',
        '/pass/login',
        '/pass/register',
        '/pass/reset',
        '/pass/wallet',
        '/pass/two-factor',
        '/api/loginCallback/google',
        '/profile',
        '/profile/info',
        '/profile/kyc',
        '/profile/notification',
        '/profile/invite',
        '/profile/exchange',
        '/profile/balance',
        '/profile/balancebb',
        '/profile/orders',
        '/profile/records',
        '/profile/alerts',
        '/profile/proof',
        '/profile/kefu',
        '/trading',
        '/loan',
        '/nfts',
      ].sort(),
    );
  });

  it('has one entry per path', () => {
    const all = routes.map((r) => r.path);
    expect(new Set(all).size).toBe(all.length);
  });

  it.each([
    ['/', false],
    ['/help', false],
    ['/help/faq', false],
    ['/help/notice', false],
    ['/detail', false],
    ['/introduction', true],
    ['/pass/login', true],
    ['/pass/register', true],
    ['/pass/reset', true],
    ['/pass/wallet', true],
    ['/profile', false],
    ['/profile/kyc', false],
    ['/api/loginCallback/google', true],
    ['/pass/login/', true],
    ['/market', false],
    ['/cruuency', false],
    ['/profile/kefu', false],
  ])('navigation hidden on %s: %s', (path, hidden) => {
    expect(isNavigationHidden(path)).toBe(hidden);
  });

  it('keeps the spec rule for navigation-less pages as data', () => {
    expect([...NAVIGATION_HIDDEN_PATHS].sort()).toEqual(
      [
        '/api/loginCallback/google',
        '/pass/login',
        '/pass/register',
        '/pass/reset',
        '/pass/wallet',
        '/pass/two-factor',
      ].sort(),
    );
    // A route registered later for one of those paths must hide navigation too.
    for (const path of NAVIGATION_HIDDEN_PATHS) {
      const route = findRoute(path);
      if (route) expect(isNavigationHidden(route.path)).toBe(true);
    }
  });

  it('offers navigation entries only for registered routes, in order', () => {
    const items = navigationItems();
    expect(items.map((i) => i.id)).toEqual(['home', 'market', 'trading', 'loan', 'profile']);
    for (const item of items) expect(isRegistered(item.path)).toBe(true);
  });

  it('knows every product path of this release', () => {
    expect(isRegistered(paths.support)).toBe(true);
    expect(isRegistered(paths.trading)).toBe(true);
    expect(isRegistered(paths.loan)).toBe(true);
    expect(isRegistered(paths.login)).toBe(true);
    expect(isRegistered(paths.profile)).toBe(true);
    expect(isRegistered('/help/')).toBe(true);
    expect(isRegistered(paths.market)).toBe(true);
    expect(isRegistered(paths.coin)).toBe(true);
  });

  it('preloads a page chunk with its catalogues', async () => {
    const help = findRoute('/help');
    await expect(help?.page.preload('en')).resolves.toBeDefined();
  });
});
