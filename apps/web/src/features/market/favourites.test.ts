import { describe, expect, it, vi } from 'vitest';
import { FAVOURITES_STORAGE_KEY, createFavouritesStore } from './favourites';

function memoryStorage(initial?: string) {
  const data = new Map<string, string>();
  if (initial !== undefined) data.set(FAVOURITES_STORAGE_KEY, initial);
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    data,
  };
}

describe('favourites store', () => {
  it('toggles codes, keeps their order and stores them', () => {
    const storage = memoryStorage();
    const store = createFavouritesStore(storage);
    const listener = vi.fn();
    store.subscribe(listener);
    store.toggle('BTCUSDT');
    store.toggle('EURUSD');
    expect(store.get()).toEqual(['BTCUSDT', 'EURUSD']);
    expect(store.has('EURUSD')).toBe(true);
    store.toggle('BTCUSDT');
    expect(store.get()).toEqual(['EURUSD']);
    expect(JSON.parse(storage.data.get(FAVOURITES_STORAGE_KEY)!)).toEqual(['EURUSD']);
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it('reads what was stored and survives junk', () => {
    expect(createFavouritesStore(memoryStorage('["AAPL","AAPL",3,""]')).get()).toEqual(['AAPL']);
    expect(createFavouritesStore(memoryStorage('{oops')).get()).toEqual([]);
    expect(createFavouritesStore(memoryStorage('{"a":1}')).get()).toEqual([]);
    expect(createFavouritesStore(null).get()).toEqual([]);
  });

  it('keeps working when storage refuses to write', () => {
    const store = createFavouritesStore({
      getItem: () => null,
      setItem: () => {
        throw new Error('quota');
      },
    });
    store.toggle('GOLD');
    expect(store.get()).toEqual(['GOLD']);
  });
});
