import { randomUUID } from 'node:crypto';
import { asc, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../../test/support/test-db';
import { createMemoryBus } from '../../platform/bus';
import type { Database } from '../../platform/db';
import { USER_EVENTS_CHANNEL } from '../../platform/socket-hub';
import { insertUser } from '../users';
import { addNotifications } from './notifications.service';
import { notificationPrefs, notifications } from './notifications.tables';

let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});

const newUser = () => insertUser(database.db, { username: `n_${randomUUID().slice(0, 12)}` });

describe('addNotifications', () => {
  it('stores a batch in one go, in order, without the kinds each user turned off', async () => {
    const [a, b] = [await newUser(), await newUser()];
    // a turned off settled options; a row for a kind that is always sent cannot hold it back.
    await database.db.insert(notificationPrefs).values([
      { userId: a, kind: 'option_settled', enabled: false },
      { userId: a, kind: 'new_device_login', enabled: false },
      { userId: b, kind: 'price_alert', enabled: false },
    ]);
    const added = await addNotifications(database.db, [
      { userId: a, kind: 'option_settled', params: { orderNo: '1' } },
      { userId: b, kind: 'option_settled', params: { orderNo: '2' } },
      { userId: a, kind: 'new_device_login', params: { ip: '127.0.0.1' } },
      { userId: b, kind: 'option_settled', params: { orderNo: '3' } },
    ]);
    const stored = await database.db
      .select({
        id: notifications.id,
        userId: notifications.userId,
        kind: notifications.kind,
        params: notifications.params,
      })
      .from(notifications)
      .where(inArray(notifications.userId, [a, b]))
      .orderBy(asc(notifications.id));
    expect(stored.map((n) => [n.userId, n.kind, n.params])).toEqual([
      [b, 'option_settled', { orderNo: '2' }],
      [a, 'new_device_login', { ip: '127.0.0.1' }],
      [b, 'option_settled', { orderNo: '3' }],
    ]);
    expect(added.ids).toEqual(stored.map((n) => n.id));

    // After the commit, one bus message tells each owner of each stored notification.
    const bus = createMemoryBus();
    const heard: unknown[] = [];
    bus.subscribe(USER_EVENTS_CHANNEL, (message) => heard.push(message));
    await added.publish(bus);
    expect(heard).toEqual([
      stored.map((n) => ({
        userId: n.userId,
        type: 'notification',
        data: { id: n.id, kind: n.kind },
      })),
    ]);
  });

  it('stores nothing and tells no one when every kind is turned off or the batch is empty', async () => {
    const a = await newUser();
    await database.db
      .insert(notificationPrefs)
      .values({ userId: a, kind: 'price_alert', enabled: false });
    const bus = createMemoryBus();
    const heard: unknown[] = [];
    bus.subscribe(USER_EVENTS_CHANNEL, (message) => heard.push(message));
    for (const batch of [[], [{ userId: a, kind: 'price_alert' as const }]]) {
      const added = await addNotifications(database.db, batch);
      expect(added.ids).toEqual([]);
      await added.publish(bus);
    }
    expect(heard).toEqual([]);
    expect(
      await database.db.select().from(notifications).where(eq(notifications.userId, a)),
    ).toEqual([]);
  });
});
