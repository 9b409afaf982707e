import type { NftBid, NftItem } from '@swx/contract';
import { dec } from '@swx/money';
import type { EventBus } from '../../platform/bus';
import type { Db, Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { publishTopic, publishUserEvent } from '../../platform/socket-hub';
import type { FileStore } from '../../platform/storage';
import { post, transferPostings, type AccountRef } from '../ledger';
import { addNotification } from '../notifications';
import { usernamesOf } from '../users';
import {
  insertBid,
  leadingBid,
  lockEnded,
  lockItem,
  selectBids,
  selectDonationTotal,
  selectItem,
  selectItemPage,
  selectItems,
  selectOwned,
  selectUserBids,
  setBidState,
  updateItem,
  type NftBidRow,
  type NftItemRow,
} from './nfts.repo';
import { bidFits, maskName, minimumBid, stateAt, takesBids } from './nfts.rules';

export interface NftDeps {
  db: Db;
  bus: EventBus;
  store: FileStore;
  maxBytes: number;
  /** The platform's clock (the fake one in tests). */
  now: () => Date;
}

const CHARITY: AccountRef = { owner: 'system', name: 'charity' };
const bucket = (userId: number, name: 'available' | 'frozen'): AccountRef => ({
  owner: 'user',
  userId,
  bucket: name,
});

export function imagePath(id: number): string {
  return `/swx/customer/index/nftImage/${id}`;
}

export function toItem(row: NftItemRow, now: Date, owner?: string): NftItem {
  const money = (v: string | null) => (v === null ? null : dec(v).toFixed());
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    imageUrl: imagePath(row.id),
    creator: row.creator,
    chain: row.chain,
    contractAddress: row.contractAddress,
    tokenId: row.tokenId,
    asset: row.asset,
    startingPrice: dec(row.startingPrice).toFixed(),
    bidIncrement: dec(row.bidIncrement).toFixed(),
    buyNowPrice: money(row.buyNowPrice),
    currentBid: money(row.currentBid),
    minimumBid: minimumBid(row),
    bidCount: row.bidCount,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    state: stateAt(row, now),
    soldPrice: money(row.soldPrice),
    soldAt: row.soldAt?.toISOString() ?? null,
    owner: owner === undefined ? null : maskName(owner),
  };
}

async function itemsWithOwners(deps: NftDeps, rows: NftItemRow[]): Promise<NftItem[]> {
  const owners = rows.flatMap((r) => (r.ownerId === null ? [] : [r.ownerId]));
  const names = await usernamesOf(deps.db, [...new Set(owners)]);
  const now = deps.now();
  return rows.map((r) => toItem(r, now, r.ownerId === null ? undefined : names.get(r.ownerId)));
}

function toBid(row: NftBidRow, names: ReadonlyMap<number, string>): NftBid {
  return {
    id: row.id,
    itemId: row.itemId,
    bidder: maskName(names.get(row.userId) ?? '?'),
    amount: dec(row.amount).toFixed(),
    state: row.state,
    at: row.at.toISOString(),
  };
}

export async function listItems(
  deps: NftDeps,
  q: {
    search?: string | undefined;
    state?: 'live' | 'scheduled' | 'ended' | undefined;
    page: number;
    pageSize: number;
  },
) {
  const { rows, total } = await selectItemPage(deps.db, { ...q, now: deps.now() });
  return {
    list: await itemsWithOwners(deps, rows),
    total,
    page: q.page,
    pageSize: q.pageSize,
    donationTotal: dec(await selectDonationTotal(deps.db)).toFixed(),
  };
}

export async function getItem(deps: NftDeps, id: number) {
  const row = await selectItem(deps.db, id);
  if (!row) throw new AppError(10101);
  const bids = await selectBids(deps.db, id);
  const names = await usernamesOf(deps.db, [...new Set(bids.map((b) => b.userId))]);
  const [item] = await itemsWithOwners(deps, [row]);
  return { ...item!, bids: bids.map((b) => toBid(b, names)) };
}

export async function myNfts(deps: NftDeps, userId: number) {
  const [owned, bids] = await Promise.all([
    selectOwned(deps.db, userId),
    selectUserBids(deps.db, userId),
  ]);
  const items = new Map(
    (await selectItems(deps.db, [...new Set(bids.map((b) => b.itemId))])).map((r) => [r.id, r]),
  );
  const names = await usernamesOf(deps.db, [userId]);
  const now = deps.now();
  return {
    owned: await itemsWithOwners(deps, owned),
    bids: bids.flatMap((b) => {
      const item = items.get(b.itemId);
      return item ? [{ ...toBid(b, names), item: toItem(item, now) }] : [];
    }),
  };
}

/** Returns a leading bid's frozen funds in full (outbid, or the auction cancelled). */
async function refund(tx: Tx, bid: NftBidRow, state: 'outbid' | 'refunded', asset: string) {
  await setBidState(tx, bid.id, state);
  await post(tx, {
    kind: 'nft.refund',
    ref: String(bid.id),
    mode: 'real',
    postings: transferPostings(
      bucket(bid.userId, 'frozen'),
      bucket(bid.userId, 'available'),
      asset,
      dec(bid.amount).toFixed(),
    ),
  });
}

type Notice = { publish: (bus: EventBus) => Promise<void> };

async function outbidNotice(tx: Tx, bid: NftBidRow, item: NftItemRow): Promise<Notice> {
  return addNotification(tx, {
    userId: bid.userId,
    kind: 'nft_outbid',
    params: { name: item.name, amount: dec(bid.amount).toFixed(), asset: item.asset },
  });
}

/** Tells the item's viewers, and each user concerned, after the commit. */
async function announce(deps: NftDeps, item: NftItemRow, users: number[], notes: Notice[]) {
  await publishTopic(deps.bus, `nft:${item.id}`, {
    id: item.id,
    state: stateAt(item, deps.now()),
    currentBid: item.currentBid === null ? null : dec(item.currentBid).toFixed(),
    bidCount: item.bidCount,
  });
  for (const userId of new Set(users)) {
    await publishUserEvent(deps.bus, userId, 'order', { product: 'nft', id: item.id });
    await publishUserEvent(deps.bus, userId, 'balance', { mode: 'real' });
  }
  for (const note of notes) await note.publish(deps.bus);
}

/**
 * A bid or buy-now on a live item, decided under the item's row lock: a bid from the minimum up
 * to the buy-now price freezes the amount and refunds the bid it beats at once; buy-now pays the
 * price to charity, refunds the leading bid and transfers the item. 10020 when the item takes no
 * bids, 10152 for a bid out of range, 10092 when available is short (nothing changes then).
 */
export async function buyItem(
  deps: NftDeps,
  userId: number,
  body: { id: number; kind: 'bid' | 'buyNow'; amount?: string | undefined },
): Promise<NftItem> {
  const now = deps.now();
  const { item, users, notes } = await deps.db.transaction(async (tx) => {
    const item = await lockItem(tx, body.id);
    if (!item) throw new AppError(10101);
    if (!takesBids(item, now)) throw new AppError(10020);
    const leading = await leadingBid(tx, item.id);
    const users = [userId];
    const notes: Notice[] = [];
    if (body.kind === 'bid') {
      if (!body.amount || !bidFits(item, body.amount)) throw new AppError(10152);
      const amount = dec(body.amount).toFixed();
      if (leading) {
        await refund(tx, leading, 'outbid', item.asset);
        users.push(leading.userId);
        if (leading.userId !== userId) notes.push(await outbidNotice(tx, leading, item));
      }
      const bid = await insertBid(tx, {
        itemId: item.id,
        userId,
        amount,
        state: 'leading',
        at: now,
      });
      await post(tx, {
        kind: 'nft.bid',
        ref: String(bid.id),
        mode: 'real',
        postings: transferPostings(
          bucket(userId, 'available'),
          bucket(userId, 'frozen'),
          item.asset,
          amount,
        ),
      });
      const updated = await updateItem(tx, item.id, {
        currentBid: amount,
        leaderId: userId,
        bidCount: item.bidCount + 1,
      });
      return { item: updated, users, notes };
    }
    if (item.buyNowPrice === null) throw new AppError(10020);
    if (leading) {
      await refund(tx, leading, 'outbid', item.asset);
      users.push(leading.userId);
      if (leading.userId !== userId) notes.push(await outbidNotice(tx, leading, item));
    }
    const price = dec(item.buyNowPrice).toFixed();
    await post(tx, {
      kind: 'nft.buy',
      ref: String(item.id),
      mode: 'real',
      postings: transferPostings(bucket(userId, 'available'), CHARITY, item.asset, price),
    });
    const sold = await updateItem(tx, item.id, {
      state: 'sold',
      ownerId: userId,
      soldPrice: price,
      soldAt: now,
    });
    notes.push(
      await addNotification(tx, {
        userId,
        kind: 'nft_won',
        params: { name: item.name, amount: price, asset: item.asset },
      }),
    );
    return { item: sold, users, notes };
  });
  await announce(deps, item, users, notes);
  const [view] = await itemsWithOwners(deps, [item]);
  return view!;
}

/**
 * Closes every auction that ended by `by`, each once: the leading bid wins (its frozen funds go
 * to charity, the item to the bidder, sold at the end), else the item is unsold.
 */
export async function closeEnded(tx: Tx, by: Date, limit = 200) {
  const closed: { item: NftItemRow; users: number[]; notes: Notice[] }[] = [];
  for (const item of await lockEnded(tx, by, limit)) {
    const leading = await leadingBid(tx, item.id);
    if (!leading) {
      closed.push({
        item: await updateItem(tx, item.id, { state: 'unsold' }),
        users: [],
        notes: [],
      });
      continue;
    }
    await setBidState(tx, leading.id, 'won');
    await post(tx, {
      kind: 'nft.win',
      ref: String(item.id),
      mode: 'real',
      postings: transferPostings(
        bucket(leading.userId, 'frozen'),
        CHARITY,
        item.asset,
        dec(leading.amount).toFixed(),
      ),
    });
    const sold = await updateItem(tx, item.id, {
      state: 'sold',
      ownerId: leading.userId,
      soldPrice: leading.amount,
      soldAt: item.endsAt,
    });
    const note = await addNotification(tx, {
      userId: leading.userId,
      kind: 'nft_won',
      params: { name: item.name, amount: dec(leading.amount).toFixed(), asset: item.asset },
    });
    closed.push({ item: sold, users: [leading.userId], notes: [note] });
  }
  return closed;
}

export async function announceClosed(
  deps: Pick<NftDeps, 'bus' | 'now'>,
  closed: Awaited<ReturnType<typeof closeEnded>>,
) {
  for (const { item, users, notes } of closed) {
    await announce(deps as NftDeps, item, users, notes);
  }
}

/** Cancels an open auction (admin): the leading bid is refunded in full. */
export async function cancelItem(
  deps: NftDeps,
  id: number,
  audit: (tx: Tx, row: NftItemRow) => Promise<void>,
) {
  const { item, users } = await deps.db.transaction(async (tx) => {
    const item = await lockItem(tx, id);
    if (!item) throw new AppError(10101);
    if (item.state !== 'open') throw new AppError(10020);
    const leading = await leadingBid(tx, item.id);
    if (leading) await refund(tx, leading, 'refunded', item.asset);
    const cancelled = await updateItem(tx, item.id, { state: 'cancelled' });
    await audit(tx, cancelled);
    return { item: cancelled, users: leading ? [leading.userId] : [] };
  });
  await announce(deps, item, users, []);
  return toItem(item, deps.now());
}
