import { z } from 'zod';
import {
  DecimalString,
  envelope,
  IsoDateTime,
  PageQuery,
  pageOf,
  PositiveDecimalString,
} from './common';
import { route } from './route';
import { DecidingTick } from './trading';

// Spot (BB) orders: buy and sell a coin against USDT, market or limit.

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
