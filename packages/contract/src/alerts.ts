import { z } from 'zod';
import { DecimalString, envelope, IsoDateTime, PositiveDecimalString } from './common';
import { route } from './route';

/** At or above a level, at or below one, or a move of a percentage either way. */
export const AlertType = z.enum(['above', 'below', 'move']);
export type AlertType = z.infer<typeof AlertType>;

export const PriceAlert = z.object({
  id: z.number().int(),
  code: z.string(),
  type: AlertType,
  /** The price when the alert was set. */
  reference: DecimalString,
  /** A move's size as a share, e.g. "0.05" for 5 %. */
  percent: DecimalString.nullable(),
  /** Where it fires going up and going down. */
  upLevel: DecimalString.nullable(),
  downLevel: DecimalString.nullable(),
  state: z.enum(['active', 'triggered', 'cancelled']),
  createdAt: IsoDateTime,
  triggeredAt: IsoDateTime.nullable(),
  /** The feed tick that fired it. */
  tickPrice: DecimalString.nullable(),
  tickTs: IsoDateTime.nullable(),
});
export type PriceAlert = z.infer<typeof PriceAlert>;

/** The caller's alerts, active first (at most 100). */
export const listAlert = route({
  method: 'GET',
  path: '/swx/customer/user/listAlert',
  reply: envelope(z.array(PriceAlert)),
});

/**
 * Sets an alert: `price` for above and below (10161 when the feed is already there), `percent`
 * (0.1 to 50) for a move; at most 50 active (10162); an instrument that is not offered is 10135.
 */
export const addAlert = route({
  method: 'POST',
  path: '/swx/customer/user/alert',
  body: z.object({
    code: z.string().trim().min(1).max(30),
    type: AlertType,
    price: PositiveDecimalString.optional(),
    percent: PositiveDecimalString.optional(),
  }),
  reply: envelope(PriceAlert),
  fieldCodes: { code: 10135, price: 10161, percent: 10163 },
});

export const deleteAlert = route({
  method: 'POST',
  path: '/swx/customer/user/alert/delete',
  body: z.object({ id: z.number().int().positive() }),
  reply: envelope(z.array(PriceAlert)),
});
