import type { i18n as I18n } from 'i18next';
import type { PageMessage } from '../service-worker/sw-messages';
import { getTheme } from '../shared/ui/theme';

/**
 * Opt-in for browsers driven by automation (`localStorage`): e2e/pwa.spec.ts sets it. Every other
 * automated browser (the other browser tests, Lighthouse, the screenshot script) runs without the
 * worker, because Playwright's `page.route` does not see requests that a service worker handles
 * and a worker left from an earlier build would answer with that build's files.
 */
export const SERVICE_WORKER_OPT_IN_KEY = 'swx.serviceWorker';

export interface RegistrationContext {
  production: boolean;
  secureContext: boolean;
  supported: boolean;
  webdriver: boolean;
  optedIn: boolean;
}

/** Production builds on secure contexts (localhost counts) only, and automation only on opt-in. */
export function shouldRegisterServiceWorker(context: RegistrationContext): boolean {
  if (!context.production || !context.secureContext || !context.supported) return false;
  return !context.webdriver || context.optedIn;
}

function optedIn(): boolean {
  try {
    return localStorage.getItem(SERVICE_WORKER_OPT_IN_KEY) === 'on';
  } catch {
    return false;
  }
}

/** The build files this page loaded before the worker controlled it (the first visit's). */
function loadedBuildFiles(): string[] {
  return performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((url) => url.startsWith(`${location.origin}/assets/`));
}

/**
 * Registers /sw.js after the first render's work is done, then tells the worker the reader's
 * language and theme (for the offline page) whenever they may have changed.
 */
export function registerServiceWorker(i18n: I18n): void {
  const context: RegistrationContext = {
    production: import.meta.env.PROD,
    secureContext: window.isSecureContext,
    supported: 'serviceWorker' in navigator,
    webdriver: navigator.webdriver,
    optedIn: optedIn(),
  };
  if (!shouldRegisterServiceWorker(context)) return;

  const start = async () => {
    await navigator.serviceWorker.register('/sw.js', { scope: '/' });
    const registration = await navigator.serviceWorker.ready;
    const post = (message: PageMessage) => registration.active?.postMessage(message);
    const postPrefs = () => post({ type: 'prefs', locale: i18n.language, theme: getTheme() });
    postPrefs();
    post({ type: 'cache-loaded', urls: loadedBuildFiles() });
    i18n.on('languageChanged', postPrefs);
    // A theme switched on this page reaches the worker when the reader leaves it.
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') postPrefs();
    });
  };
  const run = () => {
    start().catch((error: unknown) => {
      // The app works without the worker; only offline use is lost.
      console.warn('the service worker could not be registered', error);
    });
  };
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
}
