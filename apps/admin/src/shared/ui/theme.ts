import { useSyncExternalStore } from 'react';

export type Theme = 'light' | 'dark';
const THEME_STORAGE_KEY = 'swx.admin.theme';

function storedTheme(): Theme | null {
  try {
    const value = window.localStorage.getItem(THEME_STORAGE_KEY);
    return value === 'light' || value === 'dark' ? value : null;
  } catch {
    return null;
  }
}

let theme: Theme =
  storedTheme() ?? (window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light');
const listeners = new Set<() => void>();

function apply() {
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
}

/** Called once before the first render, so the page never flashes the other theme. */
export function applyStoredTheme() {
  apply();
}

export function setTheme(next: Theme) {
  theme = next;
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, next);
  } catch {
    // Not remembered, still applied.
  }
  apply();
  for (const listener of listeners) listener();
}

export function useTheme(): Theme {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => theme,
  );
}
