import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyRows } from '../infrastructure/projections/copy-rows.ts';
import { connect, type Sql } from '../shared/db/postgres.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';

/**
 * A from-zero rebuild writes its new rows by COPY (infrastructure/projections/copy-rows.ts), where
 * every other write takes them from JSON (`jsonb_populate_recordset`). Both must leave the same
 * row for the same JSON values, whatever the column types and however awkward the text; and a COPY
 * PostgreSQL refuses must fail at once with PostgreSQL's error and roll its transaction back.
 */
let database: TestDatabase;
let sql: Sql;

const COLUMNS = `
  id integer primary key,
  label text,
  user_id uuid,
  amount_cents bigint,
  rate numeric,
  is_open boolean,
  at timestamptz,
  on_day date,
  tags text[],
  ids uuid[],
  counts integer[],
  grid integer[][],
  data jsonb,
  raw json,
  search tsvector generated always as (to_tsvector('simple', coalesce(label, ''))) stored`;

/** The columns a row is written to (not the generated one). */
const WRITTEN = 'id, label, user_id, amount_cents, rate, is_open, at, on_day, tags, ids, counts, grid, data, raw';

beforeAll(async () => {
  database = await createTestDatabase('copy_rows');
  sql = connect(database.url, { max: 2 });
  await sql.unsafe(`create table by_copy (${COLUMNS}); create table by_json (${COLUMNS});`);
});

afterAll(async () => {
  await sql?.end({ timeout: 5 });
  await database?.drop();
});

const text = fc.oneof(
  fc.string(),
  fc.constantFrom('', '\\N', 'a\tb', 'line\nbreak\r', 'back\\slash', 'NULL', '{"a",b}', 'say "hi"', 'é 🙂', '\\.'),
);
/** PostgreSQL stores no NUL in text. */
const storable = text.map((value) => value.replaceAll('\u0000', ''));
const json: fc.Arbitrary<unknown> = fc
  .jsonValue()
  .map((value) => JSON.parse(JSON.stringify(value).replaceAll('\\u0000', '')));

const row = (id: number) =>
  fc.record({
    id: fc.constant(id),
    label: fc.option(storable),
    user_id: fc.option(fc.uuid()),
    amount_cents: fc.option(fc.integer({ min: -1_000_000_000, max: 1_000_000_000 })),
    rate: fc.option(fc.double({ min: -1e6, max: 1e6, noNaN: true })),
    is_open: fc.option(fc.boolean()),
    at: fc.option(
      fc
        .date({ min: new Date('1990-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString()),
    ),
    on_day: fc.option(
      fc
        .date({ min: new Date('1990-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10)),
    ),
    tags: fc.option(fc.array(fc.option(storable), { maxLength: 4 })),
    ids: fc.option(fc.array(fc.uuid(), { maxLength: 3 })),
    counts: fc.option(fc.array(fc.option(fc.integer({ min: -1000, max: 1000 })), { maxLength: 4 })),
    grid: fc.option(
      fc.constantFrom(
        [
          [1, 2],
          [3, 4],
        ],
        [[5]],
      ),
    ),
    data: fc.option(json),
    raw: fc.option(json),
  });

async function dump(table: string) {
  return (await sql.unsafe<{ row: string }[]>(`select to_jsonb(t)::text as row from ${table} t order by id`)).map(
    (r) => r.row,
  );
}

describe('rows written by COPY', () => {
  it('equal the rows the JSON path writes for the same values, for any values', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat(), { minLength: 1, maxLength: 40 }), fc.nat(), async (ids, seed) => {
        const unique = [...new Set(ids)];
        const rows = unique.map((id, i) => fc.sample(row(id), { numRuns: 1, seed: seed + i })[0]!);
        await sql`truncate by_copy, by_json`;
        await sql.begin((tx) => copyRows(tx, 'by_copy', rows));
        await sql.unsafe(
          `insert into by_json (${WRITTEN}) select ${WRITTEN} from jsonb_populate_recordset(null::by_json, $1::text::jsonb)`,
          [JSON.stringify(rows)],
        );
        expect(await dump('by_copy')).toEqual(await dump('by_json'));
      }),
      { numRuns: 40 },
    );
  });

  it('writes thousands of rows in chunks, and nothing for none', async () => {
    await sql`truncate by_copy`;
    await sql.begin((tx) => copyRows(tx, 'by_copy', []));
    const rows = Array.from({ length: 5_500 }, (_, id) => ({ id, label: `row ${id}`, tags: [`t${id}`] }));
    await sql.begin((tx) => copyRows(tx, 'by_copy', rows));
    const [counted] = await sql<{ rows: number; last: string }[]>`
      select count(*)::int as rows, max(label) filter (where id = 5499) as last from by_copy`;
    expect(counted).toEqual({ rows: 5_500, last: 'row 5499' });
  });

  it('fails at once with PostgreSQL’s error when a row is refused, rolls back, and leaves the connection usable', async () => {
    await sql`truncate by_copy`;
    for (const [rows, message] of [
      // The duplicate is found only after the last chunk reached the server.
      [[{ id: 1 }, { id: 1 }], /duplicate key value/],
      [[{ id: 2, amount_cents: 'many' }], /invalid input syntax for type bigint/],
    ] as const) {
      const started = performance.now();
      await expect(
        sql.begin(async (tx) => {
          await tx`insert into by_copy (id, label) values (100, 'before the copy')`;
          await copyRows(tx, 'by_copy', rows);
        }),
      ).rejects.toThrow(message);
      // Not the server's idle-in-transaction timeout (15 s) ending the connection.
      expect(performance.now() - started).toBeLessThan(5_000);
    }
    expect(await dump('by_copy')).toEqual([]);
    const [{ aborted } = { aborted: -1 }] = await sql<{ aborted: number }[]>`
      select count(*)::int as aborted from pg_stat_activity
      where datname = current_database() and state = 'idle in transaction (aborted)'`;
    expect(aborted).toBe(0);
    await sql.begin((tx) => copyRows(tx, 'by_copy', [{ id: 3, label: 'after' }]));
    expect(await dump('by_copy')).toHaveLength(1);
  });
});
