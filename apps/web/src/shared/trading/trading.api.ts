import {
  getProfitTotal,
  listAssets,
  convertCoin,
  listConvertAssets,
  listConvertOrder,
  buyOptions,
  buyU,
  cancelOrder,
  getAssestInfo,
  getParamByKey,
  listBbOrder,
  listOptionsOrder,
  listOptionsProducts,
  listTransactions,
  listUOrder,
  verifyTick,
  stopU,
  submitSpotOrder,
  type ContractOrder,
  type OptionsOrder,
  type SpotOrder,
} from '@swx/contract';
import type { z } from 'zod';
import { api } from '../api/api';

/** Typed calls of the trading routes. Money-moving calls take the key of one confirmed intent. */
export const tradingApi = {
  assetInfo: (asset: string, signal?: AbortSignal) =>
    api.call(getAssestInfo, { params: { id: asset } }, { signal }),
  param: (key: string, signal?: AbortSignal) =>
    api.call(getParamByKey, { params: { key } }, { signal }).then((r) => r.paramValue),
  submitSpot: (body: Parameters<typeof spotBody>[0], idempotencyKey: string): Promise<SpotOrder> =>
    api.call(submitSpotOrder, { body: spotBody(body) }, { idempotencyKey }),
  cancel: (kind: 'spot' | 'contract', id: number, idempotencyKey: string) =>
    api.call(cancelOrder, { body: { kind, id } }, { idempotencyKey }),
  spotOrders: (status: 'current' | 'history', code: string | undefined, signal?: AbortSignal) =>
    api.call(listBbOrder, { query: { status, code, page: 1, pageSize: 50 } }, { signal }),
  openContract: (body: ContractBody, idempotencyKey: string): Promise<ContractOrder> =>
    api.call(buyU, { body }, { idempotencyKey }),
  closeContract: (id: number, idempotencyKey: string): Promise<ContractOrder> =>
    api.call(stopU, { body: { id } }, { idempotencyKey }),
  contracts: (
    status: 'awaiting' | 'open' | 'closed',
    code: string | undefined,
    signal?: AbortSignal,
  ) => api.call(listUOrder, { query: { status, code, page: 1, pageSize: 50 } }, { signal }),
  optionsProducts: (code: string, signal?: AbortSignal) =>
    api.call(listOptionsProducts, { query: { code } }, { signal }),
  buyOption: (body: OptionsBody, idempotencyKey: string): Promise<OptionsOrder> =>
    api.call(buyOptions, { body }, { idempotencyKey }),
  assets: (signal?: AbortSignal) => api.call(listAssets, {}, { signal }),
  profit: (signal?: AbortSignal) => api.call(getProfitTotal, { query: {} }, { signal }),
  convertAssets: (signal?: AbortSignal) => api.call(listConvertAssets, {}, { signal }),
  /** A quote is valid 10 s; accepting converts at exactly its figures. */
  quote: (body: { from: string; to: string; amount: string }, idempotencyKey: string) =>
    api.call(convertCoin, { body: { step: 'quote', ...body } }, { idempotencyKey }),
  acceptQuote: (
    body: { quoteId: string; from: string; to: string; amount: string },
    idempotencyKey: string,
  ) => api.call(convertCoin, { body: { step: 'accept', ...body } }, { idempotencyKey }),
  converts: (signal?: AbortSignal) =>
    api.call(listConvertOrder, { query: { page: 1, pageSize: 20 } }, { signal }),
  options: (status: 'running' | 'settled', code: string | undefined, signal?: AbortSignal) =>
    api.call(listOptionsOrder, { query: { status, code, page: 1, pageSize: 20 } }, { signal }),
  verifyTick: (id: number, signal?: AbortSignal) =>
    api.call(verifyTick, { params: { id } }, { signal }),
  /** Any list of the all-orders screen, one page at a time. */
  page: {
    spot: (status: 'current' | 'history', page: number, signal?: AbortSignal) =>
      api.call(listBbOrder, { query: { status, page, pageSize: PAGE } }, { signal }),
    contracts: (status: 'awaiting' | 'open' | 'closed', page: number, signal?: AbortSignal) =>
      api.call(listUOrder, { query: { status, page, pageSize: PAGE } }, { signal }),
    options: (status: 'running' | 'settled', page: number, signal?: AbortSignal) =>
      api.call(listOptionsOrder, { query: { status, page, pageSize: PAGE } }, { signal }),
    converts: (page: number, signal?: AbortSignal) =>
      api.call(listConvertOrder, { query: { page, pageSize: PAGE } }, { signal }),
  },
  transactions: (
    query: { product?: TransactionProduct | undefined; page: number },
    signal?: AbortSignal,
  ) => api.call(listTransactions, { query: { ...query, pageSize: PAGE } }, { signal }),
};

export const PAGE = 20;
export type TransactionProduct = NonNullable<z.input<typeof listTransactions.query>['product']>;

function spotBody(body: {
  code: string;
  side: 'buy' | 'sell';
  type: 'market' | 'limit';
  price?: string | undefined;
  quantity?: string | undefined;
  turnover?: string | undefined;
}) {
  return body;
}

export interface ContractBody {
  code: string;
  direction: 'long' | 'short';
  lots: string;
  leverage: number;
  type: 'market' | 'limit';
  price?: string | undefined;
  stopLoss?: string | undefined;
  takeProfit?: string | undefined;
}

export interface OptionsBody {
  code: string;
  direction: 'up' | 'down';
  seconds: number;
  amount: string;
}
