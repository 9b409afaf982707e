import { currentLocale } from '../i18n/i18n';
import { session } from '../session/session-store';
import { createApiClient } from './api-client';

let unauthorizedHandler: () => void = () => {};

/** The app router registers where a 401 sends the user (the login page). */
export function setUnauthorizedHandler(handler: () => void): void {
  unauthorizedHandler = handler;
}

/** The one API client of the customer app: same origin, session headers, reply parsing. */
export const api = createApiClient({
  token: () => session.get().token,
  accountMode: () => session.get().mode,
  locale: currentLocale,
  onUnauthorized: () => {
    session.clear();
    unauthorizedHandler();
  },
});
