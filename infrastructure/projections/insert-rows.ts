import type { TransactionSql } from '../../shared/db/postgres.ts';

/** Rows per statement: one jsonb parameter of a few megabytes at most. */
const INSERT_CHUNK = 2_000;

/**
 * Inserts rows given as JSON objects named by column (a read model's batch path), a chunk per
 * statement, leaving any row whose `key` already exists as it is (`on conflict do nothing`, as the
 * per-event path's inserts do). PostgreSQL converts each value to its column's type, so timestamps
 * go in as ISO 8601 text.
 */
export async function insertNewRows(
  tx: TransactionSql,
  table: string,
  key: string,
  rows: readonly Record<string, unknown>[],
): Promise<void> {
  for (let at = 0; at < rows.length; at += INSERT_CHUNK) {
    await tx.unsafe(
      `insert into ${table}
       select * from jsonb_populate_recordset(null::${table}, $1::text::jsonb)
       on conflict (${key}) do nothing`,
      [JSON.stringify(rows.slice(at, at + INSERT_CHUNK))],
    );
  }
}
