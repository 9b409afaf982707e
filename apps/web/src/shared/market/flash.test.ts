import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flashesRunning, flashPrice } from './flash';

function figure(): HTMLElement {
  const element = document.createElement('span');
  document.body.append(element);
  return element;
}

const stateOf = (element: HTMLElement) => [element.dataset.flash, element.dataset.flashStep];

describe('a price flash', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] });
  });
  afterEach(() => {
    vi.advanceTimersByTime(1_000);
    vi.useRealTimers();
    vi.unstubAllGlobals();
    document.body.replaceChildren();
  });

  it('fades in four steps of 200 ms, then leaves the figure untinted and stops its timer', () => {
    const element = figure();
    flashPrice(element, 'up');
    const seen = [stateOf(element)];
    for (let i = 0; i < 4; i++) {
      vi.advanceTimersByTime(200);
      seen.push(stateOf(element));
    }
    expect(seen).toEqual([
      ['up', '0'],
      ['up', '1'],
      ['up', '2'],
      ['up', '3'],
      ['up', undefined],
    ]);
    expect(flashesRunning()).toEqual({ figures: 0, timer: false });
  });

  it('starts again, in the new direction, when a tick comes during a flash', () => {
    const element = figure();
    flashPrice(element, 'up');
    vi.advanceTimersByTime(400);
    expect(stateOf(element)).toEqual(['up', '2']);
    flashPrice(element, 'down');
    expect(stateOf(element)).toEqual(['down', '0']);
    vi.advanceTimersByTime(600);
    expect(stateOf(element)).toEqual(['down', '3']);
    vi.advanceTimersByTime(200);
    expect(stateOf(element)).toEqual(['down', undefined]);
  });

  it('steps every flashing figure with one timer, and writes a step only when it changes', async () => {
    const first = figure();
    const second = figure();
    flashPrice(first, 'up');
    vi.advanceTimersByTime(150);
    flashPrice(second, 'down');
    expect(flashesRunning()).toEqual({ figures: 2, timer: true });
    expect(vi.getTimerCount()).toBe(1);
    const writes = vi.fn();
    new MutationObserver(writes).observe(document.body, { attributes: true, subtree: true });
    vi.advanceTimersByTime(100); // first reaches step 1; second, 50 ms old, stays at step 0
    expect([stateOf(first), stateOf(second)]).toEqual([
      ['up', '1'],
      ['down', '0'],
    ]);
    await Promise.resolve(); // the observer reports in a microtask
    expect(writes.mock.calls.flatMap(([records]) => records as unknown[])).toHaveLength(1);
  });

  it("lasts 700 to 900 ms however far from the timer's next look it began", () => {
    for (const offset of [1, 50, 99, 100, 101, 150, 199]) {
      const keeper = figure(); // keeps the timer running, so the subject begins between looks
      flashPrice(keeper, 'up');
      vi.advanceTimersByTime(offset);
      const subject = figure();
      flashPrice(subject, 'down');
      let lasted = 0;
      while (subject.dataset.flashStep) {
        vi.advanceTimersByTime(1);
        lasted += 1;
      }
      expect(lasted, `begun ${offset} ms after a look`).toBeGreaterThanOrEqual(700);
      expect(lasted, `begun ${offset} ms after a look`).toBeLessThanOrEqual(900);
      vi.advanceTimersByTime(1_000);
    }
  });

  it('forgets a figure that left the page', () => {
    const element = figure();
    flashPrice(element, 'up');
    element.remove();
    vi.advanceTimersByTime(200);
    expect(flashesRunning()).toEqual({ figures: 0, timer: false });
  });

  it('does nothing for a reader who asks for less motion, or without a figure', async () => {
    flashPrice(null, 'up');
    expect(flashesRunning()).toEqual({ figures: 0, timer: false });
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(prefers-reduced-motion: reduce)',
    }));
    vi.resetModules(); // the module keeps the media query it asked first
    const fresh = await import('./flash');
    const element = figure();
    fresh.flashPrice(element, 'up');
    expect(stateOf(element)).toEqual([undefined, undefined]);
    expect(fresh.flashesRunning()).toEqual({ figures: 0, timer: false });
  });
});
