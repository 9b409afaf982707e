import { getLiabilityProof, listLiabilityRoots } from '@swx/contract';
import { api } from '../../../shared/api/api';

/** The published roots, newest first (a hundred days: what the page looks proofs up in). */
export function fetchLiabilityRoots(signal?: AbortSignal) {
  return api.call(listLiabilityRoots, { query: { page: 1, pageSize: 100 } }, { signal });
}

/** The signed-in customer's own inclusion proof (the latest day when `day` is absent). */
export function fetchLiabilityProof(day?: string) {
  return api.call(getLiabilityProof, { query: day ? { day } : {} });
}
