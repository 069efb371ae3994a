import type { TransactionSql } from '../../shared/db/postgres.ts';
import { asRecordedEvents, type EventShape, type RecordedEventOf } from '../../shared/eventstore/typed.ts';
import { COPY_MIN_ROWS, copyIfMany, writableColumns } from './copy-rows.ts';
import { KeyFilter } from './key-filter.ts';
import { RebuildMemory } from './rebuild-memory.ts';
import {
  defineProjection,
  type Projection,
  type ProjectionRebuild,
  type ProjectionRebuildOptions,
  type TypedProjection,
} from './types.ts';

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
  /**
   * Optional: rows the event reaches only through a row its `keys` named, as a read model's own
   * lookup table (a booking id → its work order) leads to a row the event does not name. Called
   * once the named rows are loaded, with them as they stood before the batch; the rows it names
   * are loaded before the fold. So an event that writes a lookup row must name in its own `keys`
   * the row the lookup leads to: a later event of the same batch follows the written lookup there.
   */
  followedKeys?(
    event: RecordedEventOf<E>,
    rows: { [Name in keyof T]: Pick<FoldedRows<T[Name]>, 'get'> },
  ): { [Name in keyof T]?: readonly RowKey[] };
  fold(event: RecordedEventOf<E>, rows: { [Name in keyof T]: FoldedRows<T[Name]> }): void;
};

/**
 * `{ ...defaults, ...fields }`, built by assignment onto a new object: a fold's new row, its
 * columns' defaults with the event's values over them. V8 (Node 20) adds each property that follows
 * an object spread, when the spread object lacks it, through a slow path of about 2 µs a property:
 * an escrow's row made that way took 23 µs, a third of the escrows' rebuild. Assigned onto `{}`, the
 * properties follow the shape transitions V8 keeps, and the row costs about 1 µs.
 */
export function withDefaults<D extends object, F extends object>(defaults: D, fields: F): Omit<D, keyof F> & F {
  return Object.assign({}, defaults, fields);
}

/** Rows per statement: one jsonb parameter each, a few megabytes at most. */
const WRITE_CHUNK = 2_000;

/** The character codes `lowerUuid` looks for. */
const HYPHEN = 0x2d;
const DIGIT_0 = 0x30;
const DIGIT_9 = 0x39;
const UPPER_A = 0x41;
const UPPER_F = 0x46;
const LOWER_A = 0x61;
const LOWER_F = 0x66;

/**
 * `text` in lower case if it is a uuid (any case), else null. By hand rather than a regular
 * expression and `toLowerCase`: it runs several times for every row an event touches, and a uuid
 * already in lower case (nearly all of them) comes back as the same string, whose hash the maps
 * have already computed.
 */
function lowerUuid(text: string): string | null {
  if (text.length !== 36) return null;
  let upper = false;
  for (let i = 0; i < 36; i++) {
    const code = text.charCodeAt(i);
    const dash = i === 8 || i === 13 || i === 18 || i === 23;
    if (dash !== (code === HYPHEN)) return null;
    if (dash || (code >= DIGIT_0 && code <= DIGIT_9) || (code >= LOWER_A && code <= LOWER_F)) continue;
    if (code >= UPPER_A && code <= UPPER_F) upper = true;
    else return null;
  }
  return upper ? text.toLowerCase() : text;
}

/**
 * A key as the batch's maps hold it. PostgreSQL keeps a uuid in lower case, and an event's id may
 * be written in capitals (the schemas accept both): the SQL this replaces found the row either way,
 * so a fold must too. The common key, one uuid, is the uuid itself (no array, no JSON); any other
 * key is its JSON array, which starts with '[' where a uuid cannot.
 */
const encodeKey = (key: RowKey): string => {
  const [only] = key;
  const uuid = key.length === 1 && typeof only === 'string' ? lowerUuid(only) : null;
  return uuid ?? JSON.stringify(key.map((value) => (typeof value === 'string' ? (lowerUuid(value) ?? value) : value)));
};

/** The key an encoded key stands for (uuids in lower case). */
const decodeKey = (encoded: string): RowKey => (encoded.startsWith('[') ? (JSON.parse(encoded) as RowKey) : [encoded]);

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * What a batch knows of one key: its row (null when it has none, or once deleted), whether the
 * batch changed it, and in a rebuild the memory's entry it was recalled from (see `recall`).
 */
type Slot<Row> = { row: Row | null; changed: boolean; cached: CachedRow<Row> | undefined };

/** One table's rows for a batch: those loaded, and which keys were changed or deleted. */
class BatchRows<Row extends JsonRow> implements FoldedRows<Row> {
  /**
   * Keys named by `keys()` (loaded if they exist) or written in this batch, the only ones `get` may
   * read, each with what the batch knows of it: one map, so each touch of a row is one lookup.
   */
  readonly slots = new Map<string, Slot<Row>>();
  constructor(private readonly definition: FoldedTable<Row>) {}

  /** The key is known to the batch; without a row unless it has one already. */
  know(key: string) {
    if (!this.slots.has(key)) this.slots.set(key, { row: null, changed: false, cached: undefined });
  }

  keyOf(row: Row): RowKey {
    return this.definition.key.map((column) => {
      const value = row[column];
      if (typeof value !== 'string' && typeof value !== 'number') {
        throw new Error(`${this.definition.table}: key column ${column} is ${JSON.stringify(value)}`);
      }
      return value;
    });
  }

  /** `encodeKey(this.keyOf(row))`, without the array for the common key, one uuid column. */
  encodedKeyOf(row: Row): string {
    const { key } = this.definition;
    const only = key.length === 1 ? row[key[0]!] : undefined;
    return (typeof only === 'string' ? lowerUuid(only) : null) ?? encodeKey(this.keyOf(row));
  }

  private slot(key: RowKey): Slot<Row> {
    const encoded = encodeKey(key);
    const slot = this.slots.get(encoded);
    // A row the batch did not load would read as missing: a fold bug, never a silent "no row".
    if (!slot) throw new Error(`${this.definition.table}: ${encoded} was read but not named by keys()`);
    return slot;
  }

  get(key: RowKey) {
    return this.slot(key).row ?? undefined;
  }
  put(row: Row) {
    const key = this.encodedKeyOf(row);
    const slot = this.slots.get(key);
    if (slot) {
      slot.row = row;
      slot.changed = true;
    } else this.slots.set(key, { row, changed: true, cached: undefined });
  }
  update(key: RowKey, change: (row: Row) => Row) {
    const row = this.get(key);
    if (row) this.put(change(row));
  }
  delete(key: RowKey) {
    const slot = this.slot(key);
    if (slot.row) {
      slot.row = null;
      slot.changed = true;
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
  for (const key of unique) into.know(encodeKey(key));
  const table = ident(definition.table);
  const join = definition.key.map((column) => `t.${ident(column)} = k.${ident(column)}`).join(' and ');
  for (let at = 0; at < unique.length; at += WRITE_CHUNK) {
    const wanted = unique
      .slice(at, at + WRITE_CHUNK)
      .map((key) => Object.fromEntries(definition.key.map((column, i) => [column, key[i]])));
    const found = await tx.unsafe<{ row: Row }[]>(
      definition.key.length === 1
        ? // The planner takes a set-returning function for 100 rows and joins them to the whole
          // table by a sequential scan, a scan per batch however few the keys; `= any(array)` is
          // an index scan (the common case: one key column).
          `select to_jsonb(t) as row from ${table} t where t.${ident(definition.key[0]!)} = any(array(
             select k.${ident(definition.key[0]!)} from jsonb_populate_recordset(null::${table}, $1::text::jsonb) as k))`
        : `select to_jsonb(t) as row from jsonb_populate_recordset(null::${table}, $1::text::jsonb) as k
           join ${table} t on ${join}`,
      [JSON.stringify(wanted)],
    );
    for (const { row } of found) {
      const key = into.encodedKeyOf(row);
      const slot = into.slots.get(key);
      if (slot) slot.row = row;
      else into.slots.set(key, { row, changed: false, cached: undefined });
    }
  }
}

async function writeRows<Row extends JsonRow>(tx: TransactionSql, definition: FoldedTable<Row>, rows: BatchRows<Row>) {
  const written: Row[] = [];
  const deleted: RowKey[] = [];
  for (const [key, slot] of rows.slots) {
    if (!slot.changed) continue;
    if (slot.row) written.push(slot.row);
    else deleted.push(decodeKey(key));
  }
  await deleteRows(tx, definition, deleted);
  await upsertRows(tx, definition, written);
}

async function deleteRows<Row extends JsonRow>(tx: TransactionSql, definition: FoldedTable<Row>, keys: RowKey[]) {
  if (keys.length === 0) return;
  const deleted = keys.map((values) => Object.fromEntries(definition.key.map((column, i) => [column, values[i]])));
  const table = ident(definition.table);
  const match = definition.key.map((column) => `t.${ident(column)} = k.${ident(column)}`).join(' and ');
  for (let at = 0; at < deleted.length; at += WRITE_CHUNK) {
    await tx.unsafe(
      definition.key.length === 1
        ? // An index scan, not a sequential one: see loadRows.
          `delete from ${table} t where t.${ident(definition.key[0]!)} = any(array(
             select k.${ident(definition.key[0]!)} from jsonb_populate_recordset(null::${table}, $1::text::jsonb) as k))`
        : `delete from ${table} t using jsonb_populate_recordset(null::${table}, $1::text::jsonb) k where ${match}`,
      [JSON.stringify(deleted.slice(at, at + WRITE_CHUNK))],
    );
  }
}

/** Writes rows with one multi-row upsert per chunk. */
async function upsertRows<Row extends JsonRow>(tx: TransactionSql, definition: FoldedTable<Row>, written: Row[]) {
  if (written.length === 0) return;
  const table = ident(definition.table);
  const columns = (await writableColumns(tx, definition.table)).map((column) => column.name);
  const list = columns.map(ident).join(', ');
  const keySet = new Set<string>(definition.key);
  const others = columns.filter((column) => !keySet.has(column));
  const onConflict = `on conflict (${definition.key.map(ident).join(', ')}) ${
    others.length === 0
      ? 'do nothing'
      : `do update set (${others.map(ident).join(', ')}) = row(${others.map((c) => `excluded.${ident(c)}`).join(', ')})`
  }`;
  // Two statements in flight: the next chunk is serialised here while PostgreSQL writes one.
  let inFlight: Promise<unknown> = Promise.resolve();
  for (let at = 0; at < written.length; at += WRITE_CHUNK) {
    const statement = tx.unsafe(
      `insert into ${table} (${list})
       select ${list} from jsonb_populate_recordset(null::${table}, $1::text::jsonb)
       ${onConflict}`,
      [JSON.stringify(written.slice(at, at + WRITE_CHUNK))],
    );
    // Sent now (postgres.js sends a query when it is awaited); a failure is thrown where it is awaited.
    statement.execute().catch(() => {});
    await inFlight;
    inFlight = statement;
  }
  await inFlight;
}

/**
 * A row a rebuild holds in memory: its latest state (null once deleted), whether the table has it
 * yet, when it was last touched (a `RebuildMemory` tick), and whether it was touched in more than
 * one window (the kind that leaves the memory last).
 */
type CachedRow<Row> = {
  key: string;
  row: Row | null;
  dirty: boolean;
  touched: number;
  often: boolean;
  /** Its neighbours in its kind's `TouchOrder`. */
  before: CachedRow<Row> | null;
  after: CachedRow<Row> | null;
};

/**
 * Held rows of one kind, least recently touched first, linked through the entries themselves: a
 * row touched again moves to the end by a few pointers, where a map in insertion order took a
 * delete and a set in a map of up to a million keys.
 */
class TouchOrder<Row> {
  first: CachedRow<Row> | null = null;
  private last: CachedRow<Row> | null = null;

  append(entry: CachedRow<Row>) {
    entry.before = this.last;
    entry.after = null;
    if (this.last) this.last.after = entry;
    else this.first = entry;
    this.last = entry;
  }

  remove(entry: CachedRow<Row>) {
    if (entry.before) entry.before.after = entry.after;
    else this.first = entry.after;
    if (entry.after) entry.after.before = entry.before;
    else this.last = entry.before;
    entry.before = null;
    entry.after = null;
  }
}

/**
 * What a from-zero rebuild knows about one table. The rebuild reset the table and is its only
 * writer, so every row in it is one this rebuild wrote (unless the reset keeps the table's rows:
 * then it knows only what it holds, see `start`): a key it never wrote has no row (no load
 * query needed; the written keys are kept in a KeyFilter, about 12 bits a key), and a row it holds
 * in memory is the row (no load either). Rows stay in memory across windows, changed rows
 * included, and are written when they leave the memory or when the rebuild finishes: a row that
 * several windows change, as an escrow's lifecycle does, is written once instead of once per
 * window. Both memories are bounded: past the `RebuildMemory`'s limit, shared with the other
 * tables of the pass, rows are written out and dropped (a later event loads them again), those
 * touched in one window only first; past `storedKeys` keys the rebuild stops tracking which keys
 * the table holds and loads every key it does not hold in memory, as a live batch does.
 */
class RebuildTable<Row extends JsonRow> {
  /** Every row held, by key. */
  private readonly entries = new Map<string, CachedRow<Row>>();
  /** The rows held that were touched in one window only, least recently touched first. */
  private readonly once = new TouchOrder<Row>();
  /** The rows held that were touched in several windows, least recently touched first. */
  private readonly often = new TouchOrder<Row>();
  /** A table whose changed rows must reach the table every window (see `start`). */
  private everyWindow = false;
  /**
   * Keys that perhaps have a row in the table (a key it says "no" to certainly has none); null once
   * there were too many to track.
   */
  stored: KeyFilter | null = new KeyFilter();
  /** Secondary indexes dropped for the load, recreated at the end (their `pg_get_indexdef`). */
  droppedIndexes: string[] = [];
  constructor(
    readonly definition: FoldedTable<Row>,
    private readonly memory: RebuildMemory,
    private readonly storedKeys: number,
    private readonly copyMinRows: number,
  ) {}

  writeEveryWindow() {
    this.everyWindow = true;
  }

  /** The row held for this key, if any. */
  held(key: string): CachedRow<Row> | undefined {
    return this.entries.get(key);
  }

  /** Every row held. */
  all(): CachedRow<Row>[] {
    return [...this.entries.values()];
  }

  /**
   * Holds the row as the most recently touched. A row not held yet is of the several-windows kind
   * when the table perhaps has it: it was written out before, so an earlier window touched it. Past
   * `storedKeys` that is no longer known, and such a row starts as the one-window kind, promoted
   * when a later window touches it again. A row held already is promoted when its last touch was
   * an earlier tick. That touch was in an earlier window even though another read model's window
   * may tick meanwhile: within one window a row is first held in `keep`, once, with no await
   * between its touches there.
   *
   * `entry` is what `held(key)` gives, when the caller has just asked it: a held row's lookup in
   * these maps of up to a million rows, each time it is touched, was a tenth of a pass's time.
   */
  remember(key: string, row: Row | null, dirty: boolean, entry: CachedRow<Row> | undefined = this.held(key)) {
    const touched = this.memory.currentTick;
    if (!entry) {
      const often = this.stored?.has(key) ?? false;
      const held: CachedRow<Row> = { key, row, dirty, touched, often, before: null, after: null };
      this.entries.set(key, held);
      (often ? this.often : this.once).append(held);
      this.memory.hold(touched, often);
      return;
    }
    if (entry.touched === touched) {
      // Touched already in this tick: it was moved to the end then, and every entry after it was
      // touched in this tick too, so the order is still that of the ticks.
      entry.row = row;
      entry.dirty = dirty;
      return;
    }
    // The same entry, moved to the end of the several-windows rows: no new object for a row held
    // across windows, which the young generation would copy and promote, and no map operation.
    (entry.often ? this.often : this.once).remove(entry);
    this.memory.release(entry.touched, entry.often);
    entry.row = row;
    entry.dirty = dirty;
    entry.touched = touched;
    entry.often = true;
    this.often.append(entry);
    this.memory.hold(touched, true);
  }

  private forget(entry: CachedRow<Row>) {
    this.entries.delete(entry.key);
    (entry.often ? this.often : this.once).remove(entry);
    this.memory.release(entry.touched, entry.often);
  }

  /** Forgets these held rows, writing the dirty ones. */
  async writeOut(tx: TransactionSql, entries: Iterable<CachedRow<Row>>) {
    const inserted: Row[] = [];
    const upserted: Row[] = [];
    const deleted: RowKey[] = [];
    const stored = this.stored;
    for (const entry of entries) {
      const { key } = entry;
      this.forget(entry);
      if (!entry.dirty) continue;
      entry.dirty = false;
      if (entry.row === null) {
        // The filter keeps the key: the next write of it is an upsert, as for any "perhaps".
        if (!stored || stored.has(key)) deleted.push(decodeKey(key));
      } else if (stored && !stored.has(key)) {
        inserted.push(entry.row);
        stored.add(key);
      } else upserted.push(entry.row);
    }
    await deleteRows(tx, this.definition, deleted);
    // Rows the table certainly lacks go in by COPY, which skips the conflict check and the JSON;
    // a few go with the others.
    const uncopied = await copyIfMany(tx, this.definition.table, inserted, this.copyMinRows);
    await upsertRows(tx, this.definition, upserted.concat(uncopied));
    if (stored && stored.size > this.storedKeys) this.stored = null;
  }

  /** Writes out and drops this table's rows among those the memory lets go of (see `RebuildMemory`). */
  async evict(tx: TransactionSql) {
    const keepFrom = this.everyWindow ? { once: Infinity, often: Infinity } : this.memory.keepFrom();
    const leaving: CachedRow<Row>[] = [];
    for (const [rows, from] of [
      [this.once, keepFrom.once],
      [this.often, keepFrom.often],
    ] as const) {
      if (from < 0) continue;
      for (let entry = rows.first; entry && entry.touched < from; entry = entry.after) leaving.push(entry);
    }
    await this.writeOut(tx, leaving);
  }
}

/** Applies a batch of handled events, in log order, with one load and one write per table. */
async function applyFolded<E extends EventShape, T extends Tables>(
  definition: FoldedProjection<E, T>,
  tx: TransactionSql,
  events: readonly RecordedEventOf<E>[],
  rebuild?: { [Name in keyof T]: RebuildTable<T[Name]> },
) {
  const names = Object.keys(definition.tables) as (keyof T & string)[];
  const batch = {} as { [Name in keyof T]: BatchRows<T[Name]> };
  const start = <Name extends keyof T>(name: Name) => {
    batch[name] = new BatchRows(definition.tables[name]);
  };
  for (const name of names) start(name);
  const load = async (named: (event: RecordedEventOf<E>) => { [Name in keyof T]?: readonly RowKey[] }) => {
    const wanted = new Map<string, RowKey[]>(names.map((name) => [name, []]));
    for (const event of events) {
      const keys = named(event);
      for (const name of names) {
        const some = keys[name];
        if (some) wanted.get(name)!.push(...some);
      }
    }
    for (const name of names) {
      // A row already in the batch may be newer than the table's (a rebuild's row held in memory).
      const rows = batch[name];
      let keys =
        rows.slots.size === 0 ? wanted.get(name)! : wanted.get(name)!.filter((key) => !rows.slots.has(encodeKey(key)));
      const known = rebuild?.[name];
      if (known) keys = recall(known, keys, rows);
      if (keys.length > 0) await loadRows(tx, definition.tables[name], keys, rows);
    }
  };
  await load((event) => definition.keys(event));
  const { followedKeys } = definition;
  if (followedKeys) await load((event) => followedKeys(event, batch));
  for (const event of events) definition.fold(event, batch);
  for (const name of names) {
    const known = rebuild?.[name];
    if (known) await keep(tx, known, batch[name]);
    else await writeRows(tx, definition.tables[name], batch[name]);
  }
}

/**
 * Fills the batch with what the rebuild knows of these keys (rows in memory, and keys it never
 * wrote, which have no row) and returns the keys left to load.
 */
function recall<Row extends JsonRow>(known: RebuildTable<Row>, keys: readonly RowKey[], into: BatchRows<Row>) {
  const unknown: RowKey[] = [];
  for (const key of keys) {
    const encoded = encodeKey(key);
    if (into.slots.has(encoded)) continue;
    const entry = known.held(encoded);
    if (entry) {
      into.slots.set(encoded, { row: entry.row, changed: false, cached: entry });
      // Touched: the most recently used goes last, the eviction order.
      known.remember(encoded, entry.row, entry.dirty, entry);
    } else if (known.stored && !known.stored.has(encoded)) into.know(encoded);
    else unknown.push(key);
  }
  return unknown;
}

/** Keeps the batch's rows in the rebuild's memory (changed ones to be written later), then evicts. */
async function keep<Row extends JsonRow>(tx: TransactionSql, known: RebuildTable<Row>, batch: BatchRows<Row>) {
  for (const [key, slot] of batch.slots) {
    // A row recalled from memory is still held as that entry (nothing between the recall and here
    // lets a row go); for any other, `undefined` lets `remember` look it up.
    if (slot.changed) known.remember(key, slot.row, true, slot.cached);
    // Loaded and unchanged: the table has it as it is (a recalled row is held already).
    else if (slot.row !== null && !slot.cached && !known.held(key)) known.remember(key, slot.row, false);
  }
  await known.evict(tx);
}

/**
 * The rebuild path of a folded projection (see `ProjectionRebuild`): the tables were just reset,
 * so their secondary indexes are dropped for the load and built once at the end, which is cheaper
 * than maintaining them row by row (and the B-trees come out packed). Unique indexes stay: they
 * are constraints the writes must meet. If the rebuild dies before `finish`, the rebuild leaves
 * its checkpoint marked as unfinished, so the next start resets the read model from zero, and the
 * reset's schema creates the indexes again.
 */
function foldedRebuild<E extends EventShape, T extends Tables>(
  definition: FoldedProjection<E, T>,
  options: ProjectionRebuildOptions = {},
): ProjectionRebuild {
  const memory = options.memory ?? new RebuildMemory(300_000);
  const storedKeys = options.storedKeys ?? 100_000_000;
  const copyMinRows = options.copyMinRows ?? COPY_MIN_ROWS;
  const names = Object.keys(definition.tables) as (keyof T & string)[];
  const tables = {} as { [Name in keyof T]: RebuildTable<T[Name]> };
  const start = <Name extends keyof T>(name: Name) => {
    tables[name] = new RebuildTable(definition.tables[name], memory, storedKeys, copyMinRows);
  };
  for (const name of names) start(name);
  const all = names.map((name) => tables[name] as unknown as RebuildTable<JsonRow>);
  return {
    async start(tx) {
      for (const table of all) {
        const indexes = await tx<{ name: string; definition: string }[]>`
          select i.relname as name, pg_get_indexdef(x.indexrelid) as definition
          from pg_index x join pg_class i on i.oid = x.indexrelid
          where x.indrelid = ${table.definition.table}::regclass and not x.indisunique and not x.indisprimary
            and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid)`;
        for (const index of indexes) await tx.unsafe(`drop index ${ident(index.name)}`);
        table.droppedIndexes = indexes.map((index) => index.definition);
        // A table the reset keeps (the e-mail outbox keeps its rows, so that no e-mail goes twice)
        // holds rows this rebuild did not write: every key not in memory is loaded, as a live
        // batch loads it, and nothing goes in by COPY over a row that is there.
        const [kept] = await tx<{ found: boolean }[]>`
          select exists (select 1 from ${tx(table.definition.table)}) as found`;
        if (kept?.found) table.stored = null;
        // Another unique index than the key: rows written out of log order (the latest first, a
        // stale one left in the table) could collide on it where the log never did, so this
        // table's changed rows are written every window, as a live batch writes them.
        const [other] = await tx<{ found: boolean }[]>`
          select exists (select 1 from pg_index where indrelid = ${table.definition.table}::regclass
            and indisunique and not indisprimary) as found`;
        if (other?.found) table.writeEveryWindow();
      }
    },
    applyAll: (tx, events) => {
      memory.tick();
      return applyFolded(definition, tx, asRecordedEvents<E>(events, definition.handles), tables);
    },
    async finish(tx) {
      for (const table of all) {
        await table.writeOut(tx, table.all());
        for (const index of table.droppedIndexes) await tx.unsafe(index);
        table.droppedIndexes = [];
      }
    },
  };
}

/** A projection from a fold: `apply` is a batch of one, `applyAll` the set-based batch. */
export function defineFoldedProjection<E extends EventShape, T extends Tables>(
  definition: FoldedProjection<E, T>,
): Projection & { folded: FoldedProjection<E, T> } {
  const { tables: _tables, keys: _keys, followedKeys: _followedKeys, fold: _fold, ...projection } = definition;
  return {
    ...defineProjection<E>({
      ...projection,
      apply: (tx, event) => applyFolded(definition, tx, [event]),
      applyAll: (tx, events) => applyFolded(definition, tx, events),
    }),
    rebuild: (options) => foldedRebuild(definition, options),
    folded: definition,
  };
}
