import { cleanup, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { keepDecorativeAnimationEventsFromReact } from './decorative-animations';

afterEach(cleanup);

function animation(type: string, animationName: string): Event {
  const event = new Event(type, { bubbles: true });
  Object.defineProperty(event, 'animationName', { value: animationName });
  return event;
}

describe("decorative animations' events", () => {
  let undo: () => void;
  beforeAll(() => {
    undo = keepDecorativeAnimationEventsFromReact();
  });
  afterAll(() => undo());

  it("stop at the window: React never sees a skeleton's, and sees every other", () => {
    const onStart = vi.fn();
    const onEnd = vi.fn();
    render(
      <div onAnimationStart={onStart} onAnimationEnd={onEnd}>
        <span data-testid="figure">1.00</span>
      </div>,
    );
    const figure = screen.getByTestId('figure');
    for (const name of ['pulse'])
      for (const type of [
        'animationstart',
        'animationiteration',
        'animationend',
        'animationcancel',
      ])
        figure.dispatchEvent(animation(type, name));
    expect(onStart).not.toHaveBeenCalled();
    expect(onEnd).not.toHaveBeenCalled();

    for (const name of ['fade-in', 'pulse-slow', 'price-flash-a']) {
      figure.dispatchEvent(animation('animationstart', name));
      figure.dispatchEvent(animation('animationend', name));
    }
    expect(onStart).toHaveBeenCalledTimes(3);
    expect(onEnd).toHaveBeenCalledTimes(3);

    undo();
    figure.dispatchEvent(animation('animationstart', 'pulse'));
    expect(onStart).toHaveBeenCalledTimes(4);
  });
});
