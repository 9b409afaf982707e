import { randomUUID } from 'node:crypto';
import type { ConvertOrder, ConvertQuote } from '@swx/contract';
import { dec, fitsScale } from '@swx/money';
import { and, count, desc, eq, or, sql } from 'drizzle-orm';
import { AppError } from '../../platform/errors';
import { publishUserEvent } from '../../platform/socket-hub';
import { netPostings, postAtCommit, transferPostings, type AccountRef } from '../ledger';
import { executionPrice, tradingTick, type StaffOrderQuery, type TradingDeps } from '../triggers';
import { convertFigures, QUOTE_SECONDS, USDT } from './convert.rules';
import { convertOrders } from './convert.tables';

type Mode = 'real' | 'demo';
type Row = typeof convertOrders.$inferSelect;

const HOUSE: AccountRef = { owner: 'system', name: 'house' };
const FEES: AccountRef = { owner: 'system', name: 'fees' };

/** USDT and every coin with an enabled crypto instrument against USDT. */
export function convertAssets(deps: TradingDeps): string[] {
  const coins = deps.markets
    .all()
    .filter((i) => i.row.enabled && i.row.type === 2 && i.row.code.endsWith(USDT))
    .map((i) => i.row.code.slice(0, -USDT.length));
  return [USDT, ...coins];
}

function toQuote(row: Row): ConvertQuote {
  return {
    quoteId: row.quoteId,
    from: row.fromAsset,
    to: row.toAsset,
    amount: dec(row.amount).toFixed(),
    rate: dec(row.rate).toFixed(),
    feeRate: dec(row.feeRate).toFixed(),
    fee: dec(row.fee).toFixed(),
    receive: dec(row.receive).toFixed(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

function toOrder(row: Row): ConvertOrder {
  return {
    ...toQuote(row),
    id: row.id,
    createdAt: (row.acceptedAt ?? row.createdAt).toISOString(),
  };
}

function sidePrice(deps: TradingDeps, coin: string, side: 'buy' | 'sell'): string | undefined {
  if (coin === USDT) return undefined;
  const { instrument, tick } = tradingTick(deps.markets, `${coin}${USDT}`);
  return executionPrice(instrument, tick.price, side);
}

/** Prices a conversion at the feed; the quote is kept for 10 seconds, bound to the user and mode. */
export async function quote(
  deps: TradingDeps,
  userId: number,
  mode: Mode,
  body: { from: string; to: string; amount: string },
): Promise<ConvertQuote> {
  const assets = convertAssets(deps);
  const problems = [
    ...(assets.includes(body.from)
      ? []
      : [{ path: 'from', code: 'invalid', message: 'not a convert asset' }]),
    ...(assets.includes(body.to)
      ? []
      : [{ path: 'to', code: 'invalid', message: 'not a convert asset' }]),
    ...(body.from === body.to ? [{ path: 'to', code: 'invalid', message: 'the same asset' }] : []),
  ];
  if (problems.length > 0) throw new AppError(10100, {}, problems);
  if (!fitsScale(body.amount, body.from))
    throw new AppError(10016, {}, [
      { path: 'amount', code: 'invalid', message: 'too many decimals' },
    ]);
  const feeRate = String(await deps.params.get('convert_fee_rate'));
  const figures = convertFigures(
    body.from,
    body.to,
    body.amount,
    { fromBid: sidePrice(deps, body.from, 'sell'), toAsk: sidePrice(deps, body.to, 'buy') },
    feeRate,
  );
  if (dec(figures.receive).lte(0))
    throw new AppError(10016, {}, [
      { path: 'amount', code: 'too_small', message: 'too small to convert' },
    ]);
  // In a transaction, like every effect under an Idempotency-Key: it marks the key as carried out.
  const [row] = await deps.db.transaction((tx) =>
    tx
      .insert(convertOrders)
      .values({
        quoteId: randomUUID(),
        userId,
        mode,
        state: 'quoted',
        fromAsset: body.from,
        toAsset: body.to,
        amount: dec(body.amount).toFixed(),
        feeRate,
        ...figures,
        expiresAt: new Date((deps.markets.now() + QUOTE_SECONDS) * 1000),
      })
      .returning(),
  );
  if (!row) throw new Error('convert quote insert returned no row');
  return toQuote(row);
}

/**
 * Accepts a quote at exactly its figures: refused when it is not the caller's or does not match
 * what was quoted (10129), when it expired (10128), or when it was already accepted (10134).
 */
export async function accept(
  deps: TradingDeps,
  userId: number,
  mode: Mode,
  body: { quoteId: string; from: string; to: string; amount: string },
): Promise<ConvertOrder> {
  const [known] = await deps.db
    .select()
    .from(convertOrders)
    .where(eq(convertOrders.quoteId, body.quoteId));
  if (
    !known ||
    known.userId !== userId ||
    known.mode !== mode ||
    known.fromAsset !== body.from ||
    known.toAsset !== body.to ||
    !dec(known.amount).eq(body.amount)
  )
    throw new AppError(10129);
  if (known.state !== 'quoted') throw new AppError(10134);
  const now = deps.markets.now() * 1000;
  if (now > known.expiresAt.getTime()) throw new AppError(10128);
  const done = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(convertOrders)
      .set({ state: 'done', acceptedAt: new Date(now) })
      .where(and(eq(convertOrders.id, known.id), eq(convertOrders.state, 'quoted')))
      .returning();
    if (!row) throw new AppError(10134);
    const user: AccountRef = { owner: 'user', userId, bucket: 'available' };
    await postAtCommit(tx, {
      kind: 'convert.accept',
      ref: row.quoteId,
      mode,
      postings: netPostings([
        ...transferPostings(user, HOUSE, row.fromAsset, dec(row.amount).toFixed()),
        ...transferPostings(HOUSE, user, row.toAsset, dec(row.receive).toFixed()),
        ...(dec(row.fee).isZero()
          ? []
          : transferPostings(HOUSE, FEES, row.toAsset, dec(row.fee).toFixed())),
      ]),
      memo: { from: row.fromAsset, to: row.toAsset, rate: dec(row.rate).toFixed() },
      at: new Date(now),
    });
    return row;
  });
  await publishUserEvent(deps.bus, userId, 'balance', { mode });
  await publishUserEvent(deps.bus, userId, 'order', {
    product: 'convert',
    id: done.id,
    state: 'done',
  });
  return toOrder(done);
}

/** Done conversions, newest first; without `userId` (staff) every user's. */
async function selectConvertPage(
  deps: TradingDeps,
  q: {
    userId?: number | undefined;
    mode?: Mode | undefined;
    /** Conversions from or to this asset. */
    asset?: string | undefined;
    page: number;
    pageSize: number;
  },
) {
  const where = and(
    q.asset === undefined
      ? undefined
      : or(eq(convertOrders.fromAsset, q.asset), eq(convertOrders.toAsset, q.asset)),
    q.userId === undefined ? undefined : eq(convertOrders.userId, q.userId),
    q.mode === undefined ? undefined : eq(convertOrders.mode, q.mode),
    eq(convertOrders.state, 'done'),
  );
  const [rows, [total]] = await Promise.all([
    deps.db
      .select()
      .from(convertOrders)
      .where(where)
      .orderBy(desc(convertOrders.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    deps.db.select({ n: count() }).from(convertOrders).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function listConverts(
  deps: TradingDeps,
  userId: number,
  mode: Mode,
  page: number,
  pageSize: number,
) {
  const { rows, total } = await selectConvertPage(deps, { userId, mode, page, pageSize });
  return { list: rows.map(toOrder), total, page, pageSize };
}

/** Staff's view; conversions have no states to filter by beyond done. */
export async function staffConverts(deps: TradingDeps, q: StaffOrderQuery) {
  if (q.state !== undefined) return { list: [], total: 0 };
  // An instrument code filters by its coin: BTCUSDT finds conversions from or to BTC.
  const asset = q.code?.replace(/USDT$/, '');
  const { rows, total } = await selectConvertPage(deps, { ...q, asset });
  const list = rows.map((r) => ({
    product: 'convert' as const,
    userId: r.userId,
    mode: r.mode,
    order: toOrder(r),
  }));
  return { list, total };
}

export async function convertedSince(deps: TradingDeps, since: Date): Promise<string> {
  const [row] = await deps.db
    .select({ total: sql<string>`coalesce(sum(${convertOrders.valueUsdt}), 0)::text` })
    .from(convertOrders)
    .where(
      and(
        eq(convertOrders.mode, 'real'),
        eq(convertOrders.state, 'done'),
        sql`${convertOrders.acceptedAt} >= ${since}`,
      ),
    );
  return row?.total ?? '0';
}
