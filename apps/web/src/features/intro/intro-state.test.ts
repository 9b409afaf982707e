import { beforeEach, describe, expect, it } from 'vitest';
import { dismissIntro, INTRO_STORAGE_KEY, isIntroDismissed, shouldShowIntro } from './intro-state';

const exempt = (path: string) => path === '/introduction' || path.startsWith('/pass/');

describe('intro board', () => {
  beforeEach(() => sessionStorage.clear());

  it.each([
    ['/', false, true],
    ['/help/faq', false, true],
    ['/detail', false, true],
    ['/introduction', false, false],
    ['/pass/login', false, false],
    ['/', true, false],
    ['/help', true, false],
  ])('path %s, dismissed %s -> show %s', (pathname, dismissed, expected) => {
    expect(shouldShowIntro({ pathname, dismissed, exempt })).toBe(expected);
  });

  it('is dismissed for the browser session only', () => {
    expect(isIntroDismissed()).toBe(false);
    dismissIntro();
    expect(isIntroDismissed()).toBe(true);
    expect(sessionStorage.getItem(INTRO_STORAGE_KEY)).toBe('1');
    expect(localStorage.getItem(INTRO_STORAGE_KEY)).toBeNull();
  });
});
