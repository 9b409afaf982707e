import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import auth from '../../../../../../packages/i18n/locales/en/auth.json';
import { DeviceLayoutContext, type DeviceLayout } from '../../../shared/layout/device-context';
import { createTestI18n } from '../../../test/render-with-i18n';

/** Shows where the app went (any path other than the page's own). */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** Renders a sign-in page at `url` with the English catalogues (auth included). */
export async function renderAuthPage(
  page: ReactElement,
  {
    path,
    url = path,
    state,
    device = 'desktop',
  }: { path: string; url?: string; state?: unknown; device?: DeviceLayout },
) {
  const i18n = await createTestI18n();
  i18n.addResourceBundle('en', 'auth', auth);
  const parsed = new URL(url, 'http://localhost');
  const view = render(
    <I18nextProvider i18n={i18n}>
      <DeviceLayoutContext.Provider value={device}>
        <MemoryRouter
          initialEntries={[
            { pathname: parsed.pathname, search: parsed.search, hash: parsed.hash, state },
          ]}
        >
          <Routes>
            <Route path={path} element={page} />
            <Route path="*" element={<LocationProbe />} />
          </Routes>
        </MemoryRouter>
      </DeviceLayoutContext.Provider>
    </I18nextProvider>,
  );
  return { i18n, ...view };
}

/** Renders a component with the English catalogues (auth included), outside any page. */
export async function renderWithAuthCatalogue(ui: ReactElement, device: DeviceLayout = 'desktop') {
  const i18n = await createTestI18n();
  i18n.addResourceBundle('en', 'auth', auth);
  return render(
    <I18nextProvider i18n={i18n}>
      <DeviceLayoutContext.Provider value={device}>
        <MemoryRouter>{ui}</MemoryRouter>
      </DeviceLayoutContext.Provider>
    </I18nextProvider>,
  );
}

export interface ApiCall {
  path: string;
  query: URLSearchParams;
  body: unknown;
}

type Reply = { status?: number; json: unknown };
type Handler = (call: ApiCall) => Reply | Promise<Reply>;

/** Replaces fetch with handlers by API path; an unknown path answers 404 (10109). */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const call: ApiCall = {
      path: url.pathname,
      query: url.searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const handler = handlers[url.pathname];
    const reply = handler
      ? await handler(call)
      : { status: 404, json: { code: 10109, msg: 'Not found', result: null } };
    return Response.json(reply.json, { status: reply.status ?? 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    /** Calls of one path. */
    of: (path: string) => calls.filter((call) => call.path === path),
  };
}

export const ok = (result: unknown): Reply => ({ json: { code: 200, msg: 'ok', result } });
export const fail = (code: number, status = 400): Reply => ({
  status,
  json: { code, msg: `error ${code}`, result: null },
});

export const API = {
  methods: '/swx/customer/login/methods',
  check: '/swx/customer/login/checkUserNameOrPhone',
  sendCode: '/swx/customer/login/sendCode',
  register: '/swx/customer/login/register',
  login: '/swx/customer/login/login',
  google: '/swx/customer/login/loginByGoogle',
  dappNonce: '/swx/customer/login/dappNonce',
  dapp: '/swx/customer/login/loginByDapp',
  repassword: '/swx/customer/user/repassword',
} as const;

export const USER = {
  id: 7,
  username: 'amy',
  email: 'amy@example.com',
  areaCode: null,
  phone: null,
  walletAddress: null,
  googleLinked: false,
  hasPassword: true,
  hasWithdrawPassword: false,
  twoFactor: false,
  antiPhishingCode: null,
  kycStatus: 'none',
  kycReason: null,
  demoEnabled: true,
  inviteCode: 'ABCD2345',
  locale: 'en',
  createdAt: '2025-01-02T03:04:05.000Z',
} as const;
