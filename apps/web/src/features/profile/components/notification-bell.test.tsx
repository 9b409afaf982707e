import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { realtime } from '../../../shared/realtime/realtime';
import { session } from '../../../shared/session/session-store';
import { renderProfile, reply } from '../test/render-profile';
import { unreadStore } from '../unread-store';
import { NotificationBell } from './notification-bell';

/** Stands in for the browser's WebSocket; the test plays the server. */
class FakeSocket {
  static last: FakeSocket | null = null;
  readyState = 0;
  sent: string[] = [];
  onopen: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.last = this;
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  push(message: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(message) }));
  }
}

const notification = (id: number) => ({
  id,
  kind: 'kyc_approved',
  params: {},
  read: false,
  createdAt: '2026-06-15T10:00:00.000Z',
});

describe('notification bell', () => {
  let fetchMock: Mock<(url: string) => Promise<Response>>;

  beforeEach(() => {
    FakeSocket.last = null;
    vi.stubGlobal('WebSocket', FakeSocket);
    fetchMock = vi.fn<(url: string) => Promise<Response>>(async () => reply({ unread: 2 }));
    vi.stubGlobal('fetch', fetchMock);
    session.signIn('tok', { username: 'amy' });
    unreadStore.set(null);
  });

  afterEach(() => {
    realtime.dispose();
    vi.unstubAllGlobals();
  });

  const badge = () => screen.queryByTestId('notification-badge')?.textContent ?? null;

  it('shows the unread count from the server, then follows socket events', async () => {
    await renderProfile(<NotificationBell />);
    await waitFor(() => expect(badge()).toBe('2'));
    expect(screen.getByRole('link', { name: 'Notifications, 2 unread' })).toBeTruthy();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/swx/customer/user/unreadNotification');

    const socket = FakeSocket.last!;
    act(() => socket.open());
    expect(socket.sent).toContain(JSON.stringify({ op: 'auth', token: 'tok' }));

    // The server says how many are unread now.
    act(() =>
      socket.push({ type: 'notification', data: { notification: notification(7), unread: 5 } }),
    );
    expect(badge()).toBe('5');
    expect(screen.getByTestId('notification-bell').getAttribute('data-unread')).toBe('5');

    // An event without a count: one more at once, then the server's figure.
    fetchMock.mockImplementation(async () => reply({ unread: 9 }));
    act(() => socket.push({ type: 'notification', data: notification(8) }));
    expect(badge()).toBe('6');
    await waitFor(() => expect(badge()).toBe('9'));
  });

  it('keeps a newer count when an older request answers late (all marked read meanwhile)', async () => {
    let answer: (value: Response) => void = () => undefined;
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    await renderProfile(<NotificationBell />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    // The notifications page marks everything read before the bell's first count arrives.
    act(() => unreadStore.set(0));
    await act(async () => answer(reply({ unread: 4 })));
    expect(badge()).toBeNull();
    expect(screen.getByTestId('notification-bell').getAttribute('data-unread')).toBe('0');
  });

  it('ignores other user events and shows no badge at zero', async () => {
    fetchMock.mockImplementation(async () => reply({ unread: 0 }));
    await renderProfile(<NotificationBell />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const socket = FakeSocket.last!;
    act(() => socket.open());
    act(() => socket.push({ type: 'balance', data: { asset: 'USDT' } }));
    expect(badge()).toBeNull();
    expect(screen.getByRole('link', { name: 'Notifications' })).toBeTruthy();
  });

  it('caps the badge at 99+ but says the exact number', async () => {
    fetchMock.mockImplementation(async () => reply({ unread: 120 }));
    await renderProfile(<NotificationBell />);
    await waitFor(() => expect(badge()).toBe('99+'));
    expect(screen.getByRole('link', { name: 'Notifications, 120 unread' })).toBeTruthy();
  });
});
