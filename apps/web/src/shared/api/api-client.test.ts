import { envelope, getContentsById, listNotices, route } from '@swx/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createApiClient, REQUEST_TIMEOUT_MS, type ApiClientDeps } from './api-client';
import { ApiError } from './api-error';

const listPrices = route({
  method: 'GET',
  path: '/swx/customer/index/prices',
  query: z.object({ code: z.array(z.string()), page: z.number().optional() }),
  reply: envelope(z.object({ count: z.number() })),
});

const buy = route({
  method: 'POST',
  path: '/swx/customer/order/buy',
  body: z.object({ amount: z.string() }),
  reply: envelope(z.object({ id: z.number() })),
  idempotent: true,
});

const notice = {
  id: 3,
  slug: 'n',
  kind: 'notice',
  type: null,
  category: null,
  title: 'T',
  body: '<p>b</p>',
  locale: 'en',
  publishedAt: '2026-01-02T03:04:05.000Z',
  updatedAt: '2026-01-02T03:04:05.000Z',
};

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function setup(overrides: Partial<ApiClientDeps> = {}) {
  const fetchMock = vi.fn<typeof fetch>();
  const onUnauthorized = vi.fn();
  const client = createApiClient({
    baseUrl: 'http://api.test',
    fetch: fetchMock,
    token: () => 'tok-1',
    accountMode: () => 'demo',
    locale: () => 'ja',
    onUnauthorized,
    ...overrides,
  });
  const lastRequest = () => {
    const [url, init] = fetchMock.mock.calls.at(-1) ?? [];
    const href = typeof url === 'string' ? url : url instanceof URL ? url.href : url?.url;
    return { url: href, init: init!, headers: init!.headers as Record<string, string> };
  };
  return { client, fetchMock, onUnauthorized, lastRequest };
}

describe('API client', () => {
  it('sends GET arrays as repeated keys and fills path params', async () => {
    const { client, fetchMock, lastRequest } = setup();
    fetchMock.mockResolvedValueOnce(json({ code: 200, msg: 'ok', result: { count: 2 } }));
    await client.call(listPrices, { query: { code: ['BTC', 'ETH'], page: 2 } });
    expect(lastRequest().url).toBe(
      'http://api.test/swx/customer/index/prices?code=BTC&code=ETH&page=2',
    );

    fetchMock.mockResolvedValueOnce(json({ code: 200, msg: 'ok', result: notice }));
    await client.call(getContentsById, { params: { id: 3 } });
    expect(lastRequest().url).toBe('http://api.test/swx/customer/index/getContentsById/3');
  });

  it('sends the bearer token, the account mode and the language', async () => {
    const { client, fetchMock, lastRequest } = setup();
    fetchMock.mockResolvedValueOnce(json({ code: 200, msg: 'ok', result: { count: 0 } }));
    await client.call(listPrices, { query: { code: [] } });
    const { headers, init } = lastRequest();
    expect(headers.authorization).toBe('Bearer tok-1');
    expect(headers['X-Account-Mode']).toBe('demo');
    expect(headers.lang).toBe('ja');
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
  });

  it('leaves Authorization out without a token', async () => {
    const { client, fetchMock, lastRequest } = setup({
      token: () => null,
      accountMode: () => 'real',
    });
    fetchMock.mockResolvedValueOnce(json({ code: 200, msg: 'ok', result: { count: 0 } }));
    await client.call(listPrices, { query: { code: [] } });
    expect(lastRequest().headers.authorization).toBeUndefined();
    expect(lastRequest().headers['X-Account-Mode']).toBe('real');
  });

  it('posts JSON with an idempotency key for money-moving routes', async () => {
    const { client, fetchMock, lastRequest } = setup();
    fetchMock.mockImplementation(async () =>
      json({ code: 20004, msg: 'Purchase successful', result: { id: 9 } }),
    );
    const reply = await client.request(buy, { body: { amount: '1.5' } }, { idempotencyKey: 'k-1' });
    expect(reply).toEqual({ code: 20004, msg: 'Purchase successful', result: { id: 9 } });
    expect(lastRequest().init.body).toBe('{"amount":"1.5"}');
    expect(lastRequest().headers['idempotency-key']).toBe('k-1');
    expect(lastRequest().headers['content-type']).toBe('application/json');
    await client.call(buy, { body: { amount: '2' } });
    expect(lastRequest().headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends a multipart body as it is, leaving the content type to the browser', async () => {
    const upload = route({
      method: 'POST',
      path: '/swx/customer/user/upload',
      reply: envelope(z.object({ id: z.number() })),
    });
    const { client, fetchMock, lastRequest } = setup();
    fetchMock.mockResolvedValueOnce(json({ code: 200, msg: 'ok', result: { id: 4 } }));
    const form = new FormData();
    form.set('firstName', 'Amy');
    form.set(
      'front',
      new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }),
      'a.jpg',
    );
    await expect(client.call(upload, {}, { formData: form })).resolves.toEqual({ id: 4 });
    expect(lastRequest().init.body).toBe(form);
    expect(lastRequest().headers['content-type']).toBeUndefined();
    expect(lastRequest().headers.authorization).toBe('Bearer tok-1');
  });

  it('parses the reply with the route schema and returns the result', async () => {
    const { client, fetchMock } = setup();
    fetchMock.mockResolvedValueOnce(
      json({ code: 200, msg: 'ok', result: { list: [], total: 0, page: 1, pageSize: 3 } }),
    );
    await expect(client.call(listNotices, { query: { page: 1, pageSize: 3 } })).resolves.toEqual({
      list: [],
      total: 0,
      page: 1,
      pageSize: 3,
    });
  });

  it('treats a success reply that does not match the schema as an error, never a cast', async () => {
    const { client, fetchMock } = setup();
    fetchMock.mockResolvedValueOnce(json({ code: 200, msg: 'ok', result: { count: 'two' } }));
    const error = await client.call(listPrices, { query: { code: [] } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'reply', code: 200 });
  });

  it('turns an error body into an ApiError with the code, the server message and the request id', async () => {
    const { client, fetchMock } = setup();
    fetchMock.mockResolvedValueOnce(
      json({ code: 10101, msg: 'Nicht gefunden', result: { requestId: 'req-7' } }, 404),
    );
    const error = await client
      .call(getContentsById, { params: { id: 1 } })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      kind: 'http',
      code: 10101,
      status: 404,
      serverMessage: 'Nicht gefunden',
      requestId: 'req-7',
    });
  });

  it('reports a body without a code as code null (shown as "unknown")', async () => {
    const { client, fetchMock } = setup();
    fetchMock.mockResolvedValueOnce(new Response('<html>bad gateway</html>', { status: 502 }));
    const error = await client
      .call(getContentsById, { params: { id: 1 } })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'http', code: null, status: 502, serverMessage: null });
  });

  it('ends the session on HTTP 401', async () => {
    const { client, fetchMock, onUnauthorized } = setup();
    fetchMock.mockResolvedValueOnce(json({ code: 401, msg: 'again' }, 401));
    const error = await client
      .call(getContentsById, { params: { id: 1 } })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('ends the session on a body code 401 even with HTTP 200', async () => {
    const { client, fetchMock, onUnauthorized } = setup();
    fetchMock.mockResolvedValueOnce(json({ code: 401, msg: 'again', result: null }, 200));
    await expect(client.call(getContentsById, { params: { id: 1 } })).rejects.toMatchObject({
      code: 401,
    });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('does not end the session for other errors', async () => {
    const { client, fetchMock, onUnauthorized } = setup();
    fetchMock.mockResolvedValueOnce(json({ code: 10108, msg: 'no', result: null }, 403));
    await expect(client.call(getContentsById, { params: { id: 1 } })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  describe('the end of a session', () => {
    const hanging: Parameters<ReturnType<typeof vi.fn<typeof fetch>>['mockImplementation']>[0] = (
      _url,
      init,
    ) =>
      new Promise((_resolve, reject) => {
        const abort = () => reject(new DOMException('aborted', 'AbortError'));
        if (init?.signal?.aborted) abort();
        init?.signal?.addEventListener('abort', abort);
      });

    it('cancels a call whose token ended and fails it as a 401 without ending the session again', async () => {
      const ended = new AbortController();
      const sessionSignal = vi.fn(() => ended.signal);
      const { client, fetchMock, onUnauthorized } = setup({ sessionSignal });
      fetchMock.mockImplementation(hanging);
      const pending = client.call(getContentsById, { params: { id: 1 } }).catch((e: unknown) => e);
      expect(sessionSignal).toHaveBeenCalledWith('tok-1');
      ended.abort();
      expect(await pending).toMatchObject({ kind: 'http', code: 401 });
      expect(fetchMock.mock.calls[0]?.[1]?.signal?.aborted).toBe(true);
      expect(onUnauthorized).not.toHaveBeenCalled();
    });

    it('does not send a call whose token has already ended', async () => {
      const { client, fetchMock } = setup({ sessionSignal: () => AbortSignal.abort() });
      fetchMock.mockImplementation(hanging);
      expect(
        await client.call(getContentsById, { params: { id: 1 } }).catch((e: unknown) => e),
      ).toMatchObject({ code: 401 });
    });

    it('leaves calls without a token alone', async () => {
      const sessionSignal = vi.fn(() => AbortSignal.abort());
      const { client, fetchMock } = setup({ token: () => null, sessionSignal });
      fetchMock.mockResolvedValueOnce(json({ code: 200, msg: 'ok', result: notice }));
      await expect(client.call(getContentsById, { params: { id: 3 } })).resolves.toBeDefined();
      expect(sessionSignal).not.toHaveBeenCalled();
    });

    it('sends a given token (a logout) and never cancels that call', async () => {
      const sessionSignal = vi.fn(() => AbortSignal.abort());
      const { client, fetchMock, lastRequest } = setup({ token: () => null, sessionSignal });
      fetchMock.mockResolvedValueOnce(json({ code: 200, msg: 'ok', result: notice }));
      await client.call(getContentsById, { params: { id: 3 } }, { token: 'old-token' });
      expect(lastRequest().headers.authorization).toBe('Bearer old-token');
      expect(sessionSignal).not.toHaveBeenCalled();
    });

    it('a cancellation by the caller stays "aborted" even when the session ended too', async () => {
      const ended = new AbortController();
      const { client, fetchMock } = setup({ sessionSignal: () => ended.signal });
      fetchMock.mockImplementation(hanging);
      const controller = new AbortController();
      const pending = client
        .call(getContentsById, { params: { id: 1 } }, { signal: controller.signal })
        .catch((e: unknown) => e);
      controller.abort();
      ended.abort();
      expect(await pending).toMatchObject({ kind: 'aborted' });
    });
  });

  it('reports a failed connection as a network error', async () => {
    const { client, fetchMock } = setup();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(client.call(getContentsById, { params: { id: 1 } })).rejects.toMatchObject({
      kind: 'network',
    });
  });

  describe('timeout', () => {
    beforeEach(() => {
      vi.useFakeTimers();
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it('gives up after 90 seconds', async () => {
      const { client, fetchMock } = setup();
      fetchMock.mockImplementation(
        (_url, init) =>
          new Promise((_resolve, reject) => {
            init?.signal?.addEventListener('abort', () =>
              reject(new DOMException('aborted', 'AbortError')),
            );
          }),
      );
      const pending = client.call(getContentsById, { params: { id: 1 } }).catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
      expect(fetchMock.mock.calls[0]?.[1]?.signal?.aborted).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await pending).toMatchObject({ kind: 'timeout' });
      expect(REQUEST_TIMEOUT_MS).toBe(90_000);
    });

    it('reports a cancellation by the caller as aborted, not as a timeout', async () => {
      const { client, fetchMock } = setup();
      fetchMock.mockImplementation(
        (_url, init) =>
          new Promise((_resolve, reject) => {
            init?.signal?.addEventListener('abort', () =>
              reject(new DOMException('aborted', 'AbortError')),
            );
          }),
      );
      const controller = new AbortController();
      const pending = client
        .call(getContentsById, { params: { id: 1 } }, { signal: controller.signal })
        .catch((e: unknown) => e);
      controller.abort();
      expect(await pending).toMatchObject({ kind: 'aborted' });
    });
  });
});
