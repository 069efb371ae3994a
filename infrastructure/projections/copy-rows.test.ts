import { describe, expect, it } from 'vitest';
import { arrayLiteral, copyField, copyKind, copyData } from './copy-rows.ts';

describe('COPY text encoding', () => {
  it('writes SQL NULL for null and a missing value, whatever the column', () => {
    for (const kind of ['json', 'array', 'other'] as const) {
      expect(copyField(null, kind)).toBe('\\N');
      expect(copyField(undefined, kind)).toBe('\\N');
    }
  });

  it("escapes COPY's special characters in text, so a tab or a newline stays in its field", () => {
    expect(copyField('a\tb\nc\rd\\e', 'other')).toBe('a\\tb\\nc\\rd\\\\e');
    expect(copyField('\\N', 'other')).toBe('\\\\N');
    expect(copyField('é 🙂', 'other')).toBe('é 🙂');
  });

  it('writes JSON text for json columns, a JSON string included, and escapes it as text', () => {
    expect(copyField({ note: 'line\nbreak', n: 1 }, 'json')).toBe('{"note":"line\\\\nbreak","n":1}');
    expect(copyField('plain', 'json')).toBe('"plain"');
    expect(copyField([1, null], 'json')).toBe('[1,null]');
    expect(copyField(false, 'json')).toBe('false');
  });

  it('writes array literals with every element quoted, NULL for null, nested for nested arrays', () => {
    expect(arrayLiteral([])).toBe('{}');
    expect(arrayLiteral(['a', 'b c', 'NULL', null])).toBe('{"a","b c","NULL",NULL}');
    expect(arrayLiteral(['say "hi"', 'back\\slash', '{,}'])).toBe('{"say \\"hi\\"","back\\\\slash","{,}"}');
    expect(
      arrayLiteral([
        [1, 2],
        [3, null],
      ]),
    ).toBe('{{"1","2"},{"3",NULL}}');
    // As a COPY field its backslashes are escaped once more.
    expect(copyField(['back\\slash'], 'array')).toBe('{"back\\\\\\\\slash"}');
  });

  it('writes booleans as t and f, numbers as their text', () => {
    expect(copyField(true, 'other')).toBe('t');
    expect(copyField(false, 'other')).toBe('f');
    expect(copyField(1234567890123, 'other')).toBe('1234567890123');
    expect(copyField(-0.5, 'other')).toBe('-0.5');
  });

  it('makes one tab-separated line per row, in the columns’ order', () => {
    const columns = [
      { name: 'id', kind: 'other' },
      { name: 'tags', kind: 'array' },
      { name: 'data', kind: 'json' },
      { name: 'gone', kind: 'other' },
    ] as const;
    expect(
      copyData(
        [
          { data: { a: 1 }, id: 'x', tags: ['t'] },
          { data: null, id: 'y\tz', tags: [], gone: 2 },
          { data: { note: 'é 🙂' }, id: 'ü', tags: ['ß'], gone: 'end' },
        ],
        columns,
      ).toString('utf8'),
    ).toBe('x\t{"t"}\t{"a":1}\t\\N\ny\\tz\t{}\t\\N\t2\nü\t{"ß"}\t{"note":"é 🙂"}\tend\n');
    expect(copyData([], columns).length).toBe(0);
  });

  it("tells the kind from information_schema's data_type", () => {
    expect(copyKind('jsonb')).toBe('json');
    expect(copyKind('json')).toBe('json');
    expect(copyKind('ARRAY')).toBe('array');
    expect(copyKind('timestamp with time zone')).toBe('other');
  });
});
