/** The intro board is shown until dismissed, once per browser session (sessionStorage). */
export const INTRO_STORAGE_KEY = 'swx.introDismissed';

export function isIntroDismissed(): boolean {
  try {
    return sessionStorage.getItem(INTRO_STORAGE_KEY) === '1';
  } catch {
    return true;
  }
}

export function dismissIntro(): void {
  try {
    sessionStorage.setItem(INTRO_STORAGE_KEY, '1');
  } catch {
    // Without session storage the board simply shows again on the next load.
  }
}

/**
 * On the first load of a session every route leads to the intro board first, except the board
 * itself and pages where an interruption would break a flow (navigation-less pages such as login
 * or the Google return page).
 */
export function shouldShowIntro(input: {
  pathname: string;
  dismissed: boolean;
  exempt: (pathname: string) => boolean;
}): boolean {
  return !input.dismissed && !input.exempt(input.pathname);
}
