import { useCallback, useEffect, useState } from 'react';

/** Seconds left until another code may be sent (60 s per address, DOMAIN.md). */
export function useCountdown(): { left: number; start: (seconds: number) => void } {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= Date.now()) return;
    const timer = setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (at >= until) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [until]);
  const start = useCallback((seconds: number) => {
    const at = Date.now();
    setNow(at);
    setUntil(at + Math.max(0, seconds) * 1000);
  }, []);
  return { left: Math.max(0, Math.ceil((until - now) / 1000)), start };
}
