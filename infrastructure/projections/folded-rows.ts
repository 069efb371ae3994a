import type { TransactionSql } from '../../shared/db/postgres.ts';
import type { EventShape, RecordedEventOf } from '../../shared/eventstore/typed.ts';
import { defineProjection, type Projection, type TypedProjection } from './types.ts';

/**
 * Read models written as folds over rows, applied set-based.
 *
 * A folded projection says which rows each event touches (`keys`) and how the event changes them
 * (`fold`, plain TypeScript over plain objects). A batch of events is then applied in three steps,
 * whatever its size: one query loads every touched row that exists, the events are folded over
 * them in memory in log order, and one multi-row upsert (and one delete) per table writes back the
 * rows that changed. Live batches and full rebuilds take the same path, so the one-event batch is
 * the event-by-event application a rebuild must equal, and the property tests compare the two.
 *
 * Rows travel as JSON in both directions (`to_jsonb` out, `jsonb_populate_recordset` in), so
 * PostgreSQL does every conversion and a row written back is exactly the row read: timestamps come
 * out as ISO 8601 text (with an offset, where events carry `Z`; compare them with `Date.parse`),
 * dates as `YYYY-MM-DD`, bigints and numerics as JSON numbers, jsonb as nested JSON.
 */

/** A row as the fold sees it: column name → JSON value. */
export type JsonRow = Record<string, unknown>;

/** The values of a row's primary-key columns, in the table's key order. */
export type RowKey = readonly (string | number)[];

/** One read-model table the fold owns: its name and primary-key columns. */
export type FoldedTable<Row extends JsonRow> = {
  table: string;
  key: readonly (keyof Row & string)[];
};

export function foldedTable<Row extends JsonRow>(table: string, key: readonly (keyof Row & string)[]) {
  return { table, key } as FoldedTable<Row>;
}

/** The rows of one table during a batch: what exists (loaded or written so far), changed in memory. */
export type FoldedRows<Row extends JsonRow> = {
  get(key: RowKey): Row | undefined;
  /** Inserts the row or replaces the one with its key. */
  put(row: Row): void;
  /** Changes the row if it exists (as `update ... where key = ...` does); nothing otherwise. */
  update(key: RowKey, change: (row: Row) => Row): void;
  delete(key: RowKey): void;
};

/** The projection's tables by the name its fold uses, each with its row type. */
type Tables = Record<string, JsonRow>;

export type FoldedProjection<E extends EventShape, T extends Tables> = Omit<
  TypedProjection<E>,
  'apply' | 'applyAll'
> & {
  tables: { [Name in keyof T]: FoldedTable<T[Name]> };
  /** Every row the event's fold may read or write, by table. A row not named here is not loaded. */
  keys(event: RecordedEventOf<E>): { [Name in keyof T]?: readonly RowKey[] };
  fold(event: RecordedEventOf<E>, rows: { [Name in keyof T]: FoldedRows<T[Name]> }): void;
};

/** Rows per statement: one jsonb parameter each, a few megabytes at most. */
const WRITE_CHUNK = 2_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/**
 * A key as the batch's maps hold it. PostgreSQL keeps a uuid in lower case, and an event's id may
 * be written in capitals (the schemas accept both): the SQL this replaces found the row either way,
 * so a fold must too.
 */
const encodeKey = (key: RowKey) =>
  JSON.stringify(key.map((value) => (typeof value === 'string' && UUID.test(value) ? value.toLowerCase() : value)));

/** Columns a row can be written to (generated columns are left to PostgreSQL), cached per table. */
const writableColumns = new Map<string, Promise<string[]>>();
function columnsOf(tx: TransactionSql, table: string): Promise<string[]> {
  let columns = writableColumns.get(table);
  if (!columns) {
    columns = tx<{ column_name: string }[]>`
      select column_name from information_schema.columns
      where table_schema = current_schema() and table_name = ${table} and is_generated = 'NEVER'
      order by ordinal_position`.then((rows) => {
      if (rows.length === 0) throw new Error(`table ${table} has no columns (is its schema created?)`);
      return rows.map((row) => row.column_name);
    });
    columns.catch(() => writableColumns.delete(table));
    writableColumns.set(table, columns);
  }
  return columns;
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** One table's rows for a batch: those loaded, and which keys were changed or deleted. */
class BatchRows<Row extends JsonRow> implements FoldedRows<Row> {
  readonly rows = new Map<string, Row | null>();
  readonly changed = new Set<string>();
  /** Keys named by `keys()` (loaded if they exist) or written in this batch: the only ones `get` may read. */
  readonly known = new Set<string>();
  constructor(private readonly definition: FoldedTable<Row>) {}

  keyOf(row: Row): RowKey {
    return this.definition.key.map((column) => {
      const value = row[column];
      if (typeof value !== 'string' && typeof value !== 'number') {
        throw new Error(`${this.definition.table}: key column ${column} is ${JSON.stringify(value)}`);
      }
      return value;
    });
  }

  get(key: RowKey) {
    const encoded = encodeKey(key);
    // A row the batch did not load would read as missing: a fold bug, never a silent "no row".
    if (!this.known.has(encoded))
      throw new Error(`${this.definition.table}: ${encoded} was read but not named by keys()`);
    return this.rows.get(encoded) ?? undefined;
  }
  put(row: Row) {
    const key = encodeKey(this.keyOf(row));
    this.known.add(key);
    this.rows.set(key, row);
    this.changed.add(key);
  }
  update(key: RowKey, change: (row: Row) => Row) {
    const row = this.get(key);
    if (row) this.put(change(row));
  }
  delete(key: RowKey) {
    const encoded = encodeKey(key);
    if (this.get(key)) {
      this.rows.set(encoded, null);
      this.changed.add(encoded);
    }
  }
}

async function loadRows<Row extends JsonRow>(
  tx: TransactionSql,
  definition: FoldedTable<Row>,
  keys: readonly RowKey[],
  into: BatchRows<Row>,
) {
  const unique = [...new Map(keys.map((key) => [encodeKey(key), key])).values()];
  for (const key of unique) into.known.add(encodeKey(key));
  const table = ident(definition.table);
  const join = definition.key.map((column) => `t.${ident(column)} = k.${ident(column)}`).join(' and ');
  for (let at = 0; at < unique.length; at += WRITE_CHUNK) {
    const wanted = unique
      .slice(at, at + WRITE_CHUNK)
      .map((key) => Object.fromEntries(definition.key.map((column, i) => [column, key[i]])));
    const found = await tx.unsafe<{ row: Row }[]>(
      `select to_jsonb(t) as row from jsonb_populate_recordset(null::${table}, $1::text::jsonb) as k
       join ${table} t on ${join}`,
      [JSON.stringify(wanted)],
    );
    for (const { row } of found) into.rows.set(encodeKey(into.keyOf(row)), row);
  }
}

async function writeRows<Row extends JsonRow>(tx: TransactionSql, definition: FoldedTable<Row>, rows: BatchRows<Row>) {
  if (rows.changed.size === 0) return;
  const written: Row[] = [];
  const deleted: JsonRow[] = [];
  for (const key of rows.changed) {
    const row = rows.rows.get(key);
    if (row) written.push(row);
    else {
      const values = JSON.parse(key) as RowKey;
      deleted.push(Object.fromEntries(definition.key.map((column, i) => [column, values[i]])));
    }
  }
  const table = ident(definition.table);
  if (deleted.length > 0) {
    const match = definition.key.map((column) => `t.${ident(column)} = k.${ident(column)}`).join(' and ');
    for (let at = 0; at < deleted.length; at += WRITE_CHUNK) {
      await tx.unsafe(
        `delete from ${table} t using jsonb_populate_recordset(null::${table}, $1::text::jsonb) k where ${match}`,
        [JSON.stringify(deleted.slice(at, at + WRITE_CHUNK))],
      );
    }
  }
  if (written.length === 0) return;
  const columns = await columnsOf(tx, definition.table);
  const list = columns.map(ident).join(', ');
  const keySet = new Set<string>(definition.key);
  const others = columns.filter((column) => !keySet.has(column));
  const onConflict =
    others.length === 0
      ? 'do nothing'
      : `do update set (${others.map(ident).join(', ')}) = row(${others.map((c) => `excluded.${ident(c)}`).join(', ')})`;
  for (let at = 0; at < written.length; at += WRITE_CHUNK) {
    await tx.unsafe(
      `insert into ${table} (${list})
       select ${list} from jsonb_populate_recordset(null::${table}, $1::text::jsonb)
       on conflict (${definition.key.map(ident).join(', ')}) ${onConflict}`,
      [JSON.stringify(written.slice(at, at + WRITE_CHUNK))],
    );
  }
}

/** Applies a batch of handled events, in log order, with one load and one write per table. */
async function applyFolded<E extends EventShape, T extends Tables>(
  definition: FoldedProjection<E, T>,
  tx: TransactionSql,
  events: readonly RecordedEventOf<E>[],
) {
  const names = Object.keys(definition.tables) as (keyof T & string)[];
  const wanted = new Map<string, RowKey[]>(names.map((name) => [name, []]));
  for (const event of events) {
    const keys = definition.keys(event);
    for (const name of names) {
      const some = keys[name];
      if (some) wanted.get(name)!.push(...some);
    }
  }
  const batch = {} as { [Name in keyof T]: BatchRows<T[Name]> };
  const start = <Name extends keyof T>(name: Name) => {
    batch[name] = new BatchRows(definition.tables[name]);
  };
  for (const name of names) start(name);
  for (const name of names) {
    const keys = wanted.get(name)!;
    if (keys.length > 0) await loadRows(tx, definition.tables[name], keys, batch[name]);
  }
  for (const event of events) definition.fold(event, batch);
  for (const name of names) await writeRows(tx, definition.tables[name], batch[name]);
}

/** A projection from a fold: `apply` is a batch of one, `applyAll` the set-based batch. */
export function defineFoldedProjection<E extends EventShape, T extends Tables>(
  definition: FoldedProjection<E, T>,
): Projection & { folded: FoldedProjection<E, T> } {
  const { tables: _tables, keys: _keys, fold: _fold, ...projection } = definition;
  return {
    ...defineProjection<E>({
      ...projection,
      apply: (tx, event) => applyFolded(definition, tx, [event]),
      applyAll: (tx, events) => applyFolded(definition, tx, events),
    }),
    folded: definition,
  };
}
