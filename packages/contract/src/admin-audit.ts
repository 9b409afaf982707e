/** The back office's audit log: every staff action, hash-chained, and its verification. */
import { z } from 'zod';
import { envelope, IsoDateTime, pageOf, PageQuery } from './common';
import { route } from './route';

// ---- audit log (admin) ----

export const AuditEntry = z.object({
  id: z.number().int(),
  at: IsoDateTime,
  staffId: z.number().int().nullable(),
  staffUsername: z.string().nullable(),
  action: z.string(),
  target: z.string(),
  detail: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  hash: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditVerification = z.object({
  ok: z.boolean(),
  checked: z.number().int(),
  /** The first entry whose hash does not match its content or its predecessor. */
  brokenAt: z.number().int().nullable(),
});

export const listAudit = route({
  method: 'GET',
  path: '/swx/admin/audit',
  query: PageQuery.extend({
    action: z.string().max(64).optional(),
    staffId: z.coerce.number().int().positive().optional(),
  }),
  reply: envelope(pageOf(AuditEntry)),
});

export const verifyAudit = route({
  method: 'GET',
  path: '/swx/admin/audit/verify',
  reply: envelope(AuditVerification),
});
