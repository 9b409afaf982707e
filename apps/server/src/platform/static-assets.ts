import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';

/**
 * The build's fingerprinted files (`assets/`), kept in memory once read: their names change with
 * their content, so a file read once never changes while the server runs. @fastify/static stats,
 * opens, reads and closes the file for every request, and a page load asks for about fifty of
 * them (13 s of a browser-test run's 85 s of server CPU, each syscall a trip through libuv's
 * thread pool). A new build's files have new names and are read when first asked for.
 */
export interface Asset {
  type: string;
  etag: string;
  /** The file as it is, and the copies the build compressed beside it (scripts/vite-precompress.js). */
  identity: Buffer;
  br: Buffer | undefined;
  gzip: Buffer | undefined;
}

/** The types of what Vite writes into assets/; any other file is served from the disk. */
const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.wasm': 'application/wasm',
};

/** A file name as Vite writes it: no directory, no dot file, nothing that climbs out of assets/. */
const NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,200}$/;

async function readIfThere(path: string): Promise<Buffer | undefined> {
  try {
    return await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** The assets of one build directory, read on first request. */
export function assetStore(dir: string): {
  /** undefined: no such file; null: a file to serve from the disk (a type not kept in memory). */
  get(name: string): Promise<Asset | undefined | null>;
} {
  const kept = new Map<string, Promise<Asset | undefined>>();
  const load = async (name: string): Promise<Asset | undefined> => {
    const path = join(dir, 'assets', name);
    const identity = await readIfThere(path);
    if (!identity) return undefined;
    const [br, gzip] = await Promise.all([readIfThere(`${path}.br`), readIfThere(`${path}.gz`)]);
    const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 27);
    return { type: TYPES[extname(name)] ?? '', etag: `"${hash}"`, identity, br, gzip };
  };
  return {
    get(name) {
      if (!NAME.test(name) || name.includes('..')) return Promise.resolve(undefined);
      if (!TYPES[extname(name)]) return Promise.resolve(null);
      let asset = kept.get(name);
      if (!asset) {
        asset = load(name);
        kept.set(name, asset);
        // A missing file or a failed read is asked again next time (it may be there by then).
        const forget = () => {
          kept.delete(name);
        };
        asset.then((found) => {
          if (!found) forget();
        }, forget);
      }
      return asset;
    },
  };
}

/** Which copy to send: Brotli, then gzip, when the browser accepts it (a `q=0` refuses). */
export function chooseEncoding(
  acceptEncoding: string | undefined,
  asset: Asset,
): 'br' | 'gzip' | undefined {
  if (!acceptEncoding || (!asset.br && !asset.gzip)) return undefined;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(',')) {
    const [coding = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue;
    accepted.add(coding.trim());
  }
  if (asset.br && accepted.has('br')) return 'br';
  if (asset.gzip && (accepted.has('gzip') || accepted.has('x-gzip'))) return 'gzip';
  return undefined;
}
