import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { i18n as I18n } from 'i18next';
import { createTestI18n } from '../../test/render-with-i18n';
import { createRefreshSignal, useRefreshSignal, type RefreshSignal } from './refresh-signal';
import { clearQueryCache, useApiQuery } from './use-api-query';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(() => clearQueryCache());

/** A server whose reply the test sets, counting requests. */
function server(initial: { list: string[] }) {
  const state = { reply: initial, requests: 0 };
  return {
    state,
    load: async () => {
      state.requests += 1;
      return structuredClone(state.reply);
    },
  };
}

let renders = 0;
function List({
  load,
  signal,
}: {
  load: () => Promise<{ list: string[] }>;
  signal: RefreshSignal;
}) {
  renders += 1;
  const query = useApiQuery('test/list', load);
  useRefreshSignal(signal, query.refresh);
  return <output>{query.status === 'success' ? query.data.list.join(',') : query.status}</output>;
}

async function settle() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

/** The list on screen with its first reply ("a"), the server and the refresh signal. */
async function shown() {
  const api = server({ list: ['a'] });
  const signal = createRefreshSignal();
  render(
    <I18nextProvider i18n={i18n}>
      <List load={api.load} signal={signal} />
    </I18nextProvider>,
  );
  await settle();
  return { api, signal };
}

describe('a query refreshed in the background', () => {
  it('renders nothing again when the reply is the same, and the new reply when it differs', async () => {
    const { api, signal } = await shown();
    expect(screen.getByRole('status').textContent).toBe('a');
    const before = renders;

    act(() => signal.emit());
    await settle();
    expect(api.state.requests).toBe(2);
    expect(renders).toBe(before);
    expect(screen.getByRole('status').textContent).toBe('a');

    api.state.reply = { list: ['a', 'b'] };
    act(() => signal.emit());
    await settle();
    expect(api.state.requests).toBe(3);
    expect(screen.getByRole('status').textContent).toBe('a,b');
  });

  it('never shows a loading state while it reloads', async () => {
    const { api, signal } = await shown();
    api.state.reply = { list: ['c'] };
    act(() => signal.emit());
    expect(screen.getByRole('status').textContent).toBe('a');
    await settle();
    expect(screen.getByRole('status').textContent).toBe('c');
  });
});

/** Each version's reply, resolved by the test when it chooses (no timers). */
const replies = new Map<number, (reply: string) => void>();

function Versioned({ version, keep }: { version: number; keep: boolean }) {
  const query = useApiQuery(
    `test/versioned/${version}`,
    () => new Promise<string>((resolve) => replies.set(version, resolve)),
    { keepPreviousData: keep },
  );
  return <output>{query.data ?? query.status}</output>;
}

describe('a query whose key changes (a list reloaded after the user acted)', () => {
  async function reply(version: number) {
    await act(async () => {
      replies.get(version)?.(`reply ${version}`);
      await Promise.resolve();
    });
  }

  async function reloaded(keep: boolean) {
    replies.clear();
    const view = (version: number) => (
      <I18nextProvider i18n={i18n}>
        <Versioned version={version} keep={keep} />
      </I18nextProvider>
    );
    const { rerender } = render(view(0));
    await reply(0);
    expect(screen.getByRole('status').textContent).toBe('reply 0');
    rerender(view(1));
    const whileLoading = screen.getByRole('status').textContent;
    await reply(1);
    return { whileLoading, after: screen.getByRole('status').textContent };
  }

  it('keeps the previous reply on screen until the new one comes, with keepPreviousData', async () => {
    expect(await reloaded(true)).toEqual({ whileLoading: 'reply 0', after: 'reply 1' });
  });

  it('shows its loading state in between without it', async () => {
    expect(await reloaded(false)).toEqual({ whileLoading: 'loading', after: 'reply 1' });
  });
});
