import { getContentsById, listFaq, listNotices } from '@swx/contract';
import { api } from '../../../shared/api/api';

export const NOTICES_PAGE_SIZE = 10;

export function fetchFaq(q: string, signal: AbortSignal) {
  const query = q.trim();
  return api.call(listFaq, { query: query ? { q: query } : {} }, { signal });
}

export function fetchNotices(page: number, pageSize: number, signal: AbortSignal) {
  return api.call(listNotices, { query: { page, pageSize } }, { signal });
}

export function fetchContent(id: number, signal: AbortSignal) {
  return api.call(getContentsById, { params: { id } }, { signal });
}
