import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import type { Hex } from 'viem';
import { text } from '../../../e2e-support/catalogue';
import { expect, test } from './fixtures';
import { AUTH_API, AUTH_PATHS } from './pages/auth.page';

test.describe('wallet login (Sign-In with Ethereum)', () => {
  test('without a wallet in the browser, the page explains what to do', async ({ page }) => {
    await page.goto(AUTH_PATHS.wallet);
    await expect(page.locator('[data-no-wallet]')).toBeVisible();
  });

  test('a wallet signs the server’s message and nothing else; the account is created', async ({
    page,
  }) => {
    const account = privateKeyToAccount(generatePrivateKey());
    // The wallet's key stays in the test: the page's provider asks it to sign, as an extension would.
    await page.exposeFunction('__e2eSign', (hex: string) =>
      account.signMessage({ message: { raw: hex as Hex } }),
    );
    await page.addInitScript((address) => {
      const calls: string[] = [];
      (window as unknown as { __walletCalls: string[] }).__walletCalls = calls;
      (window as unknown as { ethereum: unknown }).ethereum = {
        async request({ method, params }: { method: string; params?: unknown[] }) {
          calls.push(method);
          if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [address];
          if (method === 'eth_chainId') return '0x1';
          if (method === 'personal_sign') {
            const sign = (window as unknown as { __e2eSign: (hex: string) => Promise<string> })
              .__e2eSign;
            return sign(String(params?.[0]));
          }
          throw Object.assign(new Error('unsupported'), { code: 4200 });
        },
      };
    }, account.address);

    await page.goto(AUTH_PATHS.wallet);
    await expect(page.locator('[data-wallet-safety]')).toBeVisible();
    await page.getByRole('button', { name: text('en', 'auth', 'wallet.connect') }).click();
    await expect(page.locator('[data-wallet-address]')).toContainText(account.address);
    await expect(page.locator('[data-wallet-message]')).toContainText('not a transaction');
    const reply = page.waitForResponse((r) => r.url().includes(AUTH_API.loginByDapp));
    await page.getByRole('button', { name: text('en', 'auth', 'wallet.sign') }).click();
    const body = (await (await reply).json()) as { code: number; result: { created: boolean } };
    expect(body.code).toBe(200);
    expect(body.result.created).toBe(true);
    await page.waitForURL((url) => !url.pathname.startsWith('/pass/'));
    const calls = await page.evaluate(
      () => (window as unknown as { __walletCalls: string[] }).__walletCalls,
    );
    // A signature only: never a transaction, an approval or a typed-data permit.
    expect([...new Set(calls)].sort()).toEqual([
      'eth_chainId',
      'eth_requestAccounts',
      'personal_sign',
    ]);
  });
});
