import { useSyncExternalStore } from 'react';

/**
 * The reader's up/down colour convention (UI.md): red up and green down is the default for
 * Chinese, Japanese and Korean readers, green up and red down for everyone else; a stored choice
 * overrides the default. `<html data-updown>` carries it so CSS (`text-rise`, `text-fall`) and
 * canvases read the colours without re-rendering any list.
 */
export type UpDownConvention = 'green-up' | 'red-up';
export const UP_DOWN_STORAGE_KEY = 'swx.upDown';

const RED_UP_LANGUAGES = new Set(['zh-CN', 'zh-TW', 'ja', 'ko']);

export function defaultConvention(locale: string): UpDownConvention {
  return RED_UP_LANGUAGES.has(locale) ? 'red-up' : 'green-up';
}

export function resolveConvention(locale: string, stored: string | null): UpDownConvention {
  return stored === 'green-up' || stored === 'red-up' ? stored : defaultConvention(locale);
}

/** Colours of a rise and a fall in a convention, as semantic names. */
export function conventionColours(convention: UpDownConvention): {
  up: 'green' | 'red';
  down: 'green' | 'red';
} {
  return convention === 'red-up' ? { up: 'red', down: 'green' } : { up: 'green', down: 'red' };
}

function readStored(): string | null {
  try {
    return localStorage.getItem(UP_DOWN_STORAGE_KEY);
  } catch {
    return null;
  }
}

let locale = 'en';
let current: UpDownConvention = 'green-up';
const listeners = new Set<() => void>();

function apply() {
  current = resolveConvention(locale, readStored());
  if (typeof document !== 'undefined') document.documentElement.dataset.updown = current;
  for (const listener of listeners) listener();
}

/** Called at startup and on every language change. */
export function setConventionLocale(next: string): void {
  locale = next;
  apply();
}

export function getConvention(): UpDownConvention {
  return current;
}

export function setConvention(next: UpDownConvention): void {
  try {
    localStorage.setItem(UP_DOWN_STORAGE_KEY, next);
  } catch {
    // Not stored: the choice lasts for this page.
  }
  apply();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useConvention(): UpDownConvention {
  return useSyncExternalStore(subscribe, getConvention, getConvention);
}

export interface RiseFallColours {
  rise: string;
  fall: string;
  flat: string;
}

let cached: { key: string; colours: RiseFallColours } | null = null;

/**
 * The current rise/fall colours from CSS (canvas drawing). They live on the root element (theme
 * class, `data-updown`), so they are read once per theme and convention: a list draws dozens of
 * sparklines in one frame, and each fresh read of computed style after a canvas was resized made
 * the browser recalculate the whole page's style again (most of a phone's first render).
 */
export function riseFallColours(): RiseFallColours {
  const root = document.documentElement;
  const key = `${root.className}|${root.getAttribute('data-updown') ?? ''}`;
  if (cached?.key === key) return cached.colours;
  const style = getComputedStyle(root);
  const colours = {
    rise: style.getPropertyValue('--color-rise').trim() || '#067647',
    fall: style.getPropertyValue('--color-fall').trim() || '#b42318',
    flat: style.getPropertyValue('--color-muted').trim() || '#4a5565',
  };
  cached = { key, colours };
  return colours;
}
