import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../ui/toast-store';
import { ApiError, isAbort } from './api-error';
import { apiErrorMessage } from './error-message';

export type QueryState<T> =
  | { status: 'loading'; data: T | undefined; error: undefined }
  | { status: 'success'; data: T; error: undefined }
  | { status: 'error'; data: T | undefined; error: unknown };

export interface QueryOptions {
  /** Failures only change the state; no toast (background data such as footer links). */
  silent?: boolean;
  /** Codes the page explains itself (e.g. 10101 "not found"), so no toast for them. */
  expectedCodes?: readonly number[];
  /** While a new key loads, keep showing the previous key's data (search results as you type). */
  keepPreviousData?: boolean;
}

const FRESH_MS = 30_000;
const cache = new Map<string, { data: unknown; at: number }>();

/** Forgets cached replies (tests; a later logout may want it too). */
export function clearQueryCache(): void {
  cache.clear();
}

/**
 * Loads data for a screen: cancels on unmount or key change, keeps the last reply for the same key
 * (and language) for a moment so going back does not flash a skeleton, and reports failures in a
 * toast with the translated message. `key` null means "not yet" (e.g. a missing id).
 */
export function useApiQuery<T>(
  key: string | null,
  load: (signal: AbortSignal) => Promise<T>,
  options: QueryOptions = {},
): QueryState<T> & { retry: () => void; refresh: () => void } {
  const { t, i18n } = useTranslation();
  const fullKey = key === null ? null : `${i18n.language}\u0000${key}`;
  const loadRef = useRef(load);
  loadRef.current = load;
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<QueryState<T>>(() => initial<T>(fullKey));
  /** What the screen shows, for `refresh` to compare a new reply with. */
  const shown = useRef(state);
  shown.current = state;
  /** Reloads the current key in the background (set by the effect below, for its key). */
  const refreshNow = useRef<() => void>(() => undefined);

  useEffect(() => {
    if (fullKey === null) return;
    const cached = cache.get(fullKey);
    setState((previous) => {
      const next = initial<T>(fullKey);
      return next.status === 'loading' && optionsRef.current.keepPreviousData
        ? { status: 'loading', data: previous.data, error: undefined }
        : next;
    });
    const controller = new AbortController();
    const fail = (error: unknown) => {
      if (controller.signal.aborted || isAbort(error)) return;
      setState((prev) => ({ status: 'error', data: prev.data, error }));
      const { silent, expectedCodes = [] } = optionsRef.current;
      const expected =
        error instanceof ApiError &&
        error.code !== null &&
        (error.code === 401 || expectedCodes.includes(error.code));
      if (!silent && !expected) {
        toast.error(apiErrorMessage(error, t, (k) => i18n.exists(k)));
      }
      if (!(error instanceof ApiError)) console.warn('request failed', error);
    };
    refreshNow.current = () => {
      loadRef.current(controller.signal).then((data) => {
        if (controller.signal.aborted) return;
        // The same reply as on screen (the usual answer to a resync): nothing renders again.
        const now = shown.current;
        const same = now.status === 'success' && sameData(now.data, data);
        cache.set(fullKey, { data: same ? now.data : data, at: Date.now() });
        if (!same) startTransition(() => setState({ status: 'success', data, error: undefined }));
      }, fail);
    };
    if (cached && Date.now() - cached.at < FRESH_MS && attempt === 0)
      return () => controller.abort();
    loadRef.current(controller.signal).then((data) => {
      cache.set(fullKey, { data, at: Date.now() });
      // A transition: the screen the data fills is rendered in slices that leave the main
      // thread free between them (a long list was one long task on a phone), and a newer
      // update (a tap, a tick) goes first.
      if (!controller.signal.aborted) {
        startTransition(() => setState({ status: 'success', data, error: undefined }));
      }
    }, fail);
    return () => controller.abort();
    // t and i18n change with the language, which is part of fullKey already.
  }, [fullKey, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  /**
   * Reloads in the background: the screen keeps what it shows (no loading state) and renders again
   * only if the reply differs. For a resync after the live socket connects, whose reply is almost
   * always what the screen already has.
   */
  const refresh = useCallback(() => refreshNow.current(), []);
  return { ...state, retry, refresh };
}

/** Two replies with the same content (replies are JSON, so their text decides). */
function sameData(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

function initial<T>(fullKey: string | null): QueryState<T> {
  const cached = fullKey === null ? undefined : cache.get(fullKey);
  return cached
    ? { status: 'success', data: cached.data as T, error: undefined }
    : { status: 'loading', data: undefined, error: undefined };
}
