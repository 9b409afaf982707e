import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, test } from '@playwright/test';
import type { LiabilityProof } from '@swx/contract';
import { text } from '../../../../e2e-support/catalogue';
import {
  base,
  customerPage,
  DAY_MS,
  fundedCustomer,
  moveServerClock,
  serverNow,
} from './clock-server';

/**
 * Proof of liabilities in the browser: a funded customer's real balance enters the tree that the
 * daily job publishes once the day has ended (this server's clock is moved a day on, so the day
 * ends in seconds); the customer downloads their proof, verifies it with the browser's WebCrypto,
 * then uploads the same file with one balance raised and sees the check fail.
 */
async function proofCode(request: APIRequestContext, token: string): Promise<number> {
  const reply = await request.get(`${base}/swx/customer/user/liabilityProof`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await reply.json()) as { code: number }).code;
}

test.describe.serial('proof of liabilities', () => {
  for (const [locale, layout] of [
    ['en', 'desktop'],
    ['ar', 'phone'],
  ] as const) {
    test(`${locale}, ${layout}: my proof downloaded and verified, a tampered copy refused`, async ({
      browser,
      request,
    }) => {
      test.setTimeout(180_000);
      const say = (key: string) => text(locale, 'profile', key);
      const customer = await fundedCustomer(request, '1500');

      await test.step('the day ends and the job publishes the tree with this customer', async () => {
        await moveServerClock(request, DAY_MS + 60_000);
        await expect.poll(() => proofCode(request, customer.token), { timeout: 60_000 }).toBe(200);
      });

      const { context, page, errors } = await customerPage(browser, customer.token, layout, {
        time: await serverNow(request),
      });
      await page.goto(`/profile?lang=${locale}`);
      await page.locator('[data-link="proof"]').click();
      await expect(page).toHaveURL(/\/profile\/proof/);
      await expect(page.getByRole('heading', { level: 1, name: say('proof.title') })).toBeVisible();
      await expect(page.getByTestId('proof-root-hash')).toHaveText(/^[0-9a-f]{64}$/);

      const download = page.waitForEvent('download');
      await page.getByTestId('proof-download').click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^swx-liabilities-proof-\d{4}-\d{2}-\d{2}\.json$/);
      const proof = JSON.parse(readFileSync(await file.path(), 'utf8')) as LiabilityProof;
      expect(proof.leaf.balances).toEqual([{ asset: 'USDT', balance: '1500' }]);
      await expect(page.getByTestId('proof-root-hash')).toHaveText(proof.root);

      await test.step('verified in the browser', async () => {
        await page.getByTestId('proof-verify').click();
        const result = page.getByTestId('proof-result');
        await expect(result).toHaveAttribute('data-state', 'verified');
        await expect(result.getByTestId('proof-balance')).toHaveCount(1);
        await expect(result.getByTestId('proof-balance')).toContainText('USDT');
        if (locale === 'en') await expect(result).toContainText('1,500.00 USDT');
      });

      await test.step('the downloaded file verifies; with a balance raised it fails', async () => {
        const input = page.getByTestId('proof-file-input');
        const result = page.getByTestId('proof-file-result');
        await input.setInputFiles({
          name: 'proof.json',
          mimeType: 'application/json',
          buffer: Buffer.from(JSON.stringify(proof)),
        });
        await expect(result).toHaveAttribute('data-state', 'verified');

        const tampered = structuredClone(proof);
        tampered.leaf.balances[0]!.balance = '15000';
        await input.setInputFiles({
          name: 'tampered.json',
          mimeType: 'application/json',
          buffer: Buffer.from(JSON.stringify(tampered)),
        });
        await expect(result).toHaveAttribute('data-state', 'failed');
        await expect(result).toContainText(say('proof.failed'));
        await expect(result).toContainText(say('proof.reason.root'));
        await page.screenshot({
          path: test.info().outputPath(`proof-${locale}-${layout}.png`),
          fullPage: true,
        });
      });

      expect(errors.messages).toEqual([]);
      await context.close();
    });
  }
});
