import type { APIRequestContext, Locator, Page } from '@playwright/test';

export const MARKET_API = {
  list: '/swx/customer/index/listMarketByType',
  candles: '/swx/customer/index/getKValueByCodeAndDate',
};

export interface MarketSummary {
  id: number;
  code: string;
  type: number;
  appName: string;
}

/** Instruments of one type as the server lists them. */
export async function listMarkets(
  request: APIRequestContext,
  type: number,
  lang = 'en',
): Promise<MarketSummary[]> {
  const response = await request.get(`${MARKET_API.list}?type=${type}`, { headers: { lang } });
  const body = (await response.json()) as { code: number; result: MarketSummary[] };
  if (body.code !== 200) throw new Error(`listMarketByType?type=${type} answered ${body.code}`);
  return body.result;
}

export function coinPath(item: MarketSummary): string {
  return `/cruuency?code=${item.code}&type=${item.type}&id=${item.id}`;
}

/** A market list (home table or /market): rows, tabs, the simulated-data label. */
export class MarketListModel {
  readonly rows: Locator;
  readonly simulatedLabel: Locator;

  constructor(
    readonly page: Page,
    readonly scope: Locator = page.locator('main#main'),
  ) {
    this.rows = scope.locator('[data-market-row]');
    this.simulatedLabel = scope.getByTestId('simulated-label');
  }

  row(code: string): Locator {
    return this.scope.locator(`[data-market-row="${code}"]`);
  }

  price(code: string): Locator {
    return this.row(code).locator('[data-price]');
  }

  tab(value: string | number): Locator {
    return this.scope.locator(`[role="tab"][data-tab="${value}"]`);
  }

  async codes(): Promise<string[]> {
    return this.rows.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-market-row')!));
  }

  async prices(): Promise<string[]> {
    return this.rows.locator('[data-price]').allTextContents();
  }
}

/** The coin detail page. */
export class CoinPageModel {
  readonly price: Locator;
  readonly chart: Locator;
  readonly simulatedLabel: Locator;
  readonly tradingHours: Locator;

  constructor(readonly page: Page) {
    this.price = page.getByTestId('coin-price');
    this.chart = page.getByTestId('candle-chart');
    this.simulatedLabel = page.getByTestId('simulated-label');
    this.tradingHours = page.getByTestId('trading-hours');
  }

  timeframe(value: string): Locator {
    return this.page.locator(`[data-timeframe="${value}"]`);
  }
}
