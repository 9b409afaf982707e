import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import { Health, Readiness } from '@swx/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import helmet from 'helmet';
import type { Redis } from 'ioredis';
import type { Config } from './config';
import type { Database } from './db';
import { AppError } from './errors';
import { newRequestId, sendError } from './http';
import { replySerializerCompiler } from './reply-serializer';

/** The Fastify instance: logging with secrets redacted, request ids, zod schemas. */
export function createServer(config: Config) {
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["idempotency-key"]'],
    },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[A-Za-z0-9_.:-]{8,100}$/.test(given)
        ? given
        : newRequestId();
    },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: config.BODY_LIMIT_BYTES,
    routerOptions: { ignoreTrailingSlash: true },
    // A URL the router cannot read (a bad percent escape, a path parameter over its length) is
    // refused with the usual envelope, not Fastify's own reply.
    frameworkErrors: (_error, request, reply) => {
      void sendError(request, reply, new AppError(10100));
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(
    replySerializerCompiler({ crossCheck: config.NODE_ENV !== 'production' }),
  );
  return app;
}

/**
 * Security headers, rate limits (shared through Redis when there is one), the OpenAPI document,
 * the socket and multipart uploads.
 */
export async function installPlugins(
  app: FastifyInstance,
  config: Config,
  redis: Redis | undefined,
): Promise<void> {
  // Helmet's middleware is built once: @fastify/helmet built it again for every request (parsing
  // the policy's directives each time), which was a seventh of a cached read's CPU time.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        mediaSrc: ["'self'", 'blob:'],
        // The customer app's service worker (/sw.js) and its manifest, and nothing else.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.PUBLIC_URL?.startsWith('https:') ? undefined : false,
  });
  // The API's replies are data, never a page: they carry the short set OWASP's REST Security Cheat
  // Sheet gives (a document's policy, a dozen headers, was a tenth of a cached read's CPU).
  const apiHeaders: Record<string, string> = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cross-origin-resource-policy': 'same-origin',
  };
  if (config.PUBLIC_URL?.startsWith('https:')) {
    apiHeaders['strict-transport-security'] = 'max-age=31536000; includeSubDomains';
  }
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.startsWith('/swx/')) {
      reply.headers(apiHeaders);
      return done();
    }
    securityHeaders(request.raw, reply.raw, () => done());
  });

  // A client that hung up before its request reached the rate limiter has no address any more
  // (request.ip is undefined): nobody is left to answer, and the limiter could not count it (it
  // threw, and the reply was a 500 in the log). Such a request stops here.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.ip === undefined) {
      reply.hijack();
      request.raw.destroy();
    }
    done();
  });

  await app.register(rateLimit, {
    max: config.RATE_LIMIT_MAX,
    timeWindow: config.RATE_LIMIT_WINDOW_MS,
    ...(redis ? { redis, nameSpace: `${config.REDIS_PREFIX}rl:` } : {}),
    // The API and the socket are limited; the app's static files (cacheable chunks) are not, so
    // many customers behind one address can load the page.
    allowList: (request) => !(request.url.startsWith('/swx/') || request.url.startsWith('/ws')),
    errorResponseBuilder: () => new AppError(10103),
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'SWX trading platform API',
        version: '1.0.0',
        description: 'Every reply is { code, msg, result }.',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  // Swagger UI runs under the app's own CSP (its scripts are files; it sets inline styles).
  await app.register(swaggerUi, { routePrefix: '/docs' });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  // Multipart only for uploads; each route sets its own limits (file size, count).
  await app.register(multipart, {
    limits: { fileSize: config.UPLOAD_MAX_BYTES, files: 4, fields: 20, fieldSize: 1000 },
  });
}

/** Liveness (`/healthz`) and readiness of the database and Redis (`/readyz`). */
export function installHealth(
  app: FastifyInstance,
  database: Database,
  redis: Redis | undefined,
): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get('/healthz', { schema: { hide: true, response: { 200: Health } } }, async () => ({
    status: 'ok' as const,
  }));
  typed.get(
    '/readyz',
    { schema: { hide: true, response: { 200: Readiness, 503: Readiness } } },
    async (_request, reply) => {
      const checks: Record<string, 'ok' | 'fail'> = {};
      checks.database = await database.ping().then(
        () => 'ok' as const,
        () => 'fail' as const,
      );
      if (redis)
        checks.redis = await redis.ping().then(
          () => 'ok' as const,
          () => 'fail' as const,
        );
      const ready = Object.values(checks).every((c) => c === 'ok');
      return reply
        .status(ready ? 200 : 503)
        .send({ status: ready ? 'ready' : 'not_ready', checks });
    },
  );
}
