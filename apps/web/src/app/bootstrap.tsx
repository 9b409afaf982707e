import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { isIntroDismissed, shouldShowIntro } from '../features/intro/intro-state';
import { i18n, initI18n } from '../shared/i18n/i18n';
import {
  pickInitialLocale,
  readStoredLocale,
  storeLocale,
  withoutLangParam,
} from '../shared/i18n/language';
import { setConventionLocale } from '../shared/market/up-down';
import { paths } from '../shared/navigation/paths';
import { initTheme } from '../shared/ui/theme';
import { layoutForUserAgent } from './layouts/device';
import { AppRoutes } from './router';
import { findRoute, isNavigationHidden } from './routes';

/** Startup: theme, language (`?lang=`), the intro rule, catalogues, then the first render. */
export async function bootstrap(container: HTMLElement): Promise<void> {
  initTheme();

  const { locale, fromQuery } = pickInitialLocale({
    search: window.location.search,
    stored: readStoredLocale(),
    preferred: navigator.languages ?? [navigator.language],
  });
  if (fromQuery) {
    storeLocale(locale);
    window.history.replaceState(window.history.state, '', withoutLangParam(window.location.href));
  }

  if (
    shouldShowIntro({
      pathname: window.location.pathname,
      dismissed: isIntroDismissed(),
      exempt: isNavigationHidden,
    })
  ) {
    window.history.replaceState(null, '', paths.introduction);
  }

  // The page's chunk and catalogues load while i18next reads common and errors.
  const preload = findRoute(window.location.pathname)?.page.preload(locale);
  await Promise.all([initI18n(locale), preload?.catch(() => undefined)]);

  // Up/down colours follow the language until the user picks a convention.
  setConventionLocale(i18n.language);
  i18n.on('languageChanged', setConventionLocale);

  const device = layoutForUserAgent(navigator.userAgent);

  createRoot(container).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <BrowserRouter>
          <AppRoutes device={device} />
        </BrowserRouter>
      </I18nextProvider>
    </StrictMode>,
  );
}
