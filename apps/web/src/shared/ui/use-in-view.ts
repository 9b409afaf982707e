import { useCallback, useRef, useState } from 'react';

/** How far outside the viewport an element still counts as in view (a row about to scroll in). */
const MARGIN = '200px 0px';

type Watcher = (inView: boolean) => void;
const watchers = new WeakMap<Element, Watcher>();
let observer: IntersectionObserver | null = null;

function sharedObserver(): IntersectionObserver | null {
  if (observer) return observer;
  if (typeof IntersectionObserver === 'undefined') return null;
  observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) watchers.get(entry.target)?.(entry.isIntersecting);
    },
    { rootMargin: MARGIN },
  );
  return observer;
}

/**
 * Whether an element is on screen (or within 200 px of it), from one IntersectionObserver shared by
 * every caller. It starts as in view, and stays so where the browser has no observer, so nothing
 * waits on it to show. React calls the ref with null when the element goes, which stops watching it.
 */
export function useInView<T extends Element>(): [(element: T | null) => void, boolean] {
  const [inView, setInView] = useState(true);
  const element = useRef<T | null>(null);
  const ref = useCallback((next: T | null) => {
    const io = sharedObserver();
    if (element.current && io) {
      io.unobserve(element.current);
      watchers.delete(element.current);
    }
    element.current = next;
    if (next && io) {
      watchers.set(next, setInView);
      io.observe(next);
    }
  }, []);
  return [ref, inView];
}
