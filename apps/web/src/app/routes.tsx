import { createElement, lazy, type ComponentType } from 'react';
import type { Locale } from '@swx/i18n';
import type { Namespace } from '../shared/i18n/catalogues';
import { loadCatalogue } from '../shared/i18n/catalogues';
import { paths } from '../shared/navigation/paths';
import type { IconName } from '../shared/ui/icons';

/**
 * The route registry: every page of the customer app, with its lazy chunk, the catalogue
 * namespaces it needs, its navigation entry and whether navigation is hidden on it. A feature
 * becomes reachable (and its nav entry, top-bar icon or footer link appears) by adding its entry
 * here; nothing else links to a path that has no entry.
 */

export type NavId = 'home' | 'market' | 'trading' | 'loan' | 'profile';

export interface NavEntry {
  id: NavId;
  icon: IconName;
  /** Position in the tab bar and the top navigation. */
  order: number;
}

type PageModule = { default: ComponentType };

export interface AppRoute {
  path: string;
  page: ComponentType & {
    /** Loads the page's chunk and its catalogues. */
    preload: (locale: Locale) => Promise<unknown>;
    /** The catalogue namespaces the page reads besides common and errors. */
    namespaces: readonly Namespace[];
  };
  nav?: NavEntry;
  /** No top navigation, tab bar or footer on this page. */
  hideNavigation?: boolean;
}

/** Spec §2: a lazily loaded chunk has 120 s to arrive before the page shows its error state. */
export const LAZY_TIMEOUT_MS = 120_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`chunk did not load within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * A code-split page whose catalogues load in parallel with its chunk (no waterfall of chunk, then
 * render, then catalogue). Once its chunk is here (the bootstrap loads the first page's before the
 * first render) the page renders at once: through `lazy` alone it would suspend for a microtask,
 * render the fallback, and React would then hold the page back for its fallback throttle (300 ms).
 */
function lazyPage(load: () => Promise<PageModule>, namespaces: readonly Namespace[] = []) {
  let chunk: Promise<PageModule> | undefined;
  let loaded: ComponentType | undefined;
  const loadChunk = () =>
    (chunk ??= withTimeout(load(), LAZY_TIMEOUT_MS).then((module) => {
      loaded = module.default;
      return module;
    }));
  const Lazy = lazy(loadChunk);
  const page: AppRoute['page'] = Object.assign(() => createElement(loaded ?? Lazy), {
    preload: (locale: Locale) =>
      Promise.all([loadChunk(), ...namespaces.map((ns) => loadCatalogue(locale, ns))]),
    namespaces,
  });
  return page;
}

export const routes: readonly AppRoute[] = [
  {
    path: paths.home,
    page: lazyPage(() => import('../features/home/pages/home-page'), ['home', 'markets']),
    nav: { id: 'home', icon: 'home', order: 1 },
  },
  {
    path: paths.market,
    page: lazyPage(() => import('../features/market/pages/market-page'), ['markets']),
    nav: { id: 'market', icon: 'market', order: 2 },
  },
  {
    path: paths.trading,
    page: lazyPage(() => import('../features/earn/pages/trading-page'), ['earn']),
    nav: { id: 'trading', icon: 'trading', order: 3 },
  },
  {
    path: paths.loan,
    page: lazyPage(() => import('../features/loans/pages/loan-page'), ['loan', 'profile']),
    nav: { id: 'loan', icon: 'loan', order: 4 },
  },
  {
    path: paths.nfts,
    page: lazyPage(() => import('../features/nfts/pages/nfts-page'), ['nft']),
  },
  {
    path: paths.coin,
    page: lazyPage(() => import('../features/market/pages/coin-page'), ['markets', 'trade']),
  },
  {
    path: paths.introduction,
    page: lazyPage(() => import('../features/intro/pages/intro-page'), ['intro']),
    hideNavigation: true,
  },
  {
    path: paths.help,
    page: lazyPage(() => import('../features/help/pages/help-page'), ['help']),
  },
  {
    path: paths.faq,
    page: lazyPage(() => import('../features/help/pages/faq-page'), ['help']),
  },
  {
    path: paths.notices,
    page: lazyPage(() => import('../features/help/pages/notices-page'), ['help']),
  },
  {
    path: paths.detail,
    page: lazyPage(() => import('../features/help/pages/detail-page'), ['help']),
  },
  {
    path: paths.login,
    page: lazyPage(() => import('../features/auth/pages/login-page'), ['auth']),
  },
  {
    path: paths.register,
    page: lazyPage(() => import('../features/auth/pages/register-page'), ['auth']),
  },
  {
    path: paths.reset,
    page: lazyPage(() => import('../features/auth/pages/reset-page'), ['auth']),
  },
  {
    path: paths.wallet,
    page: lazyPage(() => import('../features/auth/pages/wallet-login-page'), ['auth']),
  },
  {
    path: paths.twoFactor,
    page: lazyPage(() => import('../features/auth/pages/two-factor-page'), ['auth']),
  },
  {
    path: paths.googleCallback,
    page: lazyPage(() => import('../features/auth/pages/google-callback-page'), ['auth']),
  },
  {
    path: paths.profile,
    page: lazyPage(() => import('../features/profile/pages/profile-page'), ['profile']),
    nav: { id: 'profile', icon: 'profile', order: 5 },
  },
  {
    path: paths.profileInfo,
    page: lazyPage(() => import('../features/profile/pages/info-page'), ['profile']),
  },
  {
    path: paths.kyc,
    page: lazyPage(() => import('../features/profile/pages/kyc-page'), ['profile']),
  },
  {
    path: paths.notifications,
    page: lazyPage(() => import('../features/profile/pages/notifications-page'), ['profile']),
  },
  {
    path: paths.invite,
    page: lazyPage(() => import('../features/profile/pages/invite-page'), ['profile']),
  },
  {
    path: paths.exchange,
    page: lazyPage(() => import('../features/profile/pages/exchange-page'), ['profile']),
  },
  {
    path: paths.balance,
    page: lazyPage(() => import('../features/profile/pages/balance-page'), ['profile']),
  },
  {
    path: paths.coinAccount,
    page: lazyPage(
      () => import('../features/profile/pages/coin-account-page'),
      ['profile', 'trade'],
    ),
  },
  {
    path: paths.orders,
    page: lazyPage(() => import('../features/profile/pages/orders-page'), ['profile', 'trade']),
  },
  {
    path: paths.records,
    page: lazyPage(() => import('../features/profile/pages/records-page'), ['profile']),
  },
  {
    path: paths.alerts,
    page: lazyPage(() => import('../features/profile/pages/alerts-page'), ['profile']),
  },
  {
    path: paths.support,
    page: lazyPage(() => import('../features/profile/pages/support-page'), ['profile']),
  },
  {
    path: paths.proof,
    page: lazyPage(() => import('../features/profile/pages/proof-page'), ['profile']),
  },
];

/**
 * Spec §2: navigation is hidden on password reset, login, register and the Google return page.
 * Kept as data so the rule holds from the moment those routes are registered.
 */
export const NAVIGATION_HIDDEN_PATHS: readonly string[] = [
  paths.reset,
  paths.login,
  paths.register,
  paths.wallet,
  paths.twoFactor,
  paths.googleCallback,
];

function normalise(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

export function findRoute(pathname: string): AppRoute | undefined {
  const path = normalise(pathname);
  return routes.find((route) => route.path === path);
}

export function isRegistered(path: string): boolean {
  return findRoute(path) !== undefined;
}

export function isNavigationHidden(pathname: string): boolean {
  const path = normalise(pathname);
  return NAVIGATION_HIDDEN_PATHS.includes(path) || findRoute(path)?.hideNavigation === true;
}

export interface NavItem extends NavEntry {
  path: string;
}

/** Home, market, trading, loan, profile: those that are registered, in order. */
export function navigationItems(): NavItem[] {
  return routes
    .flatMap((route) => (route.nav ? [{ ...route.nav, path: route.path }] : []))
    .sort((a, b) => a.order - b.order);
}

/** `path` when its page exists, else null (links to features that have not landed are hidden). */
export function linkIfRegistered(path: string): string | null {
  return isRegistered(path) ? path : null;
}
