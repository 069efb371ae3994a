import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { TransactionSql } from '../../shared/db/postgres.ts';

/**
 * Rows written with `COPY … FROM STDIN` (text format) instead of a multi-row insert from JSON.
 *
 * A from-zero rebuild writes most of its rows once, into tables it knows do not hold them yet. The
 * usual write (`insert … select … from jsonb_populate_recordset($1)`) makes PostgreSQL parse a
 * JSON document and convert every value through the jsonb type: about 40 µs a row for the escrows'
 * 38 columns, three quarters of that write. COPY parses plain text per column type: 250,000 escrow
 * rows in 3.0 s against 10.3 s, 875,000 notifications in 2.2 s against 7.9 s, with the same rows
 * in the table (docs/performance.md). COPY has no `on conflict`, so it is only for rows known to be
 * new; a row that collides fails the statement, as a plain insert would.
 *
 * The values are the rows' JSON values, encoded as PostgreSQL would convert them from JSON: SQL
 * NULL for null (or a missing column), JSON text for json and jsonb columns (a string included),
 * an array literal for array columns, `t`/`f` for booleans, the value's text otherwise.
 */

/** How a column's JSON value is written as COPY text. */
export type CopyColumn = { name: string; kind: 'json' | 'array' | 'other' };

/**
 * Below this many rows a write goes by the multi-row insert: a COPY costs about 80 ms more per
 * statement on a TCP connection here (postgres.js leaves Nagle's algorithm on, and COPY's data and
 * its end go out as separate small packets, each waiting for the server's delayed acknowledgement),
 * which COPY's 30 µs a row saved repays from about 3,000 rows. A rebuild's windows write far more.
 */
export const COPY_MIN_ROWS = 5_000;

/** Rows per chunk handed to the stream: a few hundred kilobytes of text. */
const COPY_CHUNK = 2_000;

const COPY_SPECIAL = /[\\\t\n\r]/g;
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** Whether a text holds one of COPY's special characters (no `g` flag: `test` keeps no state). */
const HAS_COPY_SPECIAL = /[\\\t\n\r]/;

/** A field's text with COPY's escapes: backslash, tab, newline and carriage return. */
function escapeField(text: string): string {
  // Most fields (ids, times, numbers) have none: the test allocates nothing, the replace would.
  return HAS_COPY_SPECIAL.test(text) ? text.replace(COPY_SPECIAL, (character) => COPY_ESCAPES[character]!) : text;
}

/** An array literal (`{"a","b",NULL}`, nested for nested arrays), every element quoted. */
export function arrayLiteral(values: readonly unknown[]): string {
  const elements = values.map((value) => {
    if (value === null || value === undefined) return 'NULL';
    if (Array.isArray(value)) return arrayLiteral(value);
    const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
    return `"${text.replace(/["\\]/g, '\\$&')}"`;
  });
  return `{${elements.join(',')}}`;
}

/** One value as a COPY text field. */
export function copyField(value: unknown, kind: CopyColumn['kind']): string {
  if (value === null || value === undefined) return '\\N';
  if (kind === 'json') return escapeField(JSON.stringify(value));
  if (kind === 'array' && Array.isArray(value)) return escapeField(arrayLiteral(value));
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'object') return escapeField(JSON.stringify(value));
  return escapeField(String(value));
}

/**
 * Rows as COPY data: text lines, each ending in a newline, in the columns' order, encoded as UTF-8.
 * Each line is its fields joined, written into one buffer per chunk: a line built by `+=` is a
 * chain of small strings, a field and a tab at a time, flattened again when the text is encoded,
 * and a chunk joined into one string is copied once more into its buffer. Measured on 2,000 rows
 * of 15 columns: 1.7–1.8 ms a chunk against 1.9–2.0 by `+=` (one list of every field and
 * separator, joined once, took 3.9–4.1 ms).
 */
export function copyData(rows: readonly Record<string, unknown>[], columns: readonly CopyColumn[]): Buffer {
  const lines: string[] = [];
  const fields: string[] = [];
  let units = 0;
  for (const row of rows) {
    fields.length = 0;
    for (const column of columns) fields.push(copyField(row[column.name], column.kind));
    const line = fields.join('\t');
    units += line.length;
    lines.push(line);
  }
  // UTF-8 takes at most three bytes for a UTF-16 unit (four for a pair of two); one more a newline.
  const data = Buffer.allocUnsafe(units * 3 + lines.length);
  let at = 0;
  for (const line of lines) {
    at += data.write(line, at, 'utf8');
    data[at++] = NEWLINE;
  }
  return data.subarray(0, at);
}

const NEWLINE = 0x0a;

/** The kind of a column from information_schema.columns' `data_type`. */
export function copyKind(dataType: string): CopyColumn['kind'] {
  if (dataType === 'json' || dataType === 'jsonb') return 'json';
  return dataType === 'ARRAY' ? 'array' : 'other';
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

const columnsByTable = new Map<string, Promise<CopyColumn[]>>();

/** The columns a row can be written to (generated columns are left to PostgreSQL), in table order, cached per table. */
export function writableColumns(tx: TransactionSql, table: string): Promise<CopyColumn[]> {
  let columns = columnsByTable.get(table);
  if (!columns) {
    columns = tx<{ column_name: string; data_type: string }[]>`
      select column_name, data_type from information_schema.columns
      where table_schema = current_schema() and table_name = ${table} and is_generated = 'NEVER'
      order by ordinal_position`.then((rows) => {
      if (rows.length === 0) throw new Error(`table ${table} has no columns (is its schema created?)`);
      return rows.map((row) => ({ name: row.column_name, kind: copyKind(row.data_type) }));
    });
    columns.catch(() => columnsByTable.delete(table));
    columnsByTable.set(table, columns);
  }
  return columns;
}

/**
 * Writes new rows by COPY when there are at least `minRows` of them (`COPY_MIN_ROWS` in a rebuild)
 * and returns the rows it left for the caller's own insert or upsert: none, or all of them.
 */
export async function copyIfMany<Row extends Record<string, unknown>>(
  tx: TransactionSql,
  table: string,
  rows: readonly Row[],
  minRows: number,
): Promise<readonly Row[]> {
  if (rows.length === 0 || rows.length < minRows) return rows;
  await copyRows(tx, table, rows);
  return [];
}

/**
 * Writes new rows into `table` with one COPY, in the transaction `tx` (which must run nothing else
 * meanwhile). The text is made a chunk at a time as the connection takes it.
 *
 * postgres.js (3.4.x, its issue 1173) never settles a COPY's stream when PostgreSQL refuses the
 * data after the last chunk (a duplicate key, a value of the wrong type): the error reaches only
 * the query's `reject`, which is a no-op once the query has handed out its stream, and the
 * transaction would wait until the server's idle timeout ended the connection, the error lost. So
 * the query's `reject` is also listened to: the refusal ends this call with PostgreSQL's own error,
 * and the transaction rolls back at once (tests/projection.copy-rows.test.ts).
 */
export async function copyRows(
  tx: TransactionSql,
  table: string,
  rows: readonly Record<string, unknown>[],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = await writableColumns(tx, table);
  const query = tx.unsafe(
    `copy ${ident(table)} (${columns.map((column) => ident(column.name)).join(', ')}) from stdin`,
  );
  const settles = query as unknown as { reject?: (error: unknown) => void };
  const rejectQuery = settles.reject;
  if (typeof rejectQuery !== 'function') throw new Error('postgres.js queries no longer have reject(): see copyRows');
  const refused = new Promise<never>((_, reject) => {
    settles.reject = (error: unknown) => {
      reject(error);
      rejectQuery(error);
    };
  });
  // Awaited only in the race below, which may already be settled by the stream's own error.
  refused.catch(() => {});
  function* chunks() {
    for (let at = 0; at < rows.length; at += COPY_CHUNK) yield copyData(rows.slice(at, at + COPY_CHUNK), columns);
  }
  const stream = await Promise.race([query.writable(), refused]);
  await Promise.race([pipeline(Readable.from(chunks()), stream), refused]);
}
