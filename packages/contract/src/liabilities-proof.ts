import { LiabilityProof, type LiabilityLeaf } from './liabilities';

/**
 * The encoding of the proof-of-liabilities Merkle tree, and the verifier that the customer's
 * browser runs (WebCrypto: `globalThis.crypto.subtle`, also present in Node 20, so the server's
 * tests run this very function). The server builds the tree with node:crypto from the same
 * preimages (`leafPreimage`, `NODE_PREFIX`).
 *
 * - leaf  = SHA-256(0x00 || utf8(JSON.stringify({ v: 1, day, user, salt, balances })))
 *   with the keys in exactly that order, `balances` as `[{ asset, balance }]` sorted by asset
 *   (code-unit order, each asset once), amounts canonical (`CanonicalAmount`: no exponent, no
 *   leading or trailing zeros), `user` the account id in decimal, `salt` 64 lowercase hex digits.
 * - node  = SHA-256(0x01 || left || right), the children as their 32 raw bytes.
 *   The prefixes separate the domains: a node's 65-byte preimage cannot be read as a leaf's.
 * - Leaves are ordered by their hash (hex, ascending), so an index says nothing about who a user
 *   is or when they joined. Each level pairs nodes (0,1), (2,3), ...; an odd last node is carried
 *   up unchanged (never paired with itself: no second tree with the same root). The root of one
 *   leaf is that leaf; of no leaves, SHA-256 of the empty string.
 * - A path lists the sibling hashes from the leaf upwards, skipping levels where the node was
 *   carried up; which side each sibling is on follows from the leaf index and the leaf count.
 */

export const LEAF_PREFIX = 0x00;
export const NODE_PREFIX = 0x01;
export const LEAF_VERSION = 1;

/** The bytes hashed for a leaf: 0x00 and the canonical JSON of its fields. */
export function leafPreimage(leaf: LiabilityLeaf): Uint8Array<ArrayBuffer> {
  const json = JSON.stringify({
    v: LEAF_VERSION,
    day: leaf.day,
    user: leaf.user,
    salt: leaf.salt,
    balances: leaf.balances.map((b) => ({ asset: b.asset, balance: b.balance })),
  });
  const text = new TextEncoder().encode(json);
  const bytes = new Uint8Array(text.length + 1);
  bytes[0] = LEAF_PREFIX;
  bytes.set(text, 1);
  return bytes;
}

/** The bytes hashed for an inner node: 0x01, the left child's 32 bytes, the right child's. */
export function nodePreimage(left: Uint8Array, right: Uint8Array): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(65);
  bytes[0] = NODE_PREFIX;
  bytes.set(left, 1);
  bytes.set(right, 33);
  return bytes;
}

/** Balances in a leaf must be in their one canonical order: ascending, each asset once. */
export function balancesAreCanonical(balances: LiabilityLeaf['balances']): boolean {
  for (let i = 1; i < balances.length; i++) {
    if (!(balances[i - 1]!.asset < balances[i]!.asset)) return false;
  }
  return balances.length > 0;
}

export function toHex(bytes: Uint8Array): string {
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

export function fromHex(hex: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

async function sha256(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', bytes));
}

export type ProofCheck =
  | { ok: true; leafHash: string; root: string }
  /**
   * `malformed`: not a proof file, or a leaf not in its canonical form; `path`: the path does not
   * fit the leaf index and count; `root`: the recomputed root is not the published one.
   */
  | { ok: false; reason: 'malformed' | 'path' | 'root'; computedRoot?: string };

/**
 * Recomputes the leaf from its data and the root from the path; true only when it equals the
 * proof's root. `expectedRoot` (the root the platform published) is checked too when given, so a
 * file edited root and all still fails against the published list.
 */
export async function verifyLiabilityProof(
  input: unknown,
  expectedRoot?: string,
): Promise<ProofCheck> {
  const parsed = LiabilityProof.safeParse(input);
  if (!parsed.success) return { ok: false, reason: 'malformed' };
  const proof = parsed.data;
  if (proof.leaf.day !== proof.day || !balancesAreCanonical(proof.leaf.balances)) {
    return { ok: false, reason: 'malformed' };
  }
  if (proof.leafIndex >= proof.leafCount) return { ok: false, reason: 'path' };
  const leafHash = await sha256(leafPreimage(proof.leaf));
  let hash = leafHash;
  let index = proof.leafIndex;
  let size = proof.leafCount;
  let used = 0;
  while (size > 1) {
    if (index % 2 === 1) {
      const sibling = proof.path[used++];
      if (sibling === undefined) return { ok: false, reason: 'path' };
      hash = await sha256(nodePreimage(fromHex(sibling), hash));
    } else if (index + 1 < size) {
      const sibling = proof.path[used++];
      if (sibling === undefined) return { ok: false, reason: 'path' };
      hash = await sha256(nodePreimage(hash, fromHex(sibling)));
    }
    index = Math.floor(index / 2);
    size = Math.ceil(size / 2);
  }
  if (used !== proof.path.length) return { ok: false, reason: 'path' };
  const computedRoot = toHex(hash);
  if (
    computedRoot !== proof.root ||
    (expectedRoot !== undefined && computedRoot !== expectedRoot)
  ) {
    return { ok: false, reason: 'root', computedRoot };
  }
  return { ok: true, leafHash: toHex(leafHash), root: computedRoot };
}
