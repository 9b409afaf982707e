import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type {
  FastifyInstance,
  FastifyRequest,
  onSendAsyncHookHandler,
  preHandlerAsyncHookHandler,
  preHandlerHookHandler,
} from 'fastify';
import { deferStatement, type Db, type Executor } from './db';
import { canonicalJson } from './canonical-json';
import { AppError } from './errors';
import { idempotencyKeys } from './idempotency.tables';
import { reusable } from './statements';

declare module 'fastify' {
  interface FastifyRequest {
    idempotency: Claim | null;
  }
}

/** The attempt that holds a key: `token` is this attempt's, new at every claim or takeover. */
interface Claim {
  scope: string;
  key: string;
  token: string;
}

const KEY_PATTERN = /^[A-Za-z0-9_:-]{8,128}$/;
const TTL_MS = 24 * 3_600_000;
const WAIT_STEP_MS = 25;

export interface IdempotencyOptions {
  /** How long a replay waits for a first request that is still running before answering 10106. */
  waitMs?: number;
  /**
   * How old a pending claim must be before a retry may conclude that its attempt died (a crash,
   * a killed node): one that committed nothing is taken over, one that committed answers 10170.
   */
  leaseMs?: number;
}

/** The claim of the request whose handler is running (the transactions it opens mark the key). */
const running = new AsyncLocalStorage<Claim>();
const marking = new WeakSet<Db>();
/**
 * Requests that hold a key and have not finished. Context tracking costs every promise in the
 * process about a tenth of a cached read's throughput (Node 20), so it is switched off whenever no
 * such request runs; `run` switches it on again.
 */
let holding = 0;
function release(): void {
  holding -= 1;
  if (holding === 0) running.disable();
}

/** How many requests under an Idempotency-Key are running (tests: each one releases). */
export function idempotentRequestsRunning(): number {
  return holding;
}

/** The key's row while this attempt still holds it. */
function heldBy(claim: Claim) {
  return and(
    eq(idempotencyKeys.scope, claim.scope),
    eq(idempotencyKeys.key, claim.key),
    eq(idempotencyKeys.token, claim.token),
  );
}

// The three statements every idempotent request runs, built once (platform/statements.ts).

/** The attempt's claim on a new key, on an expired one, or on one whose attempt died unseen. */
type ClaimValue =
  'scope' | 'key' | 'fingerprint' | 'token' | 'now' | 'expiresAt' | 'nowText' | 'leaseEnd';
const claimStatement = reusable((db, p: (name: ClaimValue) => never) =>
  db
    .insert(idempotencyKeys)
    .values({
      scope: p('scope'),
      key: p('key'),
      fingerprint: p('fingerprint'),
      status: 'pending',
      token: p('token'),
      createdAt: p('now'),
      expiresAt: p('expiresAt'),
    })
    .onConflictDoUpdate({
      target: [idempotencyKeys.scope, idempotencyKeys.key],
      set: {
        fingerprint: p('fingerprint'),
        status: 'pending',
        statusCode: null,
        body: null,
        contentType: null,
        token: p('token'),
        committedAt: null,
        createdAt: p('now'),
        expiresAt: p('expiresAt'),
      },
      setWhere: or(
        lt(idempotencyKeys.expiresAt, p('nowText')),
        and(
          eq(idempotencyKeys.status, 'pending'),
          isNull(idempotencyKeys.committedAt),
          lt(idempotencyKeys.createdAt, p('leaseEnd')),
          eq(idempotencyKeys.fingerprint, p('fingerprint')),
        ),
      ),
    })
    .returning({ key: idempotencyKeys.key }),
);

/** In each transaction of the attempt: its key is marked as having committed something. */
const markCommitted = reusable((db, p: (name: keyof Claim) => never) =>
  db
    .update(idempotencyKeys)
    .set({ committedAt: sql`coalesce(${idempotencyKeys.committedAt}, now())` })
    .where(heldBy({ scope: p('scope'), key: p('key'), token: p('token') }))
    .returning({ key: idempotencyKeys.key }),
);

/** The first reply, kept for the replays. */
type StoreValue = keyof Claim | 'statusCode' | 'body' | 'contentType';
const storeStatement = reusable((db, p: (name: StoreValue) => never) =>
  db
    .update(idempotencyKeys)
    .set({
      status: 'done',
      statusCode: p('statusCode'),
      body: p('body'),
      contentType: p('contentType'),
    })
    .where(heldBy({ scope: p('scope'), key: p('key'), token: p('token') })),
);

/**
 * Every top-level transaction opened while an idempotent request runs also sets the key's
 * `committed_at`, in the same transaction and only while this attempt still holds the key: an
 * attempt whose key a retry took over (it was presumed dead) rolls back instead of acting twice.
 */
function markCommitsOn(db: Db): void {
  if (marking.has(db)) return;
  marking.add(db);
  const transaction = db.transaction.bind(db);
  db.transaction = (work, config) =>
    transaction(async (tx) => {
      const result = await work(tx);
      const claim = running.getStore();
      // On PostgreSQL the mark goes with the COMMIT, in one message: it fails (SX106, which the
      // database's transaction answers as 10106: db.ts) when the key is no longer held, and then
      // the COMMIT does not run.
      if (claim && !deferStatement(tx, markStatement(claim))) {
        const held = await markCommitted(tx, claim);
        if (held.length === 0) throw new AppError(10106);
      }
      return result;
    }, config);
}

/** `idempotency_mark` (migration 0024): `markCommitted`, failing when the key is not held. */
function markStatement(claim: Claim) {
  return {
    name: 'swx_idempotency_mark',
    text: 'select idempotency_mark($1, $2, $3)',
    values: [claim.scope, claim.key, claim.token],
  };
}

function fingerprintOf(request: FastifyRequest): string {
  return createHash('sha256')
    .update(
      canonicalJson({
        method: request.method,
        route: request.routeOptions.url,
        mode: request.mode,
        params: request.params,
        query: request.query,
        body: request.body,
      }),
    )
    .digest('hex');
}

function scopeOf(request: FastifyRequest): string {
  const p = request.principal;
  if (!p) return `anon:${request.ip}`;
  return p.kind === 'user' ? `user:${p.userId}` : `staff:${p.staffId}`;
}

/**
 * Idempotency-Key for routes marked `idempotent`: the key is claimed before the handler runs; the
 * first reply is stored; a replay gets the stored reply and causes no second effect; the same key
 * with other parameters is refused (10104). Replies with a 5xx status are not kept: a retry after a
 * server failure runs again when the failed attempt committed nothing, and is answered 10170 (past
 * the lease) when it had.
 *
 * A crash leaves the key pending. Once the claim is older than the lease, a retry takes it over
 * if the dead attempt committed nothing, and runs; if it committed, the retry is told that the
 * request was carried out and its reply lost (10170), and nothing runs a second time.
 */
export function installIdempotency(
  app: FastifyInstance,
  db: Db,
  options: IdempotencyOptions = {},
): void {
  const waitMs = options.waitMs ?? 10_000;
  const leaseMs = options.leaseMs ?? 30_000;
  app.decorateRequest('idempotency', null);
  markCommitsOn(db);

  // A preHandler runs after the auth guard (a preValidation hook), so the scope is the caller.
  const claimKey: preHandlerAsyncHookHandler = async (request, reply) => {
    const raw = request.headers['idempotency-key'];
    const key = Array.isArray(raw) ? raw[0] : raw;
    if (!key || !KEY_PATTERN.test(key)) throw new AppError(10105);
    const scope = scopeOf(request);
    const fingerprint = fingerprintOf(request);
    const deadline = Date.now() + waitMs;
    for (;;) {
      const now = new Date();
      const leaseEnd = new Date(now.getTime() - leaseMs);
      const token = randomUUID();
      // One statement: a new key is claimed, and so is a key whose stored reply has expired or
      // whose attempt died (pending past the lease) before committing anything.
      const claimed = await claimStatement(db, {
        scope,
        key,
        fingerprint,
        token,
        now,
        expiresAt: new Date(now.getTime() + TTL_MS),
        // Compared in the statement's WHERE, where a value goes to the driver as it is.
        nowText: now.toISOString(),
        leaseEnd: leaseEnd.toISOString(),
      });
      if (claimed.length > 0) {
        request.idempotency = { scope, key, token };
        return;
      }
      const [existing] = await db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)))
        .limit(1);
      if (!existing) continue; // deleted between our insert and select (expired or a 5xx): claim again
      if (existing.fingerprint !== fingerprint) throw new AppError(10104);
      if (existing.status === 'done') {
        return reply
          .status(existing.statusCode ?? 200)
          .header('content-type', existing.contentType ?? 'application/json; charset=utf-8')
          .header('idempotent-replayed', 'true')
          .send(existing.body ?? '');
      }
      // Carried out by an attempt that died before it could store the reply.
      if (existing.committedAt && existing.createdAt < leaseEnd) throw new AppError(10170);
      if (Date.now() >= deadline) throw new AppError(10106);
      await sleep(WAIT_STEP_MS);
    }
  };

  // The handler runs with its claim in context, so that its transactions mark the key.
  const runClaimed: preHandlerHookHandler = (request, reply, done) => {
    if (!request.idempotency) return done();
    holding += 1;
    reply.raw.once('close', release);
    running.run(request.idempotency, done);
  };

  const storeReply: onSendAsyncHookHandler<unknown> = async (request, reply, payload) => {
    const claim = request.idempotency;
    if (!claim) return payload;
    request.idempotency = null;
    // Only while this attempt holds the key: one taken over leaves the retry's reply alone.
    const where = heldBy(claim);
    if (reply.statusCode >= 500) {
      // A failure before any commit frees the key for a retry; one after a commit keeps it, so a
      // retry is told the request was carried out (10170) instead of running it again.
      await db.delete(idempotencyKeys).where(and(where, isNull(idempotencyKeys.committedAt)));
      return payload;
    }
    const contentType = reply.getHeader('content-type');
    await storeStatement(db, {
      ...claim,
      statusCode: reply.statusCode,
      body:
        typeof payload === 'string'
          ? payload
          : Buffer.isBuffer(payload)
            ? payload.toString('utf8')
            : '',
      contentType: typeof contentType === 'string' ? contentType : null,
    });
    return payload;
  };

  // Only the routes marked `idempotent` carry the hooks (ahead of their own): every other request
  // skips them instead of passing through three that do nothing for it.
  app.addHook('onRoute', (route) => {
    if (!route.config?.idempotent) return;
    route.preHandler = [claimKey, runClaimed, ...hooksOf(route.preHandler)];
    route.onSend = [storeReply, ...hooksOf(route.onSend)];
  });
}

function hooksOf<T>(hooks: T | T[] | undefined): T[] {
  if (hooks === undefined) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}

/** Housekeeping: forget replies older than their 24 hours. */
export async function purgeExpiredIdempotencyKeys(db: Executor, now: Date): Promise<number> {
  const rows = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.expiresAt, now))
    .returning({ key: idempotencyKeys.key });
  return rows.length;
}
