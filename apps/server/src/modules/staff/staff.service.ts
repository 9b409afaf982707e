import type { LoginStep, StaffMe, StaffMember, StaffRole } from '@swx/contract';
import QRCode from 'qrcode';
import {
  createSession,
  hashToken,
  newToken,
  revokeAllSessions,
  revokeSession,
  type SessionPolicy,
} from '../../platform/auth';
import type { Db, Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { hashPassword, oneTimePassword, verifyPassword } from '../../platform/passwords';
import { recordAudit, type StaffActor } from '../audit';
import {
  advanceTotpStep,
  countChallengeAttempt,
  countStaff,
  insertChallenge,
  insertStaff,
  selectAllStaff,
  selectLiveChallenge,
  selectStaffById,
  selectStaffByUsername,
  updateStaffRow,
  useChallenge,
  type StaffRow,
} from './staff.repo';
import { matchTotpStep, newTotpSecret } from '../../platform/totp';
import { CHALLENGE_MINUTES, otpauthUrl, staffPasswordProblem } from './staff.rules';

export const FIRST_ADMIN_USERNAME = 'admin';

/**
 * On an empty staff table, creates the first admin with a one-time password that must be changed
 * at first login. Returns the password only to the call that created the account.
 */
export async function ensureFirstAdmin(
  db: Executor,
): Promise<{ username: string; password: string } | undefined> {
  if ((await countStaff(db)) > 0) return undefined;
  const password = oneTimePassword();
  const row = await insertStaff(db, {
    username: FIRST_ADMIN_USERNAME,
    passwordHash: await hashPassword(password),
    roles: ['admin'],
    mustChangePassword: true,
  });
  return row ? { username: FIRST_ADMIN_USERNAME, password } : undefined;
}

export function toMe(row: StaffRow): StaffMe {
  return {
    id: row.id,
    username: row.username,
    roles: row.roles as StaffRole[],
    mustChangePassword: row.mustChangePassword,
  };
}

function toMember(row: StaffRow): StaffMember {
  return {
    id: row.id,
    username: row.username,
    roles: row.roles as StaffRole[],
    status: row.status,
    totpEnrolled: row.totpEnabledAt !== null,
    mustChangePassword: row.mustChangePassword,
    createdAt: row.createdAt.toISOString(),
  };
}

// A hash to verify against when the username does not exist, so both cases take the same time.
let decoyHash: Promise<string> | undefined;

/** Step one of sign-in: the password. The reply says whether to enrol an authenticator or use it. */
export async function startLogin(
  db: Executor,
  input: { username: string; password: string },
  now = new Date(),
): Promise<LoginStep> {
  const member = await selectStaffByUsername(db, input.username.toLowerCase());
  decoyHash ??= hashPassword(oneTimePassword());
  const valid = await verifyPassword(member?.passwordHash ?? (await decoyHash), input.password);
  if (!member || !valid || member.status !== 'active') throw new AppError(10115);
  const challenge = newToken();
  const expiresAt = new Date(now.getTime() + CHALLENGE_MINUTES * 60_000);
  if (member.totpSecret && member.totpEnabledAt) {
    await insertChallenge(db, {
      staffId: member.id,
      tokenHash: hashToken(challenge),
      purpose: 'verify',
      expiresAt,
    });
    return { step: 'totp', challenge };
  }
  const secret = newTotpSecret();
  await insertChallenge(db, {
    staffId: member.id,
    tokenHash: hashToken(challenge),
    purpose: 'enroll',
    pendingSecret: secret,
    expiresAt,
  });
  const url = otpauthUrl(member.username, secret);
  return {
    step: 'enroll',
    challenge,
    otpauthUrl: url,
    qrDataUrl: await QRCode.toDataURL(url, { margin: 1, width: 240 }),
    secret,
  };
}

/** Step two: the authenticator code. Enrolment is confirmed by the first good code. */
export async function finishLogin(
  db: Db,
  input: { challenge: string; code: string },
  context: { policy: SessionPolicy; ip: string | null; userAgent: string | undefined },
  now = new Date(),
): Promise<{ token: string; staff: StaffMe }> {
  const challenge = await selectLiveChallenge(db, hashToken(input.challenge), now);
  if (!challenge) throw new AppError(10116);
  const member = await selectStaffById(db, challenge.staffId);
  const secret = challenge.purpose === 'enroll' ? challenge.pendingSecret : member?.totpSecret;
  if (!member || member.status !== 'active' || !secret) throw new AppError(10116);
  const step = matchTotpStep(secret, input.code, now);
  if (step === undefined) {
    await countChallengeAttempt(db, challenge.id);
    throw new AppError(10116);
  }
  return db.transaction(async (tx) => {
    if (
      !(await advanceTotpStep(tx, member.id, step)) ||
      !(await useChallenge(tx, challenge.id, now))
    ) {
      throw new AppError(10116);
    }
    if (challenge.purpose === 'enroll') {
      await updateStaffRow(tx, member.id, { totpSecret: secret, totpEnabledAt: now });
    }
    const session = await createSession(tx, {
      principal: 'staff',
      principalId: member.id,
      policy: context.policy,
      userAgent: context.userAgent,
      ip: context.ip ?? undefined,
      now,
    });
    const actor = { staffId: member.id, actor: member.username, ip: context.ip };
    if (challenge.purpose === 'enroll')
      await recordAudit(tx, {
        ...actor,
        action: 'staff.totp.enroll',
        target: `staff:${member.id}`,
      });
    await recordAudit(tx, {
      ...actor,
      action: 'staff.login',
      target: `staff:${member.id}`,
      detail: { sessionId: session.sessionId },
    });
    return { token: session.token, staff: toMe(member) };
  });
}

export async function getMe(db: Executor, staffId: number): Promise<StaffMe> {
  const row = await selectStaffById(db, staffId);
  if (!row) throw new AppError(401);
  return toMe(row);
}

export async function changePassword(
  db: Db,
  actor: StaffActor,
  sessionId: number,
  input: { currentPassword: string; newPassword: string },
): Promise<StaffMe> {
  const row = await selectStaffById(db, actor.staffId);
  if (!row) throw new AppError(401);
  if (!(await verifyPassword(row.passwordHash, input.currentPassword))) {
    throw new AppError(10100, {}, [
      {
        path: 'currentPassword',
        code: 'wrong_password',
        message: 'the current password is not right',
      },
    ]);
  }
  const problem = staffPasswordProblem(row.username, input.newPassword);
  if (problem || input.newPassword === input.currentPassword) {
    throw new AppError(10100, {}, [
      {
        path: 'newPassword',
        code: problem ?? 'unchanged',
        message: 'choose a stronger, new password',
      },
    ]);
  }
  const passwordHash = await hashPassword(input.newPassword);
  return db.transaction(async (tx) => {
    const updated = await updateStaffRow(tx, row.id, { passwordHash, mustChangePassword: false });
    await revokeAllSessions(tx, 'staff', row.id, sessionId);
    await recordAudit(tx, { ...actor, action: 'staff.password.change', target: `staff:${row.id}` });
    if (!updated) throw new AppError(401);
    return toMe(updated);
  });
}

export async function logout(db: Db, actor: StaffActor, sessionId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await revokeSession(tx, sessionId);
    await recordAudit(tx, { ...actor, action: 'staff.logout', target: `staff:${actor.staffId}` });
  });
}

// ---- staff management (admin) ----

export async function listStaffMembers(db: Executor): Promise<StaffMember[]> {
  return (await selectAllStaff(db)).map(toMember);
}

export async function createStaffMember(
  db: Db,
  actor: StaffActor,
  input: { username: string; roles: StaffRole[] },
) {
  const password = oneTimePassword();
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const row = await insertStaff(tx, {
      username: input.username.toLowerCase(),
      passwordHash,
      roles: [...new Set(input.roles)],
      mustChangePassword: true,
    });
    if (!row) throw new AppError(10117);
    await recordAudit(tx, {
      ...actor,
      action: 'staff.create',
      target: `staff:${row.id}`,
      detail: { username: row.username, roles: row.roles },
    });
    return { member: toMember(row), oneTimePassword: password };
  });
}

export async function updateStaffMember(
  db: Db,
  actor: StaffActor,
  id: number,
  input: { roles?: StaffRole[] | undefined; status?: 'active' | 'disabled' | undefined },
): Promise<StaffMember> {
  // An admin cannot lock themselves out: no disabling oneself, no dropping one's own admin role.
  if (
    id === actor.staffId &&
    (input.status === 'disabled' || (input.roles && !input.roles.includes('admin')))
  ) {
    throw new AppError(10008);
  }
  return db.transaction(async (tx) => {
    const before = await selectStaffById(tx, id);
    if (!before) throw new AppError(10101);
    const row = await updateStaffRow(tx, id, {
      ...(input.roles ? { roles: [...new Set(input.roles)] } : {}),
      ...(input.status ? { status: input.status } : {}),
    });
    if (!row) throw new AppError(10101);
    if (input.status === 'disabled') await revokeAllSessions(tx, 'staff', id);
    await recordAudit(tx, {
      ...actor,
      action: 'staff.update',
      target: `staff:${id}`,
      detail: {
        before: { roles: before.roles, status: before.status },
        after: { roles: row.roles, status: row.status },
      },
    });
    return toMember(row);
  });
}

/** A new one-time password and a fresh authenticator enrolment; the member's sessions end. */
export async function resetStaffCredentials(db: Db, actor: StaffActor, id: number) {
  const password = oneTimePassword();
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const row = await updateStaffRow(tx, id, {
      passwordHash,
      mustChangePassword: true,
      totpSecret: null,
      totpEnabledAt: null,
      totpLastStep: null,
    });
    if (!row) throw new AppError(10101);
    await revokeAllSessions(tx, 'staff', id);
    await recordAudit(tx, { ...actor, action: 'staff.credentials.reset', target: `staff:${id}` });
    return { member: toMember(row), oneTimePassword: password };
  });
}
