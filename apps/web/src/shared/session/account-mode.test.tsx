import { act, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithI18n } from '../../test/render-with-i18n';
import { toast } from '../ui/toast-store';
import { AccountModeSwitch } from './account-mode-switch';
import { DemoBadge } from './demo-badge';
import { session } from './session-store';

describe('real/demo switch and the Demo badge', () => {
  beforeEach(() => {
    localStorage.clear();
    session.reload();
  });

  it('shows neither while logged out', async () => {
    await renderWithI18n(
      <>
        <AccountModeSwitch />
        <DemoBadge />
      </>,
    );
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByText('Demo')).toBeNull();
  });

  it('switches to demo, stores it, shows the badge and says so', async () => {
    session.signIn('tok', { username: 'amy' });
    await renderWithI18n(
      <>
        <AccountModeSwitch />
        <DemoBadge />
      </>,
    );
    const toggle = screen.getByRole('switch', { name: /Demo account/ });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(screen.queryByText('Demo')).toBeNull();

    fireEvent.click(toggle);

    expect(session.get().mode).toBe('demo');
    expect(localStorage.getItem('swx.accountMode')).toBe('demo');
    expect(screen.getByRole('switch').getAttribute('aria-checked')).toBe('true');
    expect(screen.getByText('Demo')).toBeTruthy();
    expect(toast.items().at(-1)?.message).toMatch(/demo account/);

    fireEvent.click(screen.getByRole('switch'));
    expect(session.get().mode).toBe('real');
    expect(screen.queryByText('Demo')).toBeNull();
  });

  it('drops the badge when the session ends', async () => {
    session.signIn('tok', null);
    session.setMode('demo');
    await renderWithI18n(<DemoBadge />);
    expect(screen.getByText('Demo')).toBeTruthy();
    act(() => session.clear());
    expect(screen.queryByText('Demo')).toBeNull();
  });
});
