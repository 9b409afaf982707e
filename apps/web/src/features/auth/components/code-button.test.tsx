import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithAuthCatalogue } from '../test/render-auth';
import { CodeButton } from './code-button';

describe('CodeButton countdown', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'Date'] });
    vi.setSystemTime(new Date('2025-06-01T12:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('offers "Send code" before anything was sent', async () => {
    const onClick = vi.fn();
    await renderWithAuthCatalogue(
      <CodeButton resendAt={null} sentBefore={false} sending={false} onClick={onClick} />,
    );
    const button = screen.getByRole('button', { name: 'Send code' });
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('counts down the server resendAfter, then offers to resend', async () => {
    const onClick = vi.fn();
    await renderWithAuthCatalogue(
      <CodeButton resendAt={Date.now() + 60_000} sentBefore sending={false} onClick={onClick} />,
    );
    const button = screen.getByRole('button');
    expect(button.textContent).toBe('Resend in 60 s');
    expect((button as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();

    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(button.textContent).toBe('Resend in 59 s');
    act(() => {
      vi.advanceTimersByTime(30_000);
    });
    expect(button.textContent).toBe('Resend in 29 s');
    act(() => {
      vi.advanceTimersByTime(29_000);
    });
    expect(button.textContent).toBe('Resend code');
    expect((button as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('restarts when a new deadline arrives', async () => {
    const props = { sentBefore: true, sending: false, onClick: () => undefined };
    const view = await renderWithAuthCatalogue(<CodeButton resendAt={null} {...props} />);
    expect(screen.getByRole('button').textContent).toBe('Resend code');
    view.rerender(<CodeButton resendAt={Date.now() + 45_000} {...props} />);
    expect(screen.getByRole('button').textContent).toBe('Resend in 45 s');
  });
});
