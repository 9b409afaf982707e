import { useSyncExternalStore } from 'react';
import { useApiQuery } from '../../../../shared/api/use-api-query';
import { realtime } from '../../../../shared/realtime/realtime';
import { useSession } from '../../../../shared/session/session-store';
import { tradingApi } from '../../../../shared/trading/trading.api';

/**
 * A counter that moves on every order or balance event of the user (and after each order placed
 * here): part of the key of every query of the user's trading data, so a list or balance that
 * mounts later (the phone sheet) never shows a figure cached before the change.
 */
let epoch = 0;
const listeners = new Set<() => void>();
let unsubscribe: (() => void) | undefined;

export function bumpTradingData(): void {
  epoch++;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!unsubscribe) {
    const offEvents = realtime.onUserEvent((event) => {
      if (event.type === 'order' || event.type === 'balance') bumpTradingData();
    });
    // Back after a drop: what changed meanwhile was never announced.
    const offResync = realtime.onResync(bumpTradingData);
    unsubscribe = () => {
      offResync();
      offEvents();
    };
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      unsubscribe?.();
      unsubscribe = undefined;
    }
  };
}

/** A query of the signed-in user's trading data, reloaded whenever that data changes. */
export function useUserQuery<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>) {
  const { token, mode } = useSession();
  const version = useSyncExternalStore(subscribe, () => epoch);
  return useApiQuery(token && key !== null ? `${mode}/${key}/${version}` : null, load, {
    silent: true,
    keepPreviousData: true,
  });
}

/** Available balance of one asset in the current mode ('0' while unknown). */
export function useAvailable(asset: string): string {
  const info = useUserQuery(`asset/${asset}`, (signal) => tradingApi.assetInfo(asset, signal));
  return info.data?.available ?? '0';
}

/** A system parameter (fee rates, maintenance margin) for the estimates. */
export function useParam(key: string, fallback: string): string {
  const param = useApiQuery(`param/${key}`, (signal) => tradingApi.param(key, signal), {
    silent: true,
  });
  return param.data ?? fallback;
}
