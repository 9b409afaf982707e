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

// Convert (dh): a quote valid for a few seconds, then its acceptance.

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
