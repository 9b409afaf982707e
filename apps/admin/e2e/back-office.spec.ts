import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { BrowserErrors } from '../../../e2e-support/browser-errors';
import { AuditPage } from './pages/audit.page';
import { ChangePasswordPage } from './pages/change-password.page';
import { ContentPage } from './pages/content.page';
import { CustomerContentPage } from './pages/customer-content.page';
import { customerMarketCodes, InstrumentsPage, marketInfo } from './pages/instruments.page';
import { LoginPage } from './pages/login.page';
import { ParamsPage } from './pages/params.page';
import { ShellPage } from './pages/shell.page';
import { StaffPage } from './pages/staff.page';
import { OptionsProductsPage, StaffOrdersPage } from './pages/trading.page';
import { CustomersPage } from './pages/customers.page';
import {
  customerBase,
  registerCustomer,
  setWithdrawPassword,
  reportDeposit,
  submitKyc,
} from '../../../e2e-support/customer';
import { text } from '../../../e2e-support/catalogue';
import { DESKTOP, PHONE } from '../../../e2e-support/devices';
import { market, TradeDesk } from '../../../e2e-support/trade-desk';
import { FundingPage } from './pages/funding.page';
import { CustomerBalancePage } from './pages/customer-balance.page';
import { signInFirstAdmin } from './support/first-admin';
import { toast } from './support/toast';
import { bidAs, listNftItem, nftState } from './support/nft-items';
import { newStaffPassword } from '../../../e2e-support/totp';

const NFT_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVQImWM4YRN1wiaKAUIBACgOBXkG6+pvAAAAAElFTkSuQmCC',
  'base64',
);

async function donationTotal(request: APIRequestContext): Promise<string> {
  const reply = await request.get(`${customerBase()}/swx/customer/index/listNft`);
  return ((await reply.json()) as { result: { donationTotal: string } }).result.donationTotal;
}

/**
 * The whole life of a fresh installation's back office, in order: the first admin's one-time
 * password is used up by its first sign-in, so these steps share one run and cannot be retried
 * piecemeal. Each staff member signs in once (an authenticator code is accepted only once).
 */
test.describe.serial('back office on a fresh database', () => {
  const adminUsername = process.env.E2E_ADMIN_USERNAME ?? 'admin';
  const supportUsername = `support.${Date.now().toString(36)}`;
  let supportOneTimePassword = '';
  const reviewerUsername = `reviewer.${Date.now().toString(36)}`;
  let reviewerOneTimePassword = '';
  const fundsUsername = `funds.${Date.now().toString(36)}`;
  let fundsOneTimePassword = '';
  const deskUsername = `desk.${Date.now().toString(36)}`;
  let deskOneTimePassword = '';
  const sentence = `E2E check ${Date.now()}: this sentence was added from the back office.`;
  let disclaimerId = 0;

  test('first admin: enrolment, password change, staff, parameters, instruments, content, audit', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const errors = await BrowserErrors.watch(page);
    const login = new LoginPage(page);
    const shell = new ShellPage(page);

    // The one-time password, the enrolment and the forced password change, with their checks, when
    // this spec is the run's first to need the admin (support/first-admin.ts); else a sign-in.
    await signInFirstAdmin(page);

    await test.step('the overview lists the sections of an admin', async () => {
      await shell.expectSignedInAs(adminUsername);
      await expect(
        page.getByRole('heading', { level: 1, name: `Hello, ${adminUsername}` }),
      ).toBeVisible();
      for (const section of [
        'Overview',
        'Staff',
        'Parameters',
        'Instruments',
        'Options products',
        'Orders',
        'Content',
        'Audit log',
      ] as const) {
        await expect(shell.link(section)).toBeVisible();
      }
    });

    await test.step('create a support member; the one-time password is shown once', async () => {
      await shell.go('Staff');
      const staff = new StaffPage(page);
      supportOneTimePassword = await staff.create(supportUsername, ['Support']);
      const row = staff.row(supportUsername);
      await expect(row).toContainText('Support');
      await expect(row).toContainText('Not set up');
      await expect(row).toContainText('One-time');
    });

    await test.step('create a KYC reviewer and a finance member', async () => {
      reviewerOneTimePassword = await new StaffPage(page).create(reviewerUsername, ['KYC']);
      fundsOneTimePassword = await new StaffPage(page).create(fundsUsername, ['Finance']);
      deskOneTimePassword = await new StaffPage(page).create(deskUsername, [
        'Admin',
        'KYC',
        'Finance',
      ]);
    });

    await test.step('edit roles, disable, enable and reset another member', async () => {
      const staff = new StaffPage(page);
      const finance = `finance.${Date.now().toString(36)}`;
      const first = await staff.create(finance, ['Finance']);
      await staff.editRoles(finance, { KYC: true });
      await expect(staff.row(finance)).toContainText('KYC');
      await staff.disable(finance);
      await staff.enable(finance);
      const second = await staff.resetCredentials(finance);
      expect(second).not.toBe(first);
      // Nobody can disable or reset themselves; an admin keeps their own admin role.
      await expect(
        staff.row(adminUsername).getByRole('button', { name: /Disable|Reset/ }),
      ).toHaveCount(0);
    });

    await test.step('parameters: down_url to an address and back to empty', async () => {
      await shell.go('Parameters');
      const params = new ParamsPage(page);
      await params.startEditing('down_url');
      await params.input('down_url').fill('ftp://example.org/app.apk');
      await expect(params.row('down_url').getByText(/starting with https:\/\//)).toBeVisible();
      await expect(params.row('down_url').getByRole('button', { name: 'Save' })).toBeDisabled();
      await params.row('down_url').getByRole('button', { name: 'Cancel' }).click();

      await params.set('down_url', 'https://example.org/app.apk');
      await expect(params.row('down_url')).toContainText('https://example.org/app.apk');
      await params.set('down_url', '');
      await expect(params.row('down_url')).toContainText('empty');
    });

    await test.step('instruments: the editor checks its fields, then a setting is saved', async () => {
      await shell.go('Instruments');
      const instruments = new InstrumentsPage(page);
      await expect(page.getByText(/Nothing in this section can move a price/)).toBeVisible();
      await instruments.openTab('Crypto');
      await instruments.find('ARBUSDT');
      await expect(instruments.table.locator('tbody tr[data-code]')).toHaveCount(1);
      const row = instruments.row('ARBUSDT');
      await expect(row.getByRole('img', { name: 'Arbitrum' })).toBeVisible();
      await expect(row).toContainText('24/7');

      const dialog = await instruments.openEditor('ARBUSDT');
      const sort = dialog.getByLabel('Sort');
      const originalSort = await sort.inputValue();
      // Invalid values are refused in the browser, field by field, before anything is sent.
      await dialog.getByLabel('Leverages').fill('0, 600');
      await dialog.getByLabel('Spread (share of the price)').fill('1.5');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog.getByText(/^Enter 1 to 12 different whole numbers/)).toBeVisible();
      await expect(dialog.getByText(/^Enter a decimal from 0 to below 1/)).toBeVisible();
      await expect(dialog.getByLabel('Spread (share of the price)')).toHaveAttribute(
        'aria-invalid',
        'true',
      );
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();

      // A real save: the sort order one up, then back (two audited changes, prices untouched).
      const bumped = String(Number(originalSort) + 1);
      for (const value of [bumped, originalSort]) {
        await instruments.openEditor('ARBUSDT');
        await expect(dialog.getByTestId('spread-preview')).toHaveText(
          'That is 0.04% of the price, 4 basis points.',
        );
        await sort.fill(value);
        await dialog.getByRole('button', { name: 'Save' }).click();
        await expect(dialog).toBeHidden();
        await expect(toast(page, 'ARBUSDT saved.')).toBeVisible();
        await expect(instruments.sortCell('ARBUSDT')).toHaveText(value);
      }
    });

    await test.step('instruments: disable ARBUSDT, customers no longer see it, enable it', async () => {
      const instruments = new InstrumentsPage(page);
      expect(await customerMarketCodes(request, 2)).toContain('ARBUSDT');
      await instruments.disable('ARBUSDT');
      // The server reloads the market hub before it answers; poll anyway, as a customer would.
      await expect.poll(() => customerMarketCodes(request, 2)).not.toContain('ARBUSDT');
      await instruments.enable('ARBUSDT');
      await expect.poll(() => customerMarketCodes(request, 2)).toContain('ARBUSDT');
    });

    await test.step('instruments: a fee rate of its own, shown to customers, then the parameters again', async () => {
      const instruments = new InstrumentsPage(page);
      await expect(instruments.feeCell('ARBUSDT')).toHaveText('Default');
      const dialog = await instruments.openEditor('ARBUSDT');
      const fee = dialog.getByLabel('Fee rate (spot and contract orders)');
      await fee.fill('0.5');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog.getByText(/^Enter a decimal from 0 to 0\.1/)).toBeVisible();
      await fee.fill('0.0015');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog).toBeHidden();
      await expect(instruments.feeCell('ARBUSDT')).toHaveText('0.15%');
      await expect
        .poll(async () => {
          const arb = await marketInfo(request, 'ARBUSDT');
          return [arb.spotFeeRate, arb.contractFeeRate];
        })
        .toEqual(['0.0015', '0.0015']);

      await instruments.openEditor('ARBUSDT');
      await fee.fill('');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog).toBeHidden();
      await expect(instruments.feeCell('ARBUSDT')).toHaveText('Default');
      await expect
        .poll(async () => (await marketInfo(request, 'ARBUSDT')).spotFeeRate)
        .toBe('0.002');
    });

    await test.step('a disabled instrument: its waiting order is revoked and the money returns', async () => {
      const instruments = new InstrumentsPage(page);
      const customer = await registerCustomer(request);
      const auth = { authorization: `Bearer ${customer.token}`, 'x-account-mode': 'demo' };
      const info = await marketInfo(request, 'ARBUSDT');
      const low = (Number(info.nowPrice) / 2).toFixed(info.precision);
      const placed = await request.post(`${customerBase()}/swx/customer/order/submit`, {
        headers: { ...auth, 'idempotency-key': `e2e-${customer.username}` },
        data: { code: 'ARBUSDT', side: 'buy', type: 'limit', price: low, quantity: '100' },
      });
      expect(((await placed.json()) as { result: { state: string } }).result.state).toBe('waiting');

      await instruments.disable('ARBUSDT');
      await expect(await instruments.revoke('ARBUSDT')).toHaveText(
        'ARBUSDT: 1 spot order and 0 contract orders revoked.',
      );
      await instruments.enable('ARBUSDT');

      await shell.go('Orders');
      const orders = new StaffOrdersPage(page);
      await orders.openProduct('Spot');
      await orders.filter({ code: 'ARBUSDT' });
      const row = orders.rows.filter({ hasText: customer.username });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText('Revoked');
      await expect(row).toContainText('Demo');
      await expect(row).toContainText('buy limit');
    });

    await test.step('options products: the periods editor checks its rows, then saves', async () => {
      await shell.go('Options products');
      const options = new OptionsProductsPage(page);
      await expect(options.row('ETHUSDT')).toContainText('30 s · 20%');
      const dialog = await options.openEditor('ETHUSDT');
      await expect(dialog.getByTestId('period-row')).toHaveCount(4);
      await dialog.getByRole('button', { name: 'Add a period' }).click();
      const added = options.periodRow(4);
      await added.getByLabel('Seconds').fill('30');
      await added.getByLabel('Payout rate').fill('0.25');
      await added.getByLabel('Min stake').fill('10');
      await added.getByLabel('Max stake').fill('5');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(added.getByText('Another period has this length.')).toBeVisible();
      await expect(added.getByText('Not below the minimum stake.')).toBeVisible();
      await added.getByLabel('Seconds').fill('15');
      await added.getByLabel('Max stake').fill('1000');
      await expect(added).toContainText('A win after 15 s pays the stake plus 25%.');
      await options.save('ETHUSDT');
      await expect(options.row('ETHUSDT')).toContainText('15 s · 25%');
      const listed = await request.get(
        `${customerBase()}/swx/customer/index/listOptionsProducts?code=ETHUSDT`,
      );
      const products = (await listed.json()) as { result: { periods: { seconds: number }[] }[] };
      expect(products.result[0]?.periods.map((p) => p.seconds)).toEqual([15, 30, 60, 120, 300]);
    });

    await test.step('smart plans: a product checked, then created for customers', async () => {
      await shell.go('Smart plans');
      await page.getByRole('button', { name: 'New product' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Name').fill('Steady USDT');
      await dialog.getByLabel('Min amount').fill('100');
      await dialog.getByLabel('Max amount').fill('5000');
      await dialog.getByLabel('Exit penalty %').fill('5');
      await dialog.getByLabel('Days').fill('7');
      await dialog.getByLabel('Daily yield %').fill('12');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog.getByText('A daily yield is above 0% and at most 10%.')).toBeVisible();
      await dialog.getByLabel('Daily yield %').fill('0.5');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(toast(page, 'Steady USDT saved.')).toBeVisible();
      await expect(page.getByTestId('smart-product-row')).toContainText('7 d · 0.5% a day');
      const listed = await request.get(`${customerBase()}/swx/customer/index/listSmartProducts`);
      expect(((await listed.json()) as { result: { name: string }[] }).result).toEqual([
        expect.objectContaining({ name: 'Steady USDT', penaltyRate: '0.05' }),
      ]);
    });

    await test.step('loan products: one created for customers, with two terms', async () => {
      await shell.go('Loans');
      await page.getByTestId('loan-product-new').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByTestId('loan-product-save').click();
      await expect(
        dialog.getByText('Give a name, plain decimal amounts and rate, and at least one term.'),
      ).toBeVisible();
      await dialog.getByTestId('loan-product-name').fill('Flexible USDT');
      await dialog.getByTestId('loan-product-min').fill('100');
      await dialog.getByTestId('loan-product-max').fill('5000');
      await dialog.getByTestId('loan-product-rate').fill('0.1');
      await dialog.getByTestId('loan-product-term-7').check();
      await dialog.getByTestId('loan-product-term-30').check();
      await dialog.getByTestId('loan-product-save').click();
      await expect(toast(page, 'Flexible USDT saved.')).toBeVisible();
      await expect(page.getByTestId('loan-product-row')).toContainText('7 / 30 d · 0.1% / d');
      const listed = await request.get(`${customerBase()}/swx/customer/index/listLoanProduct`);
      expect(((await listed.json()) as { result: object[] }).result).toEqual([
        expect.objectContaining({ name: 'Flexible USDT', dailyRate: '0.001', freeDays: 3 }),
      ]);
    });

    await test.step('charity NFTs: an item listed with its image and schedule', async () => {
      await shell.go('Charity NFTs');
      await page.getByTestId('nft-new').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByTestId('nft-save').click();
      await expect(dialog.getByText(/Give a name, the creator/u)).toBeVisible();
      await dialog.getByTestId('nft-name').fill('Spring garden');
      await dialog.getByTestId('nft-creator').fill('Shelter art club');
      await dialog
        .getByTestId('nft-contractAddress')
        .fill('0x5FbDB2315678afecb367f032d93F642f64180aa3');
      await dialog.getByTestId('nft-tokenId').fill('1');
      await dialog.getByTestId('nft-startingPrice').fill('100');
      await dialog.getByTestId('nft-bidIncrement').fill('10');
      await dialog.getByTestId('nft-buyNowPrice').fill('900');
      await dialog.getByTestId('nft-image').setInputFiles({
        name: 'garden.png',
        mimeType: 'image/png',
        buffer: NFT_PNG,
      });
      await dialog.getByTestId('nft-save').click();
      await expect(toast(page, 'Spring garden listed.')).toBeVisible();
      await expect(page.getByTestId('nft-row').filter({ hasText: 'Spring garden' })).toContainText(
        'from 100 · step 10 · buy now 900',
      );
    });

    await test.step('edit the English disclaimer page', async () => {
      await shell.go('Content');
      const content = new ContentPage(page);
      await content.openTab('Pages');
      disclaimerId = await content.openEditor('disclaimer');
      await content.selectLanguage('English');
      await content.appendToBody('English', `<p>${sentence}</p>`);
      await expect(content.preview).toContainText(sentence);
    });

    await test.step('the audit log has the entries and its chain is intact', async () => {
      await shell.go('Audit log');
      const audit = new AuditPage(page);
      await audit.filter('content.translation.save');
      const edit = audit.rows('content.translation.save').first();
      await expect(edit).toContainText(`content:${disclaimerId}:en`);
      await expect(edit).toContainText(adminUsername);

      await audit.filter('staff.create');
      const creation = audit.rows('staff.create').filter({ hasText: supportUsername });
      await creation.locator('summary').click();
      await expect(creation.getByLabel('Detail')).toContainText(supportUsername);

      await audit.filter('instrument.update');
      const toggles = audit
        .rows('instrument.update')
        .filter({ hasText: 'instrument:ARBUSDT' })
        .filter({ has: page.locator('summary', { hasText: /^enabled$/ }) });
      // Disabled and enabled twice (the second time to revoke its waiting orders).
      await expect(toggles).toHaveCount(4);
      // Newest first: the last of them is the first disabling.
      await toggles.last().locator('summary').click();
      await expect(toggles.last().getByLabel('Detail')).toContainText('"to": false');
      await expect(toggles.last()).toContainText(adminUsername);

      await audit.filter('options.product.update');
      await expect(audit.rows('options.product.update').first()).toContainText('options:ETHUSDT');
      await audit.filter('instrument.revoke');
      await expect(audit.rows('instrument.revoke').first()).toContainText('instrument:ARBUSDT');

      await audit.verifyChain();
      await expect(audit.chainResult).toContainText(/Chain intact: \d+ entries checked/);
    });

    await test.step('sign out', async () => {
      await shell.signOut();
      await expect(login.heading).toBeVisible();
      // The session is gone: a signed-in page sends us back here.
      await page.goto('/admin/audit');
      await expect(login.heading).toBeVisible();
    });

    await page.waitForLoadState('networkidle');
    expect(errors.messages).toEqual([]);
  });

  test('support member: first sign-in, then only the sections of the role', async ({ page }) => {
    test.setTimeout(120_000);
    expect(supportOneTimePassword, 'the first test created the member').not.toBe('');
    const errors = await BrowserErrors.watch(page);
    const login = new LoginPage(page);
    const shell = new ShellPage(page);

    await login.open();
    await login.submitPassword(supportUsername, supportOneTimePassword);
    await login.enrol();
    await new ChangePasswordPage(page).changeOneTimePassword(
      supportOneTimePassword,
      newStaffPassword(),
    );
    await shell.expectSignedInAs(supportUsername);

    await expect(shell.link('Overview')).toBeVisible();
    await expect(shell.link('Content')).toBeVisible();
    await expect(shell.link('Orders')).toBeVisible();
    for (const hidden of [
      'Staff',
      'Parameters',
      'Instruments',
      'Options products',
      'Audit log',
    ] as const) {
      await expect(shell.link(hidden)).toHaveCount(0);
    }
    await shell.go('Content');
    await expect(page.getByRole('link', { name: 'Edit disclaimer', exact: true })).toBeVisible();

    // A deep link to an admin section says it is not available instead of showing a broken page.
    await page.goto('/admin/staff');
    await expect(page.getByRole('heading', { name: 'Not available for your roles' })).toBeVisible();
    await page.goto('/admin/instruments');
    await expect(page.getByRole('heading', { name: 'Not available for your roles' })).toBeVisible();
    // Support reads every order (read-only) with its deciding ticks.
    await shell.go('Orders');
    const orders = new StaffOrdersPage(page);
    await orders.openProduct('Spot');
    await orders.filter({ code: 'ARBUSDT' });
    await expect(orders.rows.first()).toContainText('Revoked');
    await expect(orders.rows.first().getByRole('button')).toHaveCount(0);

    await shell.signOut();
    await page.waitForLoadState('networkidle');
    expect(errors.messages).toEqual([]);
  });

  test('KYC reviewer: rejects and approves; the customer reads both, in Arabic on a phone', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    expect(reviewerOneTimePassword, 'the first test created the reviewer').not.toBe('');
    const errors = await BrowserErrors.watch(page);
    const customer = await registerCustomer(request);
    expect(await submitKyc(request, customer.token)).toBe(20001);

    const login = new LoginPage(page);
    await login.open();
    await login.submitPassword(reviewerUsername, reviewerOneTimePassword);
    await login.enrol();
    await new ChangePasswordPage(page).changeOneTimePassword(
      reviewerOneTimePassword,
      newStaffPassword(),
    );
    const review = new CustomersPage(page);

    await test.step('reject with a reason', async () => {
      await review.openKycQueue();
      await review.openNewestPendingSubmission(customer.username);
      expect(await review.submissionUsername()).toBe(customer.username);
      await expect(page.locator('img[alt]').first()).toBeVisible();
      await review.reject('The photo of the passport is blurred; please take it again.');
    });

    // The customer, on a phone, in Arabic: the notification and the reason, then a resubmission.
    const phone = await browser.newContext(PHONE);
    const customerPage = await phone.newPage();
    const customerErrors = await BrowserErrors.watch(customerPage);
    await customerPage.addInitScript((token) => {
      sessionStorage.setItem('swx.introDismissed', '1');
      localStorage.setItem('swx.token', token);
      localStorage.setItem('swx.lang', 'ar');
    }, customer.token);
    await customerPage.goto(`${customerBase()}/profile/notification?lang=ar`);
    const rejected = customerPage.locator('[data-notification]').first();
    await expect(rejected).toBeVisible();
    await expect(customerPage.getByTestId('notification-bell')).not.toHaveAttribute(
      'data-unread',
      '0',
    );
    await rejected.getByRole('button').first().click();
    await expect(rejected).toContainText('blurred');
    await customerPage.goto(`${customerBase()}/profile`);
    await expect(customerPage.getByTestId('kyc-status')).toHaveAttribute('data-status', 'rejected');
    await expect(customerPage.getByTestId('kyc-status')).toContainText('blurred');
    expect(await submitKyc(request, customer.token)).toBe(20001);
    const bell = customerPage.getByTestId('notification-bell');
    const unreadBefore = Number(await bell.getAttribute('data-unread'));

    await test.step('approve the new submission', async () => {
      await review.openKycQueue();
      await review.openNewestPendingSubmission(customer.username);
      await review.approve();
    });

    // The approval arrives on the open page over the socket: the bell counts it without a reload.
    await expect
      .poll(async () => Number(await bell.getAttribute('data-unread')), { timeout: 15_000 })
      .toBeGreaterThan(unreadBefore);
    await customerPage.reload();
    await expect(customerPage.getByTestId('kyc-status')).toHaveAttribute('data-status', 'verified');
    await customerPage.goto(`${customerBase()}/profile/notification`);
    await expect(customerPage.locator('[data-notification]')).toHaveCount(3);
    await phone.close();
    expect(customerErrors.messages).toEqual([]);
    await page.waitForLoadState('networkidle');
    expect(errors.messages).toEqual([]);
  });

  test('finance: an address, deposits approved, withdrawals paid and returned; customers follow in Chinese, English and Arabic on a phone and on the desktop', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(420_000);
    expect(fundsOneTimePassword, 'the first test created the finance member').not.toBe('');
    const errors = await BrowserErrors.watch(page);
    const login = new LoginPage(page);
    await login.open();
    await login.submitPassword(fundsUsername, fundsOneTimePassword);
    await login.enrol();
    await new ChangePasswordPage(page).changeOneTimePassword(
      fundsOneTimePassword,
      newStaffPassword(),
    );
    const shell = new ShellPage(page);
    const funding = new FundingPage(page);
    await shell.go('Deposit addresses');
    await funding.setAddress('USDT', 'TRC20', 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8');
    const proof = await page.screenshot();

    const runs = [
      ['zh-CN', 'phone'],
      ['en', 'desktop'],
      ['ar', 'phone'],
      ['ar', 'desktop'],
      ['en', 'phone'],
      ['zh-CN', 'desktop'],
    ] as const;
    let firstCustomerId = 0;
    for (const [index, [lang, layout]] of runs.entries()) {
      const customer = await registerCustomer(request);
      await setWithdrawPassword(request, customer, '246810');
      const auth = { authorization: `Bearer ${customer.token}` };
      const listed = async (route: 'listRecharge' | 'listWithdrwal') => {
        const reply = await request.get(`${customerBase()}/swx/customer/user/${route}`, {
          headers: auth,
        });
        return ((await reply.json()) as { result: { list: { orderNo: string }[] } }).result.list;
      };
      const screen = await CustomerBalancePage.open(browser, customer.token, lang, layout);
      const hash = `${Date.now().toString(16).padStart(16, '0')}${index}${'7e'.repeat(23)}f`;

      await test.step(`${lang}, ${layout}: a deposit reported with a screenshot as proof`, async () => {
        await expect(screen.page.getByTestId('deposit-address')).toHaveText(
          'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
        );
        await expect(screen.page.getByTestId('deposit-minimum')).toContainText('120 USDT');
        await screen.fillDeposit('100', hash, '123456');
        // Checked in the browser, in the customer's language, before anything is sent.
        await expect(screen.page.getByText(screen.say('errors', '10139'))).toBeVisible();
        await expect(screen.page.getByText(screen.say('errors', '10142'))).toBeVisible();
        await screen.fillDeposit('500', hash, hash.slice(-6), proof);
        await expect(screen.page.getByTestId('deposit-row').first()).toBeVisible();
      });
      const [deposit] = await listed('listRecharge');
      expect(deposit).toBeDefined();

      await test.step(`${lang}, ${layout}: finance sees the proof and approves`, async () => {
        await shell.go('Deposits');
        const row = funding.depositRow(deposit!.orderNo);
        await expect(row).toContainText(customer.username);
        await expect(row).toContainText(hash);
        await expect(row.getByRole('img')).toBeVisible();
        await funding.decide(row, 'Approve');
        await expect(
          toast(page, `Deposit ${deposit!.orderNo} approved and credited.`),
        ).toBeVisible();
        // The decision reaches the open page over the socket.
        await expect(screen.usdt).toContainText('500');
      });

      await test.step(`${lang}, ${layout}: withdrawals by crypto and by bank go to review`, async () => {
        await screen.withdrawCrypto(
          'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf',
          '100',
          '1',
          '99',
          '246810',
        );
        await screen.withdrawBank(
          { type: 'SWIFT', account: 'DE89370400440532013000', holder: 'Li Wei' },
          '50',
          '246810',
        );
        await expect(screen.usdt).toContainText('350');
      });

      const [bank, crypto] = await listed('listWithdrwal');
      await test.step(`${lang}, ${layout}: finance pays one and returns the other`, async () => {
        await shell.go('Withdrawals');
        await funding.decide(
          funding.withdrawalRow(crypto!.orderNo),
          'Mark paid',
          `tron-tx-${index}`,
        );
        await expect(toast(page, `Withdrawal ${crypto!.orderNo} recorded as paid.`)).toBeVisible();
        await funding.decide(
          funding.withdrawalRow(bank!.orderNo),
          'Reject',
          'The account holder does not match the account name.',
        );
        await expect(
          toast(
            page,
            `Withdrawal ${bank!.orderNo} rejected: the amount is back with the customer.`,
          ),
        ).toBeVisible();
      });

      await test.step(`${lang}, ${layout}: the customer sees both outcomes; the statement adds up`, async () => {
        // The returned 50 is back in full without a reload.
        await expect(screen.usdt).toContainText('400');
        await screen.tab('funding.withdrawals');
        const rows = screen.page.getByTestId('withdrawal-row');
        await expect(rows.first()).toContainText('does not match');
        await expect(rows.nth(1)).toContainText(screen.say('profile', 'funding.state.approved'));
        const { header, rows: lines } = await screen.statement();
        expect(header).toBe('date,kind,reference,asset,bucket,amount,balance_after');
        const available = lines
          .filter((cells) => cells[4] === 'available')
          .reduce((total, cells) => total + Number(cells[5]), 0);
        expect(available).toBe(400);
        // One line per ledger movement of the flow: the deposit, two freezes, a payment, a return.
        expect(lines.map((cells) => cells[1]).sort()).toEqual(
          expect.arrayContaining(['deposit', 'withdraw.freeze', 'withdraw.pay', 'withdraw.return']),
        );
      });
      await screen.close();
      if (index === 0) {
        const info = await request.post(`${customerBase()}/swx/customer/user/getUserInfo`, {
          headers: auth,
        });
        firstCustomerId = ((await info.json()) as { result: { id: number } }).result.id;
      }
    }

    await test.step('finance reads a customer’s ledger from the customer detail', async () => {
      await page.goto(`/admin/users/${firstCustomerId}`);
      const rows = page.getByTestId('ledger-row');
      await expect(rows.filter({ hasText: 'withdraw.pay' })).toHaveCount(1);
      await expect(rows.filter({ hasText: 'withdraw.return' })).toHaveCount(2);
      await expect(rows.filter({ hasText: 'deposit' }).first()).toContainText('+500');
    });

    await page.waitForLoadState('networkidle');
    expect(errors.messages).toEqual([]);
  });

  test('real money: verified and funded customers trade, save in a plan, borrow and give through charity NFTs, in Japanese on a phone and in Arabic and English on the desktop', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(900_000);
    expect(deskOneTimePassword, 'the first test created the KYC and finance member').not.toBe('');
    const errors = await BrowserErrors.watch(page);
    const login = new LoginPage(page);
    await login.open();
    await login.submitPassword(deskUsername, deskOneTimePassword);
    await login.enrol();
    await new ChangePasswordPage(page).changeOneTimePassword(
      deskOneTimePassword,
      newStaffPassword(),
    );
    // The desk member is also an admin: it lists the charity auctions through the API.
    const deskToken = (await page.evaluate(() => localStorage.getItem('swx.admin.token'))) ?? '';
    const shell = new ShellPage(page);
    const funding = new FundingPage(page);
    const review = new CustomersPage(page);

    const auctions: { id: number; locale: string; layout: string; token: string }[] = [];
    const donationAtStart = await donationTotal(request);
    for (const [locale, layout] of [
      ['ja', 'phone'],
      ['ar', 'desktop'],
      ['en', 'desktop'],
    ] as const) {
      const customer = await registerCustomer(request);
      await test.step(`${locale}: KYC approved and a deposit credited by staff`, async () => {
        expect(await submitKyc(request, customer.token)).toBe(20001);
        await review.openKycQueue();
        await review.openNewestPendingSubmission(customer.username);
        await review.approve();
        const orderNo = await reportDeposit(request, customer.token, '2000');
        await shell.go('Deposits');
        await funding.decide(funding.depositRow(orderNo), 'Approve');
        await expect(toast(page, `Deposit ${orderNo} approved and credited.`)).toBeVisible();
      });

      const context = await browser.newContext(layout === 'phone' ? PHONE : DESKTOP);
      const screen = await context.newPage();
      const screenErrors = await BrowserErrors.watch(screen);
      await screen.addInitScript((token) => {
        sessionStorage.setItem('swx.introDismissed', '1');
        localStorage.setItem('swx.token', token);
        localStorage.setItem('swx.accountMode', 'real');
      }, customer.token);
      const desk = new TradeDesk(screen, locale, layout === 'phone', customerBase());
      const btc = await market(request, customerBase(), 'BTCUSDT');

      await test.step(`${locale}, ${layout}, real account: spot market, limit and cancel`, async () => {
        await desk.open(btc);
        await desk.spot('100', '1000');
      });
      await test.step(`${locale}, ${layout}, real account: contract at market and limit`, async () => {
        await desk.contract((Number(btc.nowPrice) * 1.02).toFixed(btc.precision));
      });
      await test.step(`${locale}, ${layout}, real account: options up and down to settlement`, async () => {
        await desk.optionsBothWays('20');
      });
      await test.step(`${locale}, ${layout}, real account: convert`, async () => {
        await desk.convert('100');
      });
      await test.step(`${locale}, ${layout}, real account: a smart plan bought with its terms shown, then left early`, async () => {
        const say = (key: string) => text(locale, 'earn', key);
        await screen.goto(`${customerBase()}/trading?lang=${locale}`);
        await expect(screen.getByTestId('earn-nature')).toHaveText(say('lead'));
        const card = screen.getByTestId('smart-product').filter({ hasText: 'Steady USDT' });
        await card.getByTestId('smart-buy').click();
        await screen.getByTestId('smart-amount').fill('1000');
        await expect(screen.getByTestId('smart-daily')).toContainText('5 USDT');
        await expect(screen.getByTestId('smart-total')).toContainText('35 USDT');
        await screen.getByTestId('smart-confirm').click();
        await expect(screen.getByText(say('bought')).first()).toBeVisible();
        const plan = screen.getByTestId('smart-plan');
        await expect(plan).toHaveAttribute('data-state', 'earning');
        await expect(plan.getByTestId('smart-days')).toContainText('0 / 7');
        await plan.getByTestId('smart-exit').click();
        await expect(screen.getByTestId('smart-exit-penalty')).toContainText('50 USDT');
        await expect(screen.getByTestId('smart-exit-refund')).toContainText('950 USDT');
        await screen.getByTestId('smart-exit-confirm').click();
        await expect(screen.getByText(say('exited')).first()).toBeVisible();
        await screen.getByRole('tab', { name: say('tab.ended') }).click();
        await expect(screen.getByTestId('smart-plan')).toHaveAttribute('data-state', 'expired');
      });
      await test.step(`${locale}, ${layout}, real account: a loan applied for with the agreement signed, approved by finance, its PDF downloaded, then repaid`, async () => {
        const say = (key: string, values?: Record<string, string | number>) =>
          text(locale, 'loan', key, values);
        await screen.goto(`${customerBase()}/loan?lang=${locale}`);
        const card = screen.getByTestId('loan-product').filter({ hasText: 'Flexible USDT' });
        await card.getByTestId('loan-apply').click();
        await screen.getByRole('radio', { name: say('termChip', { days: 30 }) }).check();
        await screen.getByTestId('loan-amount').fill('50');
        await screen.getByTestId('loan-next').click();
        await expect(screen.getByText(text(locale, 'errors', '10148'))).toBeVisible();
        await screen.getByTestId('loan-amount').fill('1000');
        await expect(screen.getByTestId('loan-interest')).toContainText('27 USDT');
        await expect(screen.getByTestId('loan-total')).toContainText('1027 USDT');
        await screen.screenshot({
          path: test.info().outputPath(`loan-${locale}-${layout}-terms.png`),
        });
        await screen.getByTestId('loan-next').click();
        await screen.getByTestId('loan-sign').click();
        await expect(screen.getByText(text(locale, 'errors', '10150'))).toBeVisible();
        const pad = await screen.getByTestId('loan-signature').boundingBox();
        if (!pad) throw new Error('no signature pad');
        await screen.mouse.move(pad.x + 20, pad.y + pad.height * 0.6);
        await screen.mouse.down();
        for (let i = 1; i <= 12; i++) {
          await screen.mouse.move(
            pad.x + 20 + i * ((pad.width - 40) / 12),
            pad.y + pad.height * (0.6 - 0.3 * Math.sin(i / 2)),
          );
        }
        await screen.mouse.up();
        await screen.screenshot({
          path: test.info().outputPath(`loan-${locale}-${layout}-sign.png`),
        });
        await screen.getByTestId('loan-sign').click();
        await expect(screen.getByText(say('applied')).first()).toBeVisible();
        const row = screen.getByTestId('loan-row').first();
        await expect(row).toHaveAttribute('data-state', 'pending');

        await shell.go('Loans');
        const staffRow = page.getByTestId('loan-row').filter({ hasText: customer.username });
        await staffRow.getByTestId('loan-approve').click();
        await page.getByRole('alertdialog').getByRole('button', { name: 'Approve' }).click();
        await expect(page.getByText(/Loan LN\d+ approved and paid out\./u).first()).toBeVisible();
        // The customer's screen follows over the socket, without a reload.
        await expect(row).toHaveAttribute('data-state', 'repaying');
        await expect(row.getByTestId('loan-repay-now')).toContainText('1000 USDT');
        await screen.screenshot({
          path: test.info().outputPath(`loan-${locale}-${layout}-mine.png`),
          fullPage: true,
        });

        const [download] = await Promise.all([
          screen.waitForEvent('download'),
          row.getByTestId('loan-download').click(),
        ]);
        const pdf = await readFile((await download.path()) ?? '');
        expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
        expect(download.suggestedFilename()).toMatch(/^loan-agreement-LN\d+\.pdf$/u);

        await row.getByTestId('loan-repay').click();
        await screen.getByTestId('loan-repay-confirm').click();
        await expect(row).toHaveAttribute('data-state', 'repaid');
        await expect(row.getByTestId('loan-repaid')).toContainText('1000 USDT');
      });
      await test.step(`${locale}, ${layout}, real account: a charity NFT bid on, outbid and refunded, bid again; another bought at once`, async () => {
        const say = (key: string) => text(locale, 'nft', key);
        const auction = await listNftItem(request, deskToken, {
          name: `Hope ${locale}`,
          endsInSeconds: 60,
          buyNowPrice: null,
        });
        const gift = await listNftItem(request, deskToken, {
          name: `Gift ${locale}`,
          endsInSeconds: 3600,
          buyNowPrice: '300',
        });
        const rival = await registerCustomer(request);
        const orderNo = await reportDeposit(request, rival.token, '500');
        await shell.go('Deposits');
        await funding.decide(funding.depositRow(orderNo), 'Approve');

        await screen.goto(`${customerBase()}/nfts?id=${auction}&lang=${locale}`);
        await expect(screen.getByTestId('nft-custodial')).toHaveText(say('lead'));
        await screen.getByTestId('nft-amount').fill('90');
        await screen.getByTestId('nft-bid').click();
        await expect(screen.getByText(text(locale, 'errors', '10152'))).toBeVisible();
        await screen.getByTestId('nft-amount').fill('100');
        await screen.getByTestId('nft-bid').click();
        await screen.getByTestId('nft-confirm').click();
        await expect(screen.getByText(say('bidPlaced')).first()).toBeVisible();
        const lines = screen.getByTestId('nft-bid-line');
        await expect(lines.first()).toHaveAttribute('data-state', 'leading');
        // Another customer bids more: this screen follows over the socket, the bid is refunded.
        expect(await bidAs(request, rival.token, auction, '150')).toBe(200);
        await expect(screen.getByTestId('nft-current-bid')).toContainText('150');
        await expect(lines.nth(1)).toHaveAttribute('data-state', 'outbid');
        await screen.getByTestId('nft-amount').fill('200');
        await screen.getByTestId('nft-bid').click();
        await screen.getByTestId('nft-confirm').click();
        await expect(screen.getByTestId('nft-current-bid')).toContainText('200');
        await expect(lines.first()).toHaveAttribute('data-state', 'leading');
        await screen.screenshot({ path: test.info().outputPath(`nft-${locale}-${layout}.png`) });

        await screen.goto(`${customerBase()}/nfts?id=${gift}&lang=${locale}`);
        await screen.getByTestId('nft-buy-now').click();
        await screen.getByTestId('nft-confirm').click();
        await expect(screen.getByText(say('bought')).first()).toBeVisible();
        await expect(screen.getByTestId('nft-detail')).toHaveAttribute('data-state', 'sold');
        auctions.push({ id: auction, locale, layout, token: customer.token });
      });
      await test.step(`${locale}, ${layout}: every movement is in the customer's ledger`, async () => {
        const reply = await request.get(
          `${customerBase()}/swx/customer/user/listTransactions?pageSize=100`,
          { headers: { authorization: `Bearer ${customer.token}`, 'x-account-mode': 'real' } },
        );
        const body = (await reply.json()) as { code: number; result: { list: { kind: string }[] } };
        expect(body.code).toBe(200);
        const kinds = new Set(body.result.list.map((entry) => entry.kind));
        for (const kind of [
          'deposit',
          'options.buy',
          'convert',
          'earn.buy',
          'earn.exit',
          'loan.disburse',
          'loan.repay',
          'nft.bid',
          'nft.refund',
          'nft.buy',
        ]) {
          expect(
            [...kinds].some((k) => k.startsWith(kind)),
            `${kind} in ${[...kinds].join(' ')}`,
          ).toBe(true);
        }
      });
      await screen.waitForLoadState('networkidle');
      await context.close();
      expect(screenErrors.messages).toEqual([]);
    }

    await test.step('each auction ends, its highest bid wins, and the donation total has grown by every sale', async () => {
      for (const auction of auctions) {
        await expect
          .poll(async () => (await nftState(request, auction.id)).state, { timeout: 150_000 })
          .toBe('sold');
        expect((await nftState(request, auction.id)).soldPrice).toBe('200');
      }
      const total = await donationTotal(request);
      expect(Number(total)).toBeGreaterThanOrEqual(Number(donationAtStart) + 3 * (200 + 300));
      for (const auction of auctions) {
        const context = await browser.newContext(auction.layout === 'phone' ? PHONE : DESKTOP);
        const screen = await context.newPage();
        await screen.addInitScript((token) => {
          sessionStorage.setItem('swx.introDismissed', '1');
          localStorage.setItem('swx.token', token);
          localStorage.setItem('swx.accountMode', 'real');
        }, auction.token);
        await screen.goto(`${customerBase()}/nfts?lang=${auction.locale}`);
        await expect(screen.getByTestId('nft-mine')).toContainText(`Hope ${auction.locale}`);
        await expect(screen.getByTestId('nft-donation')).toContainText(total);
        await context.close();
      }
    });
    expect(errors.messages).toEqual([]);
  });

  test('the customer site shows the edited disclaimer', async ({ page }) => {
    expect(disclaimerId, 'the first test edited the disclaimer').toBeGreaterThan(0);
    // Its own page, so that errors here are told apart from the back office's.
    const errors = await BrowserErrors.watch(page);
    const shown = await new CustomerContentPage(page).open(disclaimerId, sentence);
    await expect(shown).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(errors.messages, 'the customer site (apps/web) logs no errors').toEqual([]);
  });
});
