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

// Short-period options: products, periods and orders with their deciding ticks.

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
