import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedDatabase } from '../../../test/support/test-db';
import type { Database } from '../../platform/db';
import { recordAudit, verifyAuditChain } from './audit.service';

let database: Database;
beforeAll(async () => {
  database = await isolatedDatabase('audit');
});
afterAll(() => database?.close());

const actor = { staffId: 1, actor: 'admin', ip: '127.0.0.1' };
const append = (action: string, detail: Record<string, unknown> = {}) =>
  database.db.transaction((tx) => recordAudit(tx, { ...actor, action, target: 'test:1', detail }));

describe('audit log', () => {
  it('chains entries and verifies an intact chain', async () => {
    await append('test.one', { b: 2, a: 1 });
    await append('test.two', { nested: { list: [1, 'x'] } });
    expect(await verifyAuditChain(database.db)).toEqual({ ok: true, checked: 2, brokenAt: null });
  });

  it('stays a single chain under concurrent appends', async () => {
    await Promise.all(Array.from({ length: 30 }, (_, i) => append('test.concurrent', { i })));
    const result = await verifyAuditChain(database.db);
    expect(result.ok).toBe(true);
    expect(result.checked).toBe(32);
  });

  it('refuses UPDATE, DELETE and TRUNCATE', async () => {
    await expect(
      database.db.execute(sql`update audit_log set action = 'x' where id = 1`),
    ).rejects.toThrow();
    await expect(database.db.execute(sql`delete from audit_log where id = 1`)).rejects.toThrow();
    await expect(database.db.execute(sql`truncate audit_log`)).rejects.toThrow();
  });

  it('detects an edited row even when the append-only guard is bypassed', async () => {
    await database.db.execute(sql`alter table audit_log disable trigger audit_log_no_update`);
    await database.db.execute(sql`update audit_log set detail = '{"i": 999}'::jsonb where id = 5`);
    expect(await verifyAuditChain(database.db)).toEqual({ ok: false, checked: 4, brokenAt: 5 });
  });
});
