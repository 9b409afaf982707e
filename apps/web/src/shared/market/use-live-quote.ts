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
 * Only the component that calls it re-renders on a tick, never the whole list. While `paused` (a
 * row scrolled out of view) ticks are kept but render nothing; the latest shows when it resumes.
 */
export function useLiveQuote(
  code: string,
  initial: { price: string; zdf: string },
  onTick?: (tick: TickMessage) => void,
  paused = false,
): LiveQuote {
  const [state, setState] = useState<{ code: string; quote: LiveQuote | null }>({
    code,
    quote: null,
  });
  const onTickRef = useRef(onTick);
  onTickRef.current = onTick;
  const pausedRef = useRef(paused);
  pausedRef.current = paused;
  /** The latest tick of this code, shown or not. */
  const latest = useRef<{ code: string; quote: LiveQuote } | null>(null);
  useEffect(
    () =>
      realtime.subscribe([code], (tick) => {
        if (tick.code !== code) return;
        latest.current = { code, quote: { price: tick.price, zdf: tick.zdf, ts: tick.ts } };
        if (!pausedRef.current) setState(latest.current);
        onTickRef.current?.(tick);
      }),
    [code],
  );
  useEffect(() => {
    if (!paused && latest.current?.code === code) setState(latest.current);
  }, [paused, code]);
  // A tick of another code (before a code change settled) never shows; a refetched list never
  // undoes a newer tick.
  return state.code === code && state.quote ? state.quote : { ...initial, ts: null };
}
