import { buySmart, exitSmart, listSmartOrder, listSmartProducts } from '@swx/contract';
import { api } from '../../shared/api/api';

/** Typed calls of the smart trading plan. Money-moving calls take the key of one confirmed intent. */
export const earnApi = {
  products: (signal?: AbortSignal) => api.call(listSmartProducts, {}, { signal }),
  plans: (state: 'earning' | 'ended', signal?: AbortSignal) =>
    api.call(listSmartOrder, { query: { state, page: 1, pageSize: 50 } }, { signal }),
  buy: (body: { productId: number; days: number; amount: string }, idempotencyKey: string) =>
    api.call(buySmart, { body }, { idempotencyKey }),
  exit: (id: number, idempotencyKey: string) =>
    api.call(exitSmart, { body: { id } }, { idempotencyKey }),
};
