import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { text } from './catalogue';

interface Market {
  id: number;
  code: string;
  type: number;
  nowPrice: string;
  precision: number;
  source: 'simulator' | 'live';
}

/** An instrument as the public list gives it (its latest price included). */
export async function market(request: APIRequestContext, base: string, code: string) {
  const reply = await request.get(`${base}/swx/customer/index/listMarketByType?type=2`);
  const found = ((await reply.json()) as { result: Market[] }).result.find((m) => m.code === code);
  if (!found) throw new Error(`${code} is not listed`);
  return found;
}

/**
 * The trading flows of the coin page (/cruuency) as a customer does them, in one language and
 * layout: the order panel (beside the chart on a desktop, in the bottom sheet the trade bar opens
 * on a phone), its confirmation with the terms, and "My orders". Shared by the customer app's specs
 * (demo money) and the back office's (real money after a deposit approved by finance).
 */
export class TradeDesk {
  constructor(
    readonly page: Page,
    readonly locale: string,
    readonly mobile: boolean,
    readonly base = '',
  ) {}

  t(key: string, values: Record<string, string | number> = {}): string {
    return Object.entries(values).reduce(
      (message, [name, value]) => message.replace(`{${name}}`, String(value)),
      text(this.locale, 'trade', key),
    );
  }

  async open(item: Market) {
    await this.page.goto(
      `${this.base}/cruuency?code=${item.code}&type=${item.type}&id=${item.id}&lang=${this.locale}`,
    );
  }

  async panel(): Promise<Locator> {
    if (this.mobile) await this.page.getByTestId('open-order-sheet').click();
    const panel = this.page.getByTestId('order-panel');
    // The first render waits for the instrument's terms and the balances: slower on a busy machine.
    await expect(panel).toBeVisible({ timeout: 15_000 });
    return panel;
  }

  /** The confirmation shows the terms first; confirming places the order. */
  async confirm(done: string) {
    const dialog = this.page
      .getByRole('dialog', { name: /.+/ })
      .filter({ has: this.page.getByTestId('confirm-order') });
    await expect(dialog.getByText(this.t('confirm.description'))).toBeVisible();
    await this.page.getByTestId('confirm-order').click();
    await expect(this.page.getByText(this.t(done)).first()).toBeVisible();
  }

  ordersTab(key: string): Locator {
    return this.page
      .getByRole('tablist', { name: this.t('orders.title') })
      .getByRole('tab', { name: this.t(key) });
  }

  /** Buys at market for an amount of USDT, sells all of it, then places a limit buy and cancels it. */
  async spot(spend: string, limitPrice: string) {
    let panel = await this.panel();
    await panel.getByTestId('spot-amount').fill(spend);
    await panel.getByTestId('spot-submit').click();
    await expect(this.page.getByTestId('spot-receive')).toContainText('BTC');
    await this.confirm('spot.placed');

    panel = await this.panel();
    await panel.getByRole('radio', { name: this.t('spot.sell') }).click();
    // The coin balance arrives with the sheet: 100 % of it once it is known.
    await expect(async () => {
      await panel.getByRole('button', { name: '100%' }).click();
      await expect(panel.getByTestId('spot-amount')).not.toHaveValue('0', { timeout: 500 });
    }).toPass();
    await panel.getByTestId('spot-submit').click();
    await expect(this.page.getByTestId('spot-receive')).toContainText('USDT');
    await this.confirm('spot.placed');

    panel = await this.panel();
    await panel.getByRole('radio', { name: this.t('spot.buy') }).click();
    await panel.getByRole('radio', { name: this.t('type.limit') }).click();
    await panel.getByLabel(this.t('fields.limitPrice')).fill(limitPrice);
    await panel.getByTestId('spot-amount').fill('0.01');
    await panel.getByTestId('spot-submit').click();
    await this.confirm('spot.placed');

    await this.ordersTab('orders.open').click();
    const open = this.page.getByTestId('open-order');
    await expect(open).toHaveCount(1);
    await open.getByRole('button', { name: this.t('orders.cancel') }).click();
    await expect(this.page.getByText(this.t('orders.cancelled')).first()).toBeVisible();
    await expect(open).toHaveCount(0);
  }

  /**
   * A stop loss on the wrong side is refused in the form; a long opened at market shows its live
   * result and is closed; a limit long above the market opens at the next tick and is closed.
   */
  async contract(marketableLimit: string) {
    let panel = await this.panel();
    await panel.getByRole('tab', { name: this.t('tabs.contract') }).click();
    await panel.getByLabel(this.t('fields.stopLoss')).fill('99999999');
    await panel.getByTestId('contract-submit').click();
    await expect(panel.getByText(text(this.locale, 'errors', '10130'))).toBeVisible();
    await panel.getByLabel(this.t('fields.stopLoss')).fill('');
    await panel.getByTestId('contract-submit').click();
    await expect(this.page.getByTestId('contract-liquidation')).not.toBeEmpty();
    await this.confirm('contract.opened');

    const position = this.page.getByTestId('position');
    await this.ordersTab('orders.positions').click();
    await expect(position).toHaveCount(1);
    await expect(position.getByTestId('position-pnl')).toContainText('USDT');
    await position.getByRole('button', { name: this.t('orders.close') }).click();
    await expect(this.page.getByText(this.t('orders.closed')).first()).toBeVisible();
    await expect(position).toHaveCount(0);

    panel = await this.panel();
    await panel.getByRole('tab', { name: this.t('tabs.contract') }).click();
    await panel.getByRole('radio', { name: this.t('type.limit') }).click();
    await panel.getByLabel(this.t('fields.limitPrice')).fill(marketableLimit);
    await panel.getByTestId('contract-submit').click();
    await this.confirm('contract.placed');
    // The engine opens it at the next tick, at the tick's price (never worse than the limit).
    await expect(position).toHaveCount(1, { timeout: 15_000 });
    await position.getByRole('button', { name: this.t('orders.close') }).click();
    await expect(position).toHaveCount(0);
  }

  /**
   * Buys "up" and "down" for the shortest period; both run with a countdown and their opening
   * tick (checked against the published seed); at expiry each is won, lost or drawn as its
   * opening and settlement ticks say, both ticks shown.
   */
  async optionsBothWays(amount: string) {
    for (const direction of ['up', 'down'] as const) {
      const panel = await this.panel();
      await panel.getByRole('tab', { name: this.t('tabs.options') }).click();
      await panel.getByRole('radio', { name: this.t(`options.${direction}`) }).click();
      await panel.getByTestId('options-amount').fill(amount);
      await panel.getByTestId('options-submit').click();
      await this.confirm('options.placed');
    }
    await this.ordersTab('orders.options').click();
    const running = this.page.getByTestId('option-running');
    await expect(running).toHaveCount(2);
    await expect(running.first().getByTestId('option-countdown')).toBeVisible();
    await running.first().getByTestId('verify-open').click();
    await expect(this.page.getByTestId('verify-result')).toHaveText(this.t('verify.matches'));
    await this.page.keyboard.press('Escape');

    // The shortest period is 30 s; settlement follows the first tick at or after expiry.
    await expect(running).toHaveCount(0, { timeout: 60_000 });
    // Each outcome is the one its two ticks give: up wins on a higher settlement price, down on a
    // lower one, an equal price is a draw. (Bought a second or two apart, both may win or lose.)
    const settled = this.page.locator(
      '[data-testid="option-won"],[data-testid="option-lost"],[data-testid="option-draw"]',
    );
    await expect(settled).toHaveCount(2);
    for (const row of await settled.all()) {
      const [open, close] = await row
        .locator('[data-tick-price]')
        .evaluateAll((ticks) => ticks.map((tick) => Number(tick.getAttribute('data-tick-price'))));
      const up = (await row.getAttribute('data-direction')) === 'up';
      const state = open === close ? 'draw' : close! > open! === up ? 'won' : 'lost';
      await expect(row).toHaveAttribute('data-testid', `option-${state}`);
      await expect(row).toContainText(this.t(`options.state.${state}`));
      await expect(row).toContainText(this.t('orders.settleTick'));
    }
  }

  /** Converts an amount of USDT at a quote whose countdown is shown, at exactly its figures. */
  async convert(amount: string) {
    const say = (key: string) => text(this.locale, 'profile', key);
    await this.page.goto(`${this.base}/profile/exchange?lang=${this.locale}`);
    await this.page.getByTestId('convert-amount').fill(amount);
    await this.page.getByTestId('convert-quote-button').click();
    const quote = this.page.getByTestId('convert-quote');
    await expect(quote).toContainText('BTC');
    await expect(quote.getByRole('status')).toBeVisible();
    const receive = (await this.page.getByTestId('convert-receive').innerText()).trim();
    await this.page.getByTestId('convert-accept').click();
    await expect(this.page.getByText(say('exchange.done')).first()).toBeVisible();
    const row = this.page.getByTestId('convert-row');
    await expect(row.first()).toContainText(`${amount} USDT → ${receive}`);
  }
}
