import type { AssetInfo, LedgerEntry, ProfitTotal, ProfitWindow } from '@swx/contract';
import { dec, type Dec } from '@swx/money';
import { selectFeesPaid, selectUserBalances, selectUserEntries } from '../ledger';
import type { TradingDeps, TradingModule } from '../triggers';

type Mode = 'real' | 'demo';
const USDT = 'USDT';
const BUCKETS = ['available', 'frozen', 'margin', 'options', 'earn'] as const;
/** Which ledger reasons belong to which product of the transaction record. */
const PRODUCT_KINDS = {
  spot: ['spot.'],
  contract: ['contract.'],
  options: ['options.'],
  convert: ['convert.'],
  funding: ['deposit', 'withdraw.'],
  demo: ['demo.'],
} as const;
type Product = keyof typeof PRODUCT_KINDS;
const ALL_KINDS = Object.values(PRODUCT_KINDS).flat();

/** The feed price of `<asset>USDT` now (USDT itself is 1); undefined without one. */
export function priceOf(deps: TradingDeps, asset: string): string | undefined {
  return asset === USDT ? '1' : deps.markets.price(`${asset}${USDT}`);
}

function infoOf(
  deps: TradingDeps,
  asset: string,
  balances: Partial<Record<string, Dec>>,
): AssetInfo {
  const of = (bucket: string) => balances[bucket] ?? dec('0');
  const total = BUCKETS.reduce((sum, b) => sum.plus(of(b)), dec('0'));
  const price = priceOf(deps, asset);
  return {
    asset,
    available: of('available').toFixed(),
    frozen: of('frozen').toFixed(),
    margin: of('margin').toFixed(),
    options: of('options').toFixed(),
    earn: of('earn').toFixed(),
    total: total.toFixed(),
    valueUsdt: price === undefined ? null : total.times(price).toDecimalPlaces(2).toFixed(2),
    price: asset === USDT ? null : (price ?? null),
  };
}

async function balancesByAsset(deps: TradingDeps, userId: number, mode: Mode) {
  const byAsset = new Map<string, Partial<Record<string, Dec>>>();
  for (const row of await selectUserBalances(deps.db, userId, mode)) {
    const entry = byAsset.get(row.asset) ?? {};
    entry[row.bucket] = dec(row.balance);
    byAsset.set(row.asset, entry);
  }
  return byAsset;
}

export async function assetInfo(
  deps: TradingDeps,
  userId: number,
  mode: Mode,
  asset: string,
): Promise<AssetInfo> {
  return infoOf(deps, asset, (await balancesByAsset(deps, userId, mode)).get(asset) ?? {});
}

/** Every asset the user holds in this mode (USDT always), largest value first. */
export async function listAssets(deps: TradingDeps, userId: number, mode: Mode) {
  const byAsset = await balancesByAsset(deps, userId, mode);
  if (!byAsset.has(USDT)) byAsset.set(USDT, {});
  const list = [...byAsset.entries()]
    .map(([asset, balances]) => infoOf(deps, asset, balances))
    .filter((a) => a.asset === USDT || !dec(a.total).isZero())
    .sort((a, b) => dec(b.valueUsdt ?? '0').cmp(a.valueUsdt ?? '0'));
  const totalUsdt = list.reduce((sum, a) => sum.plus(a.valueUsdt ?? '0'), dec('0'));
  return { list, totalUsdt: totalUsdt.toFixed(2) };
}

function windows(now: number): Record<ProfitWindow, Date | undefined> {
  const midnight = Math.floor(now / 86_400) * 86_400;
  return {
    today: new Date(midnight * 1000),
    '7d': new Date((now - 7 * 86_400) * 1000),
    '30d': new Date((now - 30 * 86_400) * 1000),
    all: undefined,
  };
}

/**
 * Realised results by product for today (since UTC midnight), 7 and 30 days and all time, the
 * unrealised result of what is open now, and the fees paid in each window (valued in USDT at the
 * feed price when paid in a coin).
 */
export async function profitTotal(
  deps: TradingDeps,
  products: readonly TradingModule[],
  userId: number,
  mode: Mode,
): Promise<ProfitTotal> {
  const spans = Object.entries(windows(deps.markets.now())) as [ProfitWindow, Date | undefined][];
  const feesBy = new Map<string, Record<ProfitWindow, Dec>>();
  for (const [window, since] of spans) {
    for (const row of await selectFeesPaid(deps.db, userId, mode, since)) {
      const value = dec(row.total).times(priceOf(deps, row.asset) ?? '0');
      const entry = feesBy.get(row.product) ?? {
        today: dec('0'),
        '7d': dec('0'),
        '30d': dec('0'),
        all: dec('0'),
      };
      entry[window] = entry[window].plus(value);
      feesBy.set(row.product, entry);
    }
  }
  const zero = () => ({ today: dec('0'), '7d': dec('0'), '30d': dec('0'), all: dec('0') });
  const total = zero();
  let unrealisedTotal = dec('0');
  const list: ProfitTotal['products'] = [];
  for (const product of products) {
    if (!product.profit) continue;
    const realised = zero();
    let unrealised = '0';
    for (const [window, since] of spans) {
      const figures = await product.profit({ userId, mode, since });
      realised[window] = dec(figures.realised);
      total[window] = total[window].plus(figures.realised);
      if (window === 'all') unrealised = figures.unrealised;
    }
    unrealisedTotal = unrealisedTotal.plus(unrealised);
    const fees = feesBy.get(product.product) ?? zero();
    list.push({
      product: product.product,
      realised: fixed(realised),
      unrealised: dec(unrealised).toFixed(2),
      fees: fixed(fees),
    });
  }
  return { products: list, realised: fixed(total), unrealised: unrealisedTotal.toFixed(2) };
}

function fixed(values: Record<ProfitWindow, Dec>): Record<ProfitWindow, string> {
  return {
    today: values.today.toFixed(2),
    '7d': values['7d'].toFixed(2),
    '30d': values['30d'].toFixed(2),
    all: values.all.toFixed(2),
  };
}

/** The product a ledger reason belongs to, by the start of its kind. */
function productOf(kind: string): string {
  const found = Object.entries(PRODUCT_KINDS).find(([, starts]) =>
    starts.some((start) => kind.startsWith(start)),
  );
  return found?.[0] ?? 'other';
}

export async function transactions(
  deps: TradingDeps,
  userId: number,
  mode: Mode,
  q: {
    page: number;
    pageSize: number;
    product?: Product | 'other' | undefined;
    asset?: string | undefined;
  },
) {
  const kinds =
    q.product === undefined
      ? undefined
      : q.product === 'other'
        ? { prefixes: ALL_KINDS, exclude: true }
        : { prefixes: PRODUCT_KINDS[q.product] };
  const { rows, total } = await selectUserEntries(deps.db, {
    userId,
    mode,
    limit: q.pageSize,
    offset: (q.page - 1) * q.pageSize,
    ...(q.asset ? { assets: [q.asset] } : {}),
    ...(kinds ? { kinds } : {}),
  });
  const list: LedgerEntry[] = rows.map((r) => ({
    id: r.postingId,
    createdAt: r.createdAt.toISOString(),
    kind: r.kind,
    product: productOf(r.kind),
    ref: r.ref,
    asset: r.asset,
    bucket: r.bucket,
    amount: dec(r.amount).toFixed(),
    balanceAfter: dec(r.balanceAfter).toFixed(),
  }));
  return { list, total, page: q.page, pageSize: q.pageSize };
}
