import { useEffect, useState } from 'react';

function secondsUntil(deadline: number | null): number {
  return deadline === null ? 0 : Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
}

/**
 * Whole seconds left until `deadline` (epoch ms), ticking down to 0. Read from the clock on each
 * tick, so a throttled background tab still ends on time; renders only when the number changes.
 */
export function useCountdown(deadline: number | null): number {
  const [remaining, setRemaining] = useState(() => secondsUntil(deadline));
  const [tracked, setTracked] = useState(deadline);
  if (tracked !== deadline) {
    setTracked(deadline);
    setRemaining(secondsUntil(deadline));
  }
  useEffect(() => {
    if (deadline === null) return;
    const timer = setInterval(() => {
      const left = secondsUntil(deadline);
      setRemaining(left);
      if (left === 0) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [deadline]);
  return remaining;
}
