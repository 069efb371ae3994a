import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KeyFilter } from './key-filter.ts';

/** Keys as a rebuild encodes them: a one-uuid array, the ids as structured as the bench's. */
const keyOf = (kind: number, n: number) =>
  `["${kind.toString(16).padStart(8, '0')}-0000-4000-8000-${n.toString(16).padStart(12, '0')}"]`;

describe('KeyFilter', () => {
  it('never says "certainly not" for a key it was given, across its growth', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string(), { maxLength: 300 }),
        fc.integer({ min: 1, max: 64 }),
        (keys, capacity) => {
          const filter = new KeyFilter(capacity);
          for (const key of keys) filter.add(key);
          expect(keys.filter((key) => !filter.has(key))).toEqual([]);
        },
      ),
    );
  });

  it('says "certainly not" for nearly every key it was not given, once it has grown', () => {
    const filter = new KeyFilter(10_000);
    // 150,000 keys: four layers (10k, 20k, 40k, 80k).
    for (let n = 0; n < 150_000; n++) filter.add(keyOf(3, n));
    // A key taken for one already added (a false "perhaps") is not counted: under 2 % of them.
    expect(filter.size).toBeGreaterThan(147_000);
    let falsePositives = 0;
    for (let n = 0; n < 100_000; n++)
      if (filter.has(keyOf(5, n)) || filter.has(keyOf(3, 1_000_000 + n))) falsePositives++;
    // Each layer at 1 %, ½ %, ¼ %, ⅛ %: under 2 % in all, for two probes each.
    expect(falsePositives / 100_000).toBeLessThan(0.04);
    expect(falsePositives).toBeGreaterThan(0);
  });

  it('starts empty and counts a key once', () => {
    const filter = new KeyFilter();
    expect(filter.has(keyOf(1, 1))).toBe(false);
    filter.add(keyOf(1, 1));
    filter.add(keyOf(1, 1));
    expect(filter.size).toBe(1);
    expect(filter.has(keyOf(1, 1))).toBe(true);
    expect(filter.has(keyOf(1, 2))).toBe(false);
  });
});
