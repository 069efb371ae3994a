import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_ROOT,
  Frontier,
  leafHash,
  MerkleTree,
  rootOf,
  verifyConsistency,
  verifyInclusion,
  type Hash,
} from './merkle.ts';

/**
 * The reference: RFC 9162 §2.1's recursive definitions written out as the RFC states them, over
 * the entries themselves (not leaf hashes), with no shared helpers from the code under test.
 */
const sha = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest();
const k = (n: number) => 2 ** Math.ceil(Math.log2(n) - 1);
function mth(d: Buffer[]): Buffer {
  if (d.length === 0) return sha();
  if (d.length === 1) return sha(Buffer.from([0]), d[0]!);
  const split = k(d.length);
  return sha(Buffer.from([1]), mth(d.slice(0, split)), mth(d.slice(split)));
}
function path(m: number, d: Buffer[]): Buffer[] {
  if (d.length === 1) return [];
  const split = k(d.length);
  return m < split
    ? [...path(m, d.slice(0, split)), mth(d.slice(split))]
    : [...path(m - split, d.slice(split)), mth(d.slice(0, split))];
}
function subproof(m: number, d: Buffer[], b: boolean): Buffer[] {
  if (m === d.length) return b ? [] : [mth(d)];
  const split = k(d.length);
  return m <= split
    ? [...subproof(m, d.slice(0, split), b), mth(d.slice(split))]
    : [...subproof(m - split, d.slice(split), false), mth(d.slice(0, split))];
}
const proof = (m: number, d: Buffer[]) => (m === 0 || m === d.length ? [] : subproof(m, d, true));

const entries = (n: number) => Array.from({ length: n }, (_, i) => Buffer.from(`entry ${i}`));
const hex = (hashes: readonly Hash[]) => hashes.map((h) => h.toString('hex'));

describe('the RFC 9162 Merkle tree', () => {
  it('hashes the empty tree as SHA-256 of nothing and one leaf with the 0x00 prefix', () => {
    expect(rootOf([]).equals(EMPTY_ROOT)).toBe(true);
    expect(EMPTY_ROOT.toString('hex')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(rootOf([leafHash(Buffer.from('a'))]).equals(mth([Buffer.from('a')]))).toBe(true);
  });

  it('computes the same root, audit paths and consistency proofs as the RFC definitions', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 70 }), fc.nat(), fc.nat(), (n, a, b) => {
        const d = entries(n);
        const tree = new MerkleTree(d.map(leafHash));
        const size = 1 + (a % n);
        const index = b % size;
        expect(tree.root(size).toString('hex')).toBe(mth(d.slice(0, size)).toString('hex'));
        expect(rootOf(d.map(leafHash), 0, size).toString('hex')).toBe(mth(d.slice(0, size)).toString('hex'));
        expect(hex(tree.inclusionProof(index, size))).toEqual(hex(path(index, d.slice(0, size))));
        const m = b % (size + 1);
        expect(hex(tree.consistencyProof(m, size))).toEqual(hex(proof(m, d.slice(0, size))));
      }),
      { numRuns: 400 },
    );
  });

  it('verifies every true inclusion proof and rejects it for another leaf, index, size or root', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 70 }), fc.nat(), fc.nat(), (n, a, b) => {
        const d = entries(n);
        const tree = new MerkleTree(d.map(leafHash));
        const size = 1 + (a % n);
        const index = b % size;
        const root = tree.root(size);
        const p = tree.inclusionProof(index, size);
        const leaf = leafHash(d[index]!);
        expect(verifyInclusion(leaf, index, size, p, root)).toBe(true);
        expect(verifyInclusion(leafHash(Buffer.from('forged')), index, size, p, root)).toBe(false);
        expect(verifyInclusion(leaf, index, size, p, sha(Buffer.from('other root')))).toBe(false);
        if (size > 1) expect(verifyInclusion(leaf, (index + 1) % size, size, p, root)).toBe(false);
        if (p.length > 0) {
          const bent = p.map((h, i) => (i === p.length - 1 ? sha(h) : h));
          expect(verifyInclusion(leaf, index, size, bent, root)).toBe(false);
          expect(verifyInclusion(leaf, index, size, p.slice(0, -1), root)).toBe(false);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('verifies every true consistency proof and rejects one against a rewritten history', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 70 }), fc.nat(), fc.nat(), fc.nat(), (n, a, b, c) => {
        const d = entries(n);
        const tree = new MerkleTree(d.map(leafHash));
        const size2 = 1 + (a % n);
        const size1 = b % (size2 + 1);
        const p = tree.consistencyProof(size1, size2);
        const root1 = tree.root(size1);
        const root2 = tree.root(size2);
        expect(verifyConsistency(size1, size2, p, root1, root2)).toBe(true);
        if (size1 > 0 && size1 < size2) {
          // The same new tree, but one of the first size1 entries rewritten afterwards.
          const rewritten = d.slice(0, size2);
          rewritten[c % size1] = Buffer.from('rewritten');
          const forged = new MerkleTree(rewritten.map(leafHash));
          expect(verifyConsistency(size1, size2, forged.consistencyProof(size1, size2), root1, forged.root())).toBe(
            false,
          );
          expect(verifyConsistency(size1, size2, p, root1, sha(Buffer.from('x')))).toBe(false);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('a frontier grows to the same root as the whole tree, and survives JSON', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200 }), fc.nat(), (n, cut) => {
        const leaves = entries(n).map(leafHash);
        const first = new Frontier();
        const at = n === 0 ? 0 : cut % (n + 1);
        for (const leaf of leaves.slice(0, at)) first.append(leaf);
        const resumed = Frontier.fromJSON(JSON.parse(JSON.stringify(first)) as { size: number; hash: string }[]);
        for (const leaf of leaves.slice(at)) resumed.append(leaf);
        expect(resumed.size).toBe(n);
        expect(resumed.root().toString('hex')).toBe(mth(entries(n)).toString('hex'));
      }),
      { numRuns: 200 },
    );
  });

  it('refuses a frontier whose peaks are not shrinking powers of two', () => {
    const hash = '00'.repeat(32);
    expect(() => Frontier.fromJSON([{ size: 3, hash }])).toThrow(/power of two/);
    expect(() =>
      Frontier.fromJSON([
        { size: 2, hash },
        { size: 4, hash },
      ]),
    ).toThrow(/shrink/);
  });
});
