import { randomUUID } from 'node:crypto';
import { type APIRequestContext, test } from '@playwright/test';
import { latestCode } from './inbox';

/**
 * The customer app's address on the server of the running test's project (the back office is
 * served under /admin/ of the same server; its specs have a server of their own).
 */
export function customerBase(): string {
  const base = test.info().project.use.baseURL ?? process.env.E2E_BASE_URL;
  if (!base) throw new Error('E2E_BASE_URL is not set');
  return base.replace(/\/+$/, '');
}

/** A customer registered through the API with the code that arrived by mail. */
export async function registerCustomer(
  request: APIRequestContext,
  base = customerBase(),
  options: { inviteCode?: string } = {},
) {
  const username = `c${randomUUID().replace(/-/g, '').slice(0, 10)}`;
  const email = `${username}@example.test`;
  const password = `Pw-${randomUUID().slice(0, 12)}`;
  const sent = await request.post(`${base}/swx/customer/login/sendCode`, {
    data: { purpose: 'register', channel: 'email', email },
  });
  if (!sent.ok()) throw new Error(`sendCode: ${await sent.text()}`);
  const code = await latestCode(email);
  const reply = await request.post(`${base}/swx/customer/login/register`, {
    data: {
      channel: 'email',
      email,
      username,
      password,
      confirmPassword: password,
      code,
      ...(options.inviteCode ? { inviteCode: options.inviteCode } : {}),
    },
  });
  const body = (await reply.json()) as {
    code: number;
    result: { token: string; user: { inviteCode: string } };
  };
  if (body.code !== 200) throw new Error(`register: ${JSON.stringify(body)}`);
  return {
    username,
    email,
    password,
    token: body.result.token,
    inviteCode: body.result.user.inviteCode,
  };
}

// A 1x1 PNG; the server re-encodes it.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC',
  'base64',
);

/** Submits KYC (passport) through the API; returns the reply code (20001 when submitted). */
export async function submitKyc(request: APIRequestContext, token: string): Promise<number> {
  const image = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });
  const reply = await request.post(`${customerBase()}/swx/customer/user/identification`, {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      firstName: 'Omar',
      lastName: 'Nasser',
      sex: 'male',
      birthdate: '1988-09-30',
      country: 'AE',
      address: 'Al Wasl Road 14, Dubai',
      phone: '+971 50 123 4567',
      documentType: 'passport',
      front: image('front.png'),
      hand: image('hand.png'),
      signature: image('signature.png'),
    },
  });
  return ((await reply.json()) as { code: number }).code;
}

/**
 * Sets the customer's withdrawal password the way the app does: a code mailed to the customer's
 * own address (the newest message, after the registration code), then the password with it.
 */
export async function setWithdrawPassword(
  request: APIRequestContext,
  customer: { email: string; token: string },
  password: string,
): Promise<void> {
  const base = customerBase();
  const auth = { authorization: `Bearer ${customer.token}` };
  const before = await latestCode(customer.email);
  const sent = await request.post(`${base}/swx/customer/login/sendCode`, {
    headers: auth,
    data: { purpose: 'withdrawPassword', channel: 'email' },
  });
  if (!sent.ok()) throw new Error(`sendCode: ${await sent.text()}`);
  let code = before;
  for (let i = 0; i < 75 && code === before; i++) {
    await new Promise((r) => setTimeout(r, 200));
    code = await latestCode(customer.email);
  }
  const reply = await request.post(`${base}/swx/customer/user/repasswordTx`, {
    headers: auth,
    data: { channel: 'email', code, password, confirmPassword: password },
  });
  const body = (await reply.json()) as { code: number };
  if (body.code !== 200 && body.code !== 20005)
    throw new Error(`repasswordTx: ${JSON.stringify(body)}`);
}

/**
 * Reports a USDT deposit on TRC-20 through the API, with a screenshot as proof (the PNG above);
 * answers the deposit's order number. Finance still has to approve it.
 */
export async function reportDeposit(
  request: APIRequestContext,
  token: string,
  amount: string,
  base = customerBase(),
): Promise<string> {
  const hash = `${randomUUID().replace(/-/g, '')}${randomUUID().replace(/-/g, '')}`;
  const reply = await request.post(`${base}/swx/customer/user/recharge`, {
    headers: {
      authorization: `Bearer ${token}`,
      'x-account-mode': 'real',
      'idempotency-key': randomUUID(),
    },
    multipart: {
      coin: 'USDT',
      network: 'TRC20',
      amount,
      txHash: hash,
      lastSix: hash.slice(-6),
      proof: { name: 'proof.png', mimeType: 'image/png', buffer: PNG },
    },
  });
  const body = (await reply.json()) as { code: number; result: { orderNo: string } };
  if (body.code !== 20002) throw new Error(`recharge: ${JSON.stringify(body)}`);
  return body.result.orderNo;
}
