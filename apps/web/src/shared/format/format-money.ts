import { assetScale } from '@swx/money/asset-scale';
import { asIntlValue, formatNumber, numberFormat } from './format-number';

const CURRENCIES = new Set(['USD', 'EUR', 'GBP', 'JPY', 'KRW', 'CNY', 'TWD']);

/**
 * An amount of an asset in that asset's scale: fiat with its currency symbol, coins with their
 * code after the figure ("0.01500000 BTC"). Trailing zeros down to `minFractionDigits` stay, so
 * columns of one asset line up.
 */
export function formatMoney(
  amount: string,
  asset: string,
  locale: string,
  options: { minFractionDigits?: number } = {},
): string {
  const scale = assetScale(asset);
  if (CURRENCIES.has(asset)) {
    return numberFormat(locale, {
      style: 'currency',
      currency: asset,
      minimumFractionDigits: Math.min(options.minFractionDigits ?? 2, scale),
      maximumFractionDigits: scale,
    }).format(asIntlValue(amount));
  }
  const figure = formatNumber(amount, locale, {
    minFractionDigits: Math.min(options.minFractionDigits ?? 2, scale),
    maxFractionDigits: scale,
  });
  return `${figure}\u00a0${asset}`;
}
