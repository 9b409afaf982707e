import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerByEmail } from './support/accounts';
import { multipart } from './support/multipart';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * Issue 12, done-when 4: what one customer keeps in support, price alerts and the withdrawal
 * address book cannot be read or changed by another. Every customer route of those features is
 * listed here by what it does with an id (the route table is checked against this list, so a new
 * route cannot be missed), and each one is tried with the other customer's ids.
 */
let t: TestApp;

type Customer = Awaited<ReturnType<typeof registerByEmail>>;
interface Owned {
  imageId: number;
  conversationId: number;
  messageId: number;
  alertId: number;
  addressId: number;
}

/** How each route of the features is covered. */
const ROUTES: Record<string, 'own-only' | 'by-id' | 'public'> = {
  // The customer's one conversation: no id in the request, the session decides whose it is.
  'GET /swx/customer/support/conversation': 'own-only',
  'GET /swx/customer/support/messages': 'own-only',
  'POST /swx/customer/support/send': 'own-only',
  'POST /swx/customer/support/image': 'own-only',
  'POST /swx/customer/support/read': 'own-only',
  'GET /swx/customer/support/unread': 'own-only',
  'GET /swx/customer/support/image/{id}': 'by-id',
  'POST /swx/customer/support/visitor': 'public',
  'GET /swx/customer/user/listAlert': 'own-only',
  'POST /swx/customer/user/alert': 'own-only',
  'POST /swx/customer/user/alert/delete': 'by-id',
  'GET /swx/customer/user/listWithdrawAddress': 'own-only',
  'POST /swx/customer/user/withdrawAddress': 'own-only',
  'POST /swx/customer/user/withdrawAddress/delete': 'by-id',
  'POST /swx/customer/user/withdrawWhitelist': 'own-only',
};

const FEATURE_PATH =
  /^\/swx\/customer\/(support\/|user\/(listAlert|alert|listWithdrawAddress|withdrawAddress|withdrawWhitelist))/;

function call(c: Customer, method: 'GET' | 'POST', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { ...c.auth, 'idempotency-key': randomUUID(), 'x-account-mode': 'real' },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function furnish(c: Customer, text: string): Promise<Owned> {
  const sent = (await call(c, 'POST', '/swx/customer/support/send', { text })).json().result;
  const png = await sharp({
    create: { width: 8, height: 8, channels: 3, background: { r: 9, g: 9, b: 9 } },
  })
    .png()
    .toBuffer();
  const form = multipart([{ name: 'image', value: png, filename: 'a.png', type: 'image/png' }]);
  const image = await t.app.inject({
    method: 'POST',
    url: '/swx/customer/support/image',
    payload: form.payload,
    headers: { ...c.auth, 'content-type': form.contentType, 'idempotency-key': randomUUID() },
  });
  const alert = await call(c, 'POST', '/swx/customer/user/alert', {
    code: 'BTCUSDT',
    type: 'move',
    percent: '5',
  });
  const address = await call(c, 'POST', '/swx/customer/user/withdrawAddress', {
    coin: 'USDT',
    network: 'TRC20',
    address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
    label: text.slice(0, 20),
  });
  return {
    conversationId: sent.conversationId,
    messageId: sent.id,
    imageId: image.json().result.image.id,
    alertId: alert.json().result.id,
    addressId: address.json().result.id,
  };
}

/** Everything a customer can see of the features, to compare before and after. */
async function view(c: Customer) {
  const [conversation, alerts, addresses] = await Promise.all([
    call(c, 'GET', '/swx/customer/support/conversation'),
    call(c, 'GET', '/swx/customer/user/listAlert'),
    call(c, 'GET', '/swx/customer/user/listWithdrawAddress'),
  ]);
  return {
    conversation: conversation.json().result,
    alerts: alerts.json().result,
    addresses: addresses.json().result,
  };
}

let alice: Customer;
let bob: Customer;
let alices: Owned;
let bobs: Owned;

beforeAll(async () => {
  t = await createTestApp({ config: { RATE_LIMIT_MAX: '1000000' } });
  alice = await registerByEmail(t);
  bob = await registerByEmail(t);
  alices = await furnish(alice, 'Alice writes to support');
  bobs = await furnish(bob, 'Bob writes to support');
});

afterAll(() => t.close());

describe('one customer’s support, alerts and addresses are theirs alone', () => {
  it('lists every customer route of these features', () => {
    const paths = (t.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths;
    const found = Object.entries(paths)
      .filter(([path]) => FEATURE_PATH.test(path))
      .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();
    expect(found).toEqual(Object.keys(ROUTES).sort());
  });

  it('refuses the other customer’s ids and changes nothing', async () => {
    const before = await view(alice);

    // By id: the image of Alice's conversation, her alert, her saved address.
    const image = await call(bob, 'GET', `/swx/customer/support/image/${alices.imageId}`);
    expect(image.json().code).toBe(10165);
    expect(image.headers['content-type']).toMatch(/json/);
    expect(
      (await call(bob, 'POST', '/swx/customer/user/alert/delete', { id: alices.alertId })).json()
        .code,
    ).toBe(10101);
    expect(
      (
        await call(bob, 'POST', '/swx/customer/user/withdrawAddress/delete', {
          id: alices.addressId,
        })
      ).json().code,
    ).toBe(10101);

    // Own-only routes given Alice's ids act on Bob's own things, never on hers.
    const page = (
      await call(bob, 'GET', `/swx/customer/support/messages?before=${alices.messageId + 1000}`)
    ).json().result;
    expect(
      page.messages.every(
        (m: { conversationId: number }) => m.conversationId === bobs.conversationId,
      ),
    ).toBe(true);
    await call(bob, 'POST', '/swx/customer/support/read', { upTo: alices.messageId + 1000 });
    const bobsView = await view(bob);
    expect(bobsView.conversation.conversation.id).toBe(bobs.conversationId);
    expect(JSON.stringify(bobsView)).not.toContain('Alice');
    expect(bobsView.alerts.map((a: { id: number }) => a.id)).toEqual([bobs.alertId]);
    expect(bobsView.addresses.list.map((a: { id: number }) => a.id)).toEqual([bobs.addressId]);

    expect(await view(alice)).toEqual(before);
    // Alice still reaches her own image.
    expect(
      (await call(alice, 'GET', `/swx/customer/support/image/${alices.imageId}`)).statusCode,
    ).toBe(200);
  });

  it('keeps staff image routes away from customers', async () => {
    const res = await call(bob, 'GET', `/swx/admin/support/image/${alices.imageId}`);
    expect(res.statusCode).toBe(401);
    const conv = await call(
      bob,
      'GET',
      `/swx/admin/support/conversations/${alices.conversationId}`,
    );
    expect(conv.statusCode).toBe(401);
  });
});
