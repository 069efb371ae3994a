/**
 * The keys a rebuild has written to a table, kept as a Bloom filter that grows: it answers
 * "certainly not written" or "perhaps written", never "not written" for a key that was. A rebuild
 * asks it before loading a row: "certainly not" skips the load (the row does not exist), "perhaps"
 * loads as a live batch would, which is correct either way and costs a query only for the rare false
 * "perhaps" (about 1 in 100).
 *
 * A Set of the keys themselves was exact, but at 100,000 contractors and 1,000,000 work orders the
 * rebuild wrote about ten million keys, a gigabyte of strings that every full garbage collection
 * walked; this holds the same answer for each key in about 12 bits.
 *
 * It cannot forget a key (a deleted row stays "perhaps written", so the next write of that key is
 * an upsert instead of a plain insert). Each layer holds `capacity` keys at its false-positive rate;
 * a full filter adds a layer twice as large at half the rate, so the overall rate stays under twice
 * the first layer's however many keys come.
 */
export class KeyFilter {
  private readonly layers: Layer[] = [];
  private added = 0;

  constructor(
    // 65,536 keys (80 KB) to start: a pass builds a filter per table of some fifty, most of them
    // small; a table of ten million keys reaches it in eight layers.
    private readonly firstCapacity = 1 << 16,
    private readonly falsePositiveRate = 0.01,
  ) {
    this.layers.push(layer(firstCapacity, falsePositiveRate));
  }

  /** Keys added (a key added twice counts once, unless its second add was a false "perhaps"). */
  get size(): number {
    return this.added;
  }

  has(key: string): boolean {
    hashInto(key);
    return this.holds(hashed.h1, hashed.h2);
  }

  add(key: string): void {
    hashInto(key);
    const { h1, h2 } = hashed;
    if (this.holds(h1, h2)) return;
    let last = this.layers[this.layers.length - 1]!;
    if (last.count >= last.capacity) {
      const next = this.layers.length;
      last = layer(this.firstCapacity * 2 ** next, this.falsePositiveRate / 2 ** next);
      this.layers.push(last);
    }
    for (let i = 0; i < last.hashes; i++) {
      const bit = (h1 + Math.imul(i, h2)) >>> 0;
      const at = bit % last.bitCount;
      last.bits[at >>> 5]! |= 1 << (at & 31);
    }
    last.count++;
    this.added++;
  }

  /** Whether some layer perhaps holds the key with these hashes (a loop: no closure per call). */
  private holds(h1: number, h2: number): boolean {
    for (const layer of this.layers) if (contains(layer, h1, h2)) return true;
    return false;
  }
}

type Layer = { bits: Uint32Array; bitCount: number; hashes: number; capacity: number; count: number };

/** The optimal size and hash count for `capacity` keys at `rate` false positives. */
function layer(capacity: number, rate: number): Layer {
  const bitCount = Math.ceil((-capacity * Math.log(rate)) / Math.LN2 ** 2);
  const hashes = Math.max(1, Math.round((bitCount / capacity) * Math.LN2));
  return { bits: new Uint32Array(Math.ceil(bitCount / 32)), bitCount, hashes, capacity, count: 0 };
}

function contains(layer: Layer, h1: number, h2: number): boolean {
  for (let i = 0; i < layer.hashes; i++) {
    const at = ((h1 + Math.imul(i, h2)) >>> 0) % layer.bitCount;
    if ((layer.bits[at >>> 5]! & (1 << (at & 31))) === 0) return false;
  }
  return true;
}

/**
 * Two independent 32-bit hashes of the key, written into `hashed` (FNV-1a with two offsets, each
 * finished with MurmurHash3's mixer so that keys differing in one character spread over the whole
 * range), for the double hashing h1 + i·h2. h2 is odd, so its multiples never collapse onto a few
 * bits.
 */
function hashInto(key: string): void {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x9e3779b9;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x01000193) ^ (b >>> 13);
  }
  hashed.h1 = mix(a);
  hashed.h2 = mix(b) | 1;
}

/**
 * The last key's two hashes, written by `hashInto`. One object for every call instead of a pair
 * a call: a rebuild asks about each row it touches, and the pairs (their unsigned 32-bit numbers
 * boxed as doubles) were several hundred megabytes of garbage in a 1,105,000-event pass.
 */
const hashed = { h1: 0, h2: 0 };

function mix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
