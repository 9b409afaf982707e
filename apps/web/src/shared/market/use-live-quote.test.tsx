import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TickMessage } from '@swx/contract';
import { useLiveQuote } from './use-live-quote';

const listeners = new Set<(tick: TickMessage) => void>();
vi.mock('../realtime/realtime', () => ({
  realtime: {
    subscribe: (_codes: string[], listener: (tick: TickMessage) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  },
}));

function tick(price: string): void {
  act(() => {
    for (const listener of listeners)
      listener({
        type: 'tick',
        code: 'BTCUSDT',
        price,
        zdf: '1.00',
        ts: '2026-11-28T00:00:00.000Z',
      });
  });
}

function Quote({ paused }: { paused: boolean }) {
  const quote = useLiveQuote('BTCUSDT', { price: '100.00', zdf: '0.00' }, undefined, paused);
  return <output>{quote.price}</output>;
}

afterEach(() => listeners.clear());

describe('a live quote out of view', () => {
  it('follows the ticks while shown', () => {
    render(<Quote paused={false} />);
    tick('101.00');
    expect(screen.getByRole('status').textContent).toBe('101.00');
  });

  it('keeps the ticks while paused without showing them, and shows the latest on resuming', () => {
    const view = render(<Quote paused />);
    tick('101.00');
    tick('102.00');
    expect(screen.getByRole('status').textContent).toBe('100.00');
    view.rerender(<Quote paused={false} />);
    expect(screen.getByRole('status').textContent).toBe('102.00');
    tick('103.00');
    expect(screen.getByRole('status').textContent).toBe('103.00');
  });

  it('shows the list figure on resuming when no tick came', () => {
    const view = render(<Quote paused />);
    view.rerender(<Quote paused={false} />);
    expect(screen.getByRole('status').textContent).toBe('100.00');
  });
});
