import { act, render, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

/** An IntersectionObserver the test drives: `report` says whether an element is in view. */
const observed = new Set<Element>();
let callback: IntersectionObserverCallback | null = null;
class FakeObserver {
  constructor(cb: IntersectionObserverCallback) {
    callback = cb;
  }
  observe(element: Element) {
    observed.add(element);
  }
  unobserve(element: Element) {
    observed.delete(element);
  }
  disconnect() {
    observed.clear();
  }
}
function report(element: Element, isIntersecting: boolean) {
  act(() =>
    callback?.(
      [{ target: element, isIntersecting } as IntersectionObserverEntry],
      {} as IntersectionObserver,
    ),
  );
}

beforeAll(() => vi.stubGlobal('IntersectionObserver', FakeObserver));
afterAll(() => vi.unstubAllGlobals());

describe('useInView', () => {
  it('starts in view, follows the observer, and stops observing on unmount', async () => {
    const { useInView } = await import('./use-in-view');
    function Row({ name }: { name: string }) {
      const [ref, inView] = useInView<HTMLDivElement>();
      return (
        <div ref={ref} data-testid={name}>
          {inView ? 'shown' : 'hidden'}
        </div>
      );
    }
    const view = render(
      <>
        <Row name="a" />
        <Row name="b" />
      </>,
    );
    const a = screen.getByTestId('a');
    const b = screen.getByTestId('b');
    expect(a.textContent).toBe('shown');
    expect(observed).toEqual(new Set([a, b]));
    report(b, false);
    expect(b.textContent).toBe('hidden');
    expect(a.textContent).toBe('shown');
    report(b, true);
    expect(b.textContent).toBe('shown');
    view.unmount();
    expect(observed.size).toBe(0);
  });
});
