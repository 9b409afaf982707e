// @vitest-environment happy-dom
import type { AdminKycDetail, AdminKycRow } from '@swx/contract';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../shared/session/session-store';
import { toastStore } from '../../../shared/ui/toast-store';
import { KycQueuePage } from './kyc-queue-page';
import { KycReviewPage } from './kyc-review-page';

const row = (id: number, status: AdminKycRow['status'], username = `user${id}`): AdminKycRow => ({
  id,
  userId: 100 + id,
  username,
  firstName: 'Ada',
  lastName: 'Lovelace',
  country: 'GB',
  documentType: 'id_card',
  status,
  submittedAt: `2026-11-0${id}T09:00:00.000Z`,
  reviewedAt: status === 'pending' ? null : '2026-11-10T09:00:00.000Z',
  reviewer: status === 'pending' ? null : 'kira',
});

const submission: AdminKycDetail = {
  id: 5,
  userId: 105,
  username: 'ada',
  firstName: 'Ada',
  lastName: 'Lovelace',
  sex: 'female',
  birthdate: '1990-12-10',
  country: 'GB',
  address: '12 St James Square, London',
  phone: '+44 20 7946 0000',
  documentType: 'id_card',
  status: 'pending',
  reason: null,
  files: [
    { slot: 'front', id: 11 },
    { slot: 'back', id: 12 },
    { slot: 'hand', id: 13 },
    { slot: 'signature', id: 14 },
  ],
  submittedAt: '2026-11-05T09:00:00.000Z',
  reviewedAt: null,
  reviewer: null,
};

interface Call {
  method: string;
  url: URL;
  body: unknown;
  authorization: string | null;
}

/** Stubs fetch: JSON routes answer with `json(call)` in an envelope; image paths with bytes. */
function serve(json: (call: Call) => unknown): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const call: Call = {
        method: init.method ?? 'GET',
        url: new URL(input, 'http://admin.test'),
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
        authorization: new Headers(init.headers).get('authorization'),
      };
      calls.push(call);
      if (/\/files\/\d+$/.test(call.url.pathname)) {
        return new Response(new Uint8Array([137, 80, 78, 71]), {
          headers: { 'content-type': 'image/png' },
        });
      }
      return new Response(JSON.stringify({ code: 200, msg: 'ok', result: json(call) }), {
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/kyc', element: <KycQueuePage /> },
      { path: '/kyc/:id', element: <KycReviewPage /> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

let objectUrls = 0;
let revoked: string[] = [];

beforeEach(() => {
  sessionStore.signIn('staff-token', {
    id: 2,
    username: 'kira',
    roles: ['kyc'],
    mustChangePassword: false,
  });
  objectUrls = 0;
  revoked = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => `blob:kyc/${++objectUrls}`);
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url) => void revoked.push(url));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStore.clear();
  for (const item of toastStore.getSnapshot()) toastStore.dismiss(item.id);
});

describe('KYC queue', () => {
  it('opens on the pending submissions and links each to its review', async () => {
    const calls = serve(() => ({
      list: [row(1, 'pending'), row(2, 'pending')],
      total: 2,
      page: 1,
      pageSize: 50,
    }));
    renderAt('/kyc');

    const table = await screen.findByRole('table', { name: 'KYC submissions' });
    await within(table).findByText('user1');
    expect(calls[0]?.url.searchParams.get('status')).toBe('pending');
    expect(screen.getByRole('tab', { name: 'Pending' }).getAttribute('aria-selected')).toBe('true');
    expect(
      screen.getByRole('link', { name: 'Review submission 2 of user2' }).getAttribute('href'),
    ).toBe('/kyc/2');
  });

  it('filters by status; "All" lists pending first', async () => {
    const calls = serve(({ url }) => ({
      list:
        url.searchParams.get('status') === null
          ? [row(1, 'verified'), row(2, 'rejected'), row(3, 'pending')]
          : [],
      total: 3,
      page: 1,
      pageSize: 50,
    }));
    const router = renderAt('/kyc');
    expect(await screen.findByText('No submissions are waiting for review.')).toBeTruthy();

    fireEvent.mouseDown(screen.getByRole('tab', { name: 'All' }));
    await screen.findByText('user3');
    expect(router.state.location.search).toBe('?status=all');
    expect(calls.at(-1)?.url.searchParams.has('status')).toBe(false);
    const order = screen
      .getAllByRole('row')
      .map((r) => r.getAttribute('data-username'))
      .filter(Boolean);
    expect(order).toEqual(['user3', 'user1', 'user2']);
    expect(screen.getByRole('link', { name: 'View submission 1 of user1' })).toBeTruthy();
    expect(screen.getAllByText('by kira')).toHaveLength(2);
  });
});

describe('KYC review', () => {
  it('shows the submitted fields and the four images, fetched with the staff token', async () => {
    const calls = serve(() => submission);
    renderAt('/kyc/5');

    expect(await screen.findByRole('heading', { level: 1, name: 'Submission #5' })).toBeTruthy();
    expect(screen.getByText('12 St James Square, London')).toBeTruthy();
    expect(screen.getByText('Female')).toBeTruthy();
    expect(screen.getByText('ID card')).toBeTruthy();

    for (const slot of ['Front', 'Back', 'Holding the document', 'Signature']) {
      expect(await screen.findByRole('img', { name: `${slot}, submission #5` })).toBeTruthy();
    }
    const images = calls.filter((c) => c.url.pathname.includes('/files/'));
    expect(images.map((c) => c.url.pathname).sort()).toEqual([
      '/swx/admin/kyc/5/files/11',
      '/swx/admin/kyc/5/files/12',
      '/swx/admin/kyc/5/files/13',
      '/swx/admin/kyc/5/files/14',
    ]);
    expect(images.every((c) => c.authorization === 'Bearer staff-token')).toBe(true);
    expect(screen.getByRole('img', { name: 'Front, submission #5' }).getAttribute('src')).toMatch(
      /^blob:kyc\//,
    );

    // Leaving the screen releases every image.
    cleanup();
    expect(revoked.sort()).toEqual(['blob:kyc/1', 'blob:kyc/2', 'blob:kyc/3', 'blob:kyc/4']);
  });

  it('enlarges an image (a button, so Enter works too) and closes with Escape', async () => {
    serve(() => submission);
    renderAt('/kyc/5');
    const enlarge = await screen.findByRole('button', { name: 'Enlarge: Signature' });
    await screen.findByRole('img', { name: 'Signature, submission #5' });
    fireEvent.click(enlarge);

    const dialog = await screen.findByRole('dialog', { name: 'Signature' });
    expect(within(dialog).getByRole('img', { name: 'Signature, submission #5' })).toBeTruthy();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('approves after confirmation and returns to the queue', async () => {
    const calls = serve(({ method, url }) => {
      if (url.pathname === '/swx/admin/kyc') return { list: [], total: 0, page: 1, pageSize: 50 };
      return method === 'POST'
        ? {
            ...submission,
            status: 'verified',
            reviewer: 'kira',
            reviewedAt: '2026-11-21T10:00:00.000Z',
          }
        : submission;
    });
    const router = renderAt('/kyc/5');

    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByRole('heading', { name: 'Approve submission #5?' })).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Approve' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/kyc'));
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url.pathname).toBe('/swx/admin/kyc/5/review');
    expect(post?.body).toEqual({ decision: 'approve' });
    expect(toastStore.getSnapshot().at(-1)?.text).toBe('Submission #5 approved.');
  });

  it('rejects only with a reason of 3 to 500 characters', async () => {
    const calls = serve(({ method, url }) => {
      if (url.pathname === '/swx/admin/kyc') return { list: [], total: 0, page: 1, pageSize: 50 };
      return method === 'POST' ? { ...submission, status: 'rejected', reason: 'x' } : submission;
    });
    const router = renderAt('/kyc/5');

    fireEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject submission #5?' });
    const reason = within(dialog).getByLabelText('Reason for the customer');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject submission' }));
    expect(await within(dialog).findByText('Give a reason of at least 3 characters.')).toBeTruthy();
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(reason, { target: { value: '  The back of the card is blurred.  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject submission' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/kyc'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      decision: 'reject',
      reason: 'The back of the card is blurred.',
    });
    expect(toastStore.getSnapshot().at(-1)?.text).toBe('Submission #5 rejected.');
  });

  it('returns to the queue view it came from', async () => {
    serve(({ method, url }) => {
      if (url.pathname === '/swx/admin/kyc') {
        return { list: [row(5, 'rejected', 'ada')], total: 1, page: 1, pageSize: 50 };
      }
      return method === 'POST' ? { ...submission, status: 'rejected', reason: 'x' } : submission;
    });
    const router = renderAt('/kyc?status=all');
    fireEvent.click(await screen.findByRole('link', { name: 'View submission 5 of ada' }));
    expect(await screen.findByRole('link', { name: '← KYC queue' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '← KYC queue' }).getAttribute('href')).toBe(
      '/kyc?status=all',
    );
    // The back link shows at once; the actions wait for the submission to load.
    fireEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Reason for the customer'), {
      target: { value: 'Expired document.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject submission' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=all'));
  });

  it('shows a decided submission without review actions', async () => {
    serve(() => ({
      ...submission,
      status: 'rejected',
      reason: 'The photo is blurred.',
      reviewer: 'kira',
      reviewedAt: '2026-11-10T09:00:00.000Z',
      files: [{ slot: 'front', id: 11 }],
    }));
    renderAt('/kyc/5');
    expect(await screen.findByTestId('kyc-decision')).toBeTruthy();
    expect(screen.getByTestId('kyc-decision').textContent).toMatch(/^Rejected on .+ by kira\.$/);
    expect(screen.getByText('The photo is blurred.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
    expect(screen.getAllByText('Not submitted')).toHaveLength(3);
  });

  it('says when an image cannot be loaded and retries it', async () => {
    let failures = 1;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        if (input.endsWith('/files/11') && failures-- > 0) {
          return new Response('gone', { status: 404, headers: { 'content-type': 'text/plain' } });
        }
        if (input.includes('/files/')) {
          return new Response(new Uint8Array([1]), { headers: { 'content-type': 'image/png' } });
        }
        return new Response(JSON.stringify({ code: 200, msg: 'ok', result: submission }), {
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    renderAt('/kyc/5');
    const figure = (await screen.findByText('Front')).closest('figure')!;
    expect(await within(figure).findByText('This image could not be loaded.')).toBeTruthy();
    fireEvent.click(within(figure).getByRole('button', { name: 'Try again' }));
    expect(await within(figure).findByRole('img', { name: 'Front, submission #5' })).toBeTruthy();
  });
});
