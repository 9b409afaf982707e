import {
  getParamByKey,
  getPlatformStats,
  listMarketByType,
  listNotices,
  type MarketType,
} from '@swx/contract';
import { api } from '../../../shared/api/api';

export function fetchLatestNotices(signal: AbortSignal) {
  return api.call(listNotices, { query: { page: 1, pageSize: 3 } }, { signal });
}

/**
 * The Android app address staff configured (`down_url`), or null when it is empty. Only http(s)
 * addresses are used, because the value ends up in an href.
 */
export async function fetchAndroidAppUrl(signal: AbortSignal): Promise<string | null> {
  const { paramValue } = await api.call(getParamByKey, { params: { key: 'down_url' } }, { signal });
  const value = paramValue.trim();
  if (!value) return null;
  try {
    const url = new URL(value, window.location.origin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

export function fetchMarkets(type: MarketType, signal: AbortSignal) {
  return api.call(listMarketByType, { query: { type } }, { signal });
}

export function fetchPlatformStats(signal: AbortSignal) {
  return api.call(getPlatformStats, {}, { signal });
}
