// @vitest-environment happy-dom
import type { CannedReply, StaffRole } from '@swx/contract';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../shared/session/session-store';
import { toastStore } from '../../../shared/ui/toast-store';
import { CANNED_LOCALES } from '../support.rules';
import { CannedRepliesPage } from './canned-replies-page';

const greeting: CannedReply = {
  id: 1,
  title: 'Greeting',
  texts: Object.fromEntries(CANNED_LOCALES.map((l) => [l, `Hello (${l})`])),
  updatedAt: '2026-11-01T09:00:00.000Z',
};

interface Call {
  method: string;
  path: string;
  body: unknown;
}

function serve(list: CannedReply[]): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://admin.test');
      const call: Call = {
        method: init.method ?? 'GET',
        path: url.pathname,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      let result: unknown = list;
      if (call.method === 'POST' && call.path === '/swx/admin/support/canned') {
        const body = call.body as Omit<CannedReply, 'id' | 'updatedAt'> & { id?: number };
        const saved = { ...body, id: body.id ?? 2, updatedAt: '2026-11-21T09:00:00.000Z' };
        list.splice(0, list.length, ...list.filter((r) => r.id !== saved.id), saved);
        result = saved;
      } else if (call.method === 'POST') {
        list.splice(0, list.length, ...list.filter((r) => !call.path.endsWith(`/${r.id}/delete`)));
        result = { id: 1 };
      }
      return new Response(JSON.stringify({ code: 200, msg: 'ok', result }), {
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

function renderAs(roles: StaffRole[]) {
  sessionStore.signIn('staff-token', { id: 2, username: 'kira', roles, mustChangePassword: false });
  const router = createMemoryRouter([{ path: '/support/canned', element: <CannedRepliesPage /> }], {
    initialEntries: ['/support/canned'],
  });
  render(<RouterProvider router={router} />);
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.clear();
  for (const item of toastStore.getSnapshot()) toastStore.dismiss(item.id);
});

describe('canned replies', () => {
  it('support staff read them without editing', async () => {
    serve([greeting]);
    renderAs(['support']);
    expect(await screen.findByText('Hello (en)')).toBeTruthy();
    expect(screen.getByText('Only admins can add, change or delete canned replies.')).toBeTruthy();
    expect(screen.queryByTestId('canned-new')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Greeting' })).toBeNull();
  });

  it('an admin creates one with all 11 languages, Arabic right to left', async () => {
    const calls = serve([greeting]);
    renderAs(['admin']);
    fireEvent.click(await screen.findByTestId('canned-new'));
    const dialog = await screen.findByRole('dialog', { name: 'New canned reply' });

    // Nothing is sent until the title and every language are there.
    fireEvent.click(within(dialog).getByTestId('canned-save'));
    expect(await within(dialog).findByText('Give the reply a title.')).toBeTruthy();
    expect(within(dialog).getAllByText('Write the text in this language.')).toHaveLength(11);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    expect(within(dialog).getByTestId('canned-text-ar').getAttribute('dir')).toBe('rtl');
    expect(within(dialog).getByTestId('canned-text-ja').getAttribute('dir')).toBe('ltr');
    fireEvent.change(within(dialog).getByTestId('canned-title'), {
      target: { value: ' Thanks ' },
    });
    fireEvent.change(within(dialog).getByTestId('canned-text-en'), {
      target: { value: 'Thank you!\r\n' },
    });
    fireEvent.click(
      within(dialog).getByRole('button', { name: 'Copy English into empty languages' }),
    );
    fireEvent.change(within(dialog).getByTestId('canned-text-de'), {
      target: { value: 'Danke!' },
    });
    fireEvent.click(within(dialog).getByTestId('canned-save'));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const saved = calls.find((c) => c.method === 'POST')!;
    expect(saved.path).toBe('/swx/admin/support/canned');
    const body = saved.body as { title: string; texts: Record<string, string>; id?: number };
    expect(body.title).toBe('Thanks');
    expect(body.id).toBeUndefined();
    expect(Object.keys(body.texts).sort()).toEqual([...CANNED_LOCALES].sort());
    expect(body.texts.de).toBe('Danke!');
    expect(body.texts.ar).toBe('Thank you!');
    expect(toastStore.getSnapshot().at(-1)?.text).toBe('Thanks saved.');
  });

  it('an admin edits one (its id is sent) and deletes one after confirmation', async () => {
    const calls = serve([greeting]);
    renderAs(['admin']);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Greeting' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit “Greeting”' });
    expect(within(dialog).getByTestId<HTMLTextAreaElement>('canned-text-ko').value).toBe(
      'Hello (ko)',
    );
    fireEvent.change(within(dialog).getByTestId('canned-text-ko'), {
      target: { value: '안녕하세요' },
    });
    fireEvent.click(within(dialog).getByTestId('canned-save'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const edit = calls.find((c) => c.method === 'POST')!.body as {
      id: number;
      texts: Record<string, string>;
    };
    expect(edit.id).toBe(1);
    expect(edit.texts.ko).toBe('안녕하세요');

    fireEvent.click(await screen.findByRole('button', { name: 'Delete Greeting' }));
    const confirm = await screen.findByRole('alertdialog');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Hello (en)')).toBeNull());
    expect(calls.at(-1)).toMatchObject({
      method: 'POST',
      path: '/swx/admin/support/canned/1/delete',
    });
  });
});
