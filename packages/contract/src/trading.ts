import { z } from 'zod';
import { DecimalString, envelope, IsoDateTime, PageQuery, pageOf } from './common';
import { FeedSource } from './markets';
import { route } from './route';

/**
 * Shared pieces of the trading products (spot, contract, options, convert): the tick that decided
 * an outcome, the user events after a commit, and the account figures.
 */

/** A feed tick kept as evidence of a settlement: price, its time, and the feed that gave it. */
export const DecidingTick = z.object({
  /** Id in the recorded-tick store: `verifyTick/{id}` recomputes it. */
  id: z.number().int(),
  price: DecimalString,
  ts: IsoDateTime,
  source: FeedSource,
});
export type DecidingTick = z.infer<typeof DecidingTick>;

export const TradeProduct = z.enum(['spot', 'contract', 'options', 'convert']);
export type TradeProduct = z.infer<typeof TradeProduct>;

/** `data` of an `order` socket event: which order changed; the app re-reads its lists. */
export const OrderEvent = z.object({
  product: TradeProduct,
  id: z.number().int(),
  state: z.string(),
});
export type OrderEvent = z.infer<typeof OrderEvent>;

/** `data` of a `balance` socket event. */
export const BalanceEvent = z.object({ mode: z.enum(['real', 'demo']) });

// ---- account figures ----

/** One asset's balances in the caller's mode, and their value in USDT at the feed price. */
export const AssetInfo = z.object({
  asset: z.string(),
  available: DecimalString,
  frozen: DecimalString,
  margin: DecimalString,
  options: DecimalString,
  earn: DecimalString,
  total: DecimalString,
  /** USDT value of `total` at the current feed price (USDT itself is 1); null without a price. */
  valueUsdt: DecimalString.nullable(),
  /** The feed price of <asset>USDT used for the value; null for USDT. */
  price: DecimalString.nullable(),
});
export type AssetInfo = z.infer<typeof AssetInfo>;

export const getAssestInfo = route({
  method: 'GET',
  path: '/swx/customer/order/getAssestInfo/:id',
  params: z.object({
    id: z
      .string()
      .regex(/^[A-Za-z0-9]{2,12}$/)
      .transform((s) => s.toUpperCase()),
  }),
  reply: envelope(AssetInfo),
});

/** Every asset the caller holds in this mode (coin account), with values. */
export const listAssets = route({
  method: 'GET',
  path: '/swx/customer/order/listAssets',
  reply: envelope(
    z.object({
      list: z.array(AssetInfo),
      /** Sum of the values in USDT (assets without a price are left out). */
      totalUsdt: DecimalString,
    }),
  ),
});

export const ProfitWindow = z.enum(['today', '7d', '30d', 'all']);
export type ProfitWindow = z.infer<typeof ProfitWindow>;

/** Profit in USDT by product: realised in each window, and unrealised now (open positions). */
export const ProfitTotal = z.object({
  products: z.array(
    z.object({
      product: TradeProduct,
      realised: z.record(ProfitWindow, DecimalString),
      unrealised: DecimalString,
      fees: z.record(ProfitWindow, DecimalString),
    }),
  ),
  realised: z.record(ProfitWindow, DecimalString),
  unrealised: DecimalString,
});
export type ProfitTotal = z.infer<typeof ProfitTotal>;

export const getProfitTotal = route({
  method: 'GET',
  path: '/swx/customer/order/getProfitTotal',
  query: z.object({}),
  reply: envelope(ProfitTotal),
});

/** One ledger entry of the caller (the transaction record): every balance change. */
export const LedgerEntry = z.object({
  id: z.number().int(),
  createdAt: IsoDateTime,
  /** The ledger reason, e.g. `spot.fill`, `contract.open`, `options.settle`. */
  kind: z.string(),
  product: z.string(),
  ref: z.string(),
  asset: z.string(),
  bucket: z.string(),
  amount: DecimalString,
  balanceAfter: DecimalString,
});
export type LedgerEntry = z.infer<typeof LedgerEntry>;

export const listTransactions = route({
  method: 'GET',
  path: '/swx/customer/user/listTransactions',
  query: PageQuery.extend({
    product: z
      .enum(['spot', 'contract', 'options', 'convert', 'funding', 'demo', 'other'])
      .optional(),
    asset: z
      .string()
      .regex(/^[A-Za-z0-9]{2,12}$/)
      .transform((s) => s.toUpperCase())
      .optional(),
  }),
  reply: envelope(pageOf(LedgerEntry)),
});

/** Staff read a customer's ledger entries (finance, support) from the customer detail. */
export const listUserLedger = route({
  method: 'GET',
  path: '/swx/admin/users/:id/ledger',
  params: z.object({ id: z.coerce.number().int().positive() }),
  query: PageQuery.extend({ mode: z.enum(['real', 'demo']).default('real') }),
  reply: envelope(pageOf(LedgerEntry)),
});

/**
 * Anyone can check a deciding tick: what was recorded, and (while the simulator feeds the
 * instrument) the same second's price recomputed from the published seed.
 */
export const verifyTick = route({
  method: 'GET',
  path: '/swx/customer/index/verifyTick/:id',
  params: z.object({ id: z.coerce.number().int().positive() }),
  reply: envelope(
    z.object({
      id: z.number().int(),
      code: z.string(),
      reason: z.string(),
      recorded: z.object({ price: DecimalString, ts: IsoDateTime, source: FeedSource }),
      /** The simulator's price at that second from the seed; null for a live-feed tick. */
      recomputed: DecimalString.nullable(),
      seed: z.string().nullable(),
      matches: z.boolean().nullable(),
    }),
  ),
});
