import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawInsertRate, readModelTables } from '../bench/raw-inserts.ts';
import { allProjections } from '../projections/index.ts';
import { connect, type Sql } from '../shared/db/postgres.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';

/**
 * The raw reference the rebuilds are held to (bench/raw-inserts.ts): every row of each table
 * inserted again into an empty copy with the table's columns, indexes and constraints.
 */
let database: TestDatabase;
let sql: Sql;

beforeAll(async () => {
  database = await createTestDatabase('raw_inserts');
  sql = connect(database.url, { max: 3 });
  // Every value's type a read model uses, nulls scattered differently in each chunk, and checks that
  // hold only for the values as written: a copy that changed one on the way (a time zone, an array,
  // a null) is refused.
  await sql`
    create table rm_sample (
      id int primary key,
      user_id uuid not null,
      "values" jsonb not null check ("values"->>'n' = id::text),
      search_text text not null,
      search_vector tsvector generated always as (to_tsvector('simple', search_text)) stored,
      tags text[] check (tags is null or tags = array['a', id::text]),
      flag boolean check (flag is null or flag = (id % 2 = 0)),
      amount_cents bigint check (amount_cents is null or amount_cents = id * 1000000007::bigint),
      created_at timestamptz not null check (created_at = '2026-01-01T00:00:00.123456Z'::timestamptz + id * interval '1 minute'),
      done_at timestamptz check (done_at is null or done_at = created_at)
    );
    create unique index rm_sample_text on rm_sample (search_text);
    create table rm_empty (id int primary key)`.simple();
  await sql`
    insert into rm_sample (id, user_id, "values", search_text, tags, flag, amount_cents, created_at, done_at)
    select n, md5(n::text)::uuid, jsonb_build_object('n', n, 'name', 'row "' || n || '"'), 'text ' || n,
      case when n % 7 = 0 then null else array['a', n::text] end,
      case when n % 5 = 0 then null else n % 2 = 0 end,
      case when n % 11 = 0 then null else n * 1000000007::bigint end,
      '2026-01-01T00:00:00.123456Z'::timestamptz + n * interval '1 minute',
      case when n % 3 = 0 then null else '2026-01-01T00:00:00.123456Z'::timestamptz + n * interval '1 minute' end
    from generate_series(1, 5000) as n`;
}, 60_000);

afterAll(async () => {
  await sql?.end({ timeout: 5 });
  await database?.drop();
});

describe('raw multi-row inserts of a read model’s rows', () => {
  it('inserts every row again, exactly, under the table’s constraints, and leaves the source as it was and no copy behind', async () => {
    // Chunks of 700: eight statements, each with its own mix of nulls; the generated column is left
    // to PostgreSQL (a value given for it would be refused).
    const raw = await rawInsertRate(database.url, ['rm_sample', 'rm_empty'], { chunk: 700 });
    expect(raw.rows).toBe(5000);
    expect(raw.seconds).toBeGreaterThan(0);
    expect(raw.rowsPerSecond).toBeCloseTo(5000 / raw.seconds, 6);
    const copies = await sql`select relname from pg_class where relname like '%\\_raw'`;
    expect(copies).toHaveLength(0);
    // The source is left as it was.
    const [{ n }] = await sql<[{ n: number }]>`select count(*)::int as n from rm_sample`;
    expect(n).toBe(5000);
  });

  it('inserts the rows as they are, under the table’s constraints: a row the copy refuses fails the run, and no copy is left', async () => {
    // Rows written before a constraint that was added without checking them (`not valid`): the copy
    // checks every row it is given, so the first chunk is refused.
    await sql`alter table rm_sample add constraint rm_sample_late check (id > 10) not valid`;
    try {
      await expect(rawInsertRate(database.url, ['rm_sample'])).rejects.toThrow(/rm_sample_late/);
      const copies = await sql`select relname from pg_class where relname like '%\\_raw'`;
      expect(copies).toHaveLength(0);
    } finally {
      await sql`alter table rm_sample drop constraint rm_sample_late`;
    }
  });

  it('names the tables every read model’s schema creates', () => {
    const tables = readModelTables(allProjections);
    expect(tables).toContain('rm_notifications');
    expect(tables).toContain('rm_contractor_directory');
    expect(tables).toContain('rm_crm_leads');
    expect(new Set(tables).size).toBe(tables.length);
    for (const table of tables) expect(table).toMatch(/^rm_\w+$/);
  });
});
