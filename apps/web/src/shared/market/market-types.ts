import type { MarketType } from '@swx/contract';

/** Tab order of market types: crypto first, then forex, stocks, futures, ETF, metals. */
export const MARKET_TYPE_ORDER: readonly MarketType[] = [2, 1, 3, 4, 5, 6];

export const MARKET_TYPE_KEY: Record<MarketType, string> = {
  1: 'forex',
  2: 'crypto',
  3: 'stocks',
  4: 'futures',
  5: 'etf',
  6: 'metals',
};

export function parseMarketType(value: string | null): MarketType | null {
  const n = Number(value);
  return (MARKET_TYPE_ORDER as readonly number[]).includes(n) ? (n as MarketType) : null;
}
