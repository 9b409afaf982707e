import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import profile from '../../../../../../packages/i18n/locales/en/profile.json';
import { createTestI18n } from '../../../test/render-with-i18n';

/** The app's English test catalogues plus this feature's namespace. */
export async function createProfileI18n() {
  const i18n = await createTestI18n();
  i18n.addResourceBundle('en', 'profile', profile);
  return i18n;
}

/** Shows where the router went (redirect tests). */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** Renders at `route` with the profile catalogue; other paths render the location probe. */
export async function renderProfile(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  const i18n = await createProfileI18n();
  const path = route.split('?')[0] ?? '/';
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path={path} element={children} />
          <Route path="*" element={<LocationProbe />} />
        </Routes>
      </MemoryRouter>
    </I18nextProvider>
  );
  return { i18n, ...render(ui, { wrapper: Wrapper }) };
}

/** A reply envelope as the server sends it. */
export function reply(result: unknown, code = 200, status = 200): Response {
  return new Response(JSON.stringify({ code, msg: code === 200 ? 'ok' : 'error', result }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}
