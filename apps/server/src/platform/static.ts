import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from './errors';
import { isApiPath, sendError } from './http';

const IMMUTABLE = 'public, max-age=31536000, immutable';

function cacheHeaders(reply: FastifyReply, path: string) {
  // Vite fingerprints everything under assets/; everything else (index.html, the service worker
  // /sw.js, whose update check must see a new build at once, the manifest) is revalidated.
  reply.header(
    'cache-control',
    path.includes(`${join('/', 'assets', '/')}`) ? IMMUTABLE : 'no-cache',
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
    });
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
    });
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
