import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../../../scripts/vite-precompress.js';
import { installStaticApps } from './static';

let app: FastifyInstance;
const BIG_SCRIPT = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ row: i, label: `row ${i}` })))};`;
let web: string;

beforeAll(async () => {
  web = mkdtempSync(join(tmpdir(), 'swx-static-'));
  mkdirSync(join(web, 'assets'));
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>SWX</title>');
  writeFileSync(join(web, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(web, 'manifest.webmanifest'), '{"name":"SWX"}');
  writeFileSync(join(web, 'assets', 'index-abc123.js'), 'export {};');
  writeFileSync(join(web, 'assets', 'app-def456.js'), BIG_SCRIPT);
  writeFileSync(join(web, 'assets', 'logo-0a1b2c.png'), Buffer.alloc(4096, 7));
  precompressDir(web);
  app = fastify();
  installStaticApps(app, { web, admin: join(web, 'no-admin') });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  rmSync(web, { recursive: true, force: true });
});

describe('the customer app build (PWA files)', () => {
  it('serves the service worker as JavaScript, revalidated on every update check', async () => {
    const res = await app.inject('/sw.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves the manifest as application/manifest+json', async () => {
    const res = await app.inject('/manifest.webmanifest');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('keeps fingerprinted files immutable and the shell revalidated', async () => {
    const asset = await app.inject('/assets/index-abc123.js');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const shell = await app.inject('/index.html');
    expect(shell.statusCode).toBe(200);
    expect(shell.headers['cache-control']).toBe('no-cache');
    const page = await app.inject('/market');
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-cache');
  });
});

describe('compressed copies written by the build (scripts/vite-precompress.js)', () => {
  it('sends Brotli or gzip to a browser that accepts it, the plain file to one that does not', async () => {
    const br = await app.inject({
      url: '/assets/app-def456.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.length).toBeLessThan(BIG_SCRIPT.length / 4);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_SCRIPT);

    const gz = await app.inject({
      url: '/assets/app-def456.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(BIG_SCRIPT);

    const plain = await app.inject({ url: '/assets/app-def456.js', headers: {} });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_SCRIPT);
  });

  it('leaves small files and images as they are', async () => {
    const small = await app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('export {};');
    const image = await app.inject({
      url: '/assets/logo-0a1b2c.png',
      headers: { 'accept-encoding': 'br' },
    });
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.rawPayload.length).toBe(4096);
  });

  it('never offers a compressed copy as a file of its own to the page fallback', async () => {
    const page = await app.inject({ url: '/market', headers: { 'accept-encoding': 'br' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });
});

describe('fingerprinted files, kept in memory once read', () => {
  it('answers a second request from memory: the file may be gone from the disk by then', async () => {
    const name = 'chunk-9f8e7d.js';
    writeFileSync(join(web, 'assets', name), BIG_SCRIPT);
    precompressDir(web);
    const first = await app.inject({
      url: `/assets/${name}`,
      headers: { 'accept-encoding': 'br' },
    });
    expect(first.statusCode).toBe(200);
    for (const suffix of ['', '.br', '.gz']) rmSync(join(web, 'assets', name + suffix));
    const again = await app.inject({
      url: `/assets/${name}`,
      headers: { 'accept-encoding': 'br' },
    });
    expect(again.statusCode).toBe(200);
    expect(again.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(again.rawPayload).toString()).toBe(BIG_SCRIPT);
    const plain = await app.inject(`/assets/${name}`);
    expect(plain.body).toBe(BIG_SCRIPT);
    expect(plain.headers['content-length']).toBe(String(BIG_SCRIPT.length));
  });

  it('answers 304 to a browser that holds the same copy, and the file to one that does not', async () => {
    const first = await app.inject('/assets/app-def456.js');
    const etag = first.headers.etag;
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    const same = await app.inject({
      url: '/assets/app-def456.js',
      headers: { 'if-none-match': `W/"other", ${String(etag)}` },
    });
    expect(same.statusCode).toBe(304);
    expect(same.rawPayload.length).toBe(0);
    const other = await app.inject({
      url: '/assets/app-def456.js',
      headers: { 'if-none-match': '"other"' },
    });
    expect(other.statusCode).toBe(200);
    expect(other.body).toBe(BIG_SCRIPT);
  });

  it('refuses a Brotli or gzip copy the browser turned down with q=0', async () => {
    const res = await app.inject({
      url: '/assets/app-def456.js',
      headers: { 'accept-encoding': 'br;q=0, gzip;q=0.5' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    const none = await app.inject({
      url: '/assets/app-def456.js',
      headers: { 'accept-encoding': 'br;q=0, gzip;q=0' },
    });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body).toBe(BIG_SCRIPT);
  });

  it("answers a missing file or a name outside assets/ with the catalogue's not found", async () => {
    for (const url of [
      '/assets/missing-000000.js',
      '/assets/..%2Findex.html',
      '/assets/.hidden.js',
      '/assets/a/b.js',
      '/assets/missing-000000.txt',
    ]) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ code: 10109 });
      // A browser or a proxy must not keep the 404 for a year: the file may come with a deploy.
      expect(res.headers['cache-control'] ?? '', url).not.toContain('immutable');
    }
  });

  it('serves a file of another type from the disk, immutable like the rest', async () => {
    writeFileSync(join(web, 'assets', 'notes-123abc.txt'), 'plain words');
    const res = await app.inject('/assets/notes-123abc.txt');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('plain words');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
