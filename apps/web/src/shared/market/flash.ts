const running = new WeakMap<HTMLElement, Animation>();

/**
 * A price that changed flashes briefly in its direction: a tint behind the figure (the element's
 * `::before`, styled by `[data-flash]` in styles.css) fades out. Only its opacity moves, which the
 * compositor animates off the main thread; the colour animation this replaces restyled and
 * repainted every row on every frame, and with a restart that forced a layout on each tick it
 * took most of a phone's CPU on the market list. Skipped for readers who ask for less motion.
 */
export function flashPrice(element: HTMLElement | null, direction: 'up' | 'down'): void {
  if (!element || typeof element.animate !== 'function') return;
  if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
  running.get(element)?.cancel();
  element.dataset.flash = direction;
  running.set(
    element,
    element.animate([{ opacity: 1 }, { opacity: 0 }], {
      duration: 800,
      easing: 'ease-out',
      pseudoElement: '::before',
    }),
  );
}
