import { createHash } from 'node:crypto';
import {
  closeSync,
  existsSync,
  openSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { newStaffPassword, totpCode } from '../../../../e2e-support/totp';
import { customerBase } from '../../../../e2e-support/customer';
import { ChangePasswordPage } from '../pages/change-password.page';
import { LoginPage } from '../pages/login.page';
import { ShellPage } from '../pages/shell.page';

interface Claimed {
  username: string;
  password: string;
  secret: string;
  /** The last authenticator time step used: the server accepts each step once. */
  step: number;
}

const STEP_MS = 30_000;
const CLAIM_TIMEOUT_MS = 120_000;

/** This run's files: the one-time password is new on every server start. */
function runFiles() {
  const base = customerBase();
  const password = process.env.E2E_ADMIN_PASSWORD ?? '';
  const run = createHash('sha256').update(`${base}|${password}`).digest('hex').slice(0, 16);
  const stem = join(tmpdir(), `swx-admin-first-${run}`);
  return { claim: `${stem}.claim`, result: `${stem}.json`, signIn: `${stem}.signin` };
}

/** Creates `path` only if nobody has: the caller then holds it. */
function tryCreate(path: string): boolean {
  try {
    closeSync(openSync(path, 'wx', 0o600));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

function save(path: string, claimed: Claimed) {
  writeFileSync(`${path}.tmp`, JSON.stringify(claimed), { mode: 0o600 });
  renameSync(`${path}.tmp`, path);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor<T>(what: string, read: () => T | undefined): Promise<T> {
  const deadline = Date.now() + CLAIM_TIMEOUT_MS;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(250);
  }
}

/**
 * Signs the page in as the server's first admin, whichever spec of the run gets there first.
 *
 * The one-time password that scripts/e2e.js passes works once, and each authenticator code once,
 * yet several specs (back-office.spec.ts, support-desk.spec.ts) need an admin and run in parallel
 * workers. The first to ask claims the account through the screens: the one-time password, the
 * authenticator enrolment and the forced password change, with their checks. It leaves the new
 * password and the authenticator secret in a file of this run (mode 600, in the temp directory),
 * and later callers sign in with them and a code of a later time step.
 */
export async function signInFirstAdmin(page: Page): Promise<{ username: string }> {
  const username = process.env.E2E_ADMIN_USERNAME ?? 'admin';
  const oneTime = process.env.E2E_ADMIN_PASSWORD;
  expect(oneTime, 'scripts/e2e.js passes the first admin one-time password').toBeTruthy();
  const files = runFiles();
  const login = new LoginPage(page);
  const shell = new ShellPage(page);

  if (tryCreate(files.claim)) {
    let secret = '';
    let step = 0;
    await test.step('sign in with the one-time password and enrol an authenticator', async () => {
      await login.open();
      await login.submitPassword(username, oneTime!);
      secret = await login.enrol();
      // At or after the step of the code just used (it was made a moment ago).
      step = Math.floor(Date.now() / STEP_MS);
    });

    await test.step('the one-time password must be replaced before anything else', async () => {
      const change = new ChangePasswordPage(page);
      await expect(change.forcedHeading).toBeVisible();
      // Other addresses lead back to the same screen.
      await page.goto('/admin/staff');
      await expect(change.forcedHeading).toBeVisible();
      await change.next.fill('short');
      await change.next.blur();
      await expect(page.getByText('Use at least 12 characters.')).toBeVisible();
      const password = newStaffPassword();
      await change.changeOneTimePassword(oneTime!, password);
      save(files.result, { username, password, secret, step });
    });
  } else {
    await test.step('sign in as the first admin, claimed by another spec of this run', async () => {
      const claimed = await waitFor('the first admin to be claimed', () =>
        existsSync(files.result)
          ? (JSON.parse(readFileSync(files.result, 'utf8')) as Claimed)
          : undefined,
      );
      // One sign-in at a time: each needs an authenticator step nobody has used.
      await waitFor('a turn to sign in', () => (tryCreate(files.signIn) ? true : undefined));
      try {
        const latest = JSON.parse(readFileSync(files.result, 'utf8')) as Claimed;
        const wait = (latest.step + 1) * STEP_MS - Date.now();
        if (wait > 0) await sleep(wait + 250);
        await login.open();
        await login.submitPassword(username, claimed.password);
        await expect(
          page.getByRole('heading', { level: 1, name: 'Authenticator code' }),
        ).toBeVisible();
        await login.code.fill(totpCode(claimed.secret));
        save(files.result, { ...latest, step: Math.floor(Date.now() / STEP_MS) });
        await login.verifyButton.click();
      } finally {
        unlinkSync(files.signIn);
      }
    });
  }
  await shell.expectSignedInAs(username);
  return { username };
}
