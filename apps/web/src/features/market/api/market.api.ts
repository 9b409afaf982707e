import {
  getKValueByCodeAndDate,
  getMarketInfo,
  getTradingHours,
  listMarketByType,
  type Timeframe,
} from '@swx/contract';
import { api } from '../../../shared/api/api';

export function fetchAllMarkets(signal: AbortSignal) {
  return api.call(listMarketByType, { query: {} }, { signal });
}

export function fetchMarketInfo(id: number, signal: AbortSignal) {
  return api.call(getMarketInfo, { params: { id } }, { signal });
}

export function fetchTradingHours(code: string, signal: AbortSignal) {
  return api.call(getTradingHours, { params: { code } }, { signal });
}

export function fetchCandles(code: string, timeframe: Timeframe, signal: AbortSignal) {
  return api.call(getKValueByCodeAndDate, { query: { code, timeframe } }, { signal });
}
