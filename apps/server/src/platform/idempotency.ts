import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Executor } from './db';
import { canonicalJson } from './canonical-json';
import { AppError } from './errors';
import { idempotencyKeys } from './idempotency.tables';

declare module 'fastify' {
  interface FastifyRequest {
    idempotency: { scope: string; key: string } | null;
  }
}

const KEY_PATTERN = /^[A-Za-z0-9_:-]{8,128}$/;
const TTL_MS = 24 * 3_600_000;
const WAIT_STEP_MS = 25;

export interface IdempotencyOptions {
  /** How long a replay waits for a first request that is still running before answering 10106. */
  waitMs?: number;
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
 * with other parameters is refused (10104). Replies with a 5xx status are not kept, so a retry after
 * a server failure runs again (the failed attempt's database transaction was rolled back).
 */
export function installIdempotency(
  app: FastifyInstance,
  db: Executor,
  options: IdempotencyOptions = {},
): void {
  const waitMs = options.waitMs ?? 10_000;
  app.decorateRequest('idempotency', null);

  // Runs after the auth guard (hooks run in registration order), so the scope is the caller.
  app.addHook('preHandler', async (request, reply) => {
    if (!request.routeOptions.config.idempotent) return;
    const raw = request.headers['idempotency-key'];
    const key = Array.isArray(raw) ? raw[0] : raw;
    if (!key || !KEY_PATTERN.test(key)) throw new AppError(10105);
    const scope = scopeOf(request);
    const fingerprint = fingerprintOf(request);
    const deadline = Date.now() + waitMs;
    for (;;) {
      const now = new Date();
      // One statement: a new key is claimed, and so is a key whose stored reply has expired.
      const claimed = await db
        .insert(idempotencyKeys)
        .values({
          scope,
          key,
          fingerprint,
          status: 'pending',
          createdAt: now,
          expiresAt: new Date(now.getTime() + TTL_MS),
        })
        .onConflictDoUpdate({
          target: [idempotencyKeys.scope, idempotencyKeys.key],
          set: {
            fingerprint,
            status: 'pending',
            statusCode: null,
            body: null,
            contentType: null,
            createdAt: now,
            expiresAt: new Date(now.getTime() + TTL_MS),
          },
          setWhere: lt(idempotencyKeys.expiresAt, now),
        })
        .returning({ key: idempotencyKeys.key });
      if (claimed.length > 0) {
        request.idempotency = { scope, key };
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
      if (Date.now() >= deadline) throw new AppError(10106);
      await sleep(WAIT_STEP_MS);
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotency;
    if (!claim) return payload;
    request.idempotency = null;
    const where = and(eq(idempotencyKeys.scope, claim.scope), eq(idempotencyKeys.key, claim.key));
    if (reply.statusCode >= 500) {
      await db.delete(idempotencyKeys).where(where);
      return payload;
    }
    const contentType = reply.getHeader('content-type');
    await db
      .update(idempotencyKeys)
      .set({
        status: 'done',
        statusCode: reply.statusCode,
        body:
          typeof payload === 'string'
            ? payload
            : Buffer.isBuffer(payload)
              ? payload.toString('utf8')
              : '',
        contentType: typeof contentType === 'string' ? contentType : null,
      })
      .where(where);
    return payload;
  });
}

/** Housekeeping: forget replies older than their 24 hours. */
export async function purgeExpiredIdempotencyKeys(db: Executor, now: Date): Promise<number> {
  const rows = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.expiresAt, now))
    .returning({ key: idempotencyKeys.key });
  return rows.length;
}
