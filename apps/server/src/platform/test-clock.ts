import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from './reply';

/**
 * A clock that a browser run can move forward, like a payment provider's test clock: the wall
 * clock plus an offset that only grows. With `TEST_CLOCK=true` (refused in production) the node
 * reads the time from it everywhere the rules read it (the feed, orders, plans, loans, auctions,
 * the jobs runner), so a day of accruals can be seen in a browser run in seconds. The feed keeps
 * ticking: it is a pure function of the time, so a jump simply reads the price of the new moment.
 */
export interface TestClock {
  /** Unix seconds (fractional). */
  seconds: () => number;
  /** Moves the time forward; answers the new time. */
  advance: (seconds: number) => Date;
}

export function createTestClock(wall: () => number = Date.now): TestClock {
  let offsetMs = 0;
  return {
    seconds: () => (wall() + offsetMs) / 1000,
    advance(seconds) {
      offsetMs += seconds * 1000;
      return new Date(wall() + offsetMs);
    },
  };
}

/** At most a year per step: enough for any term, and a typo cannot fling the clock to year 3000. */
const AdvanceBody = z
  .object({
    seconds: z
      .number()
      .int()
      .min(1)
      .max(366 * 86_400),
  })
  .strict();

export const TEST_CLOCK_PATH = '/swx/test/clock';

/** `POST /swx/test/clock { seconds }`: registered only on a node started with the test clock. */
export function testClockRoutes(clock: TestClock): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(TEST_CLOCK_PATH, { schema: { tags: ['test'] } }, async (request) =>
      ok(request, { now: new Date(clock.seconds() * 1000).toISOString() }),
    );
    app.post(TEST_CLOCK_PATH, { schema: { tags: ['test'], body: AdvanceBody } }, async (request) =>
      ok(request, { now: clock.advance(request.body.seconds).toISOString() }),
    );
  };
}
