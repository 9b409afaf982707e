import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { toast } from '../support/toast';

export type MarketTab = 'All' | 'Forex' | 'Crypto' | 'Stocks' | 'Futures' | 'ETF' | 'Metals';

/** Instruments: tabs by market type, a search box, the table with its switches, the editor. */
export class InstrumentsPage {
  readonly table: Locator;
  readonly search: Locator;
  readonly dialog: Locator;
  readonly confirm: Locator;

  constructor(readonly page: Page) {
    this.table = page.getByRole('table', { name: 'Instruments' });
    this.search = page.getByRole('searchbox', { name: 'Search instruments' });
    this.dialog = page.getByRole('dialog');
    this.confirm = page.getByRole('alertdialog');
  }

  row(code: string): Locator {
    return this.table.locator(`tbody tr[data-code="${code}"]`);
  }

  /** The Sort cell: the twelfth column, after the enabled switch. */
  sortCell(code: string): Locator {
    return this.row(code).getByRole('cell').nth(11);
  }

  feeCell(code: string): Locator {
    return this.row(code).getByTestId('fee-rate');
  }

  /** Revokes a disabled instrument's waiting orders, confirming first; returns the toast. */
  async revoke(code: string): Promise<Locator> {
    await this.page.getByRole('button', { name: `Revoke the waiting orders of ${code}` }).click();
    await expect(
      this.confirm.getByRole('heading', { name: `Revoke the waiting orders of ${code}?` }),
    ).toBeVisible();
    await this.confirm.getByRole('button', { name: 'Revoke' }).click();
    await expect(this.confirm).toBeHidden();
    return toast(this.page, new RegExp(`^${code}: `));
  }

  enabledSwitch(code: string): Locator {
    return this.page.getByRole('switch', { name: `Enabled: ${code}`, exact: true });
  }

  async openTab(tab: MarketTab) {
    // The tab's name carries its count ("Crypto 20").
    const trigger = this.page.getByRole('tab', { name: new RegExp(`^${tab}\\b`) });
    await trigger.click();
    await expect(trigger).toHaveAttribute('aria-selected', 'true');
  }

  async find(text: string) {
    await this.search.fill(text);
    await expect(this.table.locator('tbody tr[data-code]').first()).toBeVisible();
  }

  async openEditor(code: string): Promise<Locator> {
    await this.page.getByRole('button', { name: `Edit ${code}`, exact: true }).click();
    await expect(this.dialog.getByRole('heading', { name: `Edit ${code}` })).toBeVisible();
    return this.dialog;
  }

  /** Turns the table switch off; that asks for confirmation first. */
  async disable(code: string) {
    await this.enabledSwitch(code).click();
    await expect(this.confirm.getByRole('heading', { name: `Disable ${code}?` })).toBeVisible();
    await expect(this.confirm).toContainText(
      'Customers will no longer see or trade this instrument',
    );
    await this.confirm.getByRole('button', { name: 'Disable' }).click();
    await expect(this.confirm).toBeHidden();
    await expect(
      toast(this.page, `${code} is disabled: customers no longer see it.`),
    ).toBeVisible();
    await expect(this.enabledSwitch(code)).not.toBeChecked();
  }

  /** Turns the table switch on: immediate, no confirmation. */
  async enable(code: string) {
    await this.enabledSwitch(code).click();
    await expect(
      toast(this.page, `${code} is enabled: customers can see and trade it.`),
    ).toBeVisible();
    await expect(this.enabledSwitch(code)).toBeChecked();
  }
}

/** The codes the customer API lists for a market type (public, no session needed). */
export async function customerMarketCodes(request: APIRequestContext, type: number) {
  const response = await request.get(`/swx/customer/index/listMarketByType?type=${type}`);
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { code: number; result: { code: string }[] };
  expect(body.code).toBe(200);
  return body.result.map((item) => item.code);
}

/** An instrument as a customer's trade screen reads it, found by code (public routes). */
export async function marketInfo(request: APIRequestContext, code: string) {
  const list = await request.get('/swx/customer/index/listMarketByType');
  const items = ((await list.json()) as { result: { id: number; code: string }[] }).result;
  const id = items.find((item) => item.code === code)?.id;
  if (id === undefined) throw new Error(`${code} is not listed`);
  const response = await request.get(`/swx/customer/index/getMarketInfo/${id}`);
  return (
    (await response.json()) as {
      result: {
        nowPrice: string;
        precision: number;
        spotFeeRate: string;
        contractFeeRate: string;
      };
    }
  ).result;
}
