import type {
  AdminKycDetail,
  AdminKycRow,
  KycFields,
  KycFileSlot,
  KycStatus,
  KycSubmission,
} from '@swx/contract';
import { KYC_MAX_IMAGE_BYTES } from '@swx/contract';
import sharp from 'sharp';
import { recordAudit, type StaffActor } from '../audit';
import type { EventBus } from '../../platform/bus';
import { uniqueViolation, type Db, type Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { FileStore } from '../../platform/storage';
import { addNotification } from '../notifications';
import {
  insertFiles,
  insertSubmission,
  selectFile,
  selectFiles,
  selectLatestSubmission,
  selectSubmission,
  selectSubmissionPage,
  updateSubmission,
} from './kyc.repo';
import {
  ageOn,
  EXTENSION_OF,
  MIME_OF,
  MIN_AGE,
  requiredSlots,
  sniffImage,
  stripJp2Metadata,
  type ImageKind,
} from './kyc.rules';

/** Usernames by user id (the users module answers; KYC does not read its tables). */
export type UsernameLookup = (ids: readonly number[]) => Promise<ReadonlyMap<number, string>>;

export interface CleanImage {
  bytes: Buffer;
  kind: ImageKind;
}

/** Images larger than this many pixels are refused before decoding (decompression bombs). */
const MAX_PIXELS = 40_000_000;

/**
 * Checks an upload and re-encodes it without metadata: JPEG and PNG are decoded and written again
 * (EXIF, GPS, XMP and ICC comments gone; the orientation applied first), JPEG 2000 is cleaned at the
 * box level. 10122 for another type, 10123 over the size limit, 10124 when it cannot be decoded.
 */
export async function cleanImage(
  bytes: Buffer,
  maxBytes = KYC_MAX_IMAGE_BYTES,
): Promise<CleanImage> {
  if (bytes.length > maxBytes) throw new AppError(10123);
  const kind = sniffImage(bytes);
  if (!kind) throw new AppError(10122);
  if (kind === 'jp2') {
    const cleaned = stripJp2Metadata(bytes);
    if (!cleaned) throw new AppError(10124);
    return { bytes: cleaned, kind };
  }
  if (kind === 'j2k') {
    // A bare codestream has no metadata boxes; its markers are checked by the signature above.
    return { bytes, kind };
  }
  try {
    const image = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_PIXELS }).rotate();
    const out =
      kind === 'jpeg'
        ? await image.jpeg({ quality: 90, mozjpeg: true }).toBuffer()
        : await image.png({ compressionLevel: 9 }).toBuffer();
    return { bytes: out, kind };
  } catch {
    throw new AppError(10124);
  }
}

export async function kycStateOf(
  db: Executor,
  userId: number,
): Promise<{ status: KycStatus; reason: string | null }> {
  const latest = await selectLatestSubmission(db, userId);
  if (!latest) return { status: 'none', reason: null };
  return { status: latest.status, reason: latest.status === 'rejected' ? latest.reason : null };
}

/** The verified legal name ("first last"), or 10022 when the user is not verified. */
export async function verifiedNameOf(db: Executor, userId: number): Promise<string> {
  const latest = await selectLatestSubmission(db, userId);
  if (latest?.status !== 'verified') throw new AppError(10022);
  return `${latest.firstName} ${latest.lastName}`;
}

/** DOMAIN.md: KYC is required before loans and spot trading (10022 otherwise). */
export async function requireVerified(db: Executor, userId: number): Promise<void> {
  if ((await kycStateOf(db, userId)).status !== 'verified') throw new AppError(10022);
}

type SubmissionRow = NonNullable<Awaited<ReturnType<typeof selectSubmission>>>;

async function toSubmission(db: Executor, row: SubmissionRow): Promise<KycSubmission> {
  const files = await selectFiles(db, row.id);
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    sex: row.sex,
    birthdate: row.birthdate,
    country: row.country,
    address: row.address,
    phone: row.phone,
    documentType: row.documentType,
    status: row.status,
    reason: row.reason,
    files: files.map((f) => ({ slot: f.slot, id: f.id })),
    submittedAt: row.submittedAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
  };
}

export async function getOwnSubmission(db: Db, userId: number): Promise<KycSubmission | null> {
  const latest = await selectLatestSubmission(db, userId);
  return latest ? toSubmission(db, latest) : null;
}

/**
 * A new submission: only when none is pending or verified (10019). Images are cleaned first and
 * stored; if anything fails, nothing is kept (stored files are removed, no row is written).
 */
export async function submitKyc(
  deps: { db: Db; store: FileStore },
  userId: number,
  fields: KycFields,
  uploads: ReadonlyMap<KycFileSlot, Buffer>,
  now = new Date(),
): Promise<{ id: number; status: 'pending' }> {
  const { db, store } = deps;
  const state = await kycStateOf(db, userId);
  if (state.status === 'pending' || state.status === 'verified') throw new AppError(10019);
  if (ageOn(fields.birthdate, now) < MIN_AGE || ageOn(fields.birthdate, now) > 120) {
    throw new AppError(10100, {}, [
      { path: 'birthdate', code: 'age', message: `must be at least ${MIN_AGE} years old` },
    ]);
  }
  const needed = requiredSlots(fields.documentType);
  const missing = needed.filter((slot) => !uploads.has(slot));
  if (missing.length > 0) {
    throw new AppError(
      10127,
      {},
      missing.map((slot) => ({ path: slot, code: 'required', message: 'image required' })),
    );
  }
  const cleaned: { slot: KycFileSlot; image: CleanImage }[] = [];
  for (const slot of needed) {
    const bytes = uploads.get(slot);
    if (bytes) cleaned.push({ slot, image: await cleanImage(bytes) });
  }
  const stored: { slot: KycFileSlot; key: string; image: CleanImage }[] = [];
  try {
    for (const { slot, image } of cleaned) {
      stored.push({ slot, key: await store.put(image.bytes, EXTENSION_OF[image.kind]), image });
    }
    const id = await db.transaction(async (tx) => {
      const submissionId = await insertSubmission(tx, {
        userId,
        status: 'pending',
        ...fields,
        submittedAt: now,
      });
      await insertFiles(
        tx,
        stored.map((s) => ({
          submissionId,
          userId,
          slot: s.slot,
          storageKey: s.key,
          mime: MIME_OF[s.image.kind],
          bytes: s.image.bytes.length,
        })),
      );
      return submissionId;
    });
    return { id, status: 'pending' };
  } catch (error) {
    await Promise.all(stored.map((s) => store.delete(s.key)));
    if (uniqueViolation(error) !== undefined) throw new AppError(10019);
    throw error;
  }
}

/** One image for its owner (another user's id answers 10101, as if it did not exist). */
export async function readOwnFile(
  deps: { db: Db; store: FileStore },
  userId: number,
  fileId: number,
): Promise<{ bytes: Buffer; mime: string }> {
  const file = await selectFile(deps.db, fileId);
  if (file?.userId !== userId) throw new AppError(10101);
  const bytes = await deps.store.get(file.storageKey);
  if (!bytes) throw new AppError(10101);
  return { bytes, mime: file.mime };
}

export async function readSubmissionFile(
  deps: { db: Db; store: FileStore },
  submissionId: number,
  fileId: number,
): Promise<{ bytes: Buffer; mime: string }> {
  const file = await selectFile(deps.db, fileId);
  if (file?.submissionId !== submissionId) throw new AppError(10101);
  const bytes = await deps.store.get(file.storageKey);
  if (!bytes) throw new AppError(10101);
  return { bytes, mime: file.mime };
}

// ---- back office ----

export async function listSubmissions(
  db: Db,
  usernames: UsernameLookup,
  query: {
    status?: 'pending' | 'verified' | 'rejected' | undefined;
    page: number;
    pageSize: number;
  },
): Promise<{ list: AdminKycRow[]; total: number; page: number; pageSize: number }> {
  const { rows, total } = await selectSubmissionPage(db, query);
  const names = await usernames(rows.map((r) => r.userId));
  return {
    list: rows.map((r) => ({
      id: r.id,
      userId: r.userId,
      username: names.get(r.userId) ?? '',
      firstName: r.firstName,
      lastName: r.lastName,
      country: r.country,
      documentType: r.documentType,
      status: r.status,
      submittedAt: r.submittedAt.toISOString(),
      reviewedAt: r.reviewedAt?.toISOString() ?? null,
      reviewer: r.reviewer,
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export async function getSubmissionDetail(
  db: Executor,
  usernames: UsernameLookup,
  id: number,
): Promise<AdminKycDetail> {
  const row = await selectSubmission(db, id);
  if (!row) throw new AppError(10101);
  const names = await usernames([row.userId]);
  return {
    ...(await toSubmission(db, row)),
    userId: row.userId,
    username: names.get(row.userId) ?? '',
    reviewer: row.reviewer,
  };
}

/** Approves or rejects a pending submission; the user is notified, the decision audited. */
export async function reviewSubmission(
  deps: { db: Db; bus: EventBus; usernames: UsernameLookup },
  actor: StaffActor,
  id: number,
  decision: { decision: 'approve' } | { decision: 'reject'; reason: string },
  now = new Date(),
): Promise<AdminKycDetail> {
  const note = await deps.db.transaction(async (tx) => {
    const row = await selectSubmission(tx, id, { lock: true });
    if (!row) throw new AppError(10101);
    if (row.status !== 'pending') throw new AppError(10019);
    const approved = decision.decision === 'approve';
    await updateSubmission(tx, id, {
      status: approved ? 'verified' : 'rejected',
      reason: approved ? null : decision.reason,
      reviewerId: actor.staffId,
      reviewer: actor.actor,
      reviewedAt: now,
    });
    const note = await addNotification(tx, {
      userId: row.userId,
      kind: approved ? 'kyc_approved' : 'kyc_rejected',
      params: approved ? {} : { reason: decision.reason },
    });
    await recordAudit(tx, {
      staffId: actor.staffId,
      actor: actor.actor,
      ip: actor.ip,
      action: approved ? 'kyc.approve' : 'kyc.reject',
      target: `kyc:${id}`,
      detail: { userId: row.userId, ...(approved ? {} : { reason: decision.reason }) },
    });
    return note;
  });
  await note.publish(deps.bus);
  return getSubmissionDetail(deps.db, deps.usernames, id);
}
