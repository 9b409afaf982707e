import { z } from 'zod';
import { DecimalString, envelope, IsoDateTime, pageOf, PageQuery, StaffRole } from './common';
import { KycStatus, UserStatus } from './account';
import { KycDocumentType, KycSubmission } from './kyc';
import { ContentKind, ContentType, FaqCategory } from './content';
import { route } from './route';

const Username = z
  .string()
  .trim()
  .min(3)
  .max(32)
  .regex(/^[a-z0-9_.-]+$/);
/** At least 12 characters for staff; the server also refuses the current password and common ones. */
export const StaffPassword = z.string().min(12).max(128);
const TotpCode = z.string().regex(/^\d{6}$/);
const Locale = z.enum(['en', 'ja', 'ko', 'de', 'fr', 'it', 'es', 'pt', 'ar', 'zh-TW', 'zh-CN']);

export const StaffMe = z.object({
  id: z.number().int(),
  username: z.string(),
  roles: z.array(StaffRole),
  mustChangePassword: z.boolean(),
});
export type StaffMe = z.infer<typeof StaffMe>;

// ---- staff sign-in: password, then TOTP (enrolment by QR on the first sign-in) ----

export const LoginStep = z.discriminatedUnion('step', [
  z.object({ step: z.literal('totp'), challenge: z.string() }),
  z.object({
    step: z.literal('enroll'),
    challenge: z.string(),
    /** otpauth:// URI for authenticator apps, its QR code as a PNG data URL, and the secret to type. */
    otpauthUrl: z.string(),
    qrDataUrl: z.string(),
    secret: z.string(),
  }),
]);
export type LoginStep = z.infer<typeof LoginStep>;

export const staffLogin = route({
  method: 'POST',
  path: '/swx/admin/auth/login',
  body: z.object({
    username: z.string().trim().min(1).max(64),
    password: z.string().min(1).max(128),
  }),
  reply: envelope(LoginStep),
});

export const staffTotp = route({
  method: 'POST',
  path: '/swx/admin/auth/totp',
  body: z.object({ challenge: z.string().min(1).max(200), code: TotpCode }),
  reply: envelope(z.object({ token: z.string(), staff: StaffMe })),
});

export const staffMe = route({
  method: 'GET',
  path: '/swx/admin/auth/me',
  reply: envelope(StaffMe),
});

export const staffChangePassword = route({
  method: 'POST',
  path: '/swx/admin/auth/password',
  body: z.object({ currentPassword: z.string().min(1).max(128), newPassword: StaffPassword }),
  reply: envelope(StaffMe),
});

export const staffLogout = route({
  method: 'POST',
  path: '/swx/admin/auth/logout',
  reply: envelope(z.null()),
});

// ---- staff management (admin) ----

export const StaffMember = z.object({
  id: z.number().int(),
  username: z.string(),
  roles: z.array(StaffRole),
  status: z.enum(['active', 'disabled']),
  totpEnrolled: z.boolean(),
  mustChangePassword: z.boolean(),
  createdAt: IsoDateTime,
});
export type StaffMember = z.infer<typeof StaffMember>;

export const listStaff = route({
  method: 'GET',
  path: '/swx/admin/staff',
  reply: envelope(z.array(StaffMember)),
});

/** Creates a staff member; the one-time password is in this reply only. */
export const createStaff = route({
  method: 'POST',
  path: '/swx/admin/staff',
  body: z.object({ username: Username, roles: z.array(StaffRole).min(1) }),
  reply: envelope(z.object({ member: StaffMember, oneTimePassword: z.string() })),
});

export const updateStaff = route({
  method: 'POST',
  path: '/swx/admin/staff/:id',
  params: z.object({ id: z.coerce.number().int().positive() }),
  body: z.object({
    roles: z.array(StaffRole).min(1).optional(),
    status: z.enum(['active', 'disabled']).optional(),
  }),
  reply: envelope(StaffMember),
});

/** New one-time password and a fresh TOTP enrolment; ends the member's sessions. */
export const resetStaffCredentials = route({
  method: 'POST',
  path: '/swx/admin/staff/:id/reset',
  params: z.object({ id: z.coerce.number().int().positive() }),
  reply: envelope(z.object({ member: StaffMember, oneTimePassword: z.string() })),
});

// ---- system parameters (admin) ----

export const SystemParam = z.object({
  key: z.string(),
  value: z.string(),
  kind: z.enum(['decimal', 'integer', 'url', 'text']),
  description: z.string(),
  updatedAt: IsoDateTime,
});
export type SystemParam = z.infer<typeof SystemParam>;

export const listParams = route({
  method: 'GET',
  path: '/swx/admin/params',
  reply: envelope(z.array(SystemParam)),
});

export const updateParam = route({
  method: 'POST',
  path: '/swx/admin/params/:key',
  params: z.object({ key: z.string().regex(/^[a-z0-9_]{1,64}$/) }),
  body: z.object({ value: z.string().max(2000) }),
  reply: envelope(SystemParam),
});

// ---- content (admin, support) ----

export const ContentStatus = z.enum(['draft', 'published']);

export const AdminContentItem = z.object({
  id: z.number().int(),
  slug: z.string(),
  kind: ContentKind,
  type: ContentType.nullable(),
  category: FaqCategory.nullable(),
  sort: z.number().int(),
  status: ContentStatus,
  publishedAt: IsoDateTime.nullable(),
  updatedAt: IsoDateTime,
  /** English title (the reference language). */
  title: z.string(),
  /** Languages that have a version. */
  locales: z.array(Locale),
});
export type AdminContentItem = z.infer<typeof AdminContentItem>;

export const ContentTranslation = z.object({
  locale: Locale,
  title: z.string(),
  body: z.string(),
  updatedAt: IsoDateTime,
});

export const listAdminContents = route({
  method: 'GET',
  path: '/swx/admin/contents',
  query: z.object({ kind: ContentKind.optional() }),
  reply: envelope(z.array(AdminContentItem)),
});

export const getAdminContent = route({
  method: 'GET',
  path: '/swx/admin/contents/:id',
  params: z.object({ id: z.coerce.number().int().positive() }),
  reply: envelope(AdminContentItem.extend({ translations: z.array(ContentTranslation) })),
});

const Slug = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)
  .max(64);

export const createContent = route({
  method: 'POST',
  path: '/swx/admin/contents',
  body: z.object({
    kind: ContentKind,
    slug: Slug,
    type: ContentType.nullable().default(null),
    category: FaqCategory.nullable().default(null),
    sort: z.number().int().min(0).max(10_000).default(100),
    /** The English version comes first; other languages are added as translations. */
    title: z.string().trim().min(1).max(200),
    body: z.string().max(100_000),
  }),
  reply: envelope(AdminContentItem),
});

export const updateContent = route({
  method: 'POST',
  path: '/swx/admin/contents/:id',
  params: z.object({ id: z.coerce.number().int().positive() }),
  body: z.object({
    type: ContentType.nullable().optional(),
    category: FaqCategory.nullable().optional(),
    sort: z.number().int().min(0).max(10_000).optional(),
    status: ContentStatus.optional(),
  }),
  reply: envelope(AdminContentItem),
});

/** Adds or replaces one language's version; the body is sanitised on the server. */
export const saveContentTranslation = route({
  method: 'POST',
  path: '/swx/admin/contents/:id/translations/:locale',
  params: z.object({ id: z.coerce.number().int().positive(), locale: Locale }),
  body: z.object({ title: z.string().trim().min(1).max(200), body: z.string().max(100_000) }),
  reply: envelope(ContentTranslation),
});

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

// ---- instruments (admin) ----

export const AdminInstrument = z.object({
  id: z.number().int(),
  code: z.string(),
  type: z.number().int().min(1).max(6),
  name: z.string(),
  logo: z.string(),
  precision: z.number().int(),
  contractSize: z.string(),
  leverages: z.array(z.number().int()),
  calendar: z.enum(['always', 'fx', 'us_equity', 'cme_globex']),
  spread: z.string(),
  /** Fee rate of spot and contract orders here; null: the products' parameters apply. */
  feeRate: z.string().nullable(),
  enabled: z.boolean(),
  sort: z.number().int(),
  updatedAt: IsoDateTime,
});
export type AdminInstrument = z.infer<typeof AdminInstrument>;

export const listAdminInstruments = route({
  method: 'GET',
  path: '/swx/admin/instruments',
  reply: envelope(z.array(AdminInstrument)),
});

/** Trading settings only: nothing here can move a price (integrity rule 1). */
export const updateInstrument = route({
  method: 'POST',
  path: '/swx/admin/instruments/:id',
  params: z.object({ id: z.coerce.number().int().positive() }),
  body: z.object({
    enabled: z.boolean().optional(),
    sort: z.number().int().min(0).max(100_000).optional(),
    spread: z
      .string()
      .regex(/^0(\.\d{1,8})?$/)
      .optional(),
    leverages: z.array(z.number().int().min(1).max(500)).min(1).max(12).optional(),
    contractSize: z
      .string()
      .regex(/^(0|[1-9]\d{0,11})(\.\d{1,8})?$/)
      .optional(),
    calendar: z.enum(['always', 'fx', 'us_equity', 'cme_globex']).optional(),
    /** At most 10 %; null returns the instrument to the products' parameters. */
    feeRate: z
      .string()
      .regex(/^(0(\.0\d{0,7})?|0\.10{0,7})$/)
      .nullable()
      .optional(),
  }),
  reply: envelope(AdminInstrument),
});

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

// ---- mail and SMS outbox (admin, support) ----

export const OutboxMessage = z.object({
  id: z.number().int(),
  channel: z.enum(['email', 'sms']),
  recipient: z.string(),
  subject: z.string().nullable(),
  /** The text as sent; kept only when no provider is configured (the outbox is the delivery). */
  body: z.string().nullable(),
  status: z.enum(['outbox', 'sent', 'failed']),
  error: z.string().nullable(),
  createdAt: IsoDateTime,
});
export type OutboxMessage = z.infer<typeof OutboxMessage>;

export const listOutbox = route({
  method: 'GET',
  path: '/swx/admin/outbox',
  query: PageQuery.extend({ q: z.string().trim().max(254).optional() }),
  reply: envelope(pageOf(OutboxMessage)),
});
