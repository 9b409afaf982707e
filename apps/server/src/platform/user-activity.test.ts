import { describe, expect, it } from 'vitest';
import { UserActivity } from './user-activity';

/** A UserActivity on a clock the test moves; the node started at 0. */
function activityAt(windowMs: number) {
  const clock = { now: 0 };
  const activity = new UserActivity(windowMs, () => clock.now);
  return { activity, at: (ms: number) => (clock.now = ms) };
}

describe('a user’s quiet time', () => {
  it.each([
    // [events of user 1 at, asked at, quiet ms]
    [[], 500, 500], // no event: as long as the node has run
    [[], 5_000, 1_000], // ... but never more than the window
    [[300], 800, 500],
    [[300, 700], 800, 100],
    [[300], 1_299, 999],
    [[300], 1_300, 1_000], // a window after the event: as quiet as it can say
    [[300], 1_900, 1_000], // kept in the older generation, and still a window or more
    [[300], 9_000, 1_000], // both generations gone: the window
    [[100, 1_200], 1_500, 300], // the newest event, in the generation after a rotation
    [[100, 1_200, 2_150], 2_400, 250],
  ])('events at %j, asked at %d: %d ms', (events, askedAt, quiet) => {
    const { activity, at } = activityAt(1_000);
    for (const t of events) {
      at(t);
      activity.touch(1);
    }
    at(askedAt);
    expect(activity.quietMs(1)).toBe(quiet);
  });

  it('is each user’s own', () => {
    const { activity, at } = activityAt(10_000);
    at(4_000);
    activity.touch(1);
    at(4_250);
    expect(activity.quietMs(1)).toBe(250);
    expect(activity.quietMs(2)).toBe(4_250);
  });

  it('never holds an event for less than the window, through any number of rotations', () => {
    const { activity, at } = activityAt(1_000);
    for (let t = 0; t <= 20_000; t += 137) {
      at(t);
      activity.touch(t % 3);
      for (const user of [0, 1, 2]) expect(activity.quietMs(user)).toBeLessThan(1_000);
    }
  });
});
