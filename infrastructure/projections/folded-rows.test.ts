import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withDefaults } from './folded-rows.ts';

/** Column names as the read models' tables have them. */
const column = fc.stringMatching(/^[a-z][a-z0-9_]{0,20}$/);
const row = fc.dictionary(column, fc.jsonValue(), { maxKeys: 40, noNullPrototype: true });

describe('withDefaults', () => {
  it('is the row `{ ...defaults, ...fields }` would make, in a new object, its inputs untouched', () => {
    fc.assert(
      fc.property(row, row, (defaults, fields) => {
        const before = structuredClone({ defaults, fields });
        const made = withDefaults(defaults, fields);
        expect(made).toStrictEqual({ ...defaults, ...fields });
        expect(made).not.toBe(defaults);
        expect(made).not.toBe(fields);
        expect({ defaults, fields }).toStrictEqual(before);
      }),
    );
  });

  it("keeps the event's value where a default names the same column", () => {
    expect(withDefaults({ status: 'open', note: null }, { status: 'funded' })).toStrictEqual({
      status: 'funded',
      note: null,
    });
  });
});
