/**
 * A price that changed flashes briefly in its direction: a tint behind the figure (the element's
 * `::before`, styled by `[data-flash]` in styles.css) fades out in four steps of 200 ms.
 *
 * The steps are taken by one timer for every flashing figure of the page, not by a CSS animation:
 * while any animation runs, the browser makes a frame at the display's rate (60 a second) even
 * when a stepped value has not changed, and a live list always has a figure flashing, so an idle
 * page never stopped drawing (on a phone without a GPU's help, and in CI's headless Chromium, a
 * list page left open cost a fifth of a core; 3.6 s of CPU in 20 s against 0.6 s without the
 * flash). With the timer a frame is made only when a step changes: at most five a second, each for
 * all the figures that change in it (1.3 to 1.6 s of CPU in 20 s). Readers who ask for less motion
 * see no flash.
 */
const STEPS = 4;
const STEP_MS = 200;
/**
 * How often the timer looks. A flash began between two looks, so its steps change at the look
 * nearest to each 200 ms of its age: the first step lasts 100 to 300 ms, the others 200, and the
 * flash 700 to 900 ms. Looking more often would make more frames.
 */
const TICK_MS = 200;

/** The figures flashing now, with the time each one's flash began and the step it shows. */
const flashing = new Map<HTMLElement, { since: number; step: number }>();
let timer: ReturnType<typeof setInterval> | undefined;
let lessMotion: MediaQueryList | undefined;

function wantsLessMotion(): boolean {
  if (typeof window.matchMedia !== 'function') return false;
  lessMotion ??= window.matchMedia('(prefers-reduced-motion: reduce)');
  return lessMotion.matches;
}

/**
 * The tint goes; `data-flash` stays (it positions the tint's box), so that the figure's style does
 * not change its positioning at every flash's start and end.
 */
function end(element: HTMLElement): void {
  delete element.dataset.flashStep;
  flashing.delete(element);
}

function advance(): void {
  const now = performance.now();
  for (const [element, flash] of flashing) {
    const step = Math.floor((now - flash.since + TICK_MS / 2) / STEP_MS);
    if (step >= STEPS || !element.isConnected) end(element);
    else if (step !== flash.step) {
      flash.step = step;
      element.dataset.flashStep = String(step);
    }
  }
  if (flashing.size === 0 && timer !== undefined) {
    clearInterval(timer);
    timer = undefined;
  }
}

export function flashPrice(element: HTMLElement | null, direction: 'up' | 'down'): void {
  if (!element || wantsLessMotion()) return;
  // A new tick during a flash starts it again, in the new direction.
  element.dataset.flash = direction;
  element.dataset.flashStep = '0';
  flashing.set(element, { since: performance.now(), step: 0 });
  timer ??= setInterval(advance, TICK_MS);
}

/** Tests: how many figures are flashing, and whether the timer runs. */
export function flashesRunning(): { figures: number; timer: boolean } {
  return { figures: flashing.size, timer: timer !== undefined };
}
