import { randomUUID } from 'node:crypto';
import { and, eq, gt, or, sql } from 'drizzle-orm';
import type { EventBus } from './bus';
import type { Db, Tx } from './db';
import { jobRuns, jobSchedules } from './jobs.tables';

/**
 * A periodic job: one unit of work per period, settled after the period ends. The unit's key is
 * the period's start (ISO 8601), unique per job, so a unit runs exactly once across all nodes;
 * periods missed while every node was down run on the next start, oldest first.
 */
export interface PeriodicJob {
  name: string;
  periodMs: number;
  /**
   * The unit settles everything that came due by its period's end (a sweep), so after downtime
   * the latest missed period alone catches up for all the others: a day away is one unit, not
   * 1,440. What each sweep settles keeps its own key (a plan's day, a loan's due date), so it
   * still happens exactly once. Without it every missed period runs, oldest first.
   */
  sweep?: boolean;
  /**
   * Everything the unit changes goes through `tx`; it commits together with the `done` mark. It
   * may answer what to announce once that commit is done (socket events to the users concerned).
   */
  run(unit: JobUnit): Promise<void | AfterCommit>;
}

export interface JobUnit {
  tx: Tx;
  key: string;
  periodStart: Date;
  periodEnd: Date;
  /** The node's event bus, for announcements after the commit (absent in some tests). */
  bus: EventBus | undefined;
}

export type AfterCommit = () => Promise<void>;

export interface JobsRunnerOptions {
  db: Db;
  node: string;
  jobs: readonly PeriodicJob[];
  /** How long a claim is held before another node may take the unit over. */
  leaseMs?: number;
  /** At most this many units per job per pass, so catching up never starves other jobs. */
  maxUnitsPerPass?: number;
  onError?: (job: string, key: string, error: unknown) => void;
  clock?: () => Date;
  bus?: EventBus;
}

export interface JobsRunner {
  /** One pass over every job: claim and run every due unit. Returns the units this node ran. */
  runDue(): Promise<{ job: string; key: string }[]>;
  start(pollMs: number): void;
  stop(): Promise<void>;
}

function floorTo(time: number, periodMs: number): number {
  return Math.floor(time / periodMs) * periodMs;
}

export function createJobsRunner(options: JobsRunnerOptions): JobsRunner {
  const { db, node } = options;
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const maxUnits = options.maxUnitsPerPass ?? 500;
  const clock = options.clock ?? (() => new Date());
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;

  /** Claims a unit: a new row, or a failed one, or one whose holder's lease ran out. */
  async function claim(job: string, key: string, now: Date): Promise<string | undefined> {
    const token = randomUUID();
    const leaseUntil = new Date(now.getTime() + leaseMs);
    const rows = await db
      .insert(jobRuns)
      .values({ job, key, status: 'running', claim: token, node, leaseUntil, startedAt: now })
      .onConflictDoUpdate({
        target: [jobRuns.job, jobRuns.key],
        set: {
          status: 'running',
          claim: token,
          node,
          leaseUntil,
          startedAt: now,
          attempts: sql`${jobRuns.attempts} + 1`,
        },
        setWhere: or(
          eq(jobRuns.status, 'failed'),
          and(
            eq(jobRuns.status, 'running'),
            sql`${jobRuns.leaseUntil} < ${now.toISOString()}::timestamptz`,
          ),
        ),
      })
      .returning({ claim: jobRuns.claim });
    return rows[0]?.claim === token ? token : undefined;
  }

  async function runUnit(job: PeriodicJob, periodStart: Date, now: Date): Promise<boolean> {
    const key = periodStart.toISOString();
    const token = await claim(job.name, key, now);
    if (!token) return false;
    const done: { after?: AfterCommit } = {};
    try {
      await db.transaction(async (tx) => {
        // Marking done first takes the row lock: a node that took over an expired lease waits here
        // and then finds the claim is no longer its own, so the effects never apply twice.
        const marked = await tx
          .update(jobRuns)
          .set({ status: 'done', finishedAt: clock(), error: null })
          .where(
            and(
              eq(jobRuns.job, job.name),
              eq(jobRuns.key, key),
              eq(jobRuns.claim, token),
              eq(jobRuns.status, 'running'),
            ),
          )
          .returning({ key: jobRuns.key });
        if (marked.length === 0) throw new LostClaim();
        const after = await job.run({
          tx,
          key,
          periodStart,
          periodEnd: new Date(periodStart.getTime() + job.periodMs),
          bus: options.bus,
        });
        if (after) done.after = after;
      });
    } catch (error) {
      if (error instanceof LostClaim) return false;
      options.onError?.(job.name, key, error);
      await db
        .update(jobRuns)
        .set({ status: 'failed', error: String(error).slice(0, 2000), finishedAt: clock() })
        .where(and(eq(jobRuns.job, job.name), eq(jobRuns.key, key), eq(jobRuns.claim, token)));
      return false;
    }
    // The unit is done and committed: a failed announcement is logged, never run again.
    try {
      await done.after?.();
      return true;
    } catch (error) {
      options.onError?.(job.name, key, error);
      return true;
    }
  }

  /** A job's cursor; a job new to this database starts with the period running now. */
  async function scheduleOf(job: PeriodicJob, now: Date): Promise<Date | undefined> {
    // Older history is not invented.
    await db
      .insert(jobSchedules)
      .values({ job: job.name, nextPeriodStart: new Date(floorTo(now.getTime(), job.periodMs)) })
      .onConflictDoNothing();
    const [schedule] = await db.select().from(jobSchedules).where(eq(jobSchedules.job, job.name));
    return schedule?.nextPeriodStart;
  }

  /**
   * Runs a job's due units from its cursor as read at the pass's start (`known`, undefined for a
   * job without one yet). A cursor another node moved on since only means units found done here.
   */
  async function passOver(
    job: PeriodicJob,
    known: Date | undefined,
    ran: { job: string; key: string }[],
  ): Promise<void> {
    const now = clock();
    const current = floorTo(now.getTime(), job.periodMs);
    const nextPeriodStart = known ?? (await scheduleOf(job, now));
    if (!nextPeriodStart) return;
    let cursor = nextPeriodStart.getTime();
    // A sweep settles what every missed period held in the latest one.
    if (job.sweep) cursor = Math.max(cursor, current - job.periodMs);
    let advanceTo = cursor;
    let contiguous = true;
    for (
      let n = 0;
      n < maxUnits && cursor + job.periodMs <= now.getTime();
      n++, cursor += job.periodMs
    ) {
      const periodStart = new Date(cursor);
      const [existing] = await db
        .select({ status: jobRuns.status })
        .from(jobRuns)
        .where(and(eq(jobRuns.job, job.name), eq(jobRuns.key, periodStart.toISOString())));
      let done = existing?.status === 'done';
      if (!done) {
        done = await runUnit(job, periodStart, now);
        if (done) ran.push({ job: job.name, key: periodStart.toISOString() });
      }
      if (done && contiguous) advanceTo = cursor + job.periodMs;
      else contiguous = false;
    }
    if (advanceTo > nextPeriodStart.getTime()) {
      await db
        .update(jobSchedules)
        .set({ nextPeriodStart: new Date(advanceTo) })
        .where(
          and(
            eq(jobSchedules.job, job.name),
            gt(
              sql`${new Date(advanceTo).toISOString()}::timestamptz`,
              jobSchedules.nextPeriodStart,
            ),
          ),
        );
    }
  }

  /**
   * One pass: every job's cursor in one read, then the units that are due. A job with nothing due
   * costs no statement, so a pass of an idle node is that one read (it was two statements a job).
   */
  async function runDue() {
    const ran: { job: string; key: string }[] = [];
    let cursors: Map<string, Date>;
    try {
      const rows = await db.select().from(jobSchedules);
      cursors = new Map(rows.map((row) => [row.job, row.nextPeriodStart]));
    } catch (error) {
      options.onError?.('*', '*', error);
      return ran;
    }
    for (const job of options.jobs) {
      if (stopped) break;
      try {
        await passOver(job, cursors.get(job.name), ran);
      } catch (error) {
        options.onError?.(job.name, '*', error);
      }
    }
    return ran;
  }

  return {
    runDue,
    start(pollMs) {
      stopped = false;
      const tick = () => {
        running = runDue().finally(() => {
          if (!stopped) timer = setTimeout(tick, pollMs);
        });
      };
      tick();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running.catch(() => undefined);
    },
  };
}

class LostClaim extends Error {}
