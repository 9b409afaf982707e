import { z } from 'zod';
import { DecimalString, envelope, IsoDateTime, pageOf, PageQuery } from './common';
import { route } from './route';

/**
 * Proof of liabilities: every day (UTC) the server snapshots each customer's real-mode balances
 * (all buckets: available, frozen, margin, earn, options; demo excluded), builds one Merkle tree
 * with one salted leaf per customer, and publishes its root with the per-asset totals. Each
 * customer can download their inclusion proof and check it with `verifyLiabilityProof`
 * (liabilities-proof.ts), the same code in the browser and in the server's tests.
 */

/** A day as `YYYY-MM-DD` (UTC). */
export const IsoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'day');
/** A SHA-256 digest as 64 lowercase hex digits. */
export const Hex32 = z.string().regex(/^[0-9a-f]{64}$/, 'hex');
/**
 * An amount in a leaf: a positive decimal without exponent, leading zeros or trailing zeros
 * ("1.5", "100", "0.00000001"), so that one balance has exactly one spelling in the hash.
 */
export const CanonicalAmount = z.string().regex(/^(0|[1-9]\d*)(\.\d*[1-9])?$/, 'canonical amount');

export const LiabilityBalance = z.object({ asset: z.string().min(1), balance: CanonicalAmount });
export type LiabilityBalance = z.infer<typeof LiabilityBalance>;

/** What a leaf commits to; the user's id binds it to one account, the salt hides the amounts. */
export const LiabilityLeaf = z.object({
  day: IsoDay,
  user: z.string().regex(/^[1-9]\d*$/),
  salt: Hex32,
  /** Sorted by asset (code-unit order), each asset once, zero balances left out. */
  balances: z.array(LiabilityBalance),
});
export type LiabilityLeaf = z.infer<typeof LiabilityLeaf>;

export const LiabilityRoot = z.object({
  day: IsoDay,
  root: Hex32,
  leafCount: z.number().int().nonnegative(),
  /** When the balances were read (one statement: one consistent point of the ledger). */
  snapshotAt: IsoDateTime,
  totals: z.array(z.object({ asset: z.string(), total: DecimalString })),
});
export type LiabilityRoot = z.infer<typeof LiabilityRoot>;

/** The file a customer downloads: everything needed to recompute the published root. */
export const LiabilityProof = z.object({
  format: z.literal('swx-liabilities-proof/1'),
  day: IsoDay,
  root: Hex32,
  leafCount: z.number().int().positive(),
  leafIndex: z.number().int().nonnegative(),
  leaf: LiabilityLeaf,
  /** Sibling hashes from the leaf upwards, one per level where the node has a sibling. */
  path: z.array(Hex32),
});
export type LiabilityProof = z.infer<typeof LiabilityProof>;

/** Public: the published roots, newest day first, with their totals per asset and leaf counts. */
export const listLiabilityRoots = route({
  method: 'GET',
  path: '/swx/customer/index/liabilityRoots',
  query: PageQuery,
  reply: envelope(pageOf(LiabilityRoot)),
});

/**
 * The caller's inclusion proof for a day (the latest published one when absent). Only ever the
 * caller's own: the route takes no user id. 10169 when no root is published for that day or the
 * caller held no real balance then.
 */
export const getLiabilityProof = route({
  method: 'GET',
  path: '/swx/customer/user/liabilityProof',
  query: z.object({ day: IsoDay.optional() }).strict(),
  reply: envelope(LiabilityProof),
});

/** Back office: the same published roots, read-only. */
export const listLiabilityRootsAdmin = route({
  method: 'GET',
  path: '/swx/admin/liabilities/roots',
  query: PageQuery,
  reply: envelope(pageOf(LiabilityRoot)),
});
