/**
 * The seeded instrument catalogue. `base` is the simulator's level at its reference time and
 * `volatility` its annualised volatility; live feeds ignore both. Names are English; translated
 * names (where they differ) are in the i18n catalogue `instruments`.
 */
export type MarketType = 1 | 2 | 3 | 4 | 5 | 6;
export type CalendarId = 'always' | 'fx' | 'us_equity' | 'cme_globex';

export interface CatalogueEntry {
  code: string;
  type: MarketType;
  name: string;
  base: number;
  volatility: number;
  precision: number;
  contractSize: string;
  leverages: number[];
  calendar: CalendarId;
  /** Spread as a share of price (0.0004 = 4 basis points). */
  spread: string;
}

const crypto = (
  code: string,
  name: string,
  base: number,
  precision: number,
  volatility = 0.75,
): CatalogueEntry => ({
  code: `${code}USDT`,
  type: 2,
  name,
  base,
  volatility,
  precision,
  contractSize: '1',
  leverages: [1, 2, 5, 10, 20, 50],
  calendar: 'always',
  spread: '0.0004',
});

const forex = (code: string, name: string, base: number, precision: number): CatalogueEntry => ({
  code,
  type: 1,
  name,
  base,
  volatility: 0.08,
  precision,
  contractSize: '1000',
  leverages: [1, 10, 20, 50, 100],
  calendar: 'fx',
  spread: '0.00008',
});

const stock = (code: string, name: string, base: number, volatility = 0.3): CatalogueEntry => ({
  code,
  type: 3,
  name,
  base,
  volatility,
  precision: 2,
  contractSize: '1',
  leverages: [1, 2, 5],
  calendar: 'us_equity',
  spread: '0.0005',
});

const future = (
  code: string,
  name: string,
  base: number,
  precision: number,
  contractSize: string,
  volatility: number,
): CatalogueEntry => ({
  code,
  type: 4,
  name,
  base,
  volatility,
  precision,
  contractSize,
  leverages: [1, 5, 10, 20],
  calendar: 'cme_globex',
  spread: '0.0002',
});

const etf = (code: string, name: string, base: number, volatility = 0.18): CatalogueEntry => ({
  code,
  type: 5,
  name,
  base,
  volatility,
  precision: 2,
  contractSize: '1',
  leverages: [1, 2, 5],
  calendar: 'us_equity',
  spread: '0.0003',
});

const metal = (
  code: string,
  name: string,
  base: number,
  precision: number,
  volatility: number,
): CatalogueEntry => ({
  code,
  type: 6,
  name,
  base,
  volatility,
  precision,
  contractSize: '1',
  leverages: [1, 10, 20, 50],
  calendar: 'fx',
  spread: '0.0002',
});

export const CATALOGUE: readonly CatalogueEntry[] = [
  crypto('BTC', 'Bitcoin', 65_000, 2, 0.6),
  crypto('ETH', 'Ethereum', 3_200, 2, 0.7),
  crypto('BNB', 'BNB', 580, 2),
  crypto('SOL', 'Solana', 150, 3, 0.9),
  crypto('XRP', 'XRP', 0.55, 5),
  crypto('ADA', 'Cardano', 0.45, 5),
  crypto('DOGE', 'Dogecoin', 0.12, 6, 0.95),
  crypto('TRX', 'TRON', 0.12, 6),
  crypto('DOT', 'Polkadot', 6.5, 4),
  crypto('LINK', 'Chainlink', 14, 4),
  crypto('LTC', 'Litecoin', 75, 2),
  crypto('BCH', 'Bitcoin Cash', 380, 2),
  crypto('AVAX', 'Avalanche', 30, 3, 0.9),
  crypto('POL', 'Polygon', 0.5, 5),
  crypto('ATOM', 'Cosmos', 7, 4),
  crypto('XLM', 'Stellar', 0.1, 6),
  crypto('ETC', 'Ethereum Classic', 24, 3),
  crypto('FIL', 'Filecoin', 5, 4),
  crypto('NEAR', 'NEAR Protocol', 5.5, 4),
  crypto('UNI', 'Uniswap', 8, 4),
  crypto('APT', 'Aptos', 8.5, 4),
  crypto('ARB', 'Arbitrum', 0.9, 5),

  forex('EURUSD', 'Euro / US Dollar', 1.08, 5),
  forex('GBPUSD', 'British Pound / US Dollar', 1.27, 5),
  forex('USDJPY', 'US Dollar / Japanese Yen', 150, 3),
  forex('AUDUSD', 'Australian Dollar / US Dollar', 0.66, 5),
  forex('USDCAD', 'US Dollar / Canadian Dollar', 1.36, 5),
  forex('USDCHF', 'US Dollar / Swiss Franc', 0.88, 5),
  forex('NZDUSD', 'New Zealand Dollar / US Dollar', 0.61, 5),
  forex('EURGBP', 'Euro / British Pound', 0.85, 5),
  forex('EURJPY', 'Euro / Japanese Yen', 162, 3),
  forex('GBPJPY', 'British Pound / Japanese Yen', 190, 3),
  forex('EURCHF', 'Euro / Swiss Franc', 0.95, 5),
  forex('AUDJPY', 'Australian Dollar / Japanese Yen', 99, 3),
  forex('USDCNH', 'US Dollar / Chinese Yuan (offshore)', 7.2, 4),
  forex('USDHKD', 'US Dollar / Hong Kong Dollar', 7.8, 4),
  forex('USDSGD', 'US Dollar / Singapore Dollar', 1.34, 5),
  forex('USDKRW', 'US Dollar / South Korean Won', 1_350, 2),

  stock('AAPL', 'Apple', 225),
  stock('MSFT', 'Microsoft', 420),
  stock('NVDA', 'NVIDIA', 120, 0.5),
  stock('AMZN', 'Amazon', 185),
  stock('GOOGL', 'Alphabet', 165),
  stock('META', 'Meta Platforms', 520, 0.4),
  stock('TSLA', 'Tesla', 240, 0.6),
  stock('BRK.B', 'Berkshire Hathaway', 450, 0.18),
  stock('JPM', 'JPMorgan Chase', 205, 0.22),
  stock('V', 'Visa', 275, 0.2),
  stock('JNJ', 'Johnson & Johnson', 160, 0.16),
  stock('WMT', 'Walmart', 80, 0.18),
  stock('XOM', 'Exxon Mobil', 115, 0.25),
  stock('PG', 'Procter & Gamble', 170, 0.15),
  stock('MA', 'Mastercard', 480, 0.2),
  stock('KO', 'Coca-Cola', 70, 0.15),
  stock('NFLX', 'Netflix', 680, 0.4),
  stock('AMD', 'AMD', 155, 0.5),
  stock('INTC', 'Intel', 22, 0.45),
  stock('DIS', 'Walt Disney', 95, 0.28),

  future('ES', 'E-mini S&P 500', 5_700, 2, '50', 0.17),
  future('NQ', 'E-mini Nasdaq-100', 20_000, 2, '20', 0.22),
  future('YM', 'E-mini Dow', 42_000, 0, '5', 0.15),
  future('RTY', 'E-mini Russell 2000', 2_200, 1, '50', 0.22),
  future('CL', 'Crude Oil WTI', 75, 2, '1000', 0.35),
  future('NG', 'Natural Gas', 2.8, 3, '10000', 0.6),
  future('ZC', 'Corn', 420, 2, '50', 0.25),
  future('ZW', 'Wheat', 580, 2, '50', 0.3),

  etf('SPY', 'SPDR S&P 500 ETF', 570),
  etf('QQQ', 'Invesco QQQ Trust', 490, 0.22),
  etf('IWM', 'iShares Russell 2000 ETF', 220, 0.22),
  etf('DIA', 'SPDR Dow Jones Industrial Average ETF', 420, 0.15),
  etf('VTI', 'Vanguard Total Stock Market ETF', 280),
  etf('EEM', 'iShares MSCI Emerging Markets ETF', 44, 0.2),
  etf('TLT', 'iShares 20+ Year Treasury Bond ETF', 95, 0.15),
  etf('XLF', 'Financial Select Sector SPDR Fund', 46, 0.2),

  metal('XAUUSD', 'Gold', 2_650, 2, 0.15),
  metal('XAGUSD', 'Silver', 31, 3, 0.28),
  metal('XPTUSD', 'Platinum', 980, 2, 0.25),
  metal('XPDUSD', 'Palladium', 1_050, 2, 0.35),
];
