import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../test/support/test-db';
import type { Database } from './db';
import { databaseFileStore, fileStoreFor, localFileStore, type FileStore } from './storage';
import { storedFiles } from './storage.tables';

let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});

const scratch = () => mkdtempSync(join(tmpdir(), 'swx-storage-'));
const bytes = (text: string) => Buffer.from(text, 'utf8');

/** What every store promises, whatever keeps the bytes. */
function behavesAsAStore(make: () => FileStore) {
  it('gives back exactly what was put, under a name of its own', async () => {
    const store = make();
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255]);
    const key = await store.put(png, 'png');
    expect(key).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{32}\.png$/);
    expect(await store.get(key)).toEqual(png);
    expect(await store.put(png, 'png')).not.toBe(key);
  });

  it('answers nothing for unknown keys and for names that are not its own', async () => {
    const store = make();
    const key = await store.put(bytes('x'), 'pdf');
    for (const bad of [
      '../etc/passwd',
      key.replace('.pdf', '.pdf/..'),
      `/${key}`,
      key.toUpperCase(),
      `${key.slice(0, 3)}${'0'.repeat(32)}.pdf`,
    ])
      expect(await store.get(bad), bad).toBeUndefined();
  });

  it('refuses an extension it would not name a file with', async () => {
    const store = make();
    for (const bad of ['', 'p', 'html5x', '../x', 'PNG', 'p g'])
      await expect(store.put(bytes('x'), bad), bad).rejects.toThrow(/extension/);
  });

  it('deletes', async () => {
    const store = make();
    const key = await store.put(bytes('gone soon'), 'jpg');
    await store.delete(key);
    expect(await store.get(key)).toBeUndefined();
  });
}

describe('local disk store', () => {
  behavesAsAStore(() => localFileStore(scratch()));

  it('leaves no temporary file behind', async () => {
    const root = scratch();
    const key = await localFileStore(root).put(bytes('whole'), 'png');
    expect(readdirSync(join(root, key.slice(0, 2)))).toEqual([key.slice(3)]);
  });
});

describe('database store', () => {
  behavesAsAStore(() => databaseFileStore(database.db));

  it('is shared: what one node puts, another node reads and deletes', async () => {
    const first = databaseFileStore(database.db, localFileStore(scratch()));
    const second = databaseFileStore(database.db, localFileStore(scratch()));
    const key = await first.put(bytes('agreement'), 'pdf');
    expect((await second.get(key))?.toString()).toBe('agreement');
    await second.delete(key);
    expect(await first.get(key)).toBeUndefined();
  });

  it('keeps the bytes in the database, not on the disk, and still reads files kept on the disk', async () => {
    const root = scratch();
    const disk = localFileStore(root);
    const older = await disk.put(bytes('from before'), 'jpg');
    const store = databaseFileStore(database.db, disk);
    const key = await store.put(bytes('new'), 'jpg');
    const [row] = await database.db.select().from(storedFiles).where(eq(storedFiles.key, key));
    expect(row?.size).toBe(3);
    expect(readdirSync(root, { recursive: true })).toHaveLength(2); // the older file and its dir
    expect((await store.get(older))?.toString()).toBe('from before');
  });

  it('holds binary exactly: every byte value, and a few megabytes', async () => {
    const store = databaseFileStore(database.db);
    const all = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    const large = Buffer.alloc(3 * 1024 * 1024, all);
    expect(await store.get(await store.put(all, 'bin'))).toEqual(all);
    expect((await store.get(await store.put(large, 'bin')))?.equals(large)).toBe(true);
  });
});

describe('the store a node picks', () => {
  it('is the database on a PostgreSQL server, the disk on the embedded one', async () => {
    const root = scratch();
    const store = fileStoreFor(database, root);
    const key = await store.put(bytes('picked'), 'png');
    const [row] = await database.db.select().from(storedFiles).where(eq(storedFiles.key, key));
    const onDisk = readdirSync(root, { recursive: true }).length > 0;
    expect({ inDatabase: row !== undefined, onDisk }).toEqual(
      database.kind === 'postgres'
        ? { inDatabase: true, onDisk: false }
        : { inDatabase: false, onDisk: true },
    );
  });
});
