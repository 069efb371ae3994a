import postgres from 'postgres';
import { connect } from '../shared/db/postgres.ts';
import type { Projection } from '../infrastructure/projections/types.ts';

/**
 * Every type postgres.js would convert on the way out (JSON, booleans, dates, bytea) sent as the
 * text it was read as: postgres.js picks a parameter's serializer by the type the server describes
 * for it, and its own would turn JSON text into a JSON string, any text into `false` for a boolean,
 * and a timestamp into milliseconds. Arrays have no serializer without `fetch_types`, so their text
 * goes as it is too.
 */
const VERBATIM = {
  verbatim: {
    to: 25,
    from: [16, 17, 114, 3802, 1082, 1114, 1184],
    serialize: (value: unknown) => String(value),
    parse: (value: string) => value,
  },
};

/** Rows a multi-row insert of the reference carries at most (fewer when the table is wide). */
export const RAW_INSERT_ROWS = 2000;

export type RawInserts = {
  rows: number;
  /** Time spent in the inserts alone. */
  seconds: number;
  rowsPerSecond: number;
};

/** The tables a read model's schema creates. */
export function readModelTables(projections: readonly Pick<Projection, 'schema'>[]): string[] {
  const tables = projections.flatMap((projection) =>
    [...projection.schema.matchAll(/create table if not exists (\w+)/gi)].map((match) => match[1]!),
  );
  return [...new Set(tables)];
}

/**
 * The reference a rebuild is held to: the rows it left in `tables`, inserted again, raw, into an
 * empty copy of each table (same columns, indexes and constraints; generated columns computed by
 * PostgreSQL as for the rebuild) with multi-row inserts of up to `chunk` rows, one statement at a
 * time on one connection. Only the inserts are timed: the rows are read by a cursor in between.
 *
 * The rows are read as text and go back as the same text, untyped, for PostgreSQL to read as each
 * column's type (`VERBATIM`): the copy holds exactly the rows (microseconds, JSON, arrays), and the
 * statement and its parameters' types are the same for every chunk of a table, so postgres.js
 * prepares it once. Read as dates, booleans and nulls, each chunk's mix of types made a new prepared
 * statement that the server kept for the connection's life: one backend grew to 20 GB on the
 * 11,050,000-event log and was killed by the kernel. Each table's inserts run on a connection of
 * their own, closed after it, so the server keeps none of them afterwards.
 */
export async function rawInsertRate(
  databaseUrl: string,
  tables: readonly string[],
  options: { chunk?: number } = {},
): Promise<RawInserts> {
  let rows = 0;
  let seconds = 0;
  const sql = connect(databaseUrl, { max: 1, applicationName: 'bench raw reads' });
  try {
    for (const table of tables) {
      const copy = `${table}_raw`;
      await sql.unsafe(`drop table if exists ${copy}; create table ${copy} (like ${table} including all)`);
      const inserts = postgres(databaseUrl, { max: 1, fetch_types: false, types: VERBATIM, onnotice: () => {} });
      try {
        const columns = (
          await sql<{ name: string }[]>`
            select attname as name from pg_attribute
            where attrelid = ${table}::regclass and attnum > 0 and not attisdropped and attgenerated = ''
            order by attnum`
        ).map((column) => column.name);
        // As many rows a statement as PostgreSQL's 65,535 parameters allow, up to `chunk`.
        const size = Math.min(options.chunk ?? RAW_INSERT_ROWS, Math.floor(65_000 / Math.max(1, columns.length)));
        const asText = columns.map((column) => `"${column}"::text as "${column}"`).join(', ');
        for await (const batch of sql.unsafe(`select ${asText} from ${table}`).cursor(size)) {
          const started = performance.now();
          await inserts`insert into ${inserts(copy)} ${inserts(batch, columns)}`;
          seconds += (performance.now() - started) / 1000;
          rows += batch.length;
        }
      } finally {
        await inserts.end({ timeout: 5 });
        await sql.unsafe(`drop table if exists ${copy}`);
      }
    }
  } finally {
    await sql.end({ timeout: 5 });
  }
  return { rows, seconds, rowsPerSecond: rows / Math.max(seconds, 1e-6) };
}
