import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { auditRoutes } from './modules/audit';
import { contentAdminRoutes, contentRoutes } from './modules/content';
import { contractsModule } from './modules/contracts';
import { convertModule } from './modules/convert';
import { startAlerts } from './modules/alerts';
import { earnAdminRoutes, earnRoutes, type EarnDeps } from './modules/earn';
import { invitationsRoutes } from './modules/invitations';
import { fundingAdminRoutes, fundingRoutes, type FundingDeps } from './modules/funding';
import { kycRoutes, kycStateOf } from './modules/kyc';
import { liabilitiesJob, liabilitiesRoutes } from './modules/liabilities';
import { loansAdminRoutes, loansRoutes, type LoanDeps } from './modules/loans';
import { nftsAdminRoutes, nftsRoutes, type NftDeps } from './modules/nfts';
import { marketsRoutes, startMarkets, verifyTickRoutes, type MarketHub } from './modules/markets';
import { messagingAdminRoutes, messengerFor, type Messenger } from './modules/messaging';
import { notificationsRoutes } from './modules/notifications';
import { optionsModule } from './modules/options';
import {
  createParamsReader,
  PARAMS_CHANGED_CHANNEL,
  paramsAdminRoutes,
  paramsRoutes,
} from './modules/params';
import { portfolioRoutes } from './modules/portfolio';
import { spotModule } from './modules/spot';
import { findStaffPrincipal, staffRoutes } from './modules/staff';
import { lastOrdersOf, startSupport, supportMailJob } from './modules/support';
import { startTrading, type TriggerEngine } from './modules/triggers';
import {
  checkSecondFactor,
  countUsers,
  findSessionWithUser,
  findUserPrincipal,
  markFunded,
  usernamesOf,
  withdrawPasswordHashOf,
  usersAdminRoutes,
  usersRoutes,
} from './modules/users';
import type { PrincipalKind, SessionPolicy } from './platform/auth';
import type { EventBus } from './platform/bus';
import type { PeriodicJob } from './platform/jobs';
import type { Config } from './platform/config';
import type { Database } from './platform/db';
import { installHttpPlatform, type PrincipalDirectory } from './platform/http';
import { installIdempotency } from './platform/idempotency';
import { installMetrics } from './platform/metrics';
import { defaultAdminDist, defaultWebDist } from './platform/paths';
import { createServer, installHealth, installPlugins } from './platform/plugins';
import { installSocketHub, type SocketHub } from './platform/socket-hub';
import { installStaticApps } from './platform/static';
import { fileStoreFor, type FileStore } from './platform/storage';
import { testClockRoutes, type TestClock } from './platform/test-clock';

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
  /** A clock that `POST /swx/test/clock` moves forward, the feed still ticking (TEST_CLOCK). */
  testClock?: TestClock | undefined;
}

export interface App {
  app: FastifyInstance;
  messenger: Messenger;
  hub: SocketHub;
  markets: MarketHub;
  triggers: TriggerEngine;
  /** Jobs that need what the app built (the messenger, the parameters). */
  jobs: PeriodicJob[];
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

const directory: PrincipalDirectory = {
  user: findUserPrincipal,
  staff: findStaffPrincipal,
  session: findSessionWithUser,
};

/** Builds the Fastify instance from the platform and the modules, in load order. */
export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, database, bus } = deps;
  const db = database.db;
  const app = createServer(config);
  const policyOf = sessionPolicies(config);
  installHttpPlatform(app, { db, policyOf, directory });
  installIdempotency(app, db);
  await installPlugins(app, config, deps.redis);
  const hub = installSocketHub(app, { bus, db, policyOf, directory });
  installMetrics(app, { sockets: () => hub.connectionCount() });
  installHealth(app, database, deps.redis);

  const params = createParamsReader(db);
  bus.subscribe(PARAMS_CHANGED_CHANNEL, () => params.invalidate());
  await app.register(paramsRoutes(params));
  await app.register(contentRoutes(db));
  await app.register(staffRoutes(db, policyOf('staff')));
  await app.register(paramsAdminRoutes(db, (key) => bus.publish(PARAMS_CHANGED_CHANNEL, { key })));
  await app.register(contentAdminRoutes(db));
  await app.register(auditRoutes(db));

  const messenger = deps.messenger ?? messengerFor(db, config, (line) => app.log.info(line));
  app.addHook('onClose', () => messenger.close());
  const store = deps.files ?? fileStoreFor(database, join(config.DATA_DIR, 'uploads'));
  const userDeps = { db, bus, messenger, params, policy: policyOf('user') };
  await app.register(usersRoutes({ ...userDeps, publicUrl: config.PUBLIC_URL }, config));
  await app.register(usersAdminRoutes(db));
  await app.register(notificationsRoutes(db));
  const usernames = (ids: readonly number[]) => usernamesOf(db, ids);
  const maxBytes = config.UPLOAD_MAX_BYTES;
  await app.register(kycRoutes({ db, bus, store, usernames, maxBytes }));
  await app.register(messagingAdminRoutes(db));

  const clock = deps.clock ?? deps.testClock?.seconds;
  // Where links in mails point: the configured site, else this node on loopback (development).
  const siteUrl = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  if (deps.testClock) await app.register(testClockRoutes(deps.testClock));
  const markets = await startMarkets(app, { db, bus, config, clock });
  const { triggers, tradingDeps, trading } = await startTrading(
    app,
    { db, bus, markets, params, config, clock: deps.clock, usernamesOf },
    [spotModule, contractsModule, optionsModule, convertModule],
  );
  await app.register(portfolioRoutes(tradingDeps, trading));
  await startAlerts(app, { db, bus, markets, triggers });
  const funding: FundingDeps = {
    ...{ db, bus, params, markets, store, maxBytes, usernames },
    users: { withdrawPasswordHash: withdrawPasswordHashOf, markFunded, checkSecondFactor },
    chain: { ethRpcUrl: config.ETH_RPC_URL, usdtContract: config.USDT_ERC20_CONTRACT },
  };
  await app.register(fundingRoutes(funding));
  await app.register(fundingAdminRoutes(funding));
  const earn: EarnDeps = { db, bus, now: () => new Date(markets.now() * 1000) };
  await app.register(earnRoutes(earn));
  await app.register(earnAdminRoutes(earn));
  const loans: LoanDeps = { ...earn, params, store, platform: 'SWX' };
  await app.register(loansRoutes(loans));
  await app.register(loansAdminRoutes(loans));
  const nfts: NftDeps = { db, bus, store, maxBytes, now: earn.now };
  await app.register(nftsRoutes(nfts));
  await app.register(nftsAdminRoutes(nfts));
  await app.register(invitationsRoutes({ ...earn, params }));
  await app.register(liabilitiesRoutes({ db, now: earn.now }));
  await startSupport(
    app,
    {
      ...{ db, bus, store, maxBytes, messenger, params, now: earn.now },
      publicUrl: siteUrl,
      context: {
        kyc: async (db, userId) => (await kycStateOf(db, userId)).status,
        lastOrders: lastOrdersOf(trading),
      },
    },
    hub,
  );
  await app.register(verifyTickRoutes(db, markets));
  const feeRates = ['spot_fee_rate', 'contract_fee_rate', 'convert_fee_rate'];
  await app.register(
    marketsRoutes(markets, {
      registeredUsers: () => countUsers(db),
      feeRates: () => Promise.all(feeRates.map((k) => params.get(k))),
      turnoverSince: trading.flatMap((m) => (m.turnoverSince ? [m.turnoverSince] : [])),
    }),
  );
  deps.extraRoutes?.(app);

  installStaticApps(app, {
    web: config.WEB_DIST ?? defaultWebDist(),
    admin: config.ADMIN_DIST ?? defaultAdminDist(),
  });

  await app.ready();
  const jobs = [supportMailJob({ messenger, publicUrl: siteUrl }), liabilitiesJob(earn.now)];
  return { app, hub, markets, messenger, triggers, jobs };
}
