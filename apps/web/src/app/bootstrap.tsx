import { StrictMode, startTransition } from 'react';
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
import { keepDecorativeAnimationEventsFromReact } from '../shared/ui/decorative-animations';
import { initTheme } from '../shared/ui/theme';
import { layoutForUserAgent } from './layouts/device';
import { AppRoutes } from './router';
import { findRoute, isNavigationHidden } from './routes';

/** Startup: theme, language (`?lang=`), the intro rule, catalogues, then the first render. */
export async function bootstrap(container: HTMLElement): Promise<void> {
  initTheme();
  keepDecorativeAnimationEventsFromReact();

  const { locale, fromQuery } = pickInitialLocale({
    search: window.location.search,
    stored: readStoredLocale(),
    preferred: navigator.languages ?? [navigator.language],
  });
  if (fromQuery) {
    storeLocale(locale);
    window.history.replaceState(window.history.state, '', withoutLangParam(window.location.href));
  }

  // A first visit sees the intro board in place of the page it asked for (no redirect).
  const introFirst = shouldShowIntro({
    pathname: window.location.pathname,
    dismissed: isIntroDismissed(),
    exempt: isNavigationHidden,
  });

  // The page's chunk and catalogues load while i18next reads common and errors; then i18next takes
  // the page's catalogues (already here), so the first render suspends neither for the chunk nor
  // for a catalogue, and the page shows in one commit without the fallback before it.
  const first = findRoute(introFirst ? paths.introduction : window.location.pathname)?.page;
  const preload = first?.preload(locale);
  await Promise.all([initI18n(locale), preload?.catch(() => undefined)]);
  if (first?.namespaces.length) await i18n.loadNamespaces([...first.namespaces]).catch(() => {});

  // Up/down colours follow the language until the user picks a convention.
  setConventionLocale(i18n.language);
  i18n.on('languageChanged', setConventionLocale);

  const device = layoutForUserAgent(navigator.userAgent);

  // The first render as a transition: React renders it in slices and yields to the browser
  // between them, instead of one task as long as the whole page (the bulk of a phone's blocking
  // time on a first load).
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <BrowserRouter>
            <AppRoutes device={device} introFirst={introFirst} />
          </BrowserRouter>
        </I18nextProvider>
      </StrictMode>,
    ),
  );

  // The worker's registration is its own chunk: nothing of it weighs on the first render.
  if (import.meta.env.PROD) {
    import('./service-worker')
      .then(({ registerServiceWorker }) => registerServiceWorker(i18n))
      .catch((error: unknown) => console.warn('the service worker was not registered', error));
  }
}
