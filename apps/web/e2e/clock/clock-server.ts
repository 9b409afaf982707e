import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  expect,
  type Page,
} from '@playwright/test';
import { BrowserErrors } from '../../../../e2e-support/browser-errors';
import { DESKTOP, PHONE } from '../../../../e2e-support/devices';
import { registerCustomer, reportDeposit } from '../../../../e2e-support/customer';
import { firstAdminToken, staffPost } from '../../../../e2e-support/staff-api';

/**
 * The third e2e server (scripts/e2e.js): TEST_CLOCK on, jobs polling every 500 ms. Its clock only
 * moves forward, through `POST /swx/test/clock`; the project runs one spec at a time (workers: 1).
 */
export const DAY_MS = 86_400_000;
export const base = (process.env.E2E_CLOCK_BASE_URL ?? '').replace(/\/+$/, '');

export async function moveServerClock(request: APIRequestContext, ms: number): Promise<number> {
  const reply = await request.post(`${base}/swx/test/clock`, { data: { seconds: ms / 1000 } });
  const body = (await reply.json()) as { code: number; result: { now: string } };
  expect(body.code).toBe(200);
  return Date.parse(body.result.now);
}

export async function serverNow(request: APIRequestContext): Promise<number> {
  const reply = await request.get(`${base}/swx/test/clock`);
  return Date.parse(((await reply.json()) as { result: { now: string } }).result.now);
}

/**
 * The clock server's first admin, signed in once per run (its one-time password works once): the
 * token is kept in a file named after that password, so every spec file of the run shares it.
 */
export async function clockAdminToken(request: APIRequestContext): Promise<string> {
  const username = process.env.E2E_CLOCK_ADMIN_USERNAME;
  const password = process.env.E2E_CLOCK_ADMIN_PASSWORD;
  expect(password, 'scripts/e2e.js passes the clock server first admin password').toBeTruthy();
  const run = createHash('sha256').update(`${base}|${password}`).digest('hex').slice(0, 16);
  const file = join(tmpdir(), `swx-clock-admin-${run}.json`);
  if (existsSync(file)) return (JSON.parse(readFileSync(file, 'utf8')) as { token: string }).token;
  const token = await firstAdminToken(request, base, username!, password!);
  writeFileSync(file, JSON.stringify({ token }), { mode: 0o600 });
  return token;
}

let addressAdded = false;

/** A customer with USDT deposited and approved by finance, through the API (optionally invited). */
export async function fundedCustomer(
  request: APIRequestContext,
  amount: string,
  options: { inviteCode?: string } = {},
) {
  const adminToken = await clockAdminToken(request);
  if (!addressAdded) {
    // The deposit address (saving it again replaces it: every spec file may do it once).
    await staffPost(request, `${base}/swx/admin/funding/addresses`, adminToken, {
      coin: 'USDT',
      network: 'TRC20',
      address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
      enabled: true,
    });
    addressAdded = true;
  }
  const customer = await registerCustomer(request, base, options);
  const orderNo = await reportDeposit(request, customer.token, amount, base);
  const queue = await request.get(`${base}/swx/admin/funding/deposits?state=pending`, {
    headers: { authorization: `Bearer ${adminToken}` },
  });
  const { list } = ((await queue.json()) as { result: { list: { id: number; orderNo: string }[] } })
    .result;
  const deposit = list.find((d) => d.orderNo === orderNo);
  expect(deposit, `deposit ${orderNo} is in the queue`).toBeTruthy();
  await staffPost(request, `${base}/swx/admin/funding/deposits/${deposit!.id}/review`, adminToken, {
    decision: 'approve',
  });
  return customer;
}

/**
 * A signed-in customer's page on the clock server in real mode, in the phone or desktop layout,
 * its browser errors watched; `time` installs the browser's clock at the server's time.
 */
export async function customerPage(
  browser: Browser,
  token: string,
  layout: 'phone' | 'desktop',
  options: { time?: number } = {},
): Promise<{ context: BrowserContext; page: Page; errors: BrowserErrors }> {
  const context = await browser.newContext({
    ...(layout === 'phone' ? PHONE : DESKTOP),
    baseURL: base,
  });
  if (options.time !== undefined) await context.clock.install({ time: options.time });
  const page = await context.newPage();
  const errors = await BrowserErrors.watch(page);
  await page.addInitScript((session) => {
    sessionStorage.setItem('swx.introDismissed', '1');
    localStorage.setItem('swx.token', session);
    localStorage.setItem('swx.accountMode', 'real');
  }, token);
  return { context, page, errors };
}
