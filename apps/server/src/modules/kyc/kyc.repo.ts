import { asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import { kycFiles, kycSubmissions } from './kyc.tables';

export async function selectLatestSubmission(db: Executor, userId: number) {
  const [row] = await db
    .select()
    .from(kycSubmissions)
    .where(eq(kycSubmissions.userId, userId))
    .orderBy(desc(kycSubmissions.id))
    .limit(1);
  return row;
}

const submissionWithUser = {
  id: kycSubmissions.id,
  userId: kycSubmissions.userId,
  status: kycSubmissions.status,
  firstName: kycSubmissions.firstName,
  lastName: kycSubmissions.lastName,
  sex: kycSubmissions.sex,
  birthdate: kycSubmissions.birthdate,
  country: kycSubmissions.country,
  address: kycSubmissions.address,
  phone: kycSubmissions.phone,
  documentType: kycSubmissions.documentType,
  reason: kycSubmissions.reason,
  reviewer: kycSubmissions.reviewer,
  submittedAt: kycSubmissions.submittedAt,
  reviewedAt: kycSubmissions.reviewedAt,
};

export async function selectSubmission(db: Executor, id: number, options: { lock?: boolean } = {}) {
  const query = db
    .select(submissionWithUser)
    .from(kycSubmissions)
    .where(eq(kycSubmissions.id, id))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function selectSubmissionPage(
  db: Executor,
  query: {
    status?: 'pending' | 'verified' | 'rejected' | undefined;
    page: number;
    pageSize: number;
  },
) {
  const where = query.status ? eq(kycSubmissions.status, query.status) : undefined;
  // The queue is worked oldest first; reviewed lists read newest first.
  const order = query.status === 'pending' ? asc(kycSubmissions.id) : desc(kycSubmissions.id);
  const [rows, [total]] = await Promise.all([
    db
      .select(submissionWithUser)
      .from(kycSubmissions)
      .where(where)
      .orderBy(sql`${kycSubmissions.status} = 'pending' desc`, order)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(kycSubmissions).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function insertSubmission(db: Executor, values: typeof kycSubmissions.$inferInsert) {
  const [row] = await db.insert(kycSubmissions).values(values).returning({ id: kycSubmissions.id });
  if (!row) throw new Error('submission insert returned no row');
  return row.id;
}

export async function updateSubmission(
  db: Executor,
  id: number,
  values: Partial<typeof kycSubmissions.$inferInsert>,
) {
  await db.update(kycSubmissions).set(values).where(eq(kycSubmissions.id, id));
}

export async function insertFiles(db: Executor, values: (typeof kycFiles.$inferInsert)[]) {
  if (values.length > 0) await db.insert(kycFiles).values(values);
}

export async function selectFiles(db: Executor, submissionId: number) {
  return db
    .select({ id: kycFiles.id, slot: kycFiles.slot })
    .from(kycFiles)
    .where(eq(kycFiles.submissionId, submissionId))
    .orderBy(asc(kycFiles.id));
}

export async function selectFile(db: Executor, id: number) {
  const [row] = await db.select().from(kycFiles).where(eq(kycFiles.id, id)).limit(1);
  return row;
}
