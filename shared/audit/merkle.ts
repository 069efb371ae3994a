import { createHash, hash as sha256Once } from 'node:crypto';

/**
 * The Merkle tree of RFC 9162 (Certificate Transparency 2.0, section 2.1): leaves hashed with a
 * 0x00 prefix, interior nodes with 0x01, and a tree of n leaves split at the largest power of two
 * below n. Inclusion and consistency proofs are generated and verified exactly as the RFC's
 * algorithms do, so an auditor can check them with any RFC 9162 implementation.
 *
 * Hashes are 32-byte Buffers (SHA-256). Functions that build proofs take the leaf hashes of the
 * whole tree; the verifiers take only the proof, as an auditor has no more.
 */
export type Hash = Buffer;

export const HASH_BYTES = 32;
const LEAF_PREFIX = Buffer.from([0x00]);
const NODE_PREFIX = Buffer.from([0x01]);
/** 0x01 ‖ left ‖ right, reused: hashing a node is one call, with no Hash object per node. */
const pair = Buffer.alloc(1 + 2 * HASH_BYTES, 0x01);

/** A string entry is hashed as its UTF-8 bytes, in one call and without a Buffer of its own. */
export function leafHash(entry: Uint8Array | string): Hash {
  if (typeof entry === 'string') return sha256Once('sha256', `\0${entry}`, 'buffer');
  return createHash('sha256').update(LEAF_PREFIX).update(entry).digest();
}

export function nodeHash(left: Hash, right: Hash): Hash {
  if (left.length !== HASH_BYTES || right.length !== HASH_BYTES) {
    return createHash('sha256').update(NODE_PREFIX).update(left).update(right).digest();
  }
  left.copy(pair, 1);
  right.copy(pair, 1 + HASH_BYTES);
  return sha256Once('sha256', pair, 'buffer');
}

/** The node over the two hashes at `from` in `source`, written at `to` in `target`. */
function hashPairInto(source: Buffer, from: number, target: Buffer, to: number): void {
  source.copy(pair, 1, from, from + 2 * HASH_BYTES);
  sha256Once('sha256', pair, 'buffer').copy(target, to);
}

/** The hash of the empty tree: SHA-256 of nothing. */
export const EMPTY_ROOT: Hash = createHash('sha256').digest();

/** The largest power of two strictly below n (n ≥ 2). */
function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/**
 * MTH(D[start:end]) for the leaf hashes given. Perfect subtrees are built bottom-up level by level,
 * so the whole tree costs n - 1 node hashes and no recursion depth.
 */
export function rootOf(leaves: readonly Hash[], start = 0, end = leaves.length): Hash {
  const n = end - start;
  if (n === 0) return EMPTY_ROOT;
  return foldPeaks(peaksOf(leaves, start, end));
}

/**
 * The roots of the perfect subtrees a range of n leaves breaks into, largest first (n's binary
 * digits). The RFC tree's root is these folded from the right: MTH = H(P1, H(P2, … Pk)).
 */
function peaksOf(leaves: readonly Hash[], start: number, end: number): Hash[] {
  const peaks: Hash[] = [];
  let at = start;
  let remaining = end - start;
  while (remaining > 0) {
    let size = 1;
    while (size * 2 <= remaining) size *= 2;
    peaks.push(perfectRoot(leaves, at, size));
    at += size;
    remaining -= size;
  }
  return peaks;
}

function perfectRoot(leaves: readonly Hash[], start: number, size: number): Hash {
  let level: Hash[] = leaves.slice(start, start + size) as Hash[];
  while (level.length > 1) {
    const next: Hash[] = new Array<Hash>(level.length / 2);
    for (let i = 0; i < next.length; i++) next[i] = nodeHash(level[2 * i]!, level[2 * i + 1]!);
    level = next;
  }
  return level[0]!;
}

function foldPeaks(peaks: readonly Hash[]): Hash {
  let root = peaks[peaks.length - 1]!;
  for (let i = peaks.length - 2; i >= 0; i--) root = nodeHash(peaks[i]!, root);
  return root;
}

/**
 * The right edge of a growing tree: the roots of its perfect subtrees, largest first, each with
 * its size. Appending a leaf merges equal subtrees as a binary counter carries, so a log of any
 * size extends with O(log n) memory and a signed head needs no earlier leaves.
 */
export class Frontier {
  private readonly peaks: { size: number; hash: Hash }[];

  constructor(peaks: readonly { size: number; hash: Hash }[] = []) {
    this.peaks = peaks.map((peak) => ({ ...peak }));
  }

  get size(): number {
    return this.peaks.reduce((total, peak) => total + peak.size, 0);
  }

  append(leaf: Hash): void {
    let node = { size: 1, hash: leaf };
    while (this.peaks.length > 0 && this.peaks[this.peaks.length - 1]!.size === node.size) {
      const left = this.peaks.pop()!;
      node = { size: left.size * 2, hash: nodeHash(left.hash, node.hash) };
    }
    this.peaks.push(node);
  }

  root(): Hash {
    return this.peaks.length === 0 ? EMPTY_ROOT : foldPeaks(this.peaks.map((peak) => peak.hash));
  }

  toJSON(): { size: number; hash: string }[] {
    return this.peaks.map((peak) => ({ size: peak.size, hash: peak.hash.toString('hex') }));
  }

  static fromJSON(peaks: readonly { size: number; hash: string }[]): Frontier {
    let expected = Infinity;
    for (const peak of peaks) {
      // Strictly decreasing powers of two, as n's binary digits are.
      if (!Number.isSafeInteger(peak.size) || peak.size < 1 || (peak.size & (peak.size - 1)) !== 0) {
        throw new RangeError('a frontier peak size must be a power of two');
      }
      if (peak.size >= expected) throw new RangeError('frontier peaks must shrink from left to right');
      if (!/^[0-9a-f]{64}$/.test(peak.hash)) throw new RangeError('a frontier hash must be 64 hex digits');
      expected = peak.size;
    }
    return new Frontier(peaks.map((peak) => ({ size: peak.size, hash: Buffer.from(peak.hash, 'hex') })));
  }
}

/**
 * A tree over a list of leaf hashes with every aligned perfect subtree hashed once (level i holds
 * the roots of the blocks of 2^i leaves), so any subtree a proof needs is O(log n) lookups: the
 * proofs for every event of a stream in a log of a million cost one pass over the leaves.
 */
export class MerkleTree {
  /**
   * Level i's hashes back to back in one Buffer, 32 bytes each: a tree of a million leaves is 64 MB
   * in 21 Buffers, not two million small ones for the garbage collector to trace and sweep.
   */
  private readonly levels: Buffer[];
  readonly size: number;

  constructor(leaves: readonly Hash[]) {
    this.size = leaves.length;
    const bottom = Buffer.allocUnsafe(leaves.length * HASH_BYTES);
    leaves.forEach((leaf, i) => {
      if (leaf.length !== HASH_BYTES) throw new RangeError('a leaf hash must be 32 bytes');
      leaf.copy(bottom, i * HASH_BYTES);
    });
    this.levels = [bottom];
    for (let level = bottom, count = leaves.length; count > 1;) {
      const parents = Math.floor(count / 2);
      const next = Buffer.allocUnsafe(parents * HASH_BYTES);
      for (let i = 0; i < parents; i++) hashPairInto(level, 2 * i * HASH_BYTES, next, i * HASH_BYTES);
      this.levels.push(next);
      level = next;
      count = parents;
    }
  }

  /** MTH(D[0:size]). */
  root(size = this.size): Hash {
    this.checkSize(size);
    return this.range(0, size);
  }

  /** PATH(m, D[0:n]) of RFC 9162 §2.1.3.1: the audit path of leaf `index` in the tree of `size`. */
  inclusionProof(index: number, size = this.size): Hash[] {
    this.checkSize(size);
    if (!(Number.isSafeInteger(index) && index >= 0 && index < size))
      throw new RangeError('leaf index outside the tree');
    const path: Hash[] = [];
    let start = 0;
    let end = size;
    // Descend from the root; each level adds the sibling subtree, collected root-first.
    while (end - start > 1) {
      const k = splitPoint(end - start);
      if (index - start < k) {
        path.push(this.range(start + k, end));
        end = start + k;
      } else {
        path.push(this.range(start, start + k));
        start += k;
      }
    }
    return path.reverse();
  }

  /** PROOF(m, D[0:n]) of RFC 9162 §2.1.4.1: proves the tree of m leaves is a prefix of the tree of n. */
  consistencyProof(m: number, n = this.size): Hash[] {
    this.checkSize(n);
    if (!(Number.isSafeInteger(m) && m >= 0 && m <= n)) throw new RangeError('tree sizes out of order');
    if (m === 0 || m === n) return [];
    const proof: Hash[] = [];
    let start = 0;
    let end = n;
    let mm = m;
    let whole = true;
    const siblings: Hash[] = [];
    // SUBPROOF(m, D[start:end], whole), unrolled: siblings are gathered top-down and emitted
    // bottom-up, after the node the recursion bottoms out on.
    while (mm !== end - start) {
      const k = splitPoint(end - start);
      if (mm <= k) {
        siblings.push(this.range(start + k, end));
        end = start + k;
      } else {
        siblings.push(this.range(start, start + k));
        start += k;
        mm -= k;
        whole = false;
      }
    }
    if (!whole) proof.push(this.range(start, end));
    return [...proof, ...siblings.reverse()];
  }

  /** MTH of a range the RFC's recursion produces: its start is aligned to the range's top split. */
  private range(start: number, end: number): Hash {
    if (end === start) return EMPTY_ROOT;
    const peaks: Hash[] = [];
    let at = start;
    while (at < end) {
      let level = 0;
      while (at % 2 ** (level + 1) === 0 && at + 2 ** (level + 1) <= end) level++;
      const offset = (at / 2 ** level) * HASH_BYTES;
      peaks.push(this.levels[level]!.subarray(offset, offset + HASH_BYTES));
      at += 2 ** level;
    }
    return foldPeaks(peaks);
  }

  private checkSize(size: number): void {
    if (!(Number.isSafeInteger(size) && size >= 0 && size <= this.size))
      throw new RangeError('tree size outside the log');
  }
}

/** RFC 9162 §2.1.3.2: does `proof` place `leaf` at `index` of the tree of `size` with `root`? */
export function verifyInclusion(leaf: Hash, index: number, size: number, proof: readonly Hash[], root: Hash): boolean {
  if (!(Number.isSafeInteger(index) && Number.isSafeInteger(size) && index >= 0 && index < size)) return false;
  let fn = index;
  let sn = size - 1;
  let r = leaf;
  for (const p of proof) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      r = nodeHash(p, r);
      if (fn % 2 === 0) {
        while (fn % 2 === 0 && fn !== 0) {
          fn = Math.floor(fn / 2);
          sn = Math.floor(sn / 2);
        }
      }
    } else {
      r = nodeHash(r, p);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 && r.equals(root);
}

/** RFC 9162 §2.1.4.2: does `proof` show the tree (size1, root1) is a prefix of (size2, root2)? */
export function verifyConsistency(
  size1: number,
  size2: number,
  proof: readonly Hash[],
  root1: Hash,
  root2: Hash,
): boolean {
  if (!(Number.isSafeInteger(size1) && Number.isSafeInteger(size2) && size1 >= 0 && size1 <= size2)) return false;
  if (size1 === size2) return proof.length === 0 && root1.equals(root2);
  if (size1 === 0) return proof.length === 0;
  let path = [...proof];
  // A first tree that is a perfect left subtree is its own first node.
  if ((size1 & (size1 - 1)) === 0) path = [root1, ...path];
  if (path.length === 0) return false;
  let fn = size1 - 1;
  let sn = size2 - 1;
  while (fn % 2 === 1) {
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  let fr = path[0]!;
  let sr = path[0]!;
  for (const c of path.slice(1)) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      fr = nodeHash(c, fr);
      sr = nodeHash(c, sr);
      if (fn % 2 === 0) {
        while (fn % 2 === 0 && fn !== 0) {
          fn = Math.floor(fn / 2);
          sn = Math.floor(sn / 2);
        }
      }
    } else {
      sr = nodeHash(sr, c);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return fr.equals(root1) && sr.equals(root2) && sn === 0;
}
