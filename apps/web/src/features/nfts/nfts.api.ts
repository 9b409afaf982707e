import { buyNft, getNft, listMyNft, listNft } from '@swx/contract';
import { api } from '../../shared/api/api';

export type NftFilter = 'all' | 'live' | 'scheduled' | 'ended';

/** Typed calls of the charity NFTs. A bid or purchase takes the key of one confirmed intent. */
export const nftsApi = {
  list: (q: { search: string; filter: NftFilter }, signal?: AbortSignal) =>
    api.call(
      listNft,
      {
        query: {
          page: 1,
          pageSize: 50,
          ...(q.search.trim() ? { search: q.search.trim() } : {}),
          ...(q.filter === 'all' ? {} : { state: q.filter }),
        },
      },
      { signal },
    ),
  item: (id: number, signal?: AbortSignal) => api.call(getNft, { params: { id } }, { signal }),
  mine: (signal?: AbortSignal) => api.call(listMyNft, {}, { signal }),
  buy: (
    body: ({ id: number; kind: 'bid' } & { amount: string }) | { id: number; kind: 'buyNow' },
    idempotencyKey: string,
  ) => api.call(buyNft, { body }, { idempotencyKey }),
};
