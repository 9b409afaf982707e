import { render, type RenderOptions } from '@testing-library/react';
import { createInstance, type i18n as I18n } from 'i18next';
import ICU from 'i18next-icu';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import common from '../../../../packages/i18n/locales/en/common.json';
import errors from '../../../../packages/i18n/locales/en/errors.json';
import help from '../../../../packages/i18n/locales/en/help.json';
import home from '../../../../packages/i18n/locales/en/home.json';
import intro from '../../../../packages/i18n/locales/en/intro.json';

/** An i18next instance with the English catalogues, configured like the app's. */
export async function createTestI18n(): Promise<I18n> {
  const instance = createInstance();
  await instance
    .use(ICU)
    .use(initReactI18next)
    .init({
      lng: 'en',
      fallbackLng: false,
      resources: { en: { common, errors, help, home, intro } },
      ns: ['common', 'errors', 'help', 'home', 'intro'],
      defaultNS: 'common',
      keySeparator: false,
      nsSeparator: ':',
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
  return instance;
}

/** Renders inside a router and the English catalogues. */
export async function renderWithI18n(
  ui: ReactElement,
  options: RenderOptions & { route?: string } = {},
) {
  const i18n = await createTestI18n();
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[options.route ?? '/']}>{children}</MemoryRouter>
    </I18nextProvider>
  );
  return { i18n, ...render(ui, { wrapper: Wrapper, ...options }) };
}
