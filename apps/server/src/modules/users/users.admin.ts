import {
  getUser,
  listUsers,
  updateUser as updateUserRoute,
  type AdminUserDetail,
  type AdminUserRow,
} from '@swx/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getAddress } from 'ethers';
import { recordAudit } from '../audit';
import { countActiveSessions, revokeAllSessions } from '../../platform/auth';
import type { Db, Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { staffActorOf } from '../../platform/http';
import { ok } from '../../platform/reply';
import { kycStateOf } from '../kyc';
import { selectAllUserBalances } from '../ledger';
import {
  countFailedLogins,
  countFriends,
  searchUsers,
  selectLastLogin,
  selectUserById,
  updateUser,
  type UserRow,
} from './users.repo';

async function toRow(db: Executor, user: UserRow): Promise<AdminUserRow> {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    phone: user.phone,
    walletAddress: user.walletAddress ? getAddress(user.walletAddress) : null,
    status: user.status,
    demoEnabled: user.demoEnabled,
    kycStatus: (await kycStateOf(db, user.id)).status,
    createdAt: user.createdAt.toISOString(),
  };
}

async function detailOf(db: Executor, id: number, now = new Date()): Promise<AdminUserDetail> {
  const user = await selectUserById(db, id);
  if (!user) throw new AppError(10009);
  const inviter = user.invitedBy === null ? undefined : await selectUserById(db, user.invitedBy);
  const [row, friends, activeSessions, lastLogin, failed, balances] = await Promise.all([
    toRow(db, user),
    countFriends(db, id),
    countActiveSessions(db, 'user', id, now),
    selectLastLogin(db, id),
    countFailedLogins(db, id, new Date(now.getTime() - 3_600_000)),
    selectAllUserBalances(db, id),
  ]);
  return {
    ...row,
    googleLinked: user.googleSub !== null,
    inviteCode: user.inviteCode,
    invitedBy: inviter ? { id: inviter.id, username: inviter.username } : null,
    friends,
    locale: user.locale,
    activeSessions,
    lastLoginAt: lastLogin?.toISOString() ?? null,
    failedLoginsLastHour: failed,
    balances,
  };
}

/** Customers in the back office: admin and support manage; KYC reviewers may read. */
export function usersAdminRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    const readers = {
      auth: 'staff' as const,
      roles: ['support' as const, 'kyc' as const, 'finance' as const],
    };
    const managers = { auth: 'staff' as const, roles: ['support' as const] };
    app.get(
      listUsers.path,
      {
        config: readers,
        schema: {
          tags: ['admin'],
          querystring: listUsers.query,
          response: { 200: listUsers.reply },
        },
      },
      async (request) => {
        const { rows, total } = await searchUsers(db, request.query);
        return ok(request, {
          list: await Promise.all(rows.map((u) => toRow(db, u))),
          total,
          page: request.query.page,
          pageSize: request.query.pageSize,
        });
      },
    );
    app.get(
      getUser.path,
      {
        config: readers,
        schema: { tags: ['admin'], params: getUser.params, response: { 200: getUser.reply } },
      },
      async (request) => ok(request, await detailOf(db, request.params.id)),
    );
    app.post(
      updateUserRoute.path,
      {
        config: managers,
        schema: {
          tags: ['admin'],
          params: updateUserRoute.params,
          body: updateUserRoute.body,
          response: { 200: updateUserRoute.reply },
        },
      },
      async (request) => {
        const actor = staffActorOf(request);
        const id = request.params.id;
        const body = request.body;
        await db.transaction(async (tx) => {
          const user = await selectUserById(tx, id);
          if (!user) throw new AppError(10009);
          await updateUser(tx, id, {
            ...(body.status !== undefined ? { status: body.status } : {}),
            ...(body.demoEnabled !== undefined ? { demoEnabled: body.demoEnabled } : {}),
          });
          // A disabled customer is logged out everywhere at once.
          if (body.status === 'disabled') await revokeAllSessions(tx, 'user', id);
          await recordAudit(tx, {
            staffId: actor.staffId,
            actor: actor.actor,
            ip: actor.ip,
            action: 'user.update',
            target: `user:${id}`,
            detail: {
              before: { status: user.status, demoEnabled: user.demoEnabled },
              after: body,
            },
          });
        });
        // Read after the commit, its parts side by side on the pool (not queued on one connection).
        return ok(request, await detailOf(db, id));
      },
    );
  };
}
