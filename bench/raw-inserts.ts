import type { Sql } from '../shared/db/postgres.ts';
import type { Projection } from '../infrastructure/projections/types.ts';

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
 * time on one connection. Only the inserts are timed: the rows are read by a cursor in between,
 * which holds a second connection of `sql`'s pool.
 */
export async function rawInsertRate(
  sql: Sql,
  tables: readonly string[],
  options: { chunk?: number } = {},
): Promise<RawInserts> {
  let rows = 0;
  let seconds = 0;
  for (const table of tables) {
    const copy = `${table}_raw`;
    await sql.unsafe(`drop table if exists ${copy}; create table ${copy} (like ${table} including all)`);
    try {
      const columns = (
        await sql<{ name: string }[]>`
          select attname as name from pg_attribute
          where attrelid = ${table}::regclass and attnum > 0 and not attisdropped and attgenerated = ''
          order by attnum`
      ).map((column) => column.name);
      // As many rows a statement as PostgreSQL's 65,535 parameters allow, up to `chunk`.
      const size = Math.min(options.chunk ?? RAW_INSERT_ROWS, Math.floor(65_000 / Math.max(1, columns.length)));
      const list = columns.map((column) => `"${column}"`).join(', ');
      for await (const batch of sql.unsafe(`select ${list} from ${table}`).cursor(size)) {
        const started = performance.now();
        await sql`insert into ${sql(copy)} ${sql(batch, columns)}`;
        seconds += (performance.now() - started) / 1000;
        rows += batch.length;
      }
    } finally {
      await sql.unsafe(`drop table if exists ${copy}`);
    }
  }
  return { rows, seconds, rowsPerSecond: rows / Math.max(seconds, 1e-6) };
}
