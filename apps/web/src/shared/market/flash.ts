/**
 * A price that changed flashes briefly in its direction: a tint behind the figure (the element's
 * `::before`, styled by `[data-flash]` in styles.css) fades out in four steps. The flash restarts
 * by switching between two identical keyframes (`data-flash-run` a/b), two attribute writes that
 * the browser styles with the next frame: `element.animate()` on the pseudo-element styled each
 * row at once, on every tick, and a returning visitor's phone spent most of its blocking time
 * there (a third of a second in eight on the home page's list at a 4x slower CPU). Readers who ask
 * for less motion see no flash (styles.css).
 */
export function flashPrice(element: HTMLElement | null, direction: 'up' | 'down'): void {
  if (!element) return;
  element.dataset.flash = direction;
  element.dataset.flashRun = element.dataset.flashRun === 'a' ? 'b' : 'a';
}
