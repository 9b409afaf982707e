import { z } from 'zod';
import {
  DecimalString,
  envelope,
  IsoDateTime,
  pageOf,
  PageQuery,
  PositiveDecimalString,
} from './common';
import { route } from './route';

/**
 * The smart trading plan: a fixed-term product paid from the platform's earn pool at a stated
 * daily yield (a product term, not a trading result). DOMAIN.md "Smart trading plan".
 */
export const SmartTerm = z.object({
  days: z.number().int().min(1).max(365),
  /** Share of the principal paid each day, e.g. "0.005" for 0.5 %. */
  dailyYield: DecimalString,
});
export type SmartTerm = z.infer<typeof SmartTerm>;

export const SmartProduct = z.object({
  id: z.number().int(),
  name: z.string(),
  asset: z.string(),
  minAmount: DecimalString,
  maxAmount: DecimalString,
  terms: z.array(SmartTerm),
  /** Share of the principal kept when the user exits before the end. */
  penaltyRate: DecimalString,
});
export type SmartProduct = z.infer<typeof SmartProduct>;

/** GET /swx/customer/index/listSmartProducts: the products on offer. */
export const listSmartProducts = route({
  method: 'GET',
  path: '/swx/customer/index/listSmartProducts',
  reply: envelope(z.array(SmartProduct)),
});

export const SmartState = z.enum(['earning', 'shared', 'expired']);
export type SmartState = z.infer<typeof SmartState>;

export const SmartOrder = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  productId: z.number().int(),
  productName: z.string(),
  asset: z.string(),
  /** The terms as they were when bought: they never change afterwards. */
  amount: DecimalString,
  days: z.number().int(),
  dailyYield: DecimalString,
  penaltyRate: DecimalString,
  /** What one profit-sharing day pays, and all of them together. */
  dailyEarning: DecimalString,
  totalEarning: DecimalString,
  state: SmartState,
  /** Profit-sharing days paid so far and their sum. */
  paidDays: z.number().int(),
  accruedProfit: DecimalString,
  startAt: IsoDateTime,
  /** When the next day's earning is paid (null once ended). */
  nextEarningAt: IsoDateTime.nullable(),
  endAt: IsoDateTime,
  /** Early exit: what was kept and what came back. */
  penalty: DecimalString.nullable(),
  refund: DecimalString.nullable(),
  endedAt: IsoDateTime.nullable(),
});
export type SmartOrder = z.infer<typeof SmartOrder>;

export const buySmart = route({
  method: 'POST',
  path: '/swx/customer/order/buySmart',
  body: z.object({
    productId: z.number().int().positive(),
    days: z.number().int().positive(),
    amount: PositiveDecimalString,
  }),
  reply: envelope(SmartOrder),
  idempotent: true,
  fieldCodes: { productId: 10010, days: 10012, amount: 10013 },
});

export const listSmartOrder = route({
  method: 'GET',
  path: '/swx/customer/order/listSmartOrder',
  query: PageQuery.extend({ state: z.enum(['earning', 'ended']).optional() }),
  reply: envelope(pageOf(SmartOrder)),
});

/** Early exit: the penalty is kept from the principal, the rest returns; paid days stay paid. */
export const exitSmart = route({
  method: 'POST',
  path: '/swx/customer/order/exitSmart',
  body: z.object({ id: z.number().int().positive() }),
  reply: envelope(SmartOrder),
  idempotent: true,
});

export const SmartProductInput = z.object({
  name: z.string().trim().min(1).max(80),
  minAmount: PositiveDecimalString,
  maxAmount: PositiveDecimalString,
  terms: z.array(SmartTerm).min(1).max(12),
  penaltyRate: DecimalString,
  enabled: z.boolean(),
});
export type SmartProductInput = z.infer<typeof SmartProductInput>;

export const AdminSmartProduct = SmartProduct.extend({
  enabled: z.boolean(),
  updatedAt: IsoDateTime,
});
export type AdminSmartProduct = z.infer<typeof AdminSmartProduct>;

export const listAdminSmartProducts = route({
  method: 'GET',
  path: '/swx/admin/earn/products',
  reply: envelope(z.array(AdminSmartProduct)),
});

export const createSmartProduct = route({
  method: 'POST',
  path: '/swx/admin/earn/products',
  body: SmartProductInput,
  reply: envelope(AdminSmartProduct),
});

/** Running plans keep the terms stored on them. */
export const updateSmartProduct = route({
  method: 'POST',
  path: '/swx/admin/earn/products/:id',
  params: z.object({ id: z.coerce.number().int().positive() }),
  body: SmartProductInput,
  reply: envelope(AdminSmartProduct),
});
