import { z } from 'zod';
import {
  DecimalString,
  envelope,
  IsoDateTime,
  PageQuery,
  pageOf,
  PositiveDecimalString,
} from './common';
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

// ---- spot (BB) ----

export const SpotSide = z.enum(['buy', 'sell']);
export const OrderType = z.enum(['market', 'limit']);
export const SpotState = z.enum(['waiting', 'filled', 'cancelled', 'revoked']);
export type SpotState = z.infer<typeof SpotState>;

/**
 * Buy or sell `<COIN>/USDT` (instrument code `<COIN>USDT`). `quantity` is in the coin; `turnover`
 * (market buys only) is the USDT to spend. A limit order needs `price`.
 */
export const SpotOrderBody = z.object({
  code: z.string().regex(/^[A-Z0-9]{2,20}$/),
  side: SpotSide,
  type: OrderType,
  price: PositiveDecimalString.optional(),
  quantity: PositiveDecimalString.optional(),
  turnover: PositiveDecimalString.optional(),
});

export const SpotOrder = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  code: z.string(),
  base: z.string(),
  quote: z.string(),
  side: SpotSide,
  type: OrderType,
  state: SpotState,
  /** The limit price (limit orders). */
  limitPrice: DecimalString.nullable(),
  quantity: DecimalString.nullable(),
  turnover: DecimalString.nullable(),
  /** Price, quantity and turnover of the fill. */
  fillPrice: DecimalString.nullable(),
  filledQuantity: DecimalString.nullable(),
  filledTurnover: DecimalString.nullable(),
  fee: DecimalString.nullable(),
  feeAsset: z.string().nullable(),
  /** Terms stored on the order. */
  feeRate: DecimalString,
  spread: DecimalString,
  /** What is frozen while it waits. */
  frozenAmount: DecimalString.nullable(),
  frozenAsset: z.string().nullable(),
  tick: DecidingTick.nullable(),
  createdAt: IsoDateTime,
  closedAt: IsoDateTime.nullable(),
});
export type SpotOrder = z.infer<typeof SpotOrder>;

export const submitSpotOrder = route({
  method: 'POST',
  path: '/swx/customer/order/submit',
  body: SpotOrderBody,
  reply: envelope(SpotOrder),
  idempotent: true,
  fieldCodes: { quantity: 10016, turnover: 10016, price: 10016 },
});

/** Cancels a waiting spot order or an awaiting contract order (margin and fee returned). */
export const cancelOrder = route({
  method: 'POST',
  path: '/swx/customer/order/chedan',
  body: z.object({
    kind: z.enum(['spot', 'contract']).default('spot'),
    id: z.number().int().positive(),
  }),
  reply: envelope(z.object({ id: z.number().int(), state: z.string() })),
  idempotent: true,
});

export const listBbOrder = route({
  method: 'GET',
  path: '/swx/customer/order/listBbOrder',
  query: PageQuery.extend({
    status: z.enum(['current', 'history']).default('current'),
    code: z
      .string()
      .regex(/^[A-Z0-9]{2,20}$/)
      .optional(),
  }),
  reply: envelope(pageOf(SpotOrder)),
});

// ---- contract (U) positions ----

export const Direction = z.enum(['long', 'short']);
export const ContractState = z.enum(['awaiting', 'open', 'closed', 'cancelled']);
export type ContractState = z.infer<typeof ContractState>;
export const CloseReason = z.enum(['user', 'sl', 'tp', 'liquidation']);
export type CloseReason = z.infer<typeof CloseReason>;

export const ContractOrderBody = z.object({
  code: z.string().regex(/^[A-Z0-9]{2,20}$/),
  direction: Direction,
  lots: PositiveDecimalString,
  leverage: z.number().int().positive().max(1000),
  type: OrderType,
  price: PositiveDecimalString.optional(),
  stopLoss: PositiveDecimalString.optional(),
  takeProfit: PositiveDecimalString.optional(),
});

export const ContractOrder = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  code: z.string(),
  direction: Direction,
  type: OrderType,
  state: ContractState,
  lots: DecimalString,
  leverage: z.number().int(),
  contractSize: DecimalString,
  limitPrice: DecimalString.nullable(),
  openPrice: DecimalString.nullable(),
  closePrice: DecimalString.nullable(),
  margin: DecimalString,
  fee: DecimalString,
  feeRate: DecimalString,
  maintenanceMarginRatio: DecimalString,
  stopLoss: DecimalString.nullable(),
  takeProfit: DecimalString.nullable(),
  liquidationPrice: DecimalString.nullable(),
  /** Realised profit once closed (capped at minus the margin). */
  profit: DecimalString.nullable(),
  closeReason: CloseReason.nullable(),
  openTick: DecidingTick.nullable(),
  closeTick: DecidingTick.nullable(),
  createdAt: IsoDateTime,
  openedAt: IsoDateTime.nullable(),
  closedAt: IsoDateTime.nullable(),
});
export type ContractOrder = z.infer<typeof ContractOrder>;

export const buyU = route({
  method: 'POST',
  path: '/swx/customer/order/buyU',
  body: ContractOrderBody,
  reply: envelope(ContractOrder),
  idempotent: true,
  fieldCodes: { lots: 10016, price: 10016 },
});

export const stopU = route({
  method: 'POST',
  path: '/swx/customer/order/stopU',
  body: z.object({ id: z.number().int().positive() }),
  reply: envelope(ContractOrder),
  idempotent: true,
});

export const listUOrder = route({
  method: 'GET',
  path: '/swx/customer/order/listUOrder',
  query: PageQuery.extend({
    status: z.enum(['awaiting', 'open', 'closed']).default('open'),
    code: z
      .string()
      .regex(/^[A-Z0-9]{2,20}$/)
      .optional(),
  }),
  reply: envelope(pageOf(ContractOrder)),
});

// ---- options ----

export const OptionsDirection = z.enum(['up', 'down']);
export const OptionsState = z.enum(['running', 'won', 'lost', 'draw']);
export type OptionsState = z.infer<typeof OptionsState>;

export const OptionsPeriod = z.object({
  seconds: z.number().int().positive(),
  payoutRate: DecimalString,
  minAmount: DecimalString,
  maxAmount: DecimalString,
});
export type OptionsPeriod = z.infer<typeof OptionsPeriod>;

export const OptionsProduct = z.object({
  id: z.number().int(),
  code: z.string(),
  enabled: z.boolean(),
  periods: z.array(OptionsPeriod),
});
export type OptionsProduct = z.infer<typeof OptionsProduct>;

/** The options products of an instrument (or of every instrument). */
export const listOptionsProducts = route({
  method: 'GET',
  path: '/swx/customer/index/listOptionsProducts',
  query: z.object({
    code: z
      .string()
      .regex(/^[A-Z0-9]{2,20}$/)
      .optional(),
  }),
  reply: envelope(z.array(OptionsProduct)),
});

export const OptionsOrder = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  code: z.string(),
  direction: OptionsDirection,
  amount: DecimalString,
  seconds: z.number().int(),
  payoutRate: DecimalString,
  state: OptionsState,
  openTick: DecidingTick,
  settleTick: DecidingTick.nullable(),
  expiresAt: IsoDateTime,
  /** What was paid back at settlement (stake + stake x payoutRate, the stake, or 0). */
  payout: DecimalString.nullable(),
  profit: DecimalString.nullable(),
  createdAt: IsoDateTime,
  settledAt: IsoDateTime.nullable(),
});
export type OptionsOrder = z.infer<typeof OptionsOrder>;

export const buyOptions = route({
  method: 'POST',
  path: '/swx/customer/order/buyOptions',
  body: z.object({
    code: z.string().regex(/^[A-Z0-9]{2,20}$/),
    direction: OptionsDirection,
    seconds: z.number().int().positive(),
    amount: PositiveDecimalString,
  }),
  reply: envelope(OptionsOrder),
  idempotent: true,
  fieldCodes: { amount: 10016, seconds: 10017, code: 10014 },
});

export const listOptionsOrder = route({
  method: 'GET',
  path: '/swx/customer/order/listOptionsOrder',
  query: PageQuery.extend({
    status: z.enum(['running', 'settled']).default('running'),
    code: z
      .string()
      .regex(/^[A-Z0-9]{2,20}$/)
      .optional(),
  }),
  reply: envelope(pageOf(OptionsOrder)),
});

export const getOptionsOrderById = route({
  method: 'GET',
  path: '/swx/customer/order/getOptionsOrderById/:id',
  params: z.object({ id: z.coerce.number().int().positive() }),
  reply: envelope(OptionsOrder),
});

// ---- convert (dh) ----

export const ConvertQuote = z.object({
  quoteId: z.string(),
  from: z.string(),
  to: z.string(),
  /** Amount of `from` given. */
  amount: DecimalString,
  /** Units of `to` per unit of `from`, at the feed prices of the quote. */
  rate: DecimalString,
  feeRate: DecimalString,
  /** Fee in `to`, rounded up. */
  fee: DecimalString,
  /** What the user receives in `to`, after the fee, rounded down. */
  receive: DecimalString,
  expiresAt: IsoDateTime,
});
export type ConvertQuote = z.infer<typeof ConvertQuote>;

export const ConvertOrder = ConvertQuote.extend({
  id: z.number().int(),
  createdAt: IsoDateTime,
});
export type ConvertOrder = z.infer<typeof ConvertOrder>;

const Asset = z
  .string()
  .regex(/^[A-Za-z0-9]{2,12}$/)
  .transform((s) => s.toUpperCase());

/**
 * Two steps: `quote` prices the conversion (valid 10 s); `accept` carries the quote back and the
 * conversion happens at the quoted figures, or is refused when the quote expired (10128) or does
 * not match what was quoted (10129).
 */
export const convertCoin = route({
  method: 'POST',
  path: '/swx/customer/user/dh',
  body: z.discriminatedUnion('step', [
    z.object({ step: z.literal('quote'), from: Asset, to: Asset, amount: PositiveDecimalString }),
    z.object({
      step: z.literal('accept'),
      quoteId: z.string().min(1).max(64),
      from: Asset,
      to: Asset,
      amount: PositiveDecimalString,
    }),
  ]),
  reply: envelope(z.union([ConvertOrder, ConvertQuote])),
  idempotent: true,
  fieldCodes: { amount: 10016 },
});

export const listConvertOrder = route({
  method: 'GET',
  path: '/swx/customer/user/listConvert',
  query: PageQuery,
  reply: envelope(pageOf(ConvertOrder)),
});

/** Assets that convert supports (USDT and the coins with a crypto instrument against USDT). */
export const listConvertAssets = route({
  method: 'GET',
  path: '/swx/customer/index/listConvertAssets',
  reply: envelope(z.array(z.string())),
});
