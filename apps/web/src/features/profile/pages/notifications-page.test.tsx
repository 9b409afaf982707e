import { act, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearQueryCache } from '../../../shared/api/use-api-query';
import { realtime } from '../../../shared/realtime/realtime';
import { session } from '../../../shared/session/session-store';
import { renderProfile, reply } from '../test/render-profile';
import { unreadStore } from '../unread-store';
import NotificationsPage from './notifications-page';

const unreadItem = {
  id: 1,
  kind: 'kyc_approved',
  params: {},
  read: false,
  createdAt: '2026-06-15T10:00:00.000Z',
};

describe('notifications page', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'WebSocket',
      class {
        readyState = 0;
        send() {}
        close() {}
      },
    );
    session.signIn('tok', { username: 'amy' });
    unreadStore.set(null);
    clearQueryCache();
  });

  afterEach(() => {
    realtime.dispose();
    vi.unstubAllGlobals();
  });

  it('keeps a newer unread count when a list asked for earlier answers late', async () => {
    let answer: (value: Response) => void = () => undefined;
    const fetchMock = vi.fn((url: string) =>
      String(url).includes('/listNotification')
        ? new Promise<Response>((resolve) => (answer = resolve))
        : Promise.resolve(reply({ unread: 0 })),
    );
    vi.stubGlobal('fetch', fetchMock);
    await renderProfile(<NotificationsPage />, { route: '/profile/notification' });
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/listNotification'))).toBe(
        true,
      ),
    );
    // Everything was marked read (the bell's store says 0) before the list's reply arrived.
    act(() => unreadStore.set(0));
    await act(async () =>
      answer(reply({ list: [unreadItem], total: 1, page: 1, pageSize: 20, unread: 1 })),
    );
    expect(unreadStore.get()).toBe(0);
  });

  it('takes the count of a list asked for after the last change', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) =>
        Promise.resolve(
          String(url).includes('/listNotification')
            ? reply({ list: [unreadItem], total: 1, page: 1, pageSize: 20, unread: 1 })
            : reply({ unread: 1 }),
        ),
      ),
    );
    await renderProfile(<NotificationsPage />, { route: '/profile/notification' });
    await waitFor(() => expect(unreadStore.get()).toBe(1));
  });
});
