import {
  getNotificationPrefs,
  listNotification,
  readNotification,
  setNotificationPref,
  unreadNotification,
} from '@swx/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../platform/db';
import { userIdOf } from '../../platform/http';
import { ok } from '../../platform/reply';
import {
  countUnread,
  listNotifications,
  markRead,
  notificationPrefsOf,
  setNotificationPref as savePref,
} from './notifications.service';

const tags = ['user'];

export function notificationsRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      getNotificationPrefs.path,
      { config: { auth: 'user' }, schema: { tags, response: { 200: getNotificationPrefs.reply } } },
      async (request) => ok(request, await notificationPrefsOf(db, userIdOf(request))),
    );
    app.post(
      setNotificationPref.path,
      {
        config: { auth: 'user' },
        schema: {
          tags,
          body: setNotificationPref.body,
          response: { 200: setNotificationPref.reply },
        },
      },
      async (request) => ok(request, await savePref(db, userIdOf(request), request.body)),
    );
    app.get(
      listNotification.path,
      {
        config: { auth: 'user' },
        schema: {
          tags,
          querystring: listNotification.query,
          response: { 200: listNotification.reply },
        },
      },
      async (request) =>
        ok(
          request,
          await listNotifications(
            db,
            userIdOf(request),
            request.query.page,
            request.query.pageSize,
          ),
        ),
    );
    app.get(
      unreadNotification.path,
      { config: { auth: 'user' }, schema: { tags, response: { 200: unreadNotification.reply } } },
      async (request) => ok(request, { unread: await countUnread(db, userIdOf(request)) }),
    );
    app.post(
      readNotification.path,
      {
        config: { auth: 'user' },
        schema: { tags, body: readNotification.body, response: { 200: readNotification.reply } },
      },
      async (request) =>
        ok(request, { unread: await markRead(db, userIdOf(request), request.body.ids) }),
    );
  };
}
