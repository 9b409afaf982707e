import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { text } from '../../../../e2e-support/catalogue';
import { registerCustomer } from '../../../../e2e-support/customer';
import { base, customerPage, DAY_MS, fundedCustomer, moveServerClock } from './clock-server';

/**
 * An invited friend funds and trades; when the day ends on the server's clock, the daily job pays
 * the inviter the level's share (level 0: 10 %) of the friend's fees, and the inviter sees the
 * level, the friend's progress, the commission history and the ledger entries.
 */
type Reply<T> = { code: number; result: T };
interface Commission {
  asset: string;
  fees: string;
  amount: string;
  level: number;
  rate: string;
}

const auth = (token: string) => ({ authorization: `Bearer ${token}`, 'x-account-mode': 'real' });

/** A conversion quoted and accepted through the API; answers its fee (in the target asset). */
async function convert(
  request: APIRequestContext,
  token: string,
  body: { from: string; to: string; amount: string },
): Promise<{ fee: string; receive: string }> {
  const call = async (data: object) => {
    const reply = await request.post(`${base}/swx/customer/user/dh`, {
      headers: { ...auth(token), 'idempotency-key': randomUUID() },
      data,
    });
    const json = (await reply.json()) as Reply<{ quoteId: string; fee: string; receive: string }>;
    expect(json.code, JSON.stringify(json)).toBe(200);
    return json.result;
  };
  const quote = await call({ step: 'quote', ...body });
  return call({ step: 'accept', quoteId: quote.quoteId, ...body });
}

/** A tenth of a fee, rounded down to the asset's scale (level 0 pays 10 %). */
function tenthDown(fee: string, scale: number): string {
  const [whole = '0', fraction = ''] = fee.split('.');
  const units = BigInt(whole + fraction.padEnd(scale, '0')) / 10n;
  const digits = units.toString().padStart(scale + 1, '0');
  const value = `${digits.slice(0, -scale)}.${digits.slice(-scale)}`.replace(/\.?0+$/, '');
  return value === '' ? '0' : value;
}

async function commissions(request: APIRequestContext, token: string) {
  const reply = await request.get(`${base}/swx/customer/user/listCommission`, {
    headers: auth(token),
  });
  return ((await reply.json()) as Reply<{ list: Commission[] }>).result.list;
}

test.describe.serial('invitation commission on a clock that moves', () => {
  for (const [locale, layout] of [
    ['ar', 'phone'],
    ['en', 'desktop'],
  ] as const) {
    test(`${locale}, ${layout}: a friend funds and trades; the next day the inviter is paid and sees it`, async ({
      browser,
      request,
    }) => {
      test.setTimeout(180_000);
      const say = (key: string) => text(locale, 'profile', key);
      const inviter = await registerCustomer(request, base);
      const friend = await fundedCustomer(request, '2000', { inviteCode: inviter.inviteCode });
      const bought = await convert(request, friend.token, {
        from: 'USDT',
        to: 'BTC',
        amount: '1000',
      });
      const sold = await convert(request, friend.token, {
        from: 'BTC',
        to: 'USDT',
        amount: bought.receive,
      });
      const expected = {
        BTC: tenthDown(bought.fee, 8),
        USDT: tenthDown(sold.fee, 6),
      };

      await test.step('the day ends on the server: the job pays the day once', async () => {
        await moveServerClock(request, DAY_MS + 90_000);
        await expect
          .poll(async () => (await commissions(request, inviter.token)).length, { timeout: 60_000 })
          .toBe(2);
        const paid = await commissions(request, inviter.token);
        expect(
          Object.fromEntries(paid.map((c) => [c.asset, [c.fees, c.level, c.rate, c.amount]])),
        ).toEqual({
          BTC: [bought.fee, 0, '0.1', expected.BTC],
          USDT: [sold.fee, 0, '0.1', expected.USDT],
        });
      });

      const { context, page, errors } = await customerPage(browser, inviter.token, layout);

      await test.step('the invite page: level, the friend’s progress, the commissions', async () => {
        await page.goto(`/profile/invite?lang=${locale}`);
        const level = page.getByTestId('invite-level');
        await expect(level.getByTestId('invite-levels').locator('tbody tr')).toHaveCount(4);
        await expect(level.locator('tr[aria-current="true"]')).toHaveCount(1);
        const friendRow = page.getByTestId('invite-friends').locator(':scope > li');
        await expect(friendRow).toHaveCount(1);
        for (const step of ['registered', 'funded', 'traded']) {
          await expect(friendRow.locator(`[data-step="${step}"]`)).toHaveAttribute(
            'data-done',
            'true',
          );
        }
        const rows = page.getByTestId('invite-commissions').locator(':scope > li');
        await expect(rows).toHaveCount(2);
        await expect(rows.filter({ hasText: 'USDT' })).toHaveCount(1);
        await expect(rows.filter({ hasText: 'BTC' })).toHaveCount(1);
        if (locale === 'en') {
          await expect(level.getByTestId('invite-level-current')).toHaveText('Level 0');
          await expect(level.getByTestId('invite-level-qualified')).toHaveText(
            '1 friend has funded and traded',
          );
          await expect(level.getByTestId('invite-level-next')).toHaveText(
            '4 more friends to reach level 1 (15%).',
          );
          const figure = new Intl.NumberFormat('en', {
            minimumFractionDigits: 2,
            maximumFractionDigits: 6,
          }).format(Number(expected.USDT));
          await expect(rows.filter({ hasText: 'USDT' })).toContainText(`+${figure}\u00a0USDT`);
        }
        await expect(page.getByText(say('invite.level.explained'))).toBeVisible();
        await page.screenshot({
          path: test.info().outputPath(`invite-${locale}-${layout}.png`),
          fullPage: true,
        });
        for (const part of ['invite-level', 'invite-commissions'] as const) {
          await page.getByTestId(part).screenshot({
            path: test.info().outputPath(`${part}-${locale}-${layout}.png`),
          });
        }
      });

      await test.step('each commission is a ledger entry in the transaction record', async () => {
        await page.goto(`/profile/records?lang=${locale}`);
        const entries = page
          .getByTestId('ledger-entry')
          .filter({ has: page.locator('[data-kind="invite.commission"]') });
        await expect(entries).toHaveCount(2);
        await expect(entries.first()).toContainText(say('records.kind.invite.commission'));
      });
      expect(errors.messages).toEqual([]);
      await context.close();
    });
  }
});
