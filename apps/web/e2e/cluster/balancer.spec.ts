import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { BrowserErrors } from '../../../../e2e-support/browser-errors';
import { registerCustomer, reportDeposit } from '../../../../e2e-support/customer';
import { DESKTOP } from '../../../../e2e-support/devices';
import { firstAdminToken, staffPost } from '../../../../e2e-support/staff-api';

/**
 * Issue 13, two nodes behind a real load balancer (scripts/e2e-cluster.js: HAProxy in front of two
 * server processes on one PostgreSQL and one Redis, round robin). A customer deposits, chats with
 * support and trades options through the balancer while first one node and then the other is
 * killed (SIGKILL) and started again: the customer's socket comes back each time and keeps
 * delivering, nothing is lost, each option is settled once, the proof image a node took in is
 * read through the other, and the login limit is counted once for both nodes.
 */
const base = (process.env.E2E_CLUSTER_BASE_URL ?? '').replace(/\/+$/, '');
const control = process.env.E2E_CLUSTER_CONTROL_URL ?? '';
test.skip(!base, 'the cluster needs HAProxy, PostgreSQL and Redis (scripts/e2e-cluster.js)');

type Node = 'a' | 'b';
async function node(request: APIRequestContext, action: 'kill' | 'start', id: Node) {
  const reply = await request.post(`${control}/${action}/${id}`, { timeout: 90_000 });
  expect(reply.status(), `${action} node ${id}: ${await reply.text()}`).toBe(204);
}

async function get<T>(request: APIRequestContext, path: string, token: string): Promise<T> {
  const reply = await request.get(`${base}${path}`, {
    headers: { authorization: `Bearer ${token}`, 'x-account-mode': 'real' },
  });
  const body = (await reply.json()) as { code: number; result: T };
  expect(body.code, path).toBe(200);
  return body.result;
}

async function post<T>(request: APIRequestContext, path: string, token: string, data: unknown) {
  const reply = await request.post(`${base}${path}`, {
    headers: {
      authorization: `Bearer ${token}`,
      'x-account-mode': 'real',
      'idempotency-key': randomUUID(),
    },
    data,
  });
  const body = (await reply.json()) as { code: number; result: T };
  expect(body.code, `${path}: ${JSON.stringify(body)}`).toBe(200);
  return body.result;
}

/** The customer writes in the browser and sees the message sent. */
async function say(page: Page, text: string) {
  await page.getByTestId('support-composer').fill(text);
  await page.getByTestId('support-send').click();
  await expect(
    page.locator('[data-testid="support-message"][data-author="customer"]', { hasText: text }),
  ).toHaveCount(1);
}

test('two nodes behind HAProxy: deposit, chat and options survive each node being killed and started again', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const admin = await firstAdminToken(
    request,
    base,
    process.env.E2E_CLUSTER_ADMIN_USERNAME ?? 'admin',
    process.env.E2E_CLUSTER_ADMIN_PASSWORD ?? '',
  );
  await staffPost(request, `${base}/swx/admin/funding/addresses`, admin, {
    coin: 'USDT',
    network: 'TRC20',
    address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
    enabled: true,
  });

  // A deposit with its proof, taken in by one node; finance reads the proof (each read may go to
  // either node: the file lives in PostgreSQL) and approves it.
  const customer = await registerCustomer(request, base);
  const orderNo = await reportDeposit(request, customer.token, '500', base);
  const { list } = await get<{ list: { id: number; orderNo: string; proofUrl: string }[] }>(
    request,
    '/swx/admin/funding/deposits?state=pending',
    admin,
  );
  const deposit = list.find((d) => d.orderNo === orderNo);
  expect(deposit, 'the deposit waits for review').toBeTruthy();
  for (let i = 0; i < 4; i++) {
    const proof = await request.get(`${base}${deposit!.proofUrl}`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(proof.status(), `proof read ${i + 1}`).toBe(200);
    expect(proof.headers()['content-type']).toMatch(/^image\//);
  }
  await staffPost(request, `${base}/swx/admin/funding/deposits/${deposit!.id}/review`, admin, {
    decision: 'approve',
  });

  // The customer's support chat, open in the browser; every socket it opens is counted.
  const context = await browser.newContext({ ...DESKTOP, baseURL: base });
  const page = await context.newPage();
  const errors = await BrowserErrors.watch(page);
  const sockets: string[] = [];
  page.on('websocket', (ws) => sockets.push(ws.url()));
  await page.addInitScript((token) => {
    sessionStorage.setItem('swx.introDismissed', '1');
    localStorage.setItem('swx.token', token);
    localStorage.setItem('swx.accountMode', 'real');
  }, customer.token);
  await page.goto('/profile/kefu');
  // The first page through the balancer: on a slow machine, with the other workers' browsers and
  // servers busy, the app took more than the default 10 s to draw it (the screenshot was blank).
  await expect(page.getByTestId('support-composer')).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => sockets.length).toBeGreaterThan(0);

  const conversationId = async () => {
    const queue = await get<{ list: { id: number; username: string | null }[] }>(
      request,
      '/swx/admin/support/conversations?filter=open',
      admin,
    );
    const mine = queue.list.find((c) => c.username === customer.username);
    expect(mine, 'the conversation is in the queue').toBeTruthy();
    return mine!.id;
  };
  const staffSays = async (id: number, text: string) => {
    await post(request, `/swx/admin/support/conversations/${id}/send`, admin, { text });
    // Delivered over the socket to the open page, whichever node took the reply.
    await expect(
      page.locator('[data-testid="support-message"][data-author="staff"]', { hasText: text }),
    ).toHaveCount(1, { timeout: 20_000 });
  };

  await say(page, 'Hello, is my deposit in?');
  const id = await conversationId();
  await staffSays(id, 'Yes, 500 USDT arrived.');

  // Three options of 30 s, bought through the balancer.
  const bought: string[] = [];
  const buy = async (direction: 'up' | 'down') => {
    const order = await post<{ orderNo: string }>(
      request,
      '/swx/customer/order/buyOptions',
      customer.token,
      {
        code: 'BTCUSDT',
        direction,
        seconds: 30,
        amount: '20',
      },
    );
    bought.push(order.orderNo);
  };
  await buy('up');

  // Node a dies: the page keeps working through node b.
  await node(request, 'kill', 'a');
  await say(page, 'While node a is down');
  await staffSays(id, 'Answered while node a is down');
  await buy('down');

  // Node a comes back and node b dies: the socket, wherever it was, is now on a.
  await node(request, 'start', 'a');
  await node(request, 'kill', 'b');
  await say(page, 'While node b is down');
  await staffSays(id, 'Answered while node b is down');
  await buy('up');
  await node(request, 'start', 'b');
  // The page's socket was on one of the nodes that died, so it came back at least once.
  expect(sockets.length).toBeGreaterThan(1);

  // Nothing lost, nothing twice: six messages in order, each option settled exactly once.
  const history = await get<{ messages: { author: string; text: string | null }[] }>(
    request,
    `/swx/admin/support/conversations/${id}/messages`,
    admin,
  );
  expect(history.messages.map((m) => `${m.author}: ${m.text}`)).toEqual([
    'customer: Hello, is my deposit in?',
    'staff: Yes, 500 USDT arrived.',
    'customer: While node a is down',
    'staff: Answered while node a is down',
    'customer: While node b is down',
    'staff: Answered while node b is down',
  ]);
  await expect
    .poll(
      async () =>
        (
          await get<{ list: unknown[] }>(
            request,
            '/swx/customer/order/listOptionsOrder?status=settled&pageSize=50',
            customer.token,
          )
        ).list.length,
      { timeout: 90_000, intervals: [1_000] },
    )
    .toBe(3);
  const entries = await get<{ list: { kind: string; ref: string }[] }>(
    request,
    '/swx/customer/user/listTransactions?product=options&pageSize=100',
    customer.token,
  );
  for (const orderNo of bought) {
    const of = (kind: string) =>
      entries.list.filter((e) => e.kind === kind && e.ref === orderNo).length;
    expect({ orderNo, bought: of('options.buy') > 0, settled: of('options.settle') > 0 }).toEqual({
      orderNo,
      bought: true,
      settled: true,
    });
  }
  const settlements = new Set(
    entries.list.filter((e) => e.kind === 'options.settle').map((e) => e.ref),
  );
  expect(settlements.size).toBe(3);

  // The login limit per client address (20 a minute) is one count for both nodes (Redis): round
  // robin sends half of these to each node, and still the 21st is refused.
  const address = `198.51.100.${1 + Math.floor(Math.random() * 250)}`;
  const statuses: number[] = [];
  for (let i = 0; i < 22; i++) {
    const reply = await request.post(`${base}/swx/customer/login/login`, {
      headers: { 'x-forwarded-for': address },
      data: { account: `nobody${i}x${randomUUID().slice(0, 6)}`, password: 'Wrong-password-1' },
    });
    statuses.push(reply.status());
  }
  expect(statuses.slice(0, 20).filter((s) => s === 429)).toEqual([]);
  expect(statuses.slice(20)).toEqual([429, 429]);

  // A node dying under the page's socket is what this test does; nothing else may go wrong.
  expect(errors.messages.filter((m) => !/WebSocket/i.test(m))).toEqual([]);
  await context.close();
});
