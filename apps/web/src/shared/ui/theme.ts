import { useSyncExternalStore } from 'react';

export type Theme = 'light' | 'dark';
export const THEME_STORAGE_KEY = 'swx.theme';

function stored(): Theme | null {
  try {
    const value = localStorage.getItem(THEME_STORAGE_KEY);
    return value === 'light' || value === 'dark' ? value : null;
  } catch {
    return null;
  }
}

function systemTheme(): Theme {
  return typeof window !== 'undefined' &&
    window.matchMedia?.('(prefers-color-scheme: dark)').matches
    ? 'dark'
    : 'light';
}

let theme: Theme | undefined;
const listeners = new Set<() => void>();

function apply(next: Theme) {
  theme = next;
  document.documentElement.classList.toggle('dark', next === 'dark');
  for (const listener of listeners) listener();
}

/** The stored choice, else the system's preference (followed live until the user chooses). */
export function initTheme(): void {
  apply(stored() ?? systemTheme());
  window.matchMedia?.('(prefers-color-scheme: dark)').addEventListener('change', (event) => {
    if (!stored()) apply(event.matches ? 'dark' : 'light');
  });
}

export function getTheme(): Theme {
  return theme ?? stored() ?? systemTheme();
}

export function setTheme(next: Theme): void {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, next);
  } catch {
    // Not stored: the choice lasts for this page.
  }
  apply(next);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, getTheme, getTheme);
}
