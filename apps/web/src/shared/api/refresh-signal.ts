import { useEffect, useRef } from 'react';

/**
 * "Reload in the background now", passed down to the lists of a screen as a prop that never
 * changes, so that a resync reaches them without rendering the screen again.
 */
export interface RefreshSignal {
  emit(): void;
  subscribe(listener: () => void): () => void;
}

export function createRefreshSignal(): RefreshSignal {
  const listeners = new Set<() => void>();
  return {
    emit: () => {
      for (const listener of [...listeners]) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Calls `refresh` whenever `signal` is emitted (nothing without a signal). */
export function useRefreshSignal(signal: RefreshSignal | undefined, refresh: () => void): void {
  const ref = useRef(refresh);
  ref.current = refresh;
  useEffect(() => signal?.subscribe(() => ref.current()), [signal]);
}
