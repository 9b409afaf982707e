// Kept apart from the Decimal type (index.ts) so that the browser's formatting can read an asset's
// scale without loading decimal.js: `@swx/money/asset-scale`.

const FIAT_LIKE = new Set(['USD', 'EUR', 'GBP']);
const EXPLICIT_SCALES: Readonly<Record<string, number>> = { USDT: 6, BTC: 8, ETH: 8 };
const COIN_SCALE = 8;
const FIAT_SCALE = 2;

/** Decimal places an amount of this asset is kept in (DOMAIN.md, Ledger). */
export function assetScale(asset: string): number {
  const explicit = EXPLICIT_SCALES[asset];
  if (explicit !== undefined) return explicit;
  return FIAT_LIKE.has(asset) ? FIAT_SCALE : COIN_SCALE;
}
