import { z } from 'zod';
import { AccountMode, envelope, IsoDateTime, PageQuery, pageOf } from './common';
import { route } from './route';
import { TradeProduct } from './trading';
import { ContractOrder } from './trading-contracts';
import { ConvertOrder } from './trading-convert';
import { OptionsOrder, OptionsProduct } from './trading-options';
import { SpotOrder } from './trading-spot';

/**
 * The trading part of the back office: options products and their periods, read-only views of
 * every order with its deciding ticks, and revoking the waiting orders of a disabled instrument.
 */

const PlainDecimal = z.string().regex(/^(0|[1-9]\d{0,11})(\.\d{1,8})?$/, 'decimal');

/** One period of an options product, as staff edit it. */
export const OptionsPeriodInput = z.object({
  /** 10 seconds to one day. */
  seconds: z.number().int().min(10).max(86_400),
  /** Profit paid on a win as a share of the stake: above 0, at most 10 (1,000 %). */
  payoutRate: PlainDecimal,
  minAmount: PlainDecimal,
  maxAmount: PlainDecimal,
});
export type OptionsPeriodInput = z.infer<typeof OptionsPeriodInput>;

export const AdminOptionsProduct = OptionsProduct.extend({ updatedAt: IsoDateTime });
export type AdminOptionsProduct = z.infer<typeof AdminOptionsProduct>;

export const listAdminOptionsProducts = route({
  method: 'GET',
  path: '/swx/admin/options/products',
  reply: envelope(z.array(AdminOptionsProduct)),
});

/** Running options keep the terms they were bought on; new purchases use the new periods. */
export const updateOptionsProduct = route({
  method: 'POST',
  path: '/swx/admin/options/products/:id',
  params: z.object({ id: z.coerce.number().int().positive() }),
  body: z.object({
    enabled: z.boolean().optional(),
    periods: z.array(OptionsPeriodInput).min(1).max(12).optional(),
  }),
  reply: envelope(AdminOptionsProduct),
});

const Owner = { userId: z.number().int(), username: z.string(), mode: AccountMode };

/** An order of any product with its owner, for staff. */
export const StaffOrder = z.discriminatedUnion('product', [
  z.object({ product: z.literal('spot'), ...Owner, order: SpotOrder }),
  z.object({ product: z.literal('contract'), ...Owner, order: ContractOrder }),
  z.object({ product: z.literal('options'), ...Owner, order: OptionsOrder }),
  z.object({ product: z.literal('convert'), ...Owner, order: ConvertOrder }),
]);
export type StaffOrder = z.infer<typeof StaffOrder>;

/** Every state name of every product, for the state filter. */
export const StaffOrderState = z.enum([
  'waiting',
  'filled',
  'cancelled',
  'revoked',
  'awaiting',
  'open',
  'closed',
  'running',
  'won',
  'lost',
  'draw',
]);
export type StaffOrderState = z.infer<typeof StaffOrderState>;

/** Newest first. Read-only: staff cannot change an order's outcome (integrity rule 1). */
export const listStaffOrders = route({
  method: 'GET',
  path: '/swx/admin/orders',
  query: PageQuery.extend({
    product: TradeProduct,
    userId: z.coerce.number().int().positive().optional(),
    code: z
      .string()
      .regex(/^[A-Z0-9]{2,20}$/)
      .optional(),
    state: StaffOrderState.optional(),
  }),
  reply: envelope(pageOf(StaffOrder)),
});

/**
 * Ends the waiting spot orders and awaiting contract orders of a disabled instrument as revoked
 * (cancelled), their frozen funds, margins and fees returned through the ledger. 10136 while the
 * instrument is enabled.
 */
export const revokeInstrumentOrders = route({
  method: 'POST',
  path: '/swx/admin/instruments/:id/revoke',
  params: z.object({ id: z.coerce.number().int().positive() }),
  reply: envelope(
    z.object({ code: z.string(), spot: z.number().int(), contract: z.number().int() }),
  ),
});

// ---- instruments (admin) ----

export const AdminInstrument = z.object({
  id: z.number().int(),
  code: z.string(),
  type: z.number().int().min(1).max(6),
  name: z.string(),
  logo: z.string(),
  precision: z.number().int(),
  contractSize: z.string(),
  leverages: z.array(z.number().int()),
  calendar: z.enum(['always', 'fx', 'us_equity', 'cme_globex']),
  spread: z.string(),
  /** Fee rate of spot and contract orders here; null: the products' parameters apply. */
  feeRate: z.string().nullable(),
  enabled: z.boolean(),
  sort: z.number().int(),
  updatedAt: IsoDateTime,
});
export type AdminInstrument = z.infer<typeof AdminInstrument>;

export const listAdminInstruments = route({
  method: 'GET',
  path: '/swx/admin/instruments',
  reply: envelope(z.array(AdminInstrument)),
});

/** Trading settings only: nothing here can move a price (integrity rule 1). */
export const updateInstrument = route({
  method: 'POST',
  path: '/swx/admin/instruments/:id',
  params: z.object({ id: z.coerce.number().int().positive() }),
  body: z.object({
    enabled: z.boolean().optional(),
    sort: z.number().int().min(0).max(100_000).optional(),
    spread: z
      .string()
      .regex(/^0(\.\d{1,8})?$/)
      .optional(),
    leverages: z.array(z.number().int().min(1).max(500)).min(1).max(12).optional(),
    contractSize: z
      .string()
      .regex(/^(0|[1-9]\d{0,11})(\.\d{1,8})?$/)
      .optional(),
    calendar: z.enum(['always', 'fx', 'us_equity', 'cme_globex']).optional(),
    /** At most 10 %; null returns the instrument to the products' parameters. */
    feeRate: z
      .string()
      .regex(/^(0(\.0\d{0,7})?|0\.10{0,7})$/)
      .nullable()
      .optional(),
  }),
  reply: envelope(AdminInstrument),
});
