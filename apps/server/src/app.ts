import { join } from 'node:path';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import { Readiness, Health } from '@swx/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { auditRoutes } from './modules/audit';
import { contentAdminRoutes, contentRoutes } from './modules/content';
import {
  createParamsReader,
  PARAMS_CHANGED_CHANNEL,
  paramsAdminRoutes,
  paramsRoutes,
} from './modules/params';
import {
  INSTRUMENTS_CHANGED_CHANNEL,
  LiveSource,
  MarketHub,
  marketsAdminRoutes,
  marketsRoutes,
  selectInstruments,
  verifyTickRoutes,
} from './modules/markets';
import { findStaffPrincipal, staffRoutes } from './modules/staff';
import { contractsModule } from './modules/contracts';
import { convertModule } from './modules/convert';
import { optionsModule } from './modules/options';
import { portfolioRoutes } from './modules/portfolio';
import { spotModule } from './modules/spot';
import { tradingAdminRoutes, TriggerEngine, type TradingDeps } from './modules/triggers';
import { kycRoutes } from './modules/kyc';
import { Messenger, messagingAdminRoutes, webhookSmsProvider } from './modules/messaging';
import { notificationsRoutes } from './modules/notifications';
import {
  countUsers,
  findUserPrincipal,
  usernamesOf,
  usersAdminRoutes,
  usersRoutes,
} from './modules/users';
import type { PrincipalKind, SessionPolicy } from './platform/auth';
import type { EventBus } from './platform/bus';
import type { Config } from './platform/config';
import type { Database } from './platform/db';
import { AppError } from './platform/errors';
import { installHttpPlatform, newRequestId, type PrincipalDirectory } from './platform/http';
import { installIdempotency } from './platform/idempotency';
import { installMetrics } from './platform/metrics';
import { defaultAdminDist, defaultWebDist } from './platform/paths';
import { installSocketHub, TICKS_CHANNEL, type SocketHub } from './platform/socket-hub';
import { installStaticApps } from './platform/static';
import { localFileStore, type FileStore } from './platform/storage';

export interface AppDeps {
  config: Config;
  database: Database;
  bus: EventBus;
  /** Shared store for rate limits across nodes; in memory when absent. */
  redis?: Redis | undefined;
  /** Mail and SMS; built from the config when absent (tests pass their own). */
  messenger?: Messenger | undefined;
  /** Private uploads; DATA_DIR/uploads when absent. */
  files?: FileStore | undefined;
  /** Extra routes, registered after the platform hooks (tests add probes of the platform here). */
  extraRoutes?: (app: FastifyInstance) => void;
  /** Unix seconds (fractional); the wall clock when absent (tests pass a fake one). */
  clock?: (() => number) | undefined;
}

export interface App {
  app: FastifyInstance;
  messenger: Messenger;
  hub: SocketHub;
  markets: MarketHub;
  triggers: TriggerEngine;
}

export function sessionPolicies(config: Config): (principal: PrincipalKind) => SessionPolicy {
  const user = {
    idleMinutes: config.SESSION_IDLE_MINUTES,
    absoluteHours: config.SESSION_ABSOLUTE_HOURS,
  };
  const staff = {
    idleMinutes: config.STAFF_SESSION_IDLE_MINUTES,
    absoluteHours: config.STAFF_SESSION_ABSOLUTE_HOURS,
  };
  return (principal) => (principal === 'staff' ? staff : user);
}

const directory: PrincipalDirectory = { user: findUserPrincipal, staff: findStaffPrincipal };

/** Builds the Fastify instance from the platform and the modules, in load order. */
export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, database, bus } = deps;
  const db = database.db;
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
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const policyOf = sessionPolicies(config);
  installHttpPlatform(app, { db, policyOf, directory });
  installIdempotency(app, db);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        mediaSrc: ["'self'", 'blob:'],
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

  await app.register(rateLimit, {
    max: config.RATE_LIMIT_MAX,
    timeWindow: config.RATE_LIMIT_WINDOW_MS,
    ...(deps.redis ? { redis: deps.redis, nameSpace: `${config.REDIS_PREFIX}rl:` } : {}),
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

  const hub = installSocketHub(app, { bus, db, policyOf, directory });
  installMetrics(app, { sockets: () => hub.connectionCount() });

  app.get('/healthz', { schema: { hide: true, response: { 200: Health } } }, async () => ({
    status: 'ok' as const,
  }));
  app.get(
    '/readyz',
    { schema: { hide: true, response: { 200: Readiness, 503: Readiness } } },
    async (_request, reply) => {
      const checks: Record<string, 'ok' | 'fail'> = {};
      checks.database = await database.ping().then(
        () => 'ok' as const,
        () => 'fail' as const,
      );
      if (deps.redis)
        checks.redis = await deps.redis.ping().then(
          () => 'ok' as const,
          () => 'fail' as const,
        );
      const ready = Object.values(checks).every((c) => c === 'ok');
      return reply
        .status(ready ? 200 : 503)
        .send({ status: ready ? 'ready' : 'not_ready', checks });
    },
  );

  const params = createParamsReader(db);
  bus.subscribe(PARAMS_CHANGED_CHANNEL, () => params.invalidate());
  await app.register(paramsRoutes(params));
  await app.register(contentRoutes(db));
  await app.register(staffRoutes(db, policyOf('staff')));
  await app.register(paramsAdminRoutes(db, (key) => bus.publish(PARAMS_CHANGED_CHANNEL, { key })));
  await app.register(contentAdminRoutes(db));
  await app.register(auditRoutes(db));

  const messenger =
    deps.messenger ??
    new Messenger(db, {
      smtpUrl: config.SMTP_URL,
      mailFrom: config.MAIL_FROM,
      sms: config.SMS_WEBHOOK_URL
        ? webhookSmsProvider(config.SMS_WEBHOOK_URL, config.SMS_WEBHOOK_TOKEN)
        : undefined,
      logOutbox:
        config.NODE_ENV === 'development' ? (line) => app.log.info(`outbox: ${line}`) : undefined,
    });
  app.addHook('onClose', () => messenger.close());
  const store = deps.files ?? localFileStore(join(config.DATA_DIR, 'uploads'));
  await app.register(
    usersRoutes(
      { db, bus, messenger, params, policy: policyOf('user'), publicUrl: config.PUBLIC_URL },
      config,
    ),
  );
  await app.register(usersAdminRoutes(db));
  await app.register(notificationsRoutes(db));
  await app.register(
    kycRoutes({
      db,
      bus,
      store,
      usernames: (ids) => usernamesOf(db, ids),
      maxBytes: config.UPLOAD_MAX_BYTES,
    }),
  );
  await app.register(messagingAdminRoutes(db));

  // With a live feed, crypto comes from the exchange; every other market stays simulated.
  const live =
    config.MARKET_FEED === 'live'
      ? {
          source: new LiveSource(db, (error) =>
            app.log.error({ err: error }, 'saving a live candle failed'),
          ),
          types: new Set([2]),
        }
      : undefined;
  const markets = new MarketHub(
    config.SIM_SEED,
    (tick) => bus.emitLocal(TICKS_CHANNEL, tick),
    deps.clock,
    live,
  );
  markets.load(await selectInstruments(db));
  bus.subscribe(INSTRUMENTS_CHANGED_CHANNEL, () => {
    selectInstruments(db).then(
      (rows) => markets.load(rows),
      (error: unknown) => app.log.error({ err: error }, 'reloading instruments failed'),
    );
  });
  await app.register(marketsAdminRoutes(db, () => bus.publish(INSTRUMENTS_CHANGED_CHANNEL, {})));

  const triggers = new TriggerEngine({
    db,
    bus,
    markets,
    log: (error, message) => app.log.error({ err: error }, message),
    // A fake clock (tests) keeps a watermark only when the test names one.
    watermark:
      config.TRIGGER_WATERMARK === 'off' || (deps.clock && config.TRIGGER_WATERMARK === 'simulator')
        ? undefined
        : config.TRIGGER_WATERMARK,
    saveEveryMs: deps.clock ? 0 : 5_000,
  });
  const tradingDeps: TradingDeps = { db, bus, markets, params, triggers };
  const trading = [spotModule, contractsModule, optionsModule, convertModule].map((m) =>
    m(tradingDeps),
  );
  for (const module of trading) {
    await app.register(module.routes);
    if (module.adminRoutes) await app.register(module.adminRoutes);
    if (module.triggers) triggers.register(module.triggers);
  }
  await app.register(portfolioRoutes(tradingDeps, trading));
  await app.register(tradingAdminRoutes(tradingDeps, trading, usernamesOf));
  await app.register(verifyTickRoutes(db, markets));
  await app.register(
    marketsRoutes(markets, {
      registeredUsers: () => countUsers(db),
      feeRates: () =>
        Promise.all(
          ['spot_fee_rate', 'contract_fee_rate', 'convert_fee_rate'].map((k) => params.get(k)),
        ),
      turnoverSince: trading.flatMap((m) => (m.turnoverSince ? [m.turnoverSince] : [])),
    }),
  );
  deps.extraRoutes?.(app);

  installStaticApps(app, {
    web: config.WEB_DIST ?? defaultWebDist(),
    admin: config.ADMIN_DIST ?? defaultAdminDist(),
  });

  await app.ready();
  return { app, hub, markets, messenger, triggers };
}
