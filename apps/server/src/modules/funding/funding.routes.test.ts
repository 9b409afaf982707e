import { dec } from '@swx/money';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshIp, registerByEmail } from '../../../test/support/accounts';
import { storedFileCount } from '../../../test/support/files';
import { multipart } from '../../../test/support/multipart';
import { staffHeaders } from '../../../test/support/staff-session';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { fund, orderHeaders, setWithdrawPassword } from '../../../test/support/trading';
import { findInvariantBreaches, selectSystemBalance, selectUserBalances } from '../ledger';
import { deposits, withdrawals } from './funding.tables';

let t: TestApp;
let png: Buffer;
let finance: Record<string, string>;
let finance2: Record<string, string>;

const TRON = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
const TRON_USER = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';
const ETH_ADDRESS = `0x${'ab'.repeat(20)}`;
const hex = (n: number, seed: string) => seed.repeat(64).slice(0, n);
let hashCounter = 0;
/** A fresh TRON transaction hash (64 hex characters). */
const tronHash = () => `${(++hashCounter).toString(16).padStart(8, '0')}${hex(56, 'c0ffee')}`;

beforeAll(async () => {
  t = await createTestApp();
  png = await sharp({
    create: { width: 200, height: 120, channels: 3, background: { r: 10, g: 160, b: 90 } },
  })
    .png()
    .toBuffer();
  finance = (await staffHeaders(t.database, ['finance'])).headers;
  finance2 = (await staffHeaders(t.database, ['finance'])).headers;
  for (const [coin, network, address] of [
    ['USDT', 'TRC20', TRON],
    ['USDT', 'ERC20', ETH_ADDRESS],
    ['ETH', 'ERC20', ETH_ADDRESS],
  ] as const) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/swx/admin/funding/addresses',
      headers: finance,
      payload: { coin, network, address, enabled: true },
    });
    expect(res.json<{ code: number }>().code).toBe(20005);
  }
}, 60_000);
afterAll(() => t.close());

type Auth = { authorization: string };
type Reply<T = Record<string, unknown>> = { code: number; result: T };

async function customer(withPassword = true) {
  const user = await registerByEmail(t);
  if (withPassword) {
    await setWithdrawPassword(t, user.user.id, '246810');
  }
  return user;
}

async function usdt(userId: number) {
  const rows = await selectUserBalances(t.database.db, userId, 'real');
  const of = (bucket: string) =>
    dec(rows.find((r) => r.asset === 'USDT' && r.bucket === bucket)?.balance ?? '0').toFixed();
  return { available: of('available'), frozen: of('frozen') };
}

const countRows = async (table: typeof deposits | typeof withdrawals) =>
  (await t.database.db.select({ id: table.id }).from(table)).length;

function depositForm(fields: Record<string, string>, proof: Buffer | undefined, name = 'p.png') {
  return multipart([
    ...Object.entries(fields).map(([n, value]) => ({ name: n, value })),
    ...(proof ? [{ name: 'proof', value: proof, filename: name, type: 'image/png' }] : []),
  ]);
}

async function deposit(
  auth: Auth,
  fields: Record<string, string>,
  proof?: Buffer,
  mode: 'real' | 'demo' = 'real',
) {
  const form = depositForm(fields, proof ?? png);
  const res = await t.app.inject({
    method: 'POST',
    url: '/swx/customer/user/recharge',
    payload: form.payload,
    headers: { ...orderHeaders(auth, mode), 'content-type': form.contentType },
    remoteAddress: freshIp(),
  });
  return res.json<Reply<{ id: number; state: string; orderNo: string }>>();
}

const goodDeposit = (hash = tronHash()) => ({
  coin: 'USDT',
  network: 'TRC20',
  amount: '500',
  txHash: hash,
  lastSix: hash.slice(-6),
});

async function withdraw(auth: Auth, body: object, key?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/swx/customer/user/withdrawal',
    headers: orderHeaders(auth, 'real', key),
    payload: body,
    remoteAddress: freshIp(),
  });
  return res.json<Reply<{ id: number; fee: string; actual: string; state: string }>>();
}

const crypto = (amount = '100', password = '246810') => ({
  method: 'crypto',
  coin: 'USDT',
  network: 'TRC20',
  address: TRON_USER,
  amount,
  password,
});

const review = async (kind: 'deposits' | 'withdrawals', id: number, body: object, as = finance) =>
  (
    await t.app.inject({
      method: 'POST',
      url: `/swx/admin/funding/${kind}/${id}/review`,
      headers: as,
      payload: body,
    })
  ).json<Reply<{ state: string; firstApprovedBy: string | null; payoutRef: string | null }>>();

describe('receiving addresses', () => {
  it('finance sets them in the network’s format; customers read the enabled ones with minimums', async () => {
    const save = (payload: object, headers = finance) =>
      t.app.inject({ method: 'POST', url: '/swx/admin/funding/addresses', headers, payload });
    const ok = { coin: 'BTC', network: 'BTC', enabled: false };
    expect((await save({ ...ok, address: TRON })).json<Reply>().code).toBe(10143);
    expect((await save({ ...ok, network: 'TRC20', address: TRON })).json<Reply>().code).toBe(10144);
    const support = (await staffHeaders(t.database, ['support'])).headers;
    const btc = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
    expect((await save({ ...ok, address: btc }, support)).json<Reply>().code).toBe(10108);
    expect((await save({ ...ok, address: btc })).json<Reply>().code).toBe(20005);

    const user = await customer();
    const list = await t.app.inject({
      url: '/swx/customer/user/listRechargeAddress',
      headers: user.auth,
    });
    expect(list.json<Reply<object[]>>().result).toEqual([
      {
        id: expect.any(Number),
        coin: 'ETH',
        network: 'ERC20',
        address: ETH_ADDRESS,
        minAmount: '0.2',
        qrSvg: expect.stringContaining('<svg'),
      },
      {
        id: expect.any(Number),
        coin: 'USDT',
        network: 'ERC20',
        address: ETH_ADDRESS,
        minAmount: '120',
        qrSvg: expect.stringContaining('<svg'),
      },
      {
        id: expect.any(Number),
        coin: 'USDT',
        network: 'TRC20',
        address: TRON,
        minAmount: '120',
        qrSvg: expect.stringContaining('<svg'),
      },
    ]);
  });
});

describe('deposits', () => {
  it.each([
    ['below the minimum', { amount: '119.99' }, 10139],
    ['a negative amount', { amount: '-500' }, 10148],
    ['a zero amount', { amount: '0' }, 10148],
    ['an exponent', { amount: '5e2' }, 10148],
    ['more decimals than USDT keeps', { amount: '500.0000001' }, 10148],
    ['an unknown coin', { coin: 'DOGE' }, 10144],
    ['a network that does not carry the coin', { network: 'BTC' }, 10144],
    ['a network without an address', { coin: 'BTC', network: 'BTC', amount: '1' }, 10144],
    ['an Ethereum hash on TRON', { txHash: `0x${hex(64, 'ab')}`, lastSix: 'ababab' }, 10141],
    ['a short hash', { txHash: hex(63, 'a'), lastSix: 'aaaaaa' }, 10141],
    ['last six that do not match', { lastSix: '000000' }, 10142],
    ['last six that are not six', { lastSix: '12345' }, 10142],
  ] as const)('refuses %s (%j) with %i, storing nothing', async (_name, change, code) => {
    const user = await customer();
    const [rows, files] = [await countRows(deposits), await storedFileCount(t)];
    expect((await deposit(user.auth, { ...goodDeposit(), ...change })).code).toBe(code);
    expect([await countRows(deposits), await storedFileCount(t)]).toEqual([rows, files]);
  });

  it.each([
    ['no proof', undefined, 10127],
    ['a renamed text file', Buffer.from('not an image at all, just text'), 10122],
    ['an oversize file', Buffer.alloc(3 * 1024 * 1024, 0x89), 10123],
  ] as const)('refuses %s with %s, storing nothing', async (_name, proof, code) => {
    const user = await customer();
    const form = depositForm(goodDeposit(), proof);
    const [rows, files] = [await countRows(deposits), await storedFileCount(t)];
    const res = await t.app.inject({
      method: 'POST',
      url: '/swx/customer/user/recharge',
      payload: form.payload,
      headers: { ...orderHeaders(user.auth), 'content-type': form.contentType },
    });
    expect(res.json<Reply>().code).toBe(code);
    expect([await countRows(deposits), await storedFileCount(t)]).toEqual([rows, files]);
  });

  it('is refused in demo mode and for a hash reported before', async () => {
    const user = await customer();
    const hash = tronHash();
    expect((await deposit(user.auth, goodDeposit(hash), undefined, 'demo')).code).toBe(10107);
    expect((await deposit(user.auth, goodDeposit(hash))).code).toBe(20002);
    const other = await customer();
    const again = { ...goodDeposit(hash.toUpperCase()), lastSix: hash.slice(-6).toUpperCase() };
    expect((await deposit(other.auth, again)).code).toBe(10140);
  });

  it('pending, then approved once: credited from custody, notified, the inviter sees a funded friend', async () => {
    const inviter = await customer();
    const user = await registerByEmail(t, { inviteCode: inviter.user.inviteCode });
    const submitted = await deposit(user.auth, goodDeposit());
    expect(submitted).toMatchObject({ code: 20002, result: { state: 'pending' } });
    expect(await usdt(user.user.id)).toEqual({ available: '0', frozen: '0' });
    const custodyBefore = await selectSystemBalance(t.database.db, 'custody', 'real', 'USDT');

    const [a, b] = await Promise.all([
      review('deposits', submitted.result.id, { decision: 'approve' }),
      review(
        'deposits',
        submitted.result.id,
        { decision: 'reject', reason: 'no such transfer' },
        finance2,
      ),
    ]);
    expect([a.code, b.code].sort()).toEqual([10146, 200]);
    const decided = a.code === 200 ? a : b;
    const credited = decided.result.state === 'approved' ? '500' : '0';
    expect(await usdt(user.user.id)).toEqual({ available: credited, frozen: '0' });
    expect(
      dec(custodyBefore)
        .minus(await selectSystemBalance(t.database.db, 'custody', 'real', 'USDT'))
        .toFixed(),
    ).toBe(credited);

    const list = await t.app.inject({ url: '/swx/customer/user/listRecharge', headers: user.auth });
    expect(list.json<Reply<{ list: { state: string }[] }>>().result.list[0]?.state).toBe(
      decided.result.state,
    );
    const notes = await t.app.inject({
      url: '/swx/customer/user/listNotification',
      headers: user.auth,
    });
    expect(notes.json<Reply<{ list: { kind: string }[] }>>().result.list[0]?.kind).toBe(
      `deposit_${decided.result.state}`,
    );
    const invite = await t.app.inject({
      url: '/swx/customer/user/inviteInfo',
      headers: inviter.auth,
    });
    const friends = invite.json<Reply<{ friends: { funded: boolean }[] }>>().result.friends;
    expect(friends[0]?.funded).toBe(decided.result.state === 'approved');
  });
});

describe('withdrawals', () => {
  it('checks method, destination and amount before the password, and changes nothing', async () => {
    const user = await customer();
    await fund(t, user.user.id, 'USDT', '1000');
    const rows = await countRows(withdrawals);
    for (const [body, code] of [
      [{ ...crypto(), method: undefined }, 10025],
      [{ ...crypto(), method: 'cash' }, 10025],
      [{ ...crypto(), address: '' }, 10021],
      [{ ...crypto(), address: ETH_ADDRESS }, 10143],
      [{ ...crypto(), network: 'BTC' }, 10144],
      [
        {
          method: 'bank',
          bankType: 'SWIFT',
          accountNumber: '',
          holderName: 'A',
          amount: '10',
          password: '246810',
        },
        10145,
      ],
      [crypto('0'), 10148],
      [crypto('-5'), 10148],
      [crypto('1e2'), 10148],
      [crypto('10.0000001'), 10148],
      [crypto('0.000001'), 10148],
      [crypto('5000'), 10092],
    ] as const) {
      expect((await withdraw(user.auth, body)).code, JSON.stringify(body)).toBe(code);
    }
    expect(await usdt(user.user.id)).toEqual({ available: '1000', frozen: '0' });
    expect(await countRows(withdrawals)).toBe(rows);
  });

  it('needs a withdrawal password; five wrong ones lock withdrawals for 15 minutes', async () => {
    const none = await customer(false);
    await fund(t, none.user.id, 'USDT', '100');
    expect((await withdraw(none.auth, crypto('10'))).code).toBe(10138);

    const user = await customer();
    await fund(t, user.user.id, 'USDT', '100');
    for (let i = 0; i < 5; i++)
      expect((await withdraw(user.auth, crypto('10', '111111'))).code).toBe(10093);
    expect((await withdraw(user.auth, crypto('10'))).code).toBe(10137);
    expect(await usdt(user.user.id)).toEqual({ available: '100', frozen: '0' });
  });

  it('freezes the amount with the fee and what arrives shown; approval pays, rejection returns it all', async () => {
    const user = await customer();
    await fund(t, user.user.id, 'USDT', '1000');
    const paid = await withdraw(user.auth, crypto('250'));
    expect(paid).toMatchObject({
      code: 20003,
      result: { fee: '2.5', actual: '247.5', state: 'pending' },
    });
    const bank = await withdraw(user.auth, {
      method: 'bank',
      bankType: 'SWIFT',
      accountNumber: 'DE89 3704 0044 0532 0130 00',
      holderName: 'Amira Haddad',
      amount: '100',
      password: '246810',
    });
    expect(bank.code).toBe(20003);
    expect(bank.result).toMatchObject({
      accountNumber: '••••••••3000',
      coin: 'USDT',
      network: null,
    });
    expect(await usdt(user.user.id)).toEqual({ available: '650', frozen: '350' });

    const fees = await selectSystemBalance(t.database.db, 'fees', 'real', 'USDT');
    expect((await review('withdrawals', paid.result.id, { decision: 'approve' })).code).toBe(10100);
    const approved = await review('withdrawals', paid.result.id, {
      decision: 'approve',
      payoutRef: 'tron-tx-0001',
    });
    expect(approved.result).toMatchObject({ state: 'approved', payoutRef: 'tron-tx-0001' });
    expect(
      dec(await selectSystemBalance(t.database.db, 'fees', 'real', 'USDT'))
        .minus(fees)
        .toFixed(),
    ).toBe('2.5');
    const rejected = await review('withdrawals', bank.result.id, {
      decision: 'reject',
      reason: 'name does not match the account',
    });
    expect(rejected.result.state).toBe('rejected');
    expect(await usdt(user.user.id)).toEqual({ available: '750', frozen: '0' });
    expect(
      (await review('withdrawals', bank.result.id, { decision: 'approve', payoutRef: 'x' })).code,
    ).toBe(10146);
    expect(
      (await review('withdrawals', paid.result.id, { decision: 'reject', reason: 'x' })).code,
    ).toBe(10146);
    expect(await findInvariantBreaches(t.database.db)).toEqual([]);
  });

  it('above the four-eyes threshold needs a second finance member', async () => {
    const user = await customer();
    await fund(t, user.user.id, 'USDT', '20000');
    const big = await withdraw(user.auth, crypto('15000'));
    const first = await review('withdrawals', big.result.id, { decision: 'approve' });
    expect(first.result).toMatchObject({ state: 'pending', firstApprovedBy: expect.any(String) });
    expect(
      (await review('withdrawals', big.result.id, { decision: 'approve', payoutRef: 'r1' })).code,
    ).toBe(10147);
    const second = await review(
      'withdrawals',
      big.result.id,
      { decision: 'approve', payoutRef: 'r1' },
      finance2,
    );
    expect(second.result.state).toBe('approved');
    expect(await usdt(user.user.id)).toEqual({ available: '5000', frozen: '0' });
  });

  it('approve and reject at once by two staff members: exactly one wins', async () => {
    const user = await customer();
    await fund(t, user.user.id, 'USDT', '100');
    const w = await withdraw(user.auth, crypto('100'));
    const [a, b] = await Promise.all([
      review('withdrawals', w.result.id, { decision: 'approve', payoutRef: 'p' }),
      review('withdrawals', w.result.id, { decision: 'reject', reason: 'r' }, finance2),
    ]);
    expect([a.code, b.code].sort()).toEqual([10146, 200]);
    const state = (a.code === 200 ? a : b).result.state;
    expect(await usdt(user.user.id)).toEqual({
      available: state === 'rejected' ? '100' : '0',
      frozen: '0',
    });
  });

  it('500 concurrent withdrawals against a balance that covers one: exactly one', async () => {
    const user = await customer();
    await fund(t, user.user.id, 'USDT', '100');
    const replies = await Promise.all(
      Array.from({ length: 500 }, () => withdraw(user.auth, crypto('100'))),
    );
    const codes = replies.map((r) => r.code);
    expect(codes.filter((c) => c === 20003)).toHaveLength(1);
    expect(codes.filter((c) => c !== 20003).every((c) => c === 10092)).toBe(true);
    expect(await usdt(user.user.id)).toEqual({ available: '0', frozen: '100' });
  }, 120_000);

  it('100 replays of one Idempotency-Key: one withdrawal', async () => {
    const user = await customer();
    await fund(t, user.user.id, 'USDT', '1000');
    const key = `replay-${user.user.id}`;
    const replies = await Promise.all(
      Array.from({ length: 100 }, () => withdraw(user.auth, crypto('10'), key)),
    );
    const ids = new Set(replies.filter((r) => r.code === 20003).map((r) => r.result.id));
    expect(ids.size).toBe(1);
    expect(await usdt(user.user.id)).toEqual({ available: '990', frozen: '10' });
  }, 60_000);
});

describe('permissions and the statement', () => {
  it('staff routes are refused to customers and other roles; customers see only their own', async () => {
    const a = await customer();
    const b = await customer();
    await fund(t, a.user.id, 'USDT', '50');
    await withdraw(a.auth, crypto('50'));
    const listB = await t.app.inject({ url: '/swx/customer/user/listWithdrwal', headers: b.auth });
    expect(listB.json<Reply<{ total: number }>>().result.total).toBe(0);
    const kyc = (await staffHeaders(t.database, ['kyc'])).headers;
    for (const url of ['/swx/admin/funding/deposits', '/swx/admin/funding/withdrawals']) {
      expect((await t.app.inject({ url, headers: a.auth })).json<Reply>().code).toBe(401);
      expect((await t.app.inject({ url, headers: kyc })).json<Reply>().code).toBe(10108);
    }
    const ledger = `/swx/admin/users/${a.user.id}/ledger?mode=real`;
    expect((await t.app.inject({ url: ledger, headers: kyc })).json<Reply>().code).toBe(10108);
    expect((await t.app.inject({ url: ledger, headers: a.auth })).json<Reply>().code).toBe(401);
    const entries = await t.app.inject({ url: ledger, headers: finance });
    expect(
      entries.json<Reply<{ list: { kind: string; product: string }[] }>>().result.list[0],
    ).toMatchObject({ kind: 'withdraw.freeze', product: 'funding' });
    const queue = await t.app.inject({
      url: `/swx/admin/funding/withdrawals?state=pending&userId=${a.user.id}`,
      headers: finance,
    });
    expect(
      queue.json<Reply<{ list: { username: string; accountNumber: null }[] }>>().result.list,
    ).toMatchObject([{ username: a.username }]);
  });

  it('exports the period’s entries as CSV whose amounts add up to the balance change', async () => {
    const user = await customer();
    const from = new Date(Date.now() - 60_000).toISOString();
    await fund(t, user.user.id, 'USDT', '300');
    const w = await withdraw(user.auth, crypto('120'));
    await review('withdrawals', w.result.id, { decision: 'reject', reason: 'test' });
    await withdraw(user.auth, crypto('80'));
    const to = new Date(Date.now() + 60_000).toISOString();
    const res = await t.app.inject({
      url: `/swx/customer/user/exportLedger?from=${from}&to=${to}`,
      headers: user.auth,
    });
    expect(res.headers['content-type']).toContain('text/csv');
    const [header, ...lines] = res.body.trim().split('\n');
    expect(header).toBe('date,kind,reference,asset,bucket,amount,balance_after');
    expect(lines.map((l) => l.split(',')[1])).toEqual([
      'test.fund',
      'withdraw.freeze',
      'withdraw.freeze',
      'withdraw.return',
      'withdraw.return',
      'withdraw.freeze',
      'withdraw.freeze',
    ]);
    const total = (bucket: string) =>
      lines
        .map((l) => l.split(','))
        .filter((c) => c[4] === bucket)
        .reduce((s, c) => s.plus(c[5] ?? '0'), dec('0'))
        .toFixed();
    expect({ available: total('available'), frozen: total('frozen') }).toEqual(
      await usdt(user.user.id),
    );
    const bad = await t.app.inject({
      url: `/swx/customer/user/exportLedger?from=${to}&to=${from}`,
      headers: user.auth,
    });
    expect(bad.json<Reply>().code).toBe(10100);
  });
});
