import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Plugin } from 'vite';

const webRoot = fileURLToPath(new URL('..', import.meta.url));
const localesDir = fileURLToPath(new URL('../../../packages/i18n/locales', import.meta.url));
const OFFLINE_PREFIX = 'offline.';

interface ManifestChunk {
  file: string;
  src?: string;
  css?: string[];
  assets?: string[];
}

/**
 * The app shell to precache, from Vite's manifest: index.html and every build file except the
 * language catalogues (about 40 % of the bytes, and a reader needs one language of eleven: the
 * worker keeps those it sees the app load).
 */
export function precacheList(manifest: Record<string, ManifestChunk>): string[] {
  const files = new Set<string>(['/index.html']);
  for (const [key, chunk] of Object.entries(manifest)) {
    if (/\/locales\/[^/]+\/[^/]+\.json$/.test(key)) continue;
    for (const file of [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])]) {
      files.add(`/${file}`);
    }
  }
  return [...files].sort();
}

/** `offline.*` of every locale's common.json, without the prefix; a missing key stops the build. */
export function offlineTexts(dir: string): Record<string, Record<string, string>> {
  const table: Record<string, Record<string, string>> = {};
  const reference = readdirSync(dir).includes('en') ? 'en' : undefined;
  if (!reference) throw new Error(`pwa: no English catalogue in ${dir}`);
  const read = (locale: string) =>
    JSON.parse(readFileSync(join(dir, locale, 'common.json'), 'utf8')) as Record<string, string>;
  const keys = Object.keys(read(reference)).filter((key) => key.startsWith(OFFLINE_PREFIX));
  if (keys.length === 0) throw new Error('pwa: common.json has no offline.* messages');
  for (const locale of readdirSync(dir)) {
    const messages = read(locale);
    table[locale] = Object.fromEntries(
      keys.map((key) => {
        const text = messages[key];
        if (!text) throw new Error(`pwa: ${locale}/common.json has no "${key}"`);
        return [key.slice(OFFLINE_PREFIX.length), text];
      }),
    );
  }
  return table;
}

/**
 * Builds the service worker (src/service-worker/sw.ts) into dist/sw.js once Vite has written the
 * app: the precache list comes from the Vite manifest, the offline page's texts from the
 * catalogues, and the cache version from both plus index.html, so a new build is a new worker.
 * esbuild (already the server's bundler) makes one classic script: no chunks shared with the app.
 */
export function serviceWorkerPlugin(): Plugin {
  return {
    name: 'swx-service-worker',
    apply: 'build',
    async writeBundle(options) {
      const outDir = options.dir ?? join(webRoot, 'dist');
      const manifest = JSON.parse(
        readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8'),
      ) as Record<string, ManifestChunk>;
      const precache = precacheList(manifest);
      const offline = offlineTexts(localesDir);
      const version = createHash('sha256')
        .update(JSON.stringify({ precache, offline }))
        .update(readFileSync(join(outDir, 'index.html')))
        .digest('hex')
        .slice(0, 16);
      await build({
        entryPoints: [join(webRoot, 'src', 'service-worker', 'sw.ts')],
        outfile: join(outDir, 'sw.js'),
        bundle: true,
        format: 'iife',
        target: 'es2022',
        minify: true,
        legalComments: 'none',
        charset: 'utf8',
        logLevel: 'warning',
        define: { __SWX_SW_BUILD__: JSON.stringify({ version, precache, offline }) },
      });
    },
  };
}
