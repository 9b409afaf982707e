import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from './errors';
import { isApiPath, sendError } from './http';
import { assetStore, chooseEncoding } from './static-assets';

const IMMUTABLE = 'public, max-age=31536000, immutable';

function cacheHeaders(reply: FastifyReply, path: string) {
  // Vite fingerprints everything under assets/; everything else (index.html, the service worker
  // /sw.js, whose update check must see a new build at once, the manifest) is revalidated.
  reply.header(
    'cache-control',
    path.includes(`${join('/', 'assets', '/')}`) ? IMMUTABLE : 'no-cache',
  );
}

/** The fingerprinted files of a build (`<prefix>assets/<name>`), from memory (static-assets.ts). */
function serveAssets(app: FastifyInstance, prefix: string, dir: string): void {
  const store = assetStore(dir);
  app.get<{ Params: { name: string } }>(
    `${prefix}assets/:name`,
    { schema: { hide: true } },
    async (request, reply) => {
      const { name } = request.params;
      const asset = await store.get(name);
      // From the disk, cacheHeaders marks the file immutable once it is found.
      if (asset === null) return reply.sendFile(join('assets', name), dir);
      // A missing file is never marked immutable: it may be there a moment later (a deploy).
      if (!asset) return reply.callNotFound();
      reply
        .header('cache-control', IMMUTABLE)
        .header('etag', asset.etag)
        .header('vary', 'accept-encoding')
        .type(asset.type);
      const known = request.headers['if-none-match'];
      if (known?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === asset.etag)) {
        return reply.code(304).send();
      }
      const encoding = chooseEncoding(request.headers['accept-encoding'], asset);
      if (encoding) reply.header('content-encoding', encoding);
      return reply.send(encoding ? asset[encoding] : asset.identity);
    },
  );
}

/**
 * The built customer app at `/` and the back office at `/admin/`, each with history-mode fallback
 * to its index.html; unknown API paths get the JSON 404 instead.
 */
export function installStaticApps(
  app: FastifyInstance,
  dirs: { web: string; admin: string },
): { web: boolean; admin: boolean } {
  const hasWeb = existsSync(join(dirs.web, 'index.html'));
  const hasAdmin = existsSync(join(dirs.admin, 'index.html'));
  if (hasWeb) {
    app.register(fastifyStatic, {
      root: dirs.web,
      prefix: '/',
      wildcard: false,
      setHeaders: cacheHeaders,
      index: false,
      // The build writes .br and .gz beside each text file (scripts/vite-precompress.js).
      preCompressed: true,
      globIgnore: ['assets/**'],
    });
    serveAssets(app, '/', dirs.web);
  }
  if (hasAdmin) {
    app.register(fastifyStatic, {
      root: dirs.admin,
      prefix: '/admin/',
      wildcard: false,
      decorateReply: !hasWeb,
      setHeaders: cacheHeaders,
      index: false,
      // The build writes .br and .gz beside each text file (scripts/vite-precompress.js).
      preCompressed: true,
      globIgnore: ['assets/**'],
    });
    serveAssets(app, '/admin/', dirs.admin);
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (!isApiPath(path) && wantsPage) {
      const isAdmin = path === '/admin' || path.startsWith('/admin/');
      const available = isAdmin ? hasAdmin : hasWeb;
      if (available && !/\.[a-z0-9]{1,8}$/i.test(path)) {
        reply.header('cache-control', 'no-cache');
        return reply.sendFile('index.html', isAdmin ? dirs.admin : dirs.web);
      }
    }
    return sendError(request, reply, new AppError(10109));
  });
  return { web: hasWeb, admin: hasAdmin };
}
