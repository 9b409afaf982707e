import { buildApp, type AppDeps } from './app';
import { connectMessaging, type EventBus } from './platform/bus';
import type { Config } from './platform/config';
import { openDatabase, type Database } from './platform/db';
import { earnAccrualJob } from './modules/earn';
import { commissionJob } from './modules/invitations';
import { loanDueJob } from './modules/loans';
import { nftCloseJob } from './modules/nfts';
import { housekeepingJob } from './platform/housekeeping.jobs';
import { createJobsRunner, type JobsRunner, type PeriodicJob } from './platform/jobs';
import { createTestClock } from './platform/test-clock';
import { LiveFeed } from './modules/markets';
import { seed } from './seed';

export interface Node {
  app: Awaited<ReturnType<typeof buildApp>>['app'];
  markets: Awaited<ReturnType<typeof buildApp>>['markets'];
  triggers: Awaited<ReturnType<typeof buildApp>>['triggers'];
  database: Database;
  bus: EventBus;
  jobs: JobsRunner;
  firstAdmin: { username: string; password: string } | undefined;
  close(): Promise<void>;
}

export const JOBS: readonly PeriodicJob[] = [
  housekeepingJob,
  earnAccrualJob,
  loanDueJob,
  nftCloseJob,
  commissionJob,
];

/**
 * One server node: database (migrated and seeded), event bus, HTTP/WebSocket app and jobs. Used by
 * main.ts and by tests that need whole nodes.
 */
export async function startNode(
  config: Config,
  options: {
    database?: Database;
    jobs?: readonly PeriodicJob[];
    extraRoutes?: AppDeps['extraRoutes'];
    /**
     * A fake clock: the feed does not tick by itself and the trigger engine checks only what
     * `triggers.advanceTo` replays (tests).
     */
    clock?: AppDeps['clock'];
  } = {},
): Promise<Node> {
  const database = options.database ?? (await openDatabase(config));
  await database.migrate();
  const { firstAdmin } = await seed(database);

  // Browser runs that must see a day pass move this clock; the feed keeps ticking on it.
  const testClock = config.TEST_CLOCK && !options.clock ? createTestClock() : undefined;
  const { bus, redis } = connectMessaging(config, (error) => console.error('redis error:', error));
  const built = await buildApp({
    config,
    database,
    bus,
    redis,
    extraRoutes: options.extraRoutes,
    clock: options.clock,
    testClock,
  });
  const { app, markets, triggers } = built;
  await bus.ready();

  const jobs = createJobsRunner({
    db: database.db,
    node: config.NODE_ID,
    jobs: options.jobs ?? [...JOBS, ...built.jobs],
    bus,
    ...(testClock ? { clock: () => new Date(markets.now() * 1000) } : {}),
    onError: (job, key, error) => app.log.error({ err: error, job, key }, 'job unit failed'),
  });
  if (config.JOBS_ENABLED) jobs.start(config.JOBS_POLL_MS);
  // What came due while no node was running settles before this node serves or ticks.
  await triggers.start({ follow: !options.clock });
  if (!options.clock) markets.start();
  const liveFeed =
    markets.live && config.MARKET_FEED === 'live'
      ? new LiveFeed({
          url: config.LIVE_FEED_URL,
          codes: markets.liveCodes(),
          onTick: (tick) => markets.onLiveTick(tick),
          onStale: (code, stale) => markets.live?.source.markStale(code, stale),
          staleAfterMs: config.LIVE_STALE_SECONDS * 1000,
          maxDeviation: config.LIVE_MAX_DEVIATION,
          log: (message, detail) => app.log.warn({ detail }, message),
        })
      : undefined;
  liveFeed?.start();

  return {
    app,
    markets,
    triggers,
    database,
    bus,
    jobs,
    firstAdmin,
    async close() {
      markets.stop();
      await triggers.stop();
      await liveFeed?.stop();
      await markets.live?.source.flush();
      await jobs.stop();
      await app.close();
      await bus.close();
      await redis?.quit().catch(() => undefined);
      if (!options.database) await database.close();
    },
  };
}
