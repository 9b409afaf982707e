import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { insertUser } from '../../src/modules/users';
import { startNode, type Node } from '../../src/node';
import { createSession } from '../../src/platform/auth';
import type { EventBus } from '../../src/platform/bus';
import { loadConfig, type Config } from '../../src/platform/config';
import type { Database } from '../../src/platform/db';
import { TEST_REDIS_URL, testDatabase } from './test-db';

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JOBS_ENABLED: 'false',
    WEB_DIST: '/nonexistent/web',
    ADMIN_DIST: '/nonexistent/admin',
    REDIS_PREFIX: `test:${randomUUID()}:`,
    // Uploads of a test app go to a directory of its own, never to the checkout's ./data; in a
    // Vitest run, inside the run's directory that goes when the run ends (global-setup.ts).
    DATA_DIR: mkdtempSync(join(process.env.SWX_TEST_DATA_ROOT ?? tmpdir(), 'swx-test-')),
    ...(TEST_REDIS_URL ? { REDIS_URL: TEST_REDIS_URL } : {}),
    ...overrides,
  });
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  bus: EventBus;
  config: Config;
  markets: Node['markets'];
  triggers: Node['triggers'];
  close(): Promise<void>;
}

/**
 * A clock a test moves by hand (Unix seconds). With it the feed does not tick by itself: a test
 * sets the time and lets the trigger engine check the simulated seconds up to it.
 */
export class FakeClock {
  constructor(public seconds: number) {}
  readonly now = (): number => this.seconds;
}

/** Moves a fake-clock app to second `t` and checks every simulated second up to it. */
export async function advance(t: TestApp, clock: FakeClock, second: number): Promise<void> {
  clock.seconds = second;
  await t.triggers.advanceTo(second);
}

/**
 * A whole node on the worker's shared test database (or on `database`, one of the test's own),
 * with Redis when TEST_REDIS_URL is set.
 */
export async function createTestApp(
  options: {
    config?: Record<string, string>;
    extraRoutes?: (app: FastifyInstance) => void;
    clock?: FakeClock;
    database?: Database;
  } = {},
): Promise<TestApp> {
  const config = testConfig(options.config);
  const database = options.database ?? (await testDatabase());
  const node = await startNode(config, {
    database,
    extraRoutes: options.extraRoutes,
    clock: options.clock?.now,
  });
  return {
    app: node.app,
    database,
    bus: node.bus,
    config,
    markets: node.markets,
    triggers: node.triggers,
    close: () => node.close(),
  };
}

/** A new user with a live session; returns the bearer token. */
export async function createTestUser(database: Database, config: Config) {
  const username = `u_${randomUUID().slice(0, 12)}`;
  const userId = await insertUser(database.db, { username });
  const { token, sessionId } = await createSession(database.db, {
    principal: 'user',
    principalId: userId,
    policy: {
      idleMinutes: config.SESSION_IDLE_MINUTES,
      absoluteHours: config.SESSION_ABSOLUTE_HOURS,
    },
  });
  return { userId, username, token, sessionId };
}
