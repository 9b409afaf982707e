import { randomUUID } from 'node:crypto';
import { postAlone, transferPostings } from '../../src/modules/ledger';
import { eq } from 'drizzle-orm';
import { kycSubmissions } from '../../src/modules/kyc/kyc.tables';
import { users } from '../../src/modules/users/users.tables';
import { hashPassword } from '../../src/platform/passwords';
import { registerByEmail } from './accounts';
import type { TestApp } from './test-app';

/** Money given to a test user the way a real deposit arrives: from `custody`, through the ledger. */
export async function fund(
  t: Pick<TestApp, 'database'>,
  userId: number,
  asset: string,
  amount: string,
  mode: 'real' | 'demo' = 'real',
): Promise<void> {
  await postAlone(t.database.db, {
    kind: 'test.fund',
    ref: randomUUID(),
    mode,
    postings: transferPostings(
      mode === 'real'
        ? { owner: 'system', name: 'custody' }
        : { owner: 'system', name: 'demo_faucet' },
      { owner: 'user', userId, bucket: 'available' },
      asset,
      amount,
    ),
  });
}

/** Marks a user's identity verified, as an approved KYC submission would. */
export async function verifyKyc(t: Pick<TestApp, 'database'>, userId: number): Promise<void> {
  await t.database.db.insert(kycSubmissions).values({
    userId,
    status: 'verified',
    firstName: 'Test',
    lastName: 'Trader',
    sex: 'female',
    birthdate: '1990-01-01',
    country: 'DE',
    address: 'Test Street 1',
    phone: '+491511234567',
    documentType: 'passport',
  });
}

/** A registered, KYC-verified customer with real USDT (and demo balance from registration). */
export async function trader(t: TestApp, usdt = '10000') {
  const user = await registerByEmail(t);
  await verifyKyc(t, user.user.id);
  if (usdt !== '0') await fund(t, user.user.id, 'USDT', usdt);
  return user;
}

let keyCounter = 0;
/** Headers of a money-moving request: the session, a fresh Idempotency-Key, and the mode. */
export function orderHeaders(
  auth: { authorization: string },
  mode: 'real' | 'demo' = 'real',
  key = `test-${process.pid}-${++keyCounter}-${randomUUID()}`,
): Record<string, string> {
  return { ...auth, 'idempotency-key': key, 'x-account-mode': mode };
}

/** Sets a user's withdrawal password directly (its own flow, with a mailed code, is tested apart). */
export async function setWithdrawPassword(
  t: Pick<TestApp, 'database'>,
  userId: number,
  password: string,
): Promise<void> {
  await t.database.db
    .update(users)
    .set({ withdrawPasswordHash: await hashPassword(password) })
    .where(eq(users.id, userId));
}
