import {
  createStaff,
  listStaff,
  resetStaffCredentials as resetStaffCredentialsRoute,
  staffChangePassword,
  staffLogin,
  staffLogout,
  staffMe,
  staffTotp,
  updateStaff,
} from '@swx/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SessionPolicy } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { staffActorOf } from '../../platform/http';
import { ok } from '../../platform/reply';
import {
  changePassword,
  createStaffMember,
  finishLogin,
  getMe,
  listStaffMembers,
  logout,
  resetStaffCredentials,
  startLogin,
  updateStaffMember,
} from './staff.service';

const tags = ['admin'];
/** Sign-in steps are throttled per address, on top of the global limit. */
const signInLimit = { rateLimit: { max: 10, timeWindow: 60_000 } };

export function staffRoutes(db: Db, policy: SessionPolicy): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      staffLogin.path,
      {
        config: signInLimit,
        schema: { tags, body: staffLogin.body, response: { 200: staffLogin.reply } },
      },
      async (request) => ok(request, await startLogin(db, request.body)),
    );
    app.post(
      staffTotp.path,
      {
        config: signInLimit,
        schema: { tags, body: staffTotp.body, response: { 200: staffTotp.reply } },
      },
      async (request) =>
        ok(
          request,
          await finishLogin(db, request.body, {
            policy,
            ip: request.ip,
            userAgent: request.headers['user-agent'],
          }),
        ),
    );
    app.get(
      staffMe.path,
      {
        config: { auth: 'staff', allowPendingPassword: true },
        schema: { tags, response: { 200: staffMe.reply } },
      },
      async (request) => ok(request, await getMe(db, staffActorOf(request).staffId)),
    );
    app.post(
      staffChangePassword.path,
      {
        config: { auth: 'staff', allowPendingPassword: true },
        schema: {
          tags,
          body: staffChangePassword.body,
          response: { 200: staffChangePassword.reply },
        },
      },
      async (request) => {
        const actor = staffActorOf(request);
        return ok(request, await changePassword(db, actor, actor.sessionId, request.body), 20005);
      },
    );
    app.post(
      staffLogout.path,
      {
        config: { auth: 'staff', allowPendingPassword: true },
        schema: { tags, response: { 200: staffLogout.reply } },
      },
      async (request) => {
        const actor = staffActorOf(request);
        await logout(db, actor, actor.sessionId);
        return ok(request, null);
      },
    );

    const admin = { auth: 'staff' as const, roles: ['admin' as const] };
    app.get(
      listStaff.path,
      { config: admin, schema: { tags, response: { 200: listStaff.reply } } },
      async (request) => ok(request, await listStaffMembers(db)),
    );
    app.post(
      createStaff.path,
      {
        config: admin,
        schema: { tags, body: createStaff.body, response: { 200: createStaff.reply } },
      },
      async (request) =>
        ok(request, await createStaffMember(db, staffActorOf(request), request.body)),
    );
    app.post(
      updateStaff.path,
      {
        config: admin,
        schema: {
          tags,
          params: updateStaff.params,
          body: updateStaff.body,
          response: { 200: updateStaff.reply },
        },
      },
      async (request) =>
        ok(
          request,
          await updateStaffMember(db, staffActorOf(request), request.params.id, request.body),
          20005,
        ),
    );
    app.post(
      resetStaffCredentialsRoute.path,
      {
        config: admin,
        schema: {
          tags,
          params: resetStaffCredentialsRoute.params,
          response: { 200: resetStaffCredentialsRoute.reply },
        },
      },
      async (request) =>
        ok(request, await resetStaffCredentials(db, staffActorOf(request), request.params.id)),
    );
  };
}
