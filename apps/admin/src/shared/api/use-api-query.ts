import type { RouteContract } from '@swx/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { apiCall, type CallInput, type ResultOf } from './api-client';
import { ApiError, isApiError } from './api-error';

export interface QueryState<T> {
  data: T | undefined;
  error: ApiError | undefined;
  loading: boolean;
  reload: () => void;
  /** Replace the data after a mutation whose reply already carries the new state. */
  setData: (update: (current: T | undefined) => T | undefined) => void;
}

/**
 * Loads one GET route and reloads when its input changes. A newer load or unmounting aborts the
 * one in flight, so a slow old reply never overwrites a newer one.
 */
export function useApiQuery<R extends RouteContract>(
  route: R,
  input: CallInput<R>,
): QueryState<ResultOf<R>> {
  const [data, setDataState] = useState<ResultOf<R> | undefined>(undefined);
  const [error, setError] = useState<ApiError | undefined>(undefined);
  const [loading, setLoading] = useState(true);
  const [generation, setGeneration] = useState(0);
  const key = JSON.stringify([input.params, input.query]);
  const inputRef = useRef(input);
  inputRef.current = input;

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    setError(undefined);
    apiCall(route, { ...inputRef.current, signal: controller.signal }).then(
      (result) => {
        if (controller.signal.aborted) return;
        setDataState(() => result);
        setLoading(false);
      },
      (failure: unknown) => {
        if (controller.signal.aborted) return;
        setError(isApiError(failure) ? failure : new ApiError('network', 0, String(failure)));
        setLoading(false);
      },
    );
    return () => controller.abort();
  }, [route, key, generation]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  const setData = useCallback(
    (update: (current: ResultOf<R> | undefined) => ResultOf<R> | undefined) =>
      setDataState((current) => update(current)),
    [],
  );
  return { data, error, loading, reload, setData };
}
