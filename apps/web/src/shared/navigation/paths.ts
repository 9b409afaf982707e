/**
 * The product's addresses (spec §2). Only those registered in app/routes.tsx are live; features
 * ask `useRouteAvailable` before linking to one that belongs to another feature.
 */
export const paths = {
  home: '/',
  introduction: '/introduction',
  help: '/help',
  faq: '/help/faq',
  notices: '/help/notice',
  detail: '/detail',
  market: '/market',
  coin: '/cruuency',
  trading: '/trading',
  loan: '/loan',
  nfts: '/nfts',
  profile: '/profile',
  support: '/profile/kefu',
  notifications: '/profile/notification',
  profileInfo: '/profile/info',
  invite: '/profile/invite',
  exchange: '/profile/exchange',
  balance: '/profile/balance',
  coinAccount: '/profile/balancebb',
  orders: '/profile/orders',
  records: '/profile/records',
  alerts: '/profile/alerts',
  proof: '/profile/proof',
  kyc: '/profile/kyc',
  login: '/pass/login',
  register: '/pass/register',
  reset: '/pass/reset',
  wallet: '/pass/wallet',
  twoFactor: '/pass/two-factor',
  googleCallback: '/api/loginCallback/google',
} as const;

/** `/detail?id=..&title=..`: a content page (footer pages, notices, FAQ entries). */
export function detailHref(id: number, title: string): string {
  return `${paths.detail}?${new URLSearchParams({ id: String(id), title }).toString()}`;
}

/** `/cruuency?code=..&type=..&id=..`: one instrument's detail page. */
export function coinHref(item: { code: string; type: number; id: number }): string {
  const query = new URLSearchParams({
    code: item.code,
    type: String(item.type),
    id: String(item.id),
  });
  return `${paths.coin}?${query.toString()}`;
}
