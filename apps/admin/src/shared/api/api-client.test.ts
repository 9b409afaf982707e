// @vitest-environment happy-dom
import { replySupport, replySupportImage, staffMe } from '@swx/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../session/session-store';
import { apiCall, newIdempotencyKey } from './api-client';

const message = {
  id: 13,
  conversationId: 4,
  author: 'staff',
  staffName: 'kira',
  text: 'Hello',
  image: null,
  createdAt: '2026-11-21T10:00:00.000Z',
};

function stubFetch(result: unknown) {
  const fetch = vi.fn(
    async (_input: string, _init: RequestInit) =>
      new Response(JSON.stringify({ code: 200, msg: 'ok', result }), {
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetch);
  return () => {
    const [url, init] = fetch.mock.calls.at(-1)!;
    return { url, init, headers: new Headers(init.headers) };
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.clear();
});

describe('api client', () => {
  it('sends an Idempotency-Key with idempotent routes: the given one, else a fresh one', async () => {
    sessionStore.signIn('staff-token', {
      id: 2,
      username: 'kira',
      roles: ['support'],
      mustChangePassword: false,
    });
    const last = stubFetch(message);
    await apiCall(replySupport, {
      params: { id: 4 },
      body: { text: ' Hello\r\n' },
      idempotencyKey: 'retry-key-1',
    });
    expect(last().url).toBe('/swx/admin/support/conversations/4/send');
    expect(last().headers.get('idempotency-key')).toBe('retry-key-1');
    expect(last().headers.get('authorization')).toBe('Bearer staff-token');
    expect(last().init.body).toBe(JSON.stringify({ text: 'Hello' }));

    await apiCall(replySupport, { params: { id: 4 }, body: { text: 'Again' } });
    const fresh = last().headers.get('idempotency-key');
    expect(fresh).toMatch(/^[A-Za-z0-9_:-]{8,128}$/);
    await apiCall(replySupport, { params: { id: 4 }, body: { text: 'Again' } });
    expect(last().headers.get('idempotency-key')).not.toBe(fresh);
  });

  it('sends no key with other routes', async () => {
    const last = stubFetch({
      id: 2,
      username: 'kira',
      roles: ['support'],
      mustChangePassword: false,
    });
    await apiCall(staffMe, {});
    expect(last().headers.has('idempotency-key')).toBe(false);
  });

  it('posts a multipart body as is, letting the browser set its content type', async () => {
    const last = stubFetch({ ...message, text: null, image: { id: 3, width: 1, height: 1 } });
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' }), 'a.png');
    await apiCall(replySupportImage, { params: { id: 4 }, formData: form });
    expect(last().init.body).toBe(form);
    expect(last().headers.has('content-type')).toBe(false);
    expect(last().headers.has('idempotency-key')).toBe(true);
  });

  it('makes keys the server accepts, without randomUUID too', () => {
    expect(newIdempotencyKey()).toMatch(/^[A-Za-z0-9_:-]{8,128}$/);
    vi.stubGlobal('crypto', { getRandomValues: crypto.getRandomValues.bind(crypto) });
    expect(newIdempotencyKey()).toMatch(/^[0-9a-f]{32}$/);
  });
});
