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
 * Charity NFTs: custodial records on the platform sold by auction or at a buy-now price; every
 * proceed goes to the `charity` account. DOMAIN.md "Charity NFTs".
 */
export const NftState = z.enum(['scheduled', 'live', 'sold', 'unsold', 'cancelled']);
export type NftState = z.infer<typeof NftState>;

export const NftItem = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** The image, served publicly by the platform. */
  imageUrl: z.string(),
  creator: z.string(),
  chain: z.string(),
  contractAddress: z.string(),
  tokenId: z.string(),
  asset: z.string(),
  startingPrice: DecimalString,
  bidIncrement: DecimalString,
  buyNowPrice: DecimalString.nullable(),
  currentBid: DecimalString.nullable(),
  /** The lowest bid accepted now: the starting price, or the current bid plus the increment. */
  minimumBid: DecimalString,
  bidCount: z.number().int(),
  startsAt: IsoDateTime,
  endsAt: IsoDateTime,
  state: NftState,
  /** Set once sold: the price and whether it was bought outright. */
  soldPrice: DecimalString.nullable(),
  soldAt: IsoDateTime.nullable(),
  /** The winner's masked name, once sold. */
  owner: z.string().nullable(),
});
export type NftItem = z.infer<typeof NftItem>;

export const NftBid = z.object({
  id: z.number().int(),
  itemId: z.number().int(),
  /** The bidder's masked name. */
  bidder: z.string(),
  amount: DecimalString,
  state: z.enum(['leading', 'outbid', 'won', 'refunded']),
  at: IsoDateTime,
});
export type NftBid = z.infer<typeof NftBid>;

export const listNft = route({
  method: 'GET',
  path: '/swx/customer/index/listNft',
  query: PageQuery.extend({
    search: z.string().trim().max(80).optional(),
    state: z.enum(['live', 'scheduled', 'ended']).optional(),
  }),
  reply: envelope(pageOf(NftItem).extend({ donationTotal: DecimalString })),
});

/** One item with its bid history, newest first. */
export const getNft = route({
  method: 'GET',
  path: '/swx/customer/index/getNft/:id',
  params: z.object({ id: z.coerce.number().int().positive() }),
  reply: envelope(NftItem.extend({ bids: z.array(NftBid) })),
});

export const NFT_IMAGE_PATH = '/swx/customer/index/nftImage/:id';

/** My NFTs (won or bought) and my bids. */
export const listMyNft = route({
  method: 'GET',
  path: '/swx/customer/user/listNft',
  reply: envelope(
    z.object({
      owned: z.array(NftItem),
      bids: z.array(NftBid.extend({ item: NftItem })),
    }),
  ),
});

/**
 * A bid (frozen until outbid, refunded at once then) or buy-now (paid to charity, the item
 * transferred). 10020 when the item is not live; 10152 a bid below the minimum or at or above the
 * buy-now price; 10092 not enough available. Real money only.
 */
export const buyNft = route({
  method: 'POST',
  path: '/swx/customer/user/buyNft',
  body: z.object({
    id: z.number().int().positive(),
    kind: z.enum(['bid', 'buyNow']),
    amount: PositiveDecimalString.optional(),
  }),
  reply: envelope(NftItem),
  idempotent: true,
  fieldCodes: { amount: 10152 },
});

// ---- back office ----

export const NftItemInput = z.object({
  name: z.string().trim().min(1).max(80),
  description: z.string().trim().max(1000),
  creator: z.string().trim().min(1).max(80),
  chain: z.string().trim().min(1).max(40),
  contractAddress: z.string().trim().min(1).max(100),
  tokenId: z.string().trim().min(1).max(80),
  startingPrice: PositiveDecimalString,
  bidIncrement: PositiveDecimalString,
  buyNowPrice: PositiveDecimalString.nullable(),
  startsAt: IsoDateTime,
  endsAt: IsoDateTime,
});
export type NftItemInput = z.infer<typeof NftItemInput>;

export const listAdminNft = route({
  method: 'GET',
  path: '/swx/admin/nfts',
  query: PageQuery,
  reply: envelope(pageOf(NftItem)),
});

/** The image comes as a data URL (PNG or JPEG, checked and re-encoded like every upload). */
export const createNft = route({
  method: 'POST',
  path: '/swx/admin/nfts',
  body: NftItemInput.extend({ image: z.string().max(3_000_000) }),
  reply: envelope(NftItem),
});

/** Cancels an auction that has not ended: the leading bid is refunded in full. */
export const cancelNft = route({
  method: 'POST',
  path: '/swx/admin/nfts/:id/cancel',
  params: z.object({ id: z.coerce.number().int().positive() }),
  reply: envelope(NftItem),
});
