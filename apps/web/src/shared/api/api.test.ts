import { getContentsById } from '@swx/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session, STORAGE_KEYS } from '../session/session-store';
import { api, fetchPrivateFile, setUnauthorizedHandler } from './api';

describe('the app API client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('clears the stored session and hands over to the login page on a body code 401', async () => {
    session.signIn('expired', { username: 'amy' });
    session.setMode('demo');
    const toLogin = vi.fn();
    setUnauthorizedHandler(toLogin);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ code: 401, msg: 'Please log in again', result: null })),
    );

    await expect(api.call(getContentsById, { params: { id: 1 } })).rejects.toMatchObject({
      code: 401,
    });

    expect(toLogin).toHaveBeenCalledTimes(1);
    expect(session.get()).toEqual({ token: null, user: null, mode: 'real' });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('sends the stored session with each request', async () => {
    session.signIn('tok-2', null);
    session.setMode('demo');
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) =>
      Response.json({ code: 10101, msg: 'Not found', result: null }, { status: 404 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await api.call(getContentsById, { params: { id: 5 } }).catch(() => undefined);
    const headers = fetchMock.mock.calls[0]?.[1].headers as Record<string, string>;
    expect(headers.authorization).toBe('Bearer tok-2');
    expect(headers['X-Account-Mode']).toBe('demo');
    expect(headers.lang).toBe('en');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/swx/customer/index/getContentsById/5');
  });
});

describe('private files', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('fetch with the session headers and give the bytes', async () => {
    session.signIn('tok-3', null);
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => new Response('img'));
    vi.stubGlobal('fetch', fetchMock);
    const blob = await fetchPrivateFile('/swx/customer/user/kycFile/7');
    expect(await blob.text()).toBe('img');
    const headers = fetchMock.mock.calls[0]?.[1].headers as Record<string, string>;
    expect(headers.authorization).toBe('Bearer tok-3');
  });

  it('end the session on a 401, as the API client does', async () => {
    session.signIn('expired', null);
    const toLogin = vi.fn();
    setUnauthorizedHandler(toLogin);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 401 })),
    );
    await expect(fetchPrivateFile('/swx/customer/user/kycFile/7')).rejects.toMatchObject({
      status: 401,
    });
    expect(toLogin).toHaveBeenCalledTimes(1);
    expect(session.get().token).toBeNull();
  });

  it('leave a session alone that replaced the one whose request came back 401', async () => {
    session.signIn('old', null);
    const toLogin = vi.fn();
    setUnauthorizedHandler(toLogin);
    let answer = (_response: Response) => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const pending = fetchPrivateFile('/swx/customer/user/kycFile/7').catch((e: unknown) => e);
    session.signIn('new', null);
    answer(new Response(null, { status: 401 }));
    expect(await pending).toMatchObject({ status: 401 });
    expect(toLogin).not.toHaveBeenCalled();
    expect(session.get().token).toBe('new');
  });

  it('a call with a session that ended meanwhile is cancelled, and the new session stays', async () => {
    session.signIn('first', null);
    const toLogin = vi.fn();
    setUnauthorizedHandler(toLogin);
    const fetchMock = vi.fn(
      (_url: string, init: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          );
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const pending = api.call(getContentsById, { params: { id: 1 } }).catch((e: unknown) => e);
    session.signIn('second', null);
    expect(await pending).toMatchObject({ kind: 'http', code: 401 });
    expect(fetchMock.mock.calls[0]?.[1].signal?.aborted).toBe(true);
    expect(toLogin).not.toHaveBeenCalled();
    expect(session.get().token).toBe('second');
  });
});
