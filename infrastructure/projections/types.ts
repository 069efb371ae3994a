import type { TransactionSql } from '../../shared/db/postgres.ts';
import {
  asRecordedEvent,
  asRecordedEvents,
  type EventShape,
  type RecordedEventOf,
} from '../../shared/eventstore/typed.ts';
import type { RecordedEvent } from '../../shared/eventstore/types.ts';
import type { RebuildMemory } from './rebuild-memory.ts';

/**
 * One read model. `apply` runs inside the batch transaction that also moves the checkpoint, so
 * an effect is never lost or doubled. Bump `version` to rebuild the read model from position 0:
 * `reset` drops what `schema` created, then `schema` runs again.
 */
export type Projection = {
  name: string;
  version: number;
  /** Event types this projection reads; others only move its checkpoint. */
  handles: readonly string[];
  /** Idempotent DDL (create ... if not exists). */
  schema: string;
  /** Drops the read model's tables. */
  reset: string;
  /**
   * About how much of a full rebuild's time this read model takes, relative to the others (default
   * `DEFAULT_REBUILD_WEIGHT`, infrastructure/projections/rebuild.ts): the rebuild command splits the
   * read models between processes by it. The weights given are the seconds each took in a
   * 1,105,000-event scale bench log's rebuild; a wrong weight costs balance, never correctness.
   */
  rebuildWeight?: number;
  /**
   * Read models naming the same key here are rebuilt in the same process: they share work per
   * event through a cache of the process (the notifications and the e-mail outbox draft each event's
   * notifications once, `notificationsFor`), which a split would do twice.
   */
  rebuildTogether?: string;
  apply(tx: TransactionSql, event: RecordedEvent): Promise<void>;
  /**
   * Optional, for read models that are rebuilt often or read on every request: applies a batch's
   * handled events, in order, with fewer statements than one per event (a multi-row insert for a
   * run of registrations, say). It must leave the read model exactly as `apply` on each event in
   * turn would; projections that have it prove that with a property test.
   */
  applyAll?(tx: TransactionSql, events: readonly RecordedEvent[]): Promise<void>;
  /**
   * Optional: how a from-zero rebuild (`rebuildProjections`) applies this read model, knowing it
   * has just reset it and is its only writer until `finish`. Absent, the rebuild uses `applyAll`.
   */
  rebuild?(options?: ProjectionRebuildOptions): ProjectionRebuild;
};

/** What a rebuild hands each read model's rebuild path. */
export type ProjectionRebuildOptions = {
  /**
   * The memory the rows are held in across windows (about 1–2 KB a row for a wide table), shared
   * with the other read models of the pass; without it, one of 300,000 rows of its own.
   */
  memory?: RebuildMemory;
  /**
   * Keys per table the rebuild remembers having written, to skip loading the others (past it, every
   * key not in memory is loaded; default 100,000,000, about 150 MB of filter).
   */
  storedKeys?: number;
  /**
   * New rows a write needs before it goes by COPY instead of a multi-row insert (default
   * `COPY_MIN_ROWS`, infrastructure/projections/copy-rows.ts); tests lower it to reach COPY with
   * few rows.
   */
  copyMinRows?: number;
};

/**
 * A rebuild's state for one read model, from its reset to its last row. `start` runs once after
 * the reset, `applyAll` once per window (each in the window's transaction, with the checkpoint),
 * and `finish` once after the last window: it may leave rows unwritten until then, which is why
 * the rebuild marks the checkpoint as unfinished until `finish` has committed (a rebuild that dies
 * before restarts from zero).
 */
export type ProjectionRebuild = {
  start(tx: TransactionSql): Promise<void>;
  applyAll(tx: TransactionSql, events: readonly RecordedEvent[]): Promise<void>;
  finish(tx: TransactionSql): Promise<void>;
};

/**
 * A projection as its module writes it: `E` is the union of the events it handles, `handles` names
 * them (a type not in `E` does not compile), and `apply` receives them typed, without a cast.
 */
export type TypedProjection<E extends EventShape> = Omit<Projection, 'handles' | 'apply' | 'applyAll'> & {
  handles: readonly E['type'][];
  apply(tx: TransactionSql, event: RecordedEventOf<E>): Promise<void>;
  applyAll?(tx: TransactionSql, events: readonly RecordedEventOf<E>[]): Promise<void>;
};

/**
 * The runner hands a projection only the events named in `handles` (see `applyBatch`), and those
 * streams hold only the events their module appends: that is what lets `apply` take them as `E`.
 * Each event is checked against its type's schema on the way in (`asRecordedEvent` against `handles`,
 * the schema checked once per event object): one that does not match stops the batch with an error naming its stream,
 * revision and type, as a poisoned event does, instead of reaching the read model.
 *
 * A projection of events that have no schema (a benchmark's probe, say) is written as a plain
 * `Projection`, which makes no claim about their data.
 */
export function defineProjection<E extends EventShape = RecordedEvent>(projection: TypedProjection<E>): Projection {
  const { apply, applyAll, ...rest } = projection;
  return {
    ...rest,
    apply: (tx, event) => apply.call(projection, tx, asRecordedEvent<E>(event, projection.handles)),
    ...(applyAll && {
      applyAll: (tx: TransactionSql, events: readonly RecordedEvent[]) =>
        applyAll.call(projection, tx, asRecordedEvents<E>(events, projection.handles)),
    }),
  };
}
