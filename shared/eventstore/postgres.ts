import { randomUUID } from 'node:crypto';
import { connect, isPgError, PG_UNIQUE_VIOLATION, type Sql } from '../db/postgres.ts';
import {
  comparePositions,
  START,
  WrongExpectedVersionError,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type EventToAppend,
  type ExpectedRevision,
  type Position,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type Subscription,
} from './types.ts';

const NOTIFY_CHANNEL = 'es_appended';
const CONFLICT_SQLSTATE = 'ES409';

/**
 * The schema. `es_append` does the whole append in one round trip: the stream row is the first
 * write (it takes the row lock, so the transaction holding up $all readers stays short), then the
 * events are inserted. A conflict is raised with SQLSTATE ES409 and the actual revision as detail.
 * `no_stream` is a plain insert: a racing second writer gets a unique violation, never a silent
 * "do nothing".
 */
export const EVENT_STORE_SCHEMA = `
create table if not exists es_streams (
  stream_id text primary key,
  revision bigint not null
);
create table if not exists es_events (
  global_position bigint generated always as identity,
  transaction_id xid8 not null default pg_current_xact_id(),
  stream_id text not null,
  stream_revision bigint not null,
  event_id uuid not null,
  type text not null,
  data jsonb not null,
  metadata jsonb not null,
  recorded_at timestamptz not null default now(),
  primary key (stream_id, stream_revision),
  constraint es_events_idempotency unique (stream_id, event_id)
);
create index if not exists es_events_all_order on es_events (transaction_id, global_position);
create or replace function es_append(p_stream_id text, p_expected text, p_events jsonb)
returns table (last_revision bigint, last_transaction_id xid8, last_position bigint)
language plpgsql as $fn$
declare
  n bigint := jsonb_array_length(p_events);
  v_revision bigint;
  v_actual bigint;
begin
  -- Writers of one stream queue here first. An advisory lock needs no transaction id, so the id
  -- (which orders $all) is assigned only after the lock, in the order writers get it. Without it a
  -- writer can take its id, lose the CPU, and lock the stream row after a later writer: its event
  -- gets the next revision but the smaller id, and $all shows the stream out of order ('any').
  perform pg_advisory_xact_lock(hashtextextended(p_stream_id, 0));
  if p_expected = 'no_stream' then
    insert into es_streams (stream_id, revision) values (p_stream_id, n - 1);
    v_revision := n - 1;
  elsif p_expected = 'any' then
    insert into es_streams as s (stream_id, revision) values (p_stream_id, n - 1)
      on conflict (stream_id) do update set revision = s.revision + n
      returning s.revision into v_revision;
  elsif p_expected = 'stream_exists' then
    update es_streams set revision = revision + n where stream_id = p_stream_id
      returning revision into v_revision;
    if v_revision is null then
      raise exception using errcode = '${CONFLICT_SQLSTATE}', message = 'wrong expected version', detail = 'no_stream';
    end if;
  else
    update es_streams set revision = revision + n
      where stream_id = p_stream_id and revision = p_expected::bigint
      returning revision into v_revision;
    if v_revision is null then
      select revision into v_actual from es_streams where stream_id = p_stream_id;
      raise exception using errcode = '${CONFLICT_SQLSTATE}', message = 'wrong expected version',
        detail = coalesce(v_actual::text, 'no_stream');
    end if;
  end if;
  return query
    with inserted as (
      insert into es_events (stream_id, stream_revision, event_id, type, data, metadata)
      select p_stream_id, v_revision - n + e.ord, (e.value->>'id')::uuid, e.value->>'type',
             e.value->'data', e.value->'metadata'
      from jsonb_array_elements(p_events) with ordinality as e(value, ord)
      returning stream_revision, transaction_id, global_position
    )
    select i.stream_revision, i.transaction_id, i.global_position
    from inserted i order by i.stream_revision desc limit 1;
end
$fn$;
`;

type EventRow = {
  global_position: string;
  transaction_id: string;
  stream_id: string;
  stream_revision: string;
  event_id: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
  recorded_at: Date;
};

/** The largest global position: `{ commit: t, prepare: MAX_POSITION_PART }` is after every event of transaction t. */
const MAX_POSITION_PART = 9_223_372_036_854_775_807n;

/** A LIKE pattern for the ids that start with `prefix`, its own percent signs, underscores and backslashes taken literally. */
const likePrefix = (prefix: string) => `${prefix.replace(/[\\%_]/g, '\\$&')}%`;

function toRecorded(row: EventRow): RecordedEvent {
  return {
    id: row.event_id,
    streamId: row.stream_id,
    revision: BigInt(row.stream_revision),
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    position: { commit: BigInt(row.transaction_id), prepare: BigInt(row.global_position) },
    recordedAt: row.recorded_at,
  };
}

export type PostgresEventStoreOptions = {
  /** Poll interval when no wake-up arrives; LISTEN/NOTIFY and local appends wake readers sooner. */
  pollIntervalMs?: number;
  /** Follow appends made by other processes through LISTEN (on by default). */
  listen?: boolean;
  poolSize?: number;
};

export async function ensureEventStoreSchema(sql: Sql): Promise<void> {
  // Serialise schema creation: several processes may start at once on an empty database.
  await sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(hashtext('es_schema'))`;
    await tx.unsafe(EVENT_STORE_SCHEMA);
  });
}

export class PostgresEventStore implements EventStore {
  readonly kind = 'postgres' as const;
  private readonly listeners = new Set<() => void>();
  private notifyPending = false;
  private listening: Promise<{ unlisten(): Promise<void> }> | null = null;
  private closed = false;
  private readonly pollIntervalMs: number;
  /** The payload of this store's NOTIFYs: its own are ignored, its appends already woke it. */
  private readonly notifierId = randomUUID();

  constructor(
    readonly sql: Sql,
    private readonly options: PostgresEventStoreOptions & { ownsPool?: boolean } = {},
  ) {
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
  }

  static async connect(url: string, options: PostgresEventStoreOptions = {}) {
    const sql = connect(url, { max: options.poolSize ?? 10, applicationName: 'eventstore' });
    await ensureEventStoreSchema(sql);
    return new PostgresEventStore(sql, { ...options, ownsPool: true });
  }

  async append(
    streamId: string,
    events: readonly EventToAppend[],
    options: { expectedRevision?: ExpectedRevision } = {},
  ): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    const expected = options.expectedRevision ?? 'any';
    const prepared = events.map((event) => ({
      id: event.id ?? randomUUID(),
      type: event.type,
      data: event.data,
      metadata: event.metadata ?? {},
    }));
    try {
      // The events travel as text and are cast to jsonb in SQL: a parameter postgres.js infers as
      // jsonb is JSON.stringify'd again, which turned the array into one JSON string (a scalar).
      const [row] = await this.sql<
        { last_revision: string; last_transaction_id: string; last_position: string }[]
      >`select * from es_append(${streamId}, ${String(expected)}, ${JSON.stringify(prepared)}::text::jsonb)`;
      this.appended();
      return {
        nextExpectedRevision: BigInt(row!.last_revision),
        position: { commit: BigInt(row!.last_transaction_id), prepare: BigInt(row!.last_position) },
      };
    } catch (error) {
      if (!isPgError(error)) throw error;
      const conflict =
        error.code === CONFLICT_SQLSTATE ||
        (error.code === PG_UNIQUE_VIOLATION && error.constraint_name === 'es_streams_pkey');
      const duplicateIds = error.code === PG_UNIQUE_VIOLATION && error.constraint_name === 'es_events_idempotency';
      if (!conflict && !duplicateIds) throw error;
      // A retry of an append that already succeeded (same event ids) answers as the first did.
      const earlier = await this.findEarlierAppend(
        streamId,
        prepared.map((event) => event.id),
      );
      if (earlier) return earlier;
      throw new WrongExpectedVersionError(streamId, expected, await this.actualRevision(streamId, error));
    }
  }

  private async findEarlierAppend(streamId: string, ids: string[]): Promise<AppendResult | null> {
    const rows = await this.sql<{ stream_revision: string; transaction_id: string; global_position: string }[]>`
      select stream_revision, transaction_id, global_position from es_events
      where stream_id = ${streamId} and event_id = any(${ids}::uuid[])
      order by stream_revision`;
    if (rows.length !== ids.length) return null;
    const first = BigInt(rows[0]!.stream_revision);
    const contiguous = rows.every((row, index) => BigInt(row.stream_revision) === first + BigInt(index));
    if (!contiguous) return null;
    const last = rows[rows.length - 1]!;
    return {
      nextExpectedRevision: BigInt(last.stream_revision),
      position: { commit: BigInt(last.transaction_id), prepare: BigInt(last.global_position) },
    };
  }

  private async actualRevision(streamId: string, error: { code: string; detail?: string }) {
    if (error.code === CONFLICT_SQLSTATE && error.detail) {
      return error.detail === 'no_stream' ? 'no_stream' : BigInt(error.detail);
    }
    const [row] = await this.sql<{ revision: string }[]>`
      select revision from es_streams where stream_id = ${streamId}`;
    return row ? BigInt(row.revision) : ('no_stream' as const);
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const limit = options.maxCount ?? 1_000_000;
    const rows =
      options.direction === 'backwards'
        ? await this.sql<EventRow[]>`
            select * from es_events where stream_id = ${streamId}
              and stream_revision <= ${String(options.fromRevision ?? 9223372036854775807n)}
            order by stream_revision desc limit ${limit}`
        : await this.sql<EventRow[]>`
            select * from es_events where stream_id = ${streamId}
              and stream_revision >= ${String(options.fromRevision ?? 0n)}
            order by stream_revision asc limit ${limit}`;
    return rows.map(toRecorded);
  }

  /**
   * A sequence value is taken before commit, so a higher global position can become visible before
   * a lower one. Reading in (transaction id, position) order and only below the oldest running
   * transaction (the snapshot's xmin) never skips an event that commits late.
   */
  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const after = options.after ?? START;
    const afterCommit = after.commit < 0n ? '0' : String(after.commit);
    const limit = options.limit ?? 1000;
    const filtered = options.types !== undefined || options.streamPrefixes !== undefined;
    const page = this.sql<EventRow[]>`
      select * from es_events
      where transaction_id < pg_snapshot_xmin(pg_current_snapshot())
        and (transaction_id, global_position) > (${afterCommit}::xid8, ${String(after.prepare)}::bigint)
        ${options.types ? this.sql`and type = any(${[...options.types]}::text[])` : this.sql``}
        ${options.streamPrefixes ? this.sql`and stream_id like any(${options.streamPrefixes.map(likePrefix)}::text[])` : this.sql``}
      order by transaction_id, global_position
      limit ${limit}`;
    if (!filtered || !options.onScannedTo) return (await page).map(toRecorded);
    // The page and the snapshot's xmin in one statement, so from one snapshot: every transaction
    // below that xmin has ended, so a page shorter than the limit has read all of their events.
    const rows = await this.sql<(EventRow & { scan_xmin: string })[]>`
      select bound.xmin::text as scan_xmin, page.*
      from (select pg_snapshot_xmin(pg_current_snapshot()) as xmin) bound
      left join lateral (${page}) page on true`;
    const events = rows.filter((row) => row.global_position !== null).map(toRecorded);
    const xmin = BigInt(rows[0]!.scan_xmin);
    const scannedTo: Position = { commit: xmin - 1n, prepare: MAX_POSITION_PART };
    if (events.length < limit && comparePositions(scannedTo, after) > 0) options.onScannedTo(scannedTo);
    return events;
  }

  /** Not filtered by the snapshot's xmin (unlike readAll): see the port's contract. */
  async headPosition(): Promise<Position> {
    const [row] = await this.sql<{ transaction_id: string; global_position: string }[]>`
      select transaction_id, global_position from es_events
      order by transaction_id desc, global_position desc limit 1`;
    return row ? { commit: BigInt(row.transaction_id), prepare: BigInt(row.global_position) } : START;
  }

  subscribeAll(
    handler: (event: RecordedEvent) => Promise<void> | void,
    options: { after?: Position } = {},
  ): Subscription {
    let stopped = false;
    let after = options.after ?? START;
    const follower = followAll(this, {
      pollIntervalMs: this.pollIntervalMs,
      read: async () => {
        const batch = await this.readAll({ after, limit: 500 });
        for (const event of batch) {
          if (stopped) return batch.length;
          await handler(event);
          after = event.position;
        }
        return batch.length;
      },
    });
    return {
      stop: async () => {
        stopped = true;
        await follower.stop();
      },
    };
  }

  onAppended(listener: () => void): () => void {
    this.listeners.add(listener);
    if (this.options.listen !== false && !this.listening && !this.closed) {
      this.listening = this.sql.listen(NOTIFY_CHANNEL, (payload) => {
        if (payload !== this.notifierId) this.wakeLocal();
      });
      this.listening.catch(() => {
        this.listening = null;
      });
    }
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Wakes readers in this process at once; other processes hear one coalesced NOTIFY. */
  private appended() {
    this.wakeLocal();
    if (this.options.listen === false || this.notifyPending || this.closed) return;
    // NOTIFY inside the append transaction would serialise every commit on the notify queue
    // lock; one notification after a burst of commits is enough to wake remote readers.
    this.notifyPending = true;
    setImmediate(() => {
      this.notifyPending = false;
      if (this.closed) return;
      this.sql`select pg_notify(${NOTIFY_CHANNEL}, ${this.notifierId})`.catch(() => {});
    });
  }

  wakeLocal() {
    for (const listener of this.listeners) listener();
  }

  async close(): Promise<void> {
    this.closed = true;
    const listening = this.listening;
    this.listening = null;
    if (listening) await listening.then((l) => l.unlisten()).catch(() => {});
    if (this.options.ownsPool) await this.sql.end({ timeout: 5 });
  }
}

/**
 * The follow loop shared by subscriptions and projection runners: read until a read returns
 * nothing, then sleep until a wake-up or the poll interval. After a wake-up that finds nothing
 * (an older transaction still holds the snapshot's xmin), retry soon with a short backoff,
 * whether the wake-up came during the read or before it (while sleeping).
 */
export function followAll(
  store: Pick<EventStore, 'onAppended'>,
  options: { read: () => Promise<number>; pollIntervalMs?: number; onError?: (error: unknown) => void },
) {
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  let stopped = false;
  let wake: (() => void) | null = null;
  let woken = false;
  const unsubscribe = store.onAppended(() => {
    woken = true;
    wake?.();
  });
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
      if (woken || stopped) done();
    });

  const loop = (async () => {
    let backoff = 0;
    while (!stopped) {
      const wokenBeforeRead = woken;
      woken = false;
      let count = 0;
      try {
        count = await options.read();
      } catch (error) {
        if (stopped) break;
        options.onError?.(error);
        await sleep(pollIntervalMs);
        continue;
      }
      if (count > 0) {
        backoff = 0;
        continue;
      }
      if (wokenBeforeRead || woken || backoff > 0) {
        // A wake-up that finds nothing means an older transaction still holds the snapshot's
        // xmin: retry soon, backing off, instead of waiting a whole poll interval.
        backoff = backoff === 0 ? 2 : backoff * 2;
        if (backoff <= 256) {
          await sleep(backoff);
          continue;
        }
      }
      backoff = 0;
      await sleep(pollIntervalMs);
    }
  })();

  return {
    wake: () => {
      woken = true;
      wake?.();
    },
    stop: async () => {
      stopped = true;
      unsubscribe();
      wake?.();
      await loop;
    },
  };
}
