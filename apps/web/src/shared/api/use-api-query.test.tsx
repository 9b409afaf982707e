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
