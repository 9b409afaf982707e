import { createHash } from 'node:crypto';
import {
  leafPreimage,
  nodePreimage,
  verifyLiabilityProof,
  type LiabilityLeaf,
  type LiabilityProof,
} from '@swx/contract';
import { describe, expect, it } from 'vitest';
import {
  buildLevels,
  canonicalBalances,
  EMPTY_ROOT,
  leafHash,
  nodeHash,
  proofPath,
  rootOf,
  siblingPositions,
} from './liabilities.rules';

const hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const salt = (n: number) => n.toString(16).padStart(64, '0');

function leaf(n: number): LiabilityLeaf {
  return {
    day: '2031-03-04',
    user: String(n + 1),
    salt: salt(n + 1),
    balances: [
      { asset: 'BTC', balance: `${n + 1}.25` },
      { asset: 'USDT', balance: String(100 + n) },
    ],
  };
}

/** Builds a tree of `count` leaves and the proof of each leaf, the way the service does. */
function proofs(count: number): LiabilityProof[] {
  const leaves = Array.from({ length: count }, (_, n) => leaf(n));
  const levels = buildLevels(leaves.map(leafHash));
  return leaves.map((l, leafIndex) => ({
    format: 'swx-liabilities-proof/1' as const,
    day: l.day,
    root: rootOf(levels),
    leafCount: count,
    leafIndex,
    leaf: l,
    path: proofPath(levels, leafIndex),
  }));
}

describe('leaf and node encoding', () => {
  it('hashes the documented bytes: 0x00 and the canonical JSON for a leaf', () => {
    const l = leaf(0);
    const json =
      '{"v":1,"day":"2031-03-04","user":"1","salt":"' +
      salt(1) +
      '","balances":[{"asset":"BTC","balance":"1.25"},{"asset":"USDT","balance":"100"}]}';
    expect(Buffer.from(leafPreimage(l)).toString('utf8', 1)).toBe(json);
    expect(leafPreimage(l)[0]).toBe(0);
    expect(leafHash(l)).toBe(hex(Buffer.concat([Buffer.from([0]), Buffer.from(json)])));
  });

  it('hashes 0x01, left and right for a node', () => {
    const a = leafHash(leaf(0));
    const b = leafHash(leaf(1));
    const expected = hex(
      Buffer.concat([Buffer.from([1]), Buffer.from(a, 'hex'), Buffer.from(b, 'hex')]),
    );
    expect(nodeHash(a, b)).toBe(expected);
    expect(nodeHash(b, a)).not.toBe(expected);
    expect(nodePreimage(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'))).toHaveLength(65);
  });

  it('keeps the domains apart: a node posing as a leaf of the same bytes hashes differently', async () => {
    const [p0, p1] = proofs(2);
    // The 64 bytes under the root, offered as if they were one leaf's preimage: no leaf data can
    // produce them (a leaf's preimage starts with 0x00 and is JSON), and the hash differs.
    const inner = Buffer.concat([
      Buffer.from(leafHash(p0!.leaf), 'hex'),
      Buffer.from(leafHash(p1!.leaf), 'hex'),
    ]);
    expect(hex(Buffer.concat([Buffer.from([0]), inner]))).not.toBe(p0!.root);
    // A one-leaf "tree" whose root is the real root's node cannot be claimed either: a proof of
    // the first level's node as a leaf would need leaf data hashing to it.
    const claim = { ...p0!, leafCount: 1, leafIndex: 0, path: [] };
    expect((await verifyLiabilityProof(claim)).ok).toBe(false);
  });
});

describe('tree shapes', () => {
  it.each([
    [0, 1],
    [1, 1],
    [2, 2],
    [3, 3],
    [5, 4],
    [8, 4],
    [9, 5],
  ])('%i leaves: %i levels', (count, depth) => {
    const levels = buildLevels(Array.from({ length: count }, (_, n) => leafHash(leaf(n))));
    expect(levels).toHaveLength(depth);
    expect(levels.at(-1)).toHaveLength(1);
  });

  it('the empty tree is SHA-256 of nothing; one leaf is its own root', () => {
    expect(rootOf(buildLevels([]))).toBe(EMPTY_ROOT);
    expect(EMPTY_ROOT).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    const only = leafHash(leaf(0));
    expect(rootOf(buildLevels([only]))).toBe(only);
  });

  it('three leaves: the third is carried up, never paired with itself', () => {
    const [a, b, c] = [0, 1, 2].map((n) => leafHash(leaf(n))) as [string, string, string];
    expect(rootOf(buildLevels([a, b, c]))).toBe(nodeHash(nodeHash(a, b), c));
    expect(siblingPositions(2, 3)).toEqual([{ level: 1, idx: 0 }]);
    expect(siblingPositions(0, 3)).toEqual([
      { level: 0, idx: 1 },
      { level: 1, idx: 1 },
    ]);
  });
});

describe('proofs verify with the browser verifier (WebCrypto)', () => {
  it.each([1, 2, 3, 4, 5, 7, 8, 13, 100])('every leaf of a %i-leaf tree', async (count) => {
    for (const proof of proofs(count)) {
      const check = await verifyLiabilityProof(proof, proof.root);
      expect(check).toEqual({ ok: true, leafHash: leafHash(proof.leaf), root: proof.root });
    }
  });

  it('the path is as long as the levels that have a sibling', () => {
    expect(proofs(1)[0]!.path).toEqual([]);
    expect(proofs(5).map((p) => p.path.length)).toEqual([3, 3, 3, 3, 1]);
  });
});

describe('a tampered proof fails', () => {
  const base = proofs(7)[3]!;
  const cases: [string, (p: LiabilityProof) => unknown, string][] = [
    [
      'a balance raised',
      (p) => ({
        ...p,
        leaf: { ...p.leaf, balances: [{ asset: 'BTC', balance: '0.5' }, p.leaf.balances[1]] },
      }),
      'root',
    ],
    [
      'a balance lowered',
      (p) => ({
        ...p,
        leaf: { ...p.leaf, balances: [p.leaf.balances[0], { asset: 'USDT', balance: '1' }] },
      }),
      'root',
    ],
    [
      'an asset left out',
      (p) => ({ ...p, leaf: { ...p.leaf, balances: [p.leaf.balances[0]] } }),
      'root',
    ],
    ['the salt', (p) => ({ ...p, leaf: { ...p.leaf, salt: salt(99) } }), 'root'],
    ['the user', (p) => ({ ...p, leaf: { ...p.leaf, user: '99' } }), 'root'],
    ['a sibling', (p) => ({ ...p, path: [salt(5), ...p.path.slice(1)] }), 'root'],
    ['the index', (p) => ({ ...p, leafIndex: 2 }), 'root'],
    ['the index past the count', (p) => ({ ...p, leafIndex: 7 }), 'path'],
    ['the leaf count', (p) => ({ ...p, leafCount: 4 }), 'path'],
    ['a sibling dropped', (p) => ({ ...p, path: p.path.slice(1) }), 'path'],
    ['a sibling added', (p) => ({ ...p, path: [...p.path, salt(1)] }), 'path'],
    ['the root', (p) => ({ ...p, root: salt(7) }), 'root'],
    ['the day of the leaf', (p) => ({ ...p, leaf: { ...p.leaf, day: '2031-03-05' } }), 'malformed'],
    [
      'an amount spelled otherwise',
      (p) => ({
        ...p,
        leaf: { ...p.leaf, balances: [p.leaf.balances[0], { asset: 'USDT', balance: '103.0' }] },
      }),
      'malformed',
    ],
    [
      'balances out of order',
      (p) => ({ ...p, leaf: { ...p.leaf, balances: [...p.leaf.balances].reverse() } }),
      'malformed',
    ],
    ['not a proof at all', () => ({ hello: 'world' }), 'malformed'],
  ];
  it('the untouched proof verifies', async () => {
    expect((await verifyLiabilityProof(base)).ok).toBe(true);
  });
  it.each(cases)('%s', async (_name, tamper, reason) => {
    const check = await verifyLiabilityProof(tamper(base));
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.reason).toBe(reason);
  });
  it('a proof consistent with itself but not with the published root fails', async () => {
    const other = proofs(6)[0]!;
    expect((await verifyLiabilityProof(other)).ok).toBe(true);
    expect((await verifyLiabilityProof(other, base.root)).ok).toBe(false);
  });
});

describe('canonical balances', () => {
  it('sums buckets per asset, sorts by asset, drops zeros, spells amounts one way', () => {
    expect(
      canonicalBalances([
        { asset: 'USDT', balance: '100.50000000' },
        { asset: 'BTC', balance: '0.00000000' },
        { asset: 'USDT', balance: '0.50000000' },
        { asset: 'ETH', balance: '1.20000000' },
      ]),
    ).toEqual([
      { asset: 'ETH', balance: '1.2' },
      { asset: 'USDT', balance: '101' },
    ]);
  });
  it('a negative sum stops the snapshot (a broken ledger is not published)', () => {
    expect(() => canonicalBalances([{ asset: 'USDT', balance: '-1' }])).toThrow();
  });
});
