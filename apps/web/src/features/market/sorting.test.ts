import { describe, expect, it } from 'vitest';
import type { MarketItem } from '@swx/contract';
import { matchesSearch, nextSort, sortMarkets } from './sorting';

function item(code: string, appName: string, nowPrice: string, zdf: string): MarketItem {
  return {
    id: 1,
    code,
    type: 2,
    appName,
    logo: `/logos/${code}.svg`,
    price: nowPrice,
    nowPrice,
    zdf,
    hundred: [],
    precision: 2,
    open: true,
    stale: false,
    source: 'simulator',
    ts: '2026-11-21T10:00:00.000Z',
  };
}

const list = [
  item('ETHUSDT', 'Ethereum', '1800.5', '-1.20'),
  item('BTCUSDT', 'Bitcoin', '28879.02', '2.50'),
  item('ADAUSDT', 'Cardano', '0.2551', '0.00'),
  item('BNBUSDT', 'BNB', '653.04', '2.50'),
];
const codes = (items: MarketItem[]) => items.map((i) => i.code);

describe('market sorting', () => {
  it('sorts by name, price and change in both orders', () => {
    expect(codes(sortMarkets(list, { key: 'name', order: 'asc' }, 'en'))).toEqual([
      'BTCUSDT',
      'BNBUSDT',
      'ADAUSDT',
      'ETHUSDT',
    ]);
    expect(codes(sortMarkets(list, { key: 'price', order: 'desc' }, 'en'))).toEqual([
      'BTCUSDT',
      'ETHUSDT',
      'BNBUSDT',
      'ADAUSDT',
    ]);
    expect(codes(sortMarkets(list, { key: 'price', order: 'asc' }, 'en'))[0]).toBe('ADAUSDT');
    // Ties keep the listed order.
    expect(codes(sortMarkets(list, { key: 'change', order: 'desc' }, 'en'))).toEqual([
      'BTCUSDT',
      'BNBUSDT',
      'ADAUSDT',
      'ETHUSDT',
    ]);
  });

  it('leaves the list as listed without a sort and never mutates it', () => {
    const copy = [...list];
    expect(sortMarkets(list, null, 'en')).toEqual(list);
    sortMarkets(list, { key: 'name', order: 'desc' }, 'en');
    expect(list).toEqual(copy);
  });

  it('flips the active column, starts names ascending and figures descending', () => {
    expect(nextSort(null, 'name')).toEqual({ key: 'name', order: 'asc' });
    expect(nextSort(null, 'change')).toEqual({ key: 'change', order: 'desc' });
    expect(nextSort({ key: 'change', order: 'desc' }, 'change')).toEqual({
      key: 'change',
      order: 'asc',
    });
    expect(nextSort({ key: 'change', order: 'asc' }, 'price')).toEqual({
      key: 'price',
      order: 'desc',
    });
  });

  it('searches codes and names, case-insensitively', () => {
    expect(matchesSearch(list[1]!, 'btc')).toBe(true);
    expect(matchesSearch(list[1]!, 'BTC/USDT')).toBe(true);
    expect(matchesSearch(list[1]!, 'bitc')).toBe(true);
    expect(matchesSearch(list[1]!, 'eth')).toBe(false);
    expect(matchesSearch(list[1]!, '  ')).toBe(true);
  });
});
