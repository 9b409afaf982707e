import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const money = (name: string) => numeric(name, { precision: 38, scale: 8 });

/**
 * A charity NFT: a custodial record on the platform, sold by auction between `startsAt` and
 * `endsAt` or at the buy-now price. `state` is open until it is sold, unsold (ended without a
 * bid) or cancelled; whether an open item is scheduled or live follows from the clock.
 */
export const nftItems = pgTable(
  'nft_items',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    imageKey: text('image_key').notNull(),
    imageType: text('image_type').notNull(),
    creator: text('creator').notNull(),
    chain: text('chain').notNull(),
    contractAddress: text('contract_address').notNull(),
    tokenId: text('token_id').notNull(),
    asset: text('asset').notNull().default('USDT'),
    startingPrice: money('starting_price').notNull(),
    bidIncrement: money('bid_increment').notNull(),
    buyNowPrice: money('buy_now_price'),
    currentBid: money('current_bid'),
    leaderId: bigint('leader_id', { mode: 'number' }),
    bidCount: integer('bid_count').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    state: text('state', { enum: ['open', 'sold', 'unsold', 'cancelled'] }).notNull(),
    ownerId: bigint('owner_id', { mode: 'number' }),
    soldPrice: money('sold_price'),
    soldAt: timestamp('sold_at', { withTimezone: true }),
    createdBy: text('created_by').notNull(),
  },
  (t) => [
    check('nft_items_window', sql`${t.endsAt} > ${t.startsAt}`),
    index('nft_items_state_idx').on(t.state, t.endsAt),
    uniqueIndex('nft_items_token').on(t.chain, t.contractAddress, t.tokenId),
  ],
);

/** Every bid; the leading one holds the bidder's funds frozen until outbid, won or cancelled. */
export const nftBids = pgTable(
  'nft_bids',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    itemId: bigint('item_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    amount: money('amount').notNull(),
    state: text('state', { enum: ['leading', 'outbid', 'won', 'refunded'] }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('nft_bids_item_idx').on(t.itemId, t.id),
    index('nft_bids_user_idx').on(t.userId, t.id),
    uniqueIndex('nft_bids_one_leading')
      .on(t.itemId)
      .where(sql`${t.state} = 'leading'`),
  ],
);
