import { dec } from '@swx/money';
import type { EventBus } from '../../platform/bus';
import type { Db, Executor, Tx } from '../../platform/db';
import {
  FEE_KINDS,
  post,
  selectFeesByPayer,
  selectUsersWithEntries,
  TRADE_KINDS,
  transferPostings,
  type AccountRef,
} from '../ledger';
import { selectAllParams, type ParamsReader } from '../params';
import { addNotifications } from '../notifications';
import { selectFundedFriends, selectInviters } from '../users';
import { insertCommission, selectCommissions } from './invitations.repo';
import {
  commissionOf,
  dayOf,
  LEVEL_PARAMS,
  levelFor,
  levelsFrom,
  type InviteLevel,
} from './invitations.rules';
import type { InviteCommissionRow } from './invitations.tables';

export interface InviteDeps {
  db: Db;
  bus: EventBus;
  params: ParamsReader;
  /** The platform's clock (the fake one in tests). */
  now: () => Date;
}

const FEES: AccountRef = { owner: 'system', name: 'fees' };

/** The levels as the parameters set them now (read through the cache, or from `tx` in a job). */
export async function currentLevels(params: Pick<ParamsReader, 'get'>): Promise<InviteLevel[]> {
  const values = await Promise.all(
    LEVEL_PARAMS.map(async (p) => ({
      friends: p.friends ? Number(await params.get(p.friends)) : 0,
      rate: await params.get(p.rate),
    })),
  );
  return levelsFrom(values);
}

/** The levels as stored, read in the job's own transaction (no cache on the settling path). */
export async function storedLevels(tx: Executor): Promise<InviteLevel[]> {
  const values = new Map((await selectAllParams(tx)).map((r) => [r.key, r.value]));
  return currentLevels({
    get: async (key) => {
      const value = values.get(key);
      if (value === undefined) throw new Error(`parameter ${key} is missing`);
      return value;
    },
  });
}

/** Each inviter's friends who had funded and traded (real money) by `before`. */
export async function qualifiedFriends(
  db: Executor,
  before: Date,
  inviterIds?: readonly number[],
): Promise<Map<number, number>> {
  const funded = await selectFundedFriends(db, before, inviterIds);
  const traded = await selectUsersWithEntries(db, {
    userIds: funded.map((f) => f.id),
    kinds: TRADE_KINDS,
    mode: 'real',
    before,
  });
  const counts = new Map<number, number>();
  for (const f of funded) {
    if (traded.has(f.id)) counts.set(f.inviterId, (counts.get(f.inviterId) ?? 0) + 1);
  }
  return counts;
}

/**
 * Pays each inviter the level's share of their friends' real trading fees of the day that starts
 * at `start` (UTC), from `fees`, once per inviter, day and asset. The level counts the friends
 * qualified by the day's end. Answers the commissions paid now.
 */
export async function payCommissions(
  tx: Tx,
  start: Date,
  levels: readonly InviteLevel[],
): Promise<{ paid: InviteCommissionRow[]; publish: (bus: EventBus) => Promise<void> }> {
  const end = new Date(start.getTime() + 86_400_000);
  const day = dayOf(start);
  const fees = await selectFeesByPayer(tx, {
    kinds: FEE_KINDS,
    mode: 'real',
    from: start,
    to: end,
  });
  const inviters = await selectInviters(
    tx,
    fees.map((f) => f.userId),
  );
  const owed = new Map<string, { inviterId: number; asset: string; fees: string }>();
  for (const fee of fees) {
    const inviterId = inviters.get(fee.userId);
    if (inviterId === undefined) continue;
    const key = `${inviterId}:${fee.asset}`;
    const sum = owed.get(key);
    owed.set(key, {
      inviterId,
      asset: fee.asset,
      fees: dec(sum?.fees ?? '0')
        .plus(fee.total)
        .toFixed(),
    });
  }
  if (owed.size === 0) return { paid: [], publish: async () => undefined };
  const qualified = await qualifiedFriends(tx, end, [
    ...new Set([...owed.values()].map((o) => o.inviterId)),
  ]);
  const paid: InviteCommissionRow[] = [];
  for (const o of [...owed.values()].sort(
    (a, b) => a.inviterId - b.inviterId || (a.asset < b.asset ? -1 : 1),
  )) {
    const friends = qualified.get(o.inviterId) ?? 0;
    const level = levelFor(levels, friends);
    const amount = commissionOf(o.fees, level.rate, o.asset);
    const row = await insertCommission(tx, {
      inviterId: o.inviterId,
      day,
      asset: o.asset,
      fees: o.fees,
      level: level.level,
      rate: level.rate,
      qualifiedFriends: friends,
      amount,
    });
    if (!row) continue;
    if (!dec(amount).isZero()) {
      await post(tx, {
        kind: 'invite.commission',
        ref: `${o.inviterId}:${day}:${o.asset}`,
        mode: 'real',
        postings: transferPostings(
          FEES,
          { owner: 'user', userId: o.inviterId, bucket: 'available' },
          o.asset,
          amount,
        ),
        memo: { day, level: String(level.level), rate: level.rate },
        at: end,
      });
    }
    paid.push(row);
  }
  const notes = await addNotifications(
    tx,
    paid
      .filter((r) => !dec(r.amount).isZero())
      .map((r) => ({
        userId: r.inviterId,
        kind: 'invite_commission' as const,
        params: { amount: dec(r.amount).toFixed(), asset: r.asset, day },
      })),
  );
  return { paid, publish: notes.publish };
}

/** The levels, and where the user stands: qualified friends now, level, the next one. */
export async function levelInfo(deps: InviteDeps, userId: number | undefined) {
  const levels = await currentLevels(deps.params);
  if (userId === undefined) return { levels, me: null };
  const qualified = (await qualifiedFriends(deps.db, deps.now(), [userId])).get(userId) ?? 0;
  const level = levelFor(levels, qualified);
  const next = levels.find((l) => l.level === level.level + 1) ?? null;
  return {
    levels,
    me: { qualifiedFriends: qualified, level: level.level, rate: level.rate, next },
  };
}

export async function listCommissions(
  deps: InviteDeps,
  userId: number,
  page: { page: number; pageSize: number },
) {
  const { list, total } = await selectCommissions(deps.db, userId, page);
  return {
    list: list.map((r) => ({
      id: r.id,
      day: r.day,
      asset: r.asset,
      fees: dec(r.fees).toFixed(),
      level: r.level,
      rate: dec(r.rate).toFixed(),
      qualifiedFriends: r.qualifiedFriends,
      amount: dec(r.amount).toFixed(),
    })),
    total,
    ...page,
  };
}
