import { useEffect, useRef, useState } from 'react';
import type { TickMessage } from '@swx/contract';
import { realtime } from '../realtime/realtime';

export interface LiveQuote {
  price: string;
  zdf: string;
  /** Time of the last tick, or null while only the list's figures are known. */
  ts: string | null;
}

/**
 * The live price of one instrument: starts from the list's figures and follows that code's ticks.
 * Only the component that calls it re-renders on a tick, never the whole list.
 */
export function useLiveQuote(
  code: string,
  initial: { price: string; zdf: string },
  onTick?: (tick: TickMessage) => void,
): LiveQuote {
  const [state, setState] = useState<{ code: string; quote: LiveQuote | null }>({
    code,
    quote: null,
  });
  const onTickRef = useRef(onTick);
  onTickRef.current = onTick;
  useEffect(
    () =>
      realtime.subscribe([code], (tick) => {
        if (tick.code !== code) return;
        setState({ code, quote: { price: tick.price, zdf: tick.zdf, ts: tick.ts } });
        onTickRef.current?.(tick);
      }),
    [code],
  );
  // A tick of another code (before a code change settled) never shows; a refetched list never
  // undoes a newer tick.
  return state.code === code && state.quote ? state.quote : { ...initial, ts: null };
}
