import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalEvent, type HashedEvent } from '../eventstore/hash-chain.ts';
import { canonicalEventText } from './canonical.ts';
import { leafHash } from './merkle.ts';

/**
 * canonicalEventText must give exactly canonicalEvent's text (the leaf hashes of every published
 * head depend on it) or, where canonicalEvent throws, the same error. The reference is
 * canonicalEvent itself, on arbitrary JSON and on values JSON.parse never makes.
 */
const outcome = (run: () => string): { text: string } | { error: string } => {
  try {
    return { text: run() };
  } catch (error) {
    return { error: String(error) };
  }
};
const same = (event: HashedEvent) =>
  expect(outcome(() => canonicalEventText(event))).toEqual(outcome(() => canonicalEvent(event)));

/** Characters that escape, sort or encode unusually, lone surrogates among them. */
const unit = fc.oneof(
  fc.constantFrom(
    '"',
    '\\',
    '/',
    '\u0000',
    '\u0008',
    '\u001f',
    '\u007f',
    'é',
    'ß',
    '\u2028',
    '\ufeff',
    '\uffff',
    '\ud83d\ude00',
    '\ud800',
    '\udfff',
    '0',
    '9',
  ),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
);
const numbers = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(-0, 1e21, 1e-7, 5e-324, 0.1 + 0.2, 2 ** 53 + 2, -1.5e-10, 1.7976931348623157e308),
);
const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.string({ unit }),
    numbers,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value')),
    fc.dictionary(fc.oneof(fc.string({ unit }), fc.constantFrom('__proto__', 'toJSON', '10', '2', '-1')), tie('value')),
  ),
})).value;
const eventOf = (data: unknown, metadata: Record<string, unknown>, revision = 3n): HashedEvent => ({
  streamId: 'escrow-1f0e8a52-8a4f-4c55-9a39-8d2a4f1b7c11',
  revision,
  id: '0a8f3c2e-6a7b-4f1d-9c2e-5b4d3a2f1e0d',
  type: 'EscrowFunded',
  data,
  metadata,
});

describe('canonicalEventText', () => {
  it("writes canonicalEvent's text for any JSON data and metadata, as built or as read back", () => {
    fc.assert(
      fc.property(
        json,
        fc.dictionary(fc.string({ unit }), json),
        fc.bigInt({ min: 0n }),
        (data, metadata, revision) => {
          same(eventOf(data, metadata, revision));
          // What a store hands back: JSON.parse of what it stored (keys with __proto__ kept as own keys).
          const stored = JSON.parse(JSON.stringify({ data, metadata })) as {
            data: unknown;
            metadata: Record<string, unknown>;
          };
          same(eventOf(stored.data, stored.metadata, revision));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('answers as canonicalEvent (its text or its error) for values JSON.parse never makes', () => {
    fc.assert(
      fc.property(
        fc.anything({
          withBoxedValues: true,
          withMap: true,
          withSet: true,
          withDate: true,
          withNullPrototype: true,
          withBigInt: true,
          withTypedArray: true,
          withSparseArray: true,
          withObjectString: true,
          stringUnit: unit,
        }),
        (value) => {
          same(eventOf(value, { value }));
        },
      ),
      { numRuns: 1000 },
    );
    const cycle: Record<string, unknown> = { a: 1 };
    cycle.self = cycle;
    let deep: unknown = 'bottom';
    for (let i = 0; i < 300; i++) deep = [deep];
    const exotic: unknown[] = [
      undefined,
      { a: undefined, b: 1 },
      [1, undefined, 2],
      [1, , 2], // eslint-disable-line no-sparse-arrays
      new Date('2026-11-26T00:00:00Z'),
      { toJSON: () => ({ z: 1, a: 2 }) },
      { toJSON: 'not a function', a: 1 },
      Object.assign([2, 1], { toJSON: () => 'an array that says otherwise' }),
      Object.assign(Object.create(null) as object, { b: 1, a: 2 }),
      JSON.parse('{"__proto__":{"x":1},"a":1}'),
      Number.NaN,
      Number.POSITIVE_INFINITY,
      10n,
      Symbol('s'),
      () => 1,
      new Map([[1, 2]]),
      Object(1),
      Object('boxed'),
      { '\ud800': 1 },
      ['\udc00'],
      cycle,
      deep,
    ];
    for (const value of exotic) {
      same(eventOf(value, {}));
      same(eventOf({ nested: value }, { value }));
    }
  });

  it('sorts each object by its own keys when objects share, reorder or seem to share a shape', () => {
    const shapes: unknown[] = [
      { b: 1, a: 2 },
      { a: 3, b: 4 },
      { b: 5, a: 6, c: 7 },
      // The two key lists join to the same text with a NUL between keys.
      { 'a\u0000b': 1, c: 2 },
      { a: 1, 'b\u0000c': 2 },
      { 'a\u0000b\u0000c': 3 },
      JSON.parse('{"a\\u0000b":1,"__proto__":{"x":1}}'),
      JSON.parse('{"a":1,"b\\u0000__proto__":2}'),
      { 2: 'x', 10: 'y', b: 'z' },
    ];
    // Each value twice, so the second meets whatever the first left cached, in both orders.
    for (const value of [...shapes, ...shapes.toReversed(), ...shapes]) {
      same(eventOf(value, { value }));
      same(eventOf({ nested: [value, value] }, {}));
    }
    fc.assert(
      fc.property(
        fc.array(fc.dictionary(fc.constantFrom('a', 'b', 'a\u0000', '\u0000b', 'é', ''), fc.integer()), {
          maxLength: 6,
        }),
        (objects) => {
          same(eventOf({ objects }, { objects }));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('answers as canonicalEvent for odd event fields', () => {
    const base = eventOf({ a: 1 }, { hashRule: 2, prevHash: null });
    same({ ...base, id: undefined as unknown as string });
    same({ ...base, type: '\ud800' });
    same({ ...base, streamId: 'escrow-"quoted"\\' });
    same({ ...base, data: undefined });
    same({ ...base, revision: 2n ** 70n });
    same({ ...base, metadata: undefined as unknown as Record<string, unknown> });
  });
});

describe('leafHash of a string', () => {
  it('is the leaf hash of its UTF-8 bytes (an event leaf hashes its canonical text so)', () => {
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 2000 }), (text) => {
        expect(leafHash(text).toString('hex')).toBe(leafHash(Buffer.from(text, 'utf8')).toString('hex'));
      }),
      { numRuns: 1000 },
    );
  });
});
