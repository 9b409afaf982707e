import { describe, expect, it } from 'vitest';
import { shouldRegisterServiceWorker, type RegistrationContext } from './service-worker';

const real: RegistrationContext = {
  production: true,
  secureContext: true,
  supported: true,
  webdriver: false,
  optedIn: false,
};

describe('shouldRegisterServiceWorker', () => {
  it.each<[string, Partial<RegistrationContext>, boolean]>([
    ['a reader on a production build over https or localhost', {}, true],
    ['the dev server (vite dev)', { production: false }, false],
    ['plain http on another host', { secureContext: false }, false],
    ['a browser without service workers', { supported: false }, false],
    ['an automated browser (other e2e specs, Lighthouse)', { webdriver: true }, false],
    [
      'an automated browser that opted in (e2e/pwa.spec.ts)',
      { webdriver: true, optedIn: true },
      true,
    ],
    [
      'opt-in does not lift the secure-context rule',
      { webdriver: true, optedIn: true, secureContext: false },
      false,
    ],
  ])('%s', (_label, change, expected) => {
    expect(shouldRegisterServiceWorker({ ...real, ...change })).toBe(expected);
  });
});
