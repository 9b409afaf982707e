import { useSyncExternalStore } from 'react';

/** Favourite instrument codes, kept in this browser (localStorage), in the order they were added. */
export const FAVOURITES_STORAGE_KEY = 'swx.favourites';

export interface FavouritesStore {
  get: () => readonly string[];
  has: (code: string) => boolean;
  toggle: (code: string) => void;
  subscribe: (listener: () => void) => () => void;
}

export function createFavouritesStore(storage: Pick<Storage, 'getItem' | 'setItem'> | null) {
  let codes: readonly string[] = read();
  const listeners = new Set<() => void>();

  function read(): readonly string[] {
    try {
      const parsed: unknown = JSON.parse(storage?.getItem(FAVOURITES_STORAGE_KEY) ?? '[]');
      return Array.isArray(parsed)
        ? [...new Set(parsed.filter((c): c is string => typeof c === 'string' && c.length > 0))]
        : [];
    } catch {
      return [];
    }
  }

  const store: FavouritesStore = {
    get: () => codes,
    has: (code) => codes.includes(code),
    toggle: (code) => {
      codes = codes.includes(code) ? codes.filter((c) => c !== code) : [...codes, code];
      try {
        storage?.setItem(FAVOURITES_STORAGE_KEY, JSON.stringify(codes));
      } catch {
        // Not stored: the choice lasts for this page.
      }
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
  return store;
}

function browserStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export const favourites = createFavouritesStore(browserStorage());

export function useFavourites(): readonly string[] {
  return useSyncExternalStore(favourites.subscribe, favourites.get, favourites.get);
}
