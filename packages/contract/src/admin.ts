/** The back office's staff: sign-in (password, then TOTP), the staff list, and the system parameters. */
import { z } from 'zod';
import { IsoDateTime, StaffRole, envelope } from './common';
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
