import { randomUUID } from 'node:crypto';
import type { StaffRole } from '@swx/contract';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addNotification } from '../src/modules/notifications';
import { ok } from '../src/platform/reply';
import { registerByEmail } from './support/accounts';
import {
  operationsOf,
  routeKey,
  type OpenApiDocument,
  type Operation,
} from './support/fuzz-schema';
import { multipart } from './support/multipart';
import { staffHeaders } from './support/staff-session';
import { createTestApp, type TestApp } from './support/test-app';
import { orderHeaders, trader } from './support/trading';

/**
 * Issue 13, authorization sweep. Every route of the OpenAPI document is classified by hand below;
 * the classification is checked against the registered routes, so a new route fails this test
 * until someone says who may call it. Then, for every route: customer routes refuse a caller
 * without a session; back-office routes refuse customers and every staff role the table does not
 * name; demo-barred routes refuse `x-account-mode: demo` (and the others do not); and routes taking
 * the id of a customer's own object refuse another customer's id (support, alerts and the address
 * book are covered in customer-ownership.test.ts).
 */

/**
 * Customer routes: `public` (no session needed) or `session`; `barred` when demo mode is refused
 * (real money: deposits, withdrawals and the address book, plans, loans, NFTs); `id` when the route
 * takes the id of the customer's own object (tried below with another customer's).
 */
const CUSTOMER: Record<string, string> = {
  'GET /swx/customer/index/getParamByKey/{key}': 'public',
  'GET /swx/customer/index/listContents/{type}': 'public',
  'GET /swx/customer/index/getContentsById/{id}': 'public',
  'GET /swx/customer/index/listFaq': 'public',
  'GET /swx/customer/index/listNotices': 'public',
  'GET /swx/customer/index/listOptionsProducts': 'public',
  'GET /swx/customer/index/listConvertAssets': 'public',
  'GET /swx/customer/index/listSmartProducts': 'public',
  'GET /swx/customer/index/listLoanProduct': 'public',
  'GET /swx/customer/index/listNft': 'public',
  'GET /swx/customer/index/getNft/{id}': 'public',
  'GET /swx/customer/index/nftImage/{id}': 'public',
  'GET /swx/customer/index/listLevel': 'public',
  'GET /swx/customer/index/liabilityRoots': 'public',
  'GET /swx/customer/index/verifyTick/{id}': 'public',
  'GET /swx/customer/index/listMarketByType': 'public',
  'GET /swx/customer/index/getMarketInfo/{id}': 'public',
  'GET /swx/customer/index/getKValueByCodeAndDate': 'public',
  'GET /swx/customer/index/getPlatformStats': 'public',
  'GET /swx/customer/index/getTradingHours/{code}': 'public',
  'POST /swx/customer/login/twoFactor': 'public',
  'GET /swx/customer/login/checkUserNameOrPhone': 'public',
  'POST /swx/customer/login/sendCode': 'public',
  'POST /swx/customer/login/register': 'public',
  'POST /swx/customer/login/login': 'public',
  'GET /swx/customer/login/methods': 'public',
  'POST /swx/customer/login/loginByGoogle': 'public',
  'POST /swx/customer/login/dappNonce': 'public',
  'POST /swx/customer/login/loginByDapp': 'public',
  // A password reset by mailed code: the caller has no session.
  'POST /swx/customer/user/repassword': 'public',
  'POST /swx/customer/support/visitor': 'public',
  'POST /swx/customer/login/logout': 'session',
  'GET /swx/customer/user/twoFactor': 'session',
  'POST /swx/customer/user/twoFactor/setup': 'session',
  'POST /swx/customer/user/twoFactor/enable': 'session',
  'POST /swx/customer/user/twoFactor/disable': 'session',
  'POST /swx/customer/user/twoFactor/recoveryCodes': 'session',
  'POST /swx/customer/user/getUserInfo': 'session',
  'POST /swx/customer/user/repasswordTx': 'session',
  'POST /swx/customer/user/antiPhishing': 'session',
  'POST /swx/customer/user/bindContact': 'session',
  'POST /swx/customer/user/settings': 'session',
  'GET /swx/customer/user/accountSummary': 'session',
  'POST /swx/customer/user/resetDemo': 'session',
  'GET /swx/customer/user/inviteInfo': 'session',
  'GET /swx/customer/user/notificationPrefs': 'session',
  'POST /swx/customer/user/notificationPrefs': 'session',
  'GET /swx/customer/user/listNotification': 'session',
  'GET /swx/customer/user/unreadNotification': 'session',
  'POST /swx/customer/user/readNotification': 'session id',
  'POST /swx/customer/user/identification': 'session',
  'GET /swx/customer/user/getIdentification': 'session',
  'GET /swx/customer/user/kycFile/{id}': 'session id',
  'POST /swx/customer/order/submit': 'session',
  'POST /swx/customer/order/chedan': 'session id',
  'GET /swx/customer/order/listBbOrder': 'session',
  'POST /swx/customer/order/buyU': 'session',
  'POST /swx/customer/order/stopU': 'session id',
  'GET /swx/customer/order/listUOrder': 'session',
  'POST /swx/customer/order/buyOptions': 'session',
  'GET /swx/customer/order/listOptionsOrder': 'session',
  'GET /swx/customer/order/getOptionsOrderById/{id}': 'session id',
  'POST /swx/customer/user/dh': 'session',
  'GET /swx/customer/user/listConvert': 'session',
  // The id is an asset of the catalogue, not something the customer owns.
  'GET /swx/customer/order/getAssestInfo/{id}': 'session',
  'GET /swx/customer/order/listAssets': 'session',
  'GET /swx/customer/order/getProfitTotal': 'session',
  'GET /swx/customer/user/listTransactions': 'session',
  'GET /swx/customer/user/listAlert': 'session',
  'POST /swx/customer/user/alert': 'session',
  'POST /swx/customer/user/alert/delete': 'session covered',
  'GET /swx/customer/user/listWithdrawAddress': 'session barred',
  'POST /swx/customer/user/withdrawAddress': 'session barred',
  'POST /swx/customer/user/withdrawAddress/delete': 'session barred covered',
  'POST /swx/customer/user/withdrawWhitelist': 'session barred',
  // The platform's deposit addresses: nothing of the customer's, shown in demo mode too.
  'GET /swx/customer/user/listRechargeAddress': 'session',
  'POST /swx/customer/user/recharge': 'session barred',
  'GET /swx/customer/user/listRecharge': 'session barred',
  'POST /swx/customer/user/withdrawal': 'session barred',
  'GET /swx/customer/user/listWithdrwal': 'session barred',
  'GET /swx/customer/user/exportLedger': 'session barred',
  'POST /swx/customer/order/buySmart': 'session barred',
  'GET /swx/customer/order/listSmartOrder': 'session barred',
  'POST /swx/customer/order/exitSmart': 'session barred id',
  'GET /swx/customer/user/loanAgreementPreview': 'session barred',
  'POST /swx/customer/user/loan': 'session barred',
  'GET /swx/customer/user/listLoanRecord': 'session barred',
  'GET /swx/customer/user/getLoanById/{id}': 'session barred id',
  'POST /swx/customer/user/repayLoan': 'session barred id',
  'GET /swx/customer/user/loanAgreement/{id}': 'session barred id',
  'GET /swx/customer/user/listNft': 'session barred',
  // The id is an NFT on sale to everyone.
  'POST /swx/customer/user/buyNft': 'session barred',
  'GET /swx/customer/user/listCommission': 'session',
  'GET /swx/customer/user/liabilityProof': 'session',
  'GET /swx/customer/support/conversation': 'session',
  'GET /swx/customer/support/messages': 'session',
  'POST /swx/customer/support/send': 'session',
  'POST /swx/customer/support/image': 'session',
  'POST /swx/customer/support/read': 'session',
  'GET /swx/customer/support/unread': 'session',
  'GET /swx/customer/support/image/{id}': 'session covered',
};

/**
 * Back-office routes: the staff roles that may call each (admin may call every one); `public` for
 * the sign-in steps, `any` for a signed-in staff member's own session. Finance reviews money
 * (deposits, withdrawals, loans, ledgers), KYC reviews identities, support answers customers and
 * keeps the help content; settings, products, staff and the audit log are the admin's.
 */
const STAFF: Record<string, 'public' | 'any' | readonly StaffRole[]> = {
  'POST /swx/admin/auth/login': 'public',
  'POST /swx/admin/auth/totp': 'public',
  'GET /swx/admin/auth/me': 'any',
  'POST /swx/admin/auth/password': 'any',
  'POST /swx/admin/auth/logout': 'any',
  'GET /swx/admin/staff': ['admin'],
  'POST /swx/admin/staff': ['admin'],
  'POST /swx/admin/staff/{id}': ['admin'],
  'POST /swx/admin/staff/{id}/reset': ['admin'],
  'GET /swx/admin/params': ['admin'],
  'POST /swx/admin/params/{key}': ['admin'],
  'GET /swx/admin/contents': ['support'],
  'POST /swx/admin/contents': ['support'],
  'GET /swx/admin/contents/{id}': ['support'],
  'POST /swx/admin/contents/{id}': ['support'],
  'POST /swx/admin/contents/{id}/translations/{locale}': ['support'],
  'GET /swx/admin/audit': ['admin'],
  'GET /swx/admin/audit/verify': ['admin'],
  'GET /swx/admin/users': ['support', 'kyc', 'finance'],
  'GET /swx/admin/users/{id}': ['support', 'kyc', 'finance'],
  'POST /swx/admin/users/{id}': ['support'],
  'GET /swx/admin/kyc': ['kyc'],
  'GET /swx/admin/kyc/{id}': ['kyc'],
  'GET /swx/admin/kyc/{id}/files/{fileId}': ['kyc'],
  'POST /swx/admin/kyc/{id}/review': ['kyc'],
  'GET /swx/admin/outbox': ['support'],
  'GET /swx/admin/instruments': ['admin'],
  'POST /swx/admin/instruments/{id}': ['admin'],
  'POST /swx/admin/instruments/{id}/revoke': ['admin'],
  'GET /swx/admin/options/products': ['admin'],
  'POST /swx/admin/options/products/{id}': ['admin'],
  'GET /swx/admin/orders': ['finance', 'support'],
  'GET /swx/admin/users/{id}/ledger': ['finance', 'support'],
  'GET /swx/admin/funding/addresses': ['finance'],
  'POST /swx/admin/funding/addresses': ['finance'],
  'GET /swx/admin/funding/deposits': ['finance'],
  'GET /swx/admin/funding/deposits/{id}/proof': ['finance'],
  'POST /swx/admin/funding/deposits/{id}/review': ['finance'],
  'POST /swx/admin/funding/deposits/{id}/chain': ['finance'],
  'GET /swx/admin/funding/withdrawals': ['finance'],
  'POST /swx/admin/funding/withdrawals/{id}/review': ['finance'],
  'GET /swx/admin/earn/products': ['admin'],
  'POST /swx/admin/earn/products': ['admin'],
  'POST /swx/admin/earn/products/{id}': ['admin'],
  'GET /swx/admin/loans/products': ['admin'],
  'POST /swx/admin/loans/products': ['admin'],
  'POST /swx/admin/loans/products/{id}': ['admin'],
  'GET /swx/admin/loans': ['finance'],
  'POST /swx/admin/loans/{id}/approve': ['finance'],
  'POST /swx/admin/loans/{id}/reject': ['finance'],
  'GET /swx/admin/loans/{id}/agreement': ['finance'],
  'GET /swx/admin/nfts': ['admin'],
  'POST /swx/admin/nfts': ['admin'],
  'POST /swx/admin/nfts/{id}/cancel': ['admin'],
  'GET /swx/admin/liabilities/roots': ['finance'],
  'GET /swx/admin/support/conversations': ['support'],
  'GET /swx/admin/support/summary': ['support'],
  'GET /swx/admin/support/agents': ['support'],
  'GET /swx/admin/support/conversations/{id}': ['support'],
  'GET /swx/admin/support/conversations/{id}/messages': ['support'],
  'POST /swx/admin/support/conversations/{id}/send': ['support'],
  'POST /swx/admin/support/conversations/{id}/image': ['support'],
  'POST /swx/admin/support/conversations/{id}/read': ['support'],
  'POST /swx/admin/support/conversations/{id}/assign': ['support'],
  'POST /swx/admin/support/conversations/{id}/close': ['support'],
  'POST /swx/admin/support/conversations/{id}/reopen': ['support'],
  'GET /swx/admin/support/image/{id}': ['support'],
  'GET /swx/admin/support/canned': ['support'],
  'POST /swx/admin/support/canned': ['admin'],
  'POST /swx/admin/support/canned/{id}/delete': ['admin'],
};

const ROLES: readonly StaffRole[] = ['admin', 'finance', 'kyc', 'support'];

/** The test's own staff route that forgets its role check, to show that the sweep reports it. */
const BREACH = 'GET /swx/admin/sweepBreach/secrets';

type Headers = Record<string, string>;
interface Finding {
  route: string;
  who: string;
  problem: string;
}

let t: TestApp;
let alice: Awaited<ReturnType<typeof trader>>;
let bob: Awaited<ReturnType<typeof trader>>;
const staff = {} as Record<StaffRole, Headers>;

/** A request every route can take: ids of 999999999 and an empty JSON body. */
async function send(op: Operation, headers: Headers) {
  const res = await t.app.inject({
    method: op.method,
    url: op.path.replace(/\{[^}]+\}/g, '999999999'),
    headers: { 'idempotency-key': `sweep-${randomUUID()}`, ...headers },
    ...(op.method === 'POST' ? { payload: {} } : {}),
  });
  const code = /json/.test(String(res.headers['content-type']))
    ? (res.json<{ code?: number }>().code ?? res.statusCode)
    : res.statusCode;
  return code;
}

/** Routes whose call with an empty body ends a session: swept with a throwaway one. */
const LOGOUT = new Set(['POST /swx/customer/login/logout', 'POST /swx/admin/auth/logout']);

/** Who is refused what: returns the findings instead of asserting them. */
async function sweep(
  ops: readonly Operation[],
  tables: { customer: Record<string, string>; staff: typeof STAFF },
): Promise<Finding[]> {
  const findings: Finding[] = [];
  const found = (route: string, who: string, problem: string) =>
    findings.push({ route, who, problem });
  for (const op of ops) {
    const key = routeKey(op);
    /** A fresh session of the caller's kind for a logout route, so the sweep keeps its own. */
    const throwaway = async (role?: StaffRole) =>
      LOGOUT.has(key)
        ? role
          ? (await staffHeaders(t.database, [role])).headers
          : (await registerByEmail(t)).auth
        : undefined;
    if (op.path.startsWith('/swx/customer/')) {
      const kind = tables.customer[key];
      if (kind === undefined) {
        found(key, '-', 'not classified');
        continue;
      }
      const flags = kind.split(' ');
      const anon = await send(op, {});
      if (flags.includes('session') && anon !== 401) found(key, 'no session', `got ${anon}`);
      if (flags.includes('public') && anon === 401) found(key, 'no session', 'refused (401)');
      if (!flags.includes('session')) continue;
      for (const role of ROLES) {
        const code = await send(op, (await throwaway(role)) ?? staff[role]);
        if (code !== 401) found(key, `staff ${role}`, `got ${code}`);
      }
      const demo = await send(op, {
        ...((await throwaway()) ?? alice.auth),
        'x-account-mode': 'demo',
      });
      if (flags.includes('barred') && demo !== 10107) found(key, 'demo', `got ${demo}`);
      if (!flags.includes('barred') && demo === 10107) found(key, 'demo', 'refused (10107)');
    } else if (op.path.startsWith('/swx/admin/')) {
      const allowed = tables.staff[key];
      if (allowed === undefined) {
        found(key, '-', 'not classified');
        continue;
      }
      if (allowed === 'public') continue;
      const anon = await send(op, {});
      if (anon !== 401) found(key, 'no session', `got ${anon}`);
      const customer = await send(op, alice.auth);
      if (customer !== 401) found(key, 'customer', `got ${customer}`);
      for (const role of ROLES) {
        const code = await send(op, (await throwaway(role)) ?? staff[role]);
        const may = allowed === 'any' || role === 'admin' || allowed.includes(role);
        if (!may && code !== 10108) found(key, `staff ${role}`, `got ${code}`);
        if (may && (code === 10108 || code === 401))
          found(key, `staff ${role}`, `refused (${code})`);
      }
    } else {
      found(key, '-', 'a route outside /swx/customer and /swx/admin');
    }
  }
  return findings;
}

function breachRoutes(app: FastifyInstance) {
  // Staff only, but without the admin-only role check its data needs.
  app.get(BREACH.split(' ')[1] ?? '', { config: { auth: 'staff' } }, async (request) =>
    ok(request, { secrets: [] }),
  );
}

async function png() {
  return sharp({
    create: { width: 320, height: 200, channels: 3, background: { r: 40, g: 120, b: 200 } },
  })
    .jpeg()
    .toBuffer();
}

beforeAll(async () => {
  t = await createTestApp({
    config: { RATE_LIMIT_MAX: '1000000' },
    extraRoutes: breachRoutes,
  });
  alice = await trader(t, '100000');
  bob = await trader(t, '100000');
  for (const role of ROLES) staff[role] = (await staffHeaders(t.database, [role])).headers;
});

afterAll(() => t?.close());

const documentOps = () => operationsOf(t.app.swagger() as OpenApiDocument);

describe('authorization sweep', () => {
  it('classifies every registered route', () => {
    const registered = documentOps()
      .map(routeKey)
      .filter((k) => k !== BREACH)
      .sort();
    expect(registered.length).toBeGreaterThan(150);
    expect(registered).toEqual([...Object.keys(CUSTOMER), ...Object.keys(STAFF)].sort());
  });

  it('refuses callers without a session, customers on staff routes, wrong roles and demo mode', async () => {
    const ops = documentOps().filter((op) => routeKey(op) !== BREACH);
    const findings = await sweep(ops, { customer: CUSTOMER, staff: STAFF });
    expect(findings.map((f) => `${f.route} (${f.who}): ${f.problem}`)).toEqual([]);
  });

  it('reports a staff route that forgets its role check, and a route nobody classified', async () => {
    const ops = documentOps().filter((op) => routeKey(op) === BREACH);
    expect(ops).toHaveLength(1);
    const unclassified = await sweep(ops, { customer: CUSTOMER, staff: STAFF });
    expect(unclassified).toEqual([{ route: BREACH, who: '-', problem: 'not classified' }]);
    const findings = await sweep(ops, { customer: CUSTOMER, staff: { [BREACH]: ['admin'] } });
    expect(findings.map((f) => f.who).sort()).toEqual([
      'staff finance',
      'staff kyc',
      'staff support',
    ]);
  });

  it('refuses another customer’s ids on every route that takes one', async () => {
    const post = (auth: Headers, url: string, payload: object) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: orderHeaders(auth as { authorization: string }),
        payload,
      });
    const get = (auth: Headers, url: string) =>
      t.app.inject({ method: 'GET', url, headers: { ...auth, 'x-account-mode': 'real' } });
    const admin = staff.admin;

    // Alice's things: a resting spot order, an open contract, an options order, a plan, a loan,
    // KYC files and a notification.
    const spot = await post(alice.auth, '/swx/customer/order/submit', {
      code: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      price: '100',
      quantity: '1',
    });
    expect(spot.json().code, spot.body).toBe(200);
    const contract = await post(alice.auth, '/swx/customer/order/buyU', {
      code: 'BTCUSDT',
      lots: '0.1',
      leverage: 10,
      direction: 'long',
      type: 'market',
    });
    expect(contract.json().code, contract.body).toBe(200);
    const option = await post(alice.auth, '/swx/customer/order/buyOptions', {
      code: 'BTCUSDT',
      direction: 'up',
      seconds: 60,
      amount: '100',
    });
    const options = (await get(alice.auth, '/swx/customer/index/listOptionsProducts')).json();
    expect(option.json().code, JSON.stringify(options).slice(0, 300)).toBe(200);
    const plan = await t.app.inject({
      method: 'POST',
      url: '/swx/admin/earn/products',
      headers: admin,
      payload: {
        name: `Sweep ${randomUUID().slice(0, 6)}`,
        minAmount: '100',
        maxAmount: '5000',
        terms: [{ days: 7, dailyYield: '0.001' }],
        penaltyRate: '0.01',
        enabled: true,
      },
    });
    expect(plan.json().code, plan.body).toBe(200);
    const smart = await post(alice.auth, '/swx/customer/order/buySmart', {
      productId: plan.json().result.id,
      days: 7,
      amount: '100',
    });
    expect(smart.json().code, smart.body).toBe(200);
    const loanProduct = await t.app.inject({
      method: 'POST',
      url: '/swx/admin/loans/products',
      headers: admin,
      payload: {
        name: `Sweep ${randomUUID().slice(0, 6)}`,
        minAmount: '100',
        maxAmount: '5000',
        terms: [7],
        dailyRate: '0.001',
        enabled: true,
      },
    });
    expect(loanProduct.json().code, loanProduct.body).toBe(200);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100"><path d="M10 60 C 60 10, 120 90, 290 40" stroke="#111" stroke-width="4" fill="none"/></svg>`;
    const signature = `data:image/png;base64,${(await sharp(Buffer.from(svg)).png().toBuffer()).toString('base64')}`;
    const loan = await post(alice.auth, '/swx/customer/user/loan', {
      productId: loanProduct.json().result.id,
      amount: '1000',
      days: 7,
      signature,
    });
    expect(loan.json().code, loan.body).toBe(200);
    const photo = await png();
    const fields = {
      firstName: 'Amira',
      lastName: 'Haddad',
      sex: 'female',
      birthdate: '1990-04-12',
      country: 'jo',
      address: '12 Rainbow Street, Amman',
      phone: '+962 79 123 4567',
      documentType: 'passport',
    };
    const form = multipart([
      ...Object.entries(fields).map(([name, value]) => ({ name, value })),
      ...['front', 'hand', 'signature'].map((name) => ({
        name,
        value: photo,
        filename: 'p.jpg',
        type: 'image/jpeg',
      })),
    ]);
    const kycUser = await registerByEmail(t);
    const kyc = await t.app.inject({
      method: 'POST',
      url: '/swx/customer/user/identification',
      payload: form.payload,
      headers: { ...kycUser.auth, 'content-type': form.contentType },
    });
    expect(kyc.json().code, kyc.body).toBe(20001); // "submitted for review"
    const kycFile = (await get(kycUser.auth, '/swx/customer/user/getIdentification')).json().result
      .files[0].id as number;
    const note = await addNotification(t.database.db, {
      userId: alice.user.id,
      kind: 'password_changed',
    });

    const ids = {
      spot: spot.json().result.id as number,
      contract: contract.json().result.id as number,
      option: option.json().result.id as number,
      smart: smart.json().result.id as number,
      loan: loan.json().result.id as number,
    };

    // Bob tries each of them.
    const refused: Record<string, number> = {
      chedan: (await post(bob.auth, '/swx/customer/order/chedan', { id: ids.spot })).json().code,
      stopU: (await post(bob.auth, '/swx/customer/order/stopU', { id: ids.contract })).json().code,
      option: (await get(bob.auth, `/swx/customer/order/getOptionsOrderById/${ids.option}`)).json()
        .code,
      exitSmart: (await post(bob.auth, '/swx/customer/order/exitSmart', { id: ids.smart })).json()
        .code,
      getLoanById: (await get(bob.auth, `/swx/customer/user/getLoanById/${ids.loan}`)).json().code,
      loanAgreement: (await get(bob.auth, `/swx/customer/user/loanAgreement/${ids.loan}`)).json()
        .code,
      repayLoan: (await post(bob.auth, '/swx/customer/user/repayLoan', { id: ids.loan })).json()
        .code,
      kycFile: (await get(bob.auth, `/swx/customer/user/kycFile/${kycFile}`)).json().code,
    };
    for (const [route, code] of Object.entries(refused)) {
      expect([route, code >= 10000 && code !== 200]).toEqual([route, true]);
    }
    // Marking Alice's notification read as Bob leaves it unread.
    const unread = async () =>
      (await get(alice.auth, '/swx/customer/user/unreadNotification')).json().result.unread;
    const before = await unread();
    expect(before).toBeGreaterThan(0);
    await post(bob.auth, '/swx/customer/user/readNotification', { ids: [note.id] });
    expect(await unread()).toBe(before);
    await post(alice.auth, '/swx/customer/user/readNotification', { ids: [note.id] });
    expect(await unread()).toBe(before - 1);

    // Alice's things are as they were, and hers to use.
    expect(
      (await get(alice.auth, `/swx/customer/order/getOptionsOrderById/${ids.option}`)).json().code,
    ).toBe(200);
    expect((await get(alice.auth, `/swx/customer/user/getLoanById/${ids.loan}`)).json().code).toBe(
      200,
    );
    expect((await get(kycUser.auth, `/swx/customer/user/kycFile/${kycFile}`)).statusCode).toBe(200);
    expect(
      (await post(alice.auth, '/swx/customer/order/chedan', { id: ids.spot })).json().code,
    ).toBe(200);
    expect(
      (await post(alice.auth, '/swx/customer/order/stopU', { id: ids.contract })).json().code,
    ).toBe(200);
    expect(
      (await post(alice.auth, '/swx/customer/order/exitSmart', { id: ids.smart })).json().code,
    ).toBe(200);
  });
});
