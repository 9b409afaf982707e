import { z } from 'zod';
import { DecimalString, IsoDateTime, PageQuery, envelope, pageOf } from './common';
import { route } from './route';

// The invitation programme: the user's friends, levels and commissions.

export const InvitedFriend = z.object({
  /** Masked: the first and last characters of the username. */
  username: z.string(),
  registeredAt: IsoDateTime,
  funded: z.boolean(),
  traded: z.boolean(),
});

export const getInviteInfo = route({
  method: 'GET',
  path: '/swx/customer/user/inviteInfo',
  reply: envelope(
    z.object({
      code: z.string(),
      link: z.string(),
      /** The link as an SVG QR code. */
      qrSvg: z.string(),
      friends: z.array(InvitedFriend),
    }),
  ),
});

/** A level of the invitation programme: from this many qualified friends, this share of fees. */
export const InviteLevel = z.object({
  level: z.number().int().nonnegative(),
  /** Friends who have both funded and traded (real money) needed for the level. */
  friends: z.number().int().nonnegative(),
  /** Share of those friends' trading fees paid to the inviter each day, e.g. "0.1". */
  rate: DecimalString,
});
export type InviteLevel = z.infer<typeof InviteLevel>;

/** The levels (parameters), and for a logged-in customer where they stand. */
export const listLevel = route({
  method: 'GET',
  path: '/swx/customer/index/listLevel',
  reply: envelope(
    z.object({
      levels: z.array(InviteLevel),
      me: z
        .object({
          qualifiedFriends: z.number().int().nonnegative(),
          level: z.number().int().nonnegative(),
          rate: DecimalString,
          /** The next level, or null at the top. */
          next: InviteLevel.nullable(),
        })
        .nullable(),
    }),
  ),
});

/** One day's commission: the friends' fees of that UTC day, the level and what was paid. */
export const InviteCommission = z.object({
  id: z.number().int(),
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  asset: z.string(),
  fees: DecimalString,
  level: z.number().int().nonnegative(),
  rate: DecimalString,
  qualifiedFriends: z.number().int().nonnegative(),
  amount: DecimalString,
});
export type InviteCommission = z.infer<typeof InviteCommission>;

export const listCommission = route({
  method: 'GET',
  path: '/swx/customer/user/listCommission',
  query: PageQuery,
  reply: envelope(pageOf(InviteCommission)),
});
