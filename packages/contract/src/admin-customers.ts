/** The back office's customers: the list, one customer's detail and status, and KYC review. */
import { z } from 'zod';
import { DecimalString, envelope, IsoDateTime, pageOf, PageQuery } from './common';
import { KycStatus, UserStatus } from './user-enums';
import { KycDocumentType, KycSubmission } from './kyc';
import { route } from './route';

// ---- customers (admin, support; KYC reviewers read) ----

export const AdminUserRow = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  walletAddress: z.string().nullable(),
  status: UserStatus,
  demoEnabled: z.boolean(),
  kycStatus: KycStatus,
  createdAt: IsoDateTime,
});
export type AdminUserRow = z.infer<typeof AdminUserRow>;

export const listUsers = route({
  method: 'GET',
  path: '/swx/admin/users',
  /** `q` matches username, email, phone or wallet address (substring) or the exact id. */
  query: PageQuery.extend({ q: z.string().trim().max(100).optional() }),
  reply: envelope(pageOf(AdminUserRow)),
});

export const AdminUserDetail = AdminUserRow.extend({
  googleLinked: z.boolean(),
  inviteCode: z.string(),
  invitedBy: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  friends: z.number().int().nonnegative(),
  locale: z.string(),
  activeSessions: z.number().int().nonnegative(),
  lastLoginAt: IsoDateTime.nullable(),
  failedLoginsLastHour: z.number().int().nonnegative(),
  balances: z.array(
    z.object({
      mode: z.enum(['real', 'demo']),
      asset: z.string(),
      bucket: z.string(),
      balance: DecimalString,
    }),
  ),
});
export type AdminUserDetail = z.infer<typeof AdminUserDetail>;

export const getUser = route({
  method: 'GET',
  path: '/swx/admin/users/:id',
  params: z.object({ id: z.coerce.number().int().positive() }),
  reply: envelope(AdminUserDetail),
});

/** Disable or re-enable a customer (disabling ends their sessions), or their demo mode. */
export const updateUser = route({
  method: 'POST',
  path: '/swx/admin/users/:id',
  params: z.object({ id: z.coerce.number().int().positive() }),
  body: z
    .object({ status: UserStatus.optional(), demoEnabled: z.boolean().optional() })
    .refine((b) => b.status !== undefined || b.demoEnabled !== undefined, 'nothing to change'),
  reply: envelope(AdminUserDetail),
});

// ---- KYC review (kyc role) ----

export const AdminKycRow = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  country: z.string(),
  documentType: KycDocumentType,
  status: z.enum(['pending', 'verified', 'rejected']),
  submittedAt: IsoDateTime,
  reviewedAt: IsoDateTime.nullable(),
  reviewer: z.string().nullable(),
});
export type AdminKycRow = z.infer<typeof AdminKycRow>;

export const listKyc = route({
  method: 'GET',
  path: '/swx/admin/kyc',
  query: PageQuery.extend({ status: z.enum(['pending', 'verified', 'rejected']).optional() }),
  reply: envelope(pageOf(AdminKycRow)),
});

export const AdminKycDetail = KycSubmission.extend({
  userId: z.number().int(),
  username: z.string(),
  reviewer: z.string().nullable(),
});
export type AdminKycDetail = z.infer<typeof AdminKycDetail>;

export const getKyc = route({
  method: 'GET',
  path: '/swx/admin/kyc/:id',
  params: z.object({ id: z.coerce.number().int().positive() }),
  reply: envelope(AdminKycDetail),
});

/** The bytes of one image of a submission (kyc role). */
export const ADMIN_KYC_FILE_PATH = '/swx/admin/kyc/:id/files/:fileId';

export const reviewKyc = route({
  method: 'POST',
  path: '/swx/admin/kyc/:id/review',
  params: z.object({ id: z.coerce.number().int().positive() }),
  body: z.discriminatedUnion('decision', [
    z.object({ decision: z.literal('approve') }),
    z.object({ decision: z.literal('reject'), reason: z.string().trim().min(3).max(500) }),
  ]),
  reply: envelope(AdminKycDetail),
});
