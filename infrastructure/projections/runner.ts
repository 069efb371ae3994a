import { openSession, sessionQuery, type Sql, type TransactionSql } from '../../shared/db/postgres.ts';
import { withDeadline } from '../../shared/deadline.ts';
import { followAll } from '../../shared/eventstore/postgres.ts';
import {
  START,
  comparePositions,
  type EventStore,
  type Position,
  type RecordedEvent,
} from '../../shared/eventstore/types.ts';
import { CHECKPOINT_CHANNEL, CONTROL_CHANNEL, ensureCheckpointSchema } from './checkpoints.ts';
import type { Projection } from './types.ts';

export class StaleCheckpointError extends Error {
  override name = 'StaleCheckpointError';
}

type Logger = { info(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
const silentLogger: Logger = { info() {}, error() {} };

export type RunnerOptions = {
  sql: Sql;
  store: EventStore;
  projections: readonly Projection[];
  batchSize?: number;
  pollIntervalMs?: number;
  /** How often a standby worker tries to take over a projection whose owner died. */
  takeoverIntervalMs?: number;
  logger?: Logger;
  /**
   * Called after each committed batch (in-process read-your-writes). `changed`: the batch applied
   * at least one event, so the read model's rows may differ (caches key on it).
   */
  onCheckpoint?: (name: string, position: Position, changed: boolean) => void;
};

const lockKey = (name: string) => `projection:${name}`;

/** How long stop() waits for a takeover in flight. */
const STOP_WAIT_MS = 5_000;

/**
 * Drops a projection's read model and puts its checkpoint back to the start, in one transaction.
 * The caller must hold the projection's advisory lock.
 */
export async function resetProjection(sql: Sql, projection: Projection) {
  await sql.begin(async (tx) => {
    await tx.unsafe(projection.reset);
    await tx.unsafe(projection.schema);
    await tx`
      insert into projection_checkpoints (name, version, commit_position, prepare_position)
      values (${projection.name}, ${projection.version}, ${String(START.commit)}, ${String(START.prepare)})
      on conflict (name) do update set version = excluded.version,
        commit_position = excluded.commit_position, prepare_position = excluded.prepare_position,
        updated_at = now()`;
  });
}

/** Creates the read model on first run, or rebuilds it from zero when its version changed. */
export async function prepareProjection(sql: Sql, projection: Projection): Promise<Position> {
  const [row] = await sql<{ version: number; commit_position: string; prepare_position: string }[]>`
    select version, commit_position, prepare_position from projection_checkpoints where name = ${projection.name}`;
  if (!row || row.version !== projection.version) {
    await resetProjection(sql, projection);
    return START;
  }
  await sql.unsafe(projection.schema);
  return { commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) };
}

/**
 * How long a projection may leave its stored checkpoint behind while it only passes over events it
 * does not handle. Each of the ~40 projections reads every event; writing each one's checkpoint for
 * every event it skips cost ~40 transactions (and WAL flushes) per command, which capped write
 * throughput. Skipped events change no row, so a checkpoint left behind only means a restarted
 * worker reads them again and skips them again: nothing is lost or doubled. Every batch that
 * applies an event still moves the checkpoint in the same transaction as its rows.
 */
export const CHECKPOINT_DEFER_MS = 1000;

export type CheckpointWrite = {
  /** The position stored in the checkpoint row (the compare-and-set's expected value). */
  persisted: Position;
  /** Skip the checkpoint write for a batch that applies nothing (see CHECKPOINT_DEFER_MS). */
  deferSkipped: boolean;
};

/** Compare-and-set of a projection's checkpoint: a stale worker can neither double a batch nor move it back. */
export async function moveCheckpoint(sql: Sql | TransactionSql, projection: Projection, from: Position, to: Position) {
  const updated = await sql`
    update projection_checkpoints
    set commit_position = ${String(to.commit)}, prepare_position = ${String(to.prepare)}, updated_at = now()
    where name = ${projection.name} and version = ${projection.version}
      and commit_position = ${String(from.commit)} and prepare_position = ${String(from.prepare)}`;
  if (updated.count !== 1) throw new StaleCheckpointError(`checkpoint of ${projection.name} moved under this worker`);
}

/**
 * Applies one batch in one transaction together with a compare-and-set of the checkpoint, so a
 * crash loses nothing and a stale worker can neither double a batch nor move the checkpoint back.
 * With `deferSkipped`, a batch that applies nothing writes nothing; without it, a read that finds
 * no new events stores the position reached if the row is behind (the runner's deferred write).
 */
export async function applyBatch(
  sql: Sql,
  store: Pick<EventStore, 'readAll'>,
  projection: Projection,
  from: Position,
  batchSize: number,
  handles: ReadonlySet<string> = new Set(projection.handles),
  checkpoint: CheckpointWrite = { persisted: from, deferSkipped: false },
): Promise<{ count: number; applied: number; position: Position; persisted: Position }> {
  const { persisted } = checkpoint;
  const events = await store.readAll({ after: from, limit: batchSize });
  if (events.length === 0) {
    if (checkpoint.deferSkipped || comparePositions(persisted, from) === 0) {
      return { count: 0, applied: 0, position: from, persisted };
    }
    await moveCheckpoint(sql, projection, persisted, from);
    return { count: 0, applied: 0, position: from, persisted: from };
  }
  const last = events[events.length - 1]!.position;
  const handled = events.filter((event) => handles.has(event.type));
  if (handled.length === 0 && checkpoint.deferSkipped) {
    return { count: events.length, applied: 0, position: last, persisted };
  }
  await applyHandled(sql, projection, handled, persisted, last);
  return { count: events.length, applied: handled.length, position: last, persisted: last };
}

/**
 * Applies events already read (and filtered to those the projection handles) in one transaction
 * that also moves the checkpoint from `from` to `to`: set-based where the projection has `applyAll`.
 */
export async function applyHandled(
  sql: Sql,
  projection: Projection,
  handled: readonly RecordedEvent[],
  from: Position,
  to: Position,
) {
  await sql.begin(async (tx) => {
    if (projection.applyAll) {
      if (handled.length > 0) await projection.applyAll(tx, handled);
    } else {
      for (const event of handled) await projection.apply(tx, event);
    }
    await moveCheckpoint(tx, projection, from, to);
  });
}

type Running = {
  projection: Projection;
  handles: ReadonlySet<string>;
  /** How far the read model has got (every event up to here is in it or was not for it). */
  position: Position;
  /** The checkpoint row's position, at most CHECKPOINT_DEFER_MS behind `position` while active. */
  persisted: Position;
  persistedAt: number;
  follower: ReturnType<typeof followAll>;
  resetRequested: boolean;
  /** Consecutive failed batches and the last error: a poisoned event stalls its projection. */
  failures: number;
  lastError: string | null;
};

export type ProjectionStatus = { name: string; position: Position; failures: number; lastError: string | null };

/**
 * Runs projections. Several runners (processes) may run at once: each projection is owned by the
 * runner holding its session advisory lock on a reserved connection; when that connection dies
 * the lock goes with it and a standby takes over on its next attempt.
 */
export class ProjectionRunner {
  private readonly batchSize: number;
  private readonly logger: Logger;
  private readonly running = new Map<string, Running>();
  /** A session of its own (openSession) holding the projections' advisory locks. */
  private lockConnection: Sql | null = null;
  /** The server session holding the locks: a lock connection that reconnects is a new one, without them. */
  private lockSession: number | null = null;
  private takeoverTimer: NodeJS.Timeout | null = null;
  private controlListener: { unlisten(): Promise<void> } | null = null;
  /** Reads in flight, by position and size: followers at the same position share one query. */
  private readonly readsInFlight = new Map<string, Promise<RecordedEvent[]>>();
  /** Appends heard (this process's, and others' through LISTEN); counted before followers wake. */
  private appendsHeard = 0;
  private stopHearing: (() => void) | null = null;
  /**
   * Every follower wakes on the same append and, when caught up, asks for the events after the same
   * position: one query answers all of them instead of one per projection (~40). Only a read still
   * in flight and started since the last append was heard is shared, so an answer never predates
   * the wake-up that asked for it (a follower finding nothing would sleep a whole poll interval).
   */
  private readonly sharedReader: Pick<EventStore, 'readAll'> = {
    readAll: (options = {}) => {
      const after = options.after ?? START;
      const key = `${this.appendsHeard}:${after.commit}:${after.prepare}:${options.limit ?? ''}`;
      let read = this.readsInFlight.get(key);
      if (!read) {
        read = this.options.store.readAll(options).finally(() => this.readsInFlight.delete(key));
        this.readsInFlight.set(key, read);
      }
      return read;
    },
  };
  private readonly pendingNotify = new Map<string, { position: Position; changed: boolean }>();
  private notifyScheduled = false;
  private stopped = false;
  /** Session advisory locks are re-entrant: two overlapping takeovers would both "win". */
  private takingOver: Promise<void> | null = null;

  constructor(private readonly options: RunnerOptions) {
    this.batchSize = options.batchSize ?? 500;
    this.logger = options.logger ?? silentLogger;
  }

  get projectionNames() {
    return this.options.projections.map((p) => p.name);
  }

  async start() {
    const { sql } = this.options;
    await ensureCheckpointSchema(sql);
    // Registered before any follower, so the count moves before they are woken.
    this.stopHearing = this.options.store.onAppended(() => {
      this.appendsHeard += 1;
    });
    this.controlListener = await sql.listen(CONTROL_CHANNEL, (payload) => {
      const [command, name] = payload.split(' ');
      const running = name ? this.running.get(name) : undefined;
      if (command === 'rebuild' && running) {
        running.resetRequested = true;
        running.follower.wake();
      }
    });
    await this.tryTakeOver();
    this.takeoverTimer = setInterval(() => {
      this.tryTakeOver().catch((error) => this.logger.error({ err: error }, 'projection takeover failed'));
    }, this.options.takeoverIntervalMs ?? 2000);
    this.takeoverTimer.unref();
  }

  /** Claims every projection whose lock is free and starts following for it (one attempt at a time). */
  private tryTakeOver(): Promise<void> {
    this.takingOver ??= this.takeOver().finally(() => {
      this.takingOver = null;
    });
    return this.takingOver;
  }

  private async takeOver() {
    if (this.stopped) return;
    // Is the lock session still the one that took the locks? A lock connection that reconnected
    // (the server restarted, or ended it) is a new session without them: give everything up and
    // claim it again on a new one. Checked whether this runner owns some projections or all.
    if (this.lockConnection) {
      let alive = false;
      try {
        alive = (await this.sessionOf(this.lockConnection)) === this.lockSession;
        if (!alive) this.logger.error({}, 'projection lock session replaced; its locks are gone');
      } catch (error) {
        this.logger.error({ err: error }, 'projection lock connection lost');
      }
      if (!alive) await this.releaseAll();
    }
    if (this.stopped || this.running.size === this.options.projections.length) return;
    const unowned = this.options.projections.filter((p) => !this.running.has(p.name));
    if (!this.lockConnection) {
      const connection = openSession(this.options.sql);
      try {
        this.lockSession = await this.sessionOf(connection);
      } catch (error) {
        await connection.end({ timeout: 0 }).catch(() => {});
        throw error;
      }
      this.lockConnection = connection;
    }
    for (const projection of unowned) {
      // Stopped while this takeover waited: what it claimed here is given back (stop() may be past
      // its own release already).
      if (this.stopped) return void (await this.releaseAll());
      const [row] = await sessionQuery(this.lockConnection<{ locked: boolean }[]>`
        select pg_try_advisory_lock(hashtext(${lockKey(projection.name)})) as locked`);
      if (!row?.locked) continue;
      const position = await prepareProjection(this.options.sql, projection);
      this.follow(projection, position);
      this.logger.info({ projection: projection.name, version: projection.version }, 'projection started');
    }
  }

  private async sessionOf(connection: Sql) {
    const [row] = await sessionQuery(connection<{ pid: number }[]>`select pg_backend_pid() as pid`);
    return row!.pid;
  }

  private follow(projection: Projection, position: Position) {
    // The follower's callbacks use the state; it becomes the `Running` once the follower exists
    // (the first read starts synchronously, inside followAll).
    const state: Omit<Running, 'follower'> = {
      projection,
      handles: new Set(projection.handles),
      position,
      persisted: position,
      persistedAt: Date.now(),
      resetRequested: false,
      failures: 0,
      lastError: null,
    };
    const follower = followAll(this.options.store, {
      pollIntervalMs: this.options.pollIntervalMs ?? 1000,
      onError: (error) => this.onBatchError(state, error),
      read: async () => {
        if (state.resetRequested) {
          state.resetRequested = false;
          await resetProjection(this.options.sql, projection);
          state.position = START;
          state.persisted = START;
          state.persistedAt = Date.now();
          this.logger.info({ projection: projection.name }, 'projection rebuild started');
        }
        const batch = await applyBatch(
          this.options.sql,
          this.sharedReader,
          projection,
          state.position,
          this.batchSize,
          state.handles,
          // Skipped events are stored lazily, at most CHECKPOINT_DEFER_MS late; a quiet
          // follower's next read stores them.
          {
            persisted: state.persisted,
            deferSkipped: Date.now() - state.persistedAt < CHECKPOINT_DEFER_MS,
          },
        );
        if (comparePositions(batch.persisted, state.persisted) !== 0) {
          state.persisted = batch.persisted;
          state.persistedAt = Date.now();
        }
        state.failures = 0;
        state.lastError = null;
        if (batch.count > 0) {
          state.position = batch.position;
          this.checkpointed(projection.name, batch.position, batch.applied > 0);
        }
        return batch.count;
      },
    });
    this.running.set(projection.name, Object.assign(state, { follower }));
  }

  /** The projections this runner owns, with their positions and any failure in progress. */
  status(): ProjectionStatus[] {
    return [...this.running.values()].map((r) => ({
      name: r.projection.name,
      position: r.position,
      failures: r.failures,
      lastError: r.lastError,
    }));
  }

  private onBatchError(running: Omit<Running, 'follower'>, error: unknown) {
    running.failures += 1;
    running.lastError = error instanceof Error ? error.message : String(error);
    if (error instanceof StaleCheckpointError) {
      // Another worker moved the checkpoint (we lost the lock without noticing): stop following.
      this.logger.error({ projection: running.projection.name }, error.message);
      void this.release(running.projection.name);
      return;
    }
    this.logger.error({ err: error, projection: running.projection.name }, 'projection batch failed; retrying');
  }

  private checkpointed(name: string, position: Position, changed: boolean) {
    this.options.onCheckpoint?.(name, position, changed);
    const pending = this.pendingNotify.get(name);
    if (!pending || comparePositions(position, pending.position) > 0) {
      this.pendingNotify.set(name, { position, changed: changed || (pending?.changed ?? false) });
    } else if (changed) {
      pending.changed = true;
    }
    if (this.notifyScheduled) return;
    this.notifyScheduled = true;
    // One NOTIFY per projection per tick, outside the batch transaction.
    setImmediate(() => {
      this.notifyScheduled = false;
      const payloads = [...this.pendingNotify].map(
        ([projection, { position: at, changed: moved }]) => `${projection} ${at.commit} ${at.prepare} ${moved ? 1 : 0}`,
      );
      this.pendingNotify.clear();
      // One statement for all of them: a command moves every projection, one round trip each was ~40.
      this.options
        .sql`select pg_notify(${CHECKPOINT_CHANNEL}, payload) from unnest(${payloads}::text[]) as payload`.catch(
        () => {},
      );
    });
  }

  /**
   * On a clean stop, stores the position a follower reached over skipped events, so a restart does
   * not read them again. Best effort: if another worker has moved the checkpoint, it owns it.
   */
  private async storeDeferred(running: Running) {
    if (comparePositions(running.persisted, running.position) >= 0) return;
    await moveCheckpoint(this.options.sql, running.projection, running.persisted, running.position).then(
      () => {
        running.persisted = running.position;
      },
      () => {},
    );
  }

  private async release(name: string) {
    const running = this.running.get(name);
    if (!running) return;
    this.running.delete(name);
    await running.follower.stop();
    if (this.lockConnection) {
      await sessionQuery(this.lockConnection`select pg_advisory_unlock(hashtext(${lockKey(name)}))`).catch(() => {});
    }
  }

  private async releaseAll(options: { storeDeferred?: boolean } = {}) {
    const released = [...this.running.values()];
    this.running.clear();
    await Promise.all(released.map((r) => r.follower.stop()));
    // Only on a clean stop: after a lost lock another worker may own the checkpoints.
    if (options.storeDeferred) await Promise.all(released.map((r) => this.storeDeferred(r)));
    const connection = this.lockConnection;
    this.lockConnection = null;
    this.lockSession = null;
    // Unlocked explicitly first, so a standby can take over without waiting for the session's end.
    if (connection) {
      await sessionQuery(connection`select pg_advisory_unlock_all()`).catch(() => {});
      await connection.end({ timeout: 0 }).catch(() => {});
    }
  }

  /**
   * Resolves when every running projection has passed every event committed before the call. The
   * target is the committed head, not the first readable event: under load an older transaction in
   * another database holds back the snapshot's xmin, and "nothing readable yet" is not "caught up".
   */
  async idle(timeoutMs = 10_000) {
    const deadline = Date.now() + timeoutMs;
    // Ownership first: after a database outage the locks may be gone without the runner having
    // noticed yet, and an empty set of running projections would look idle. The first attempt may
    // be one already in flight that started before the question was asked, hence two.
    for (let attempt = 0; attempt < 2 && this.takeoverTimer && !this.stopped; attempt++) {
      const attempted = this.tryTakeOver().catch((error) =>
        this.logger.error({ err: error }, 'projection takeover failed'),
      );
      await withDeadline(
        attempted,
        deadline - Date.now(),
        'projections did not catch up in time (taking over their locks is still under way)',
      );
    }
    const target = await this.options.store.headPosition();
    while (this.running.size > 0 && comparePositions(this.lowestPosition(), target) < 0) {
      if (Date.now() > deadline) throw new Error('projections did not catch up in time');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  private lowestPosition(): Position {
    let lowest: Position | null = null;
    for (const running of this.running.values()) {
      if (!lowest || comparePositions(running.position, lowest) < 0) lowest = running.position;
    }
    return lowest ?? START;
  }

  async stop() {
    this.stopped = true;
    if (this.takeoverTimer) clearInterval(this.takeoverTimer);
    // A takeover in flight could start a follower after the release below; one stuck on a dead
    // connection must not hold up the process's shutdown (it checks `stopped` before each start).
    await withDeadline(this.takingOver ?? Promise.resolve(), STOP_WAIT_MS, 'takeover still under way').catch(() => {});
    await this.controlListener?.unlisten().catch(() => {});
    await this.releaseAll({ storeDeferred: true });
    this.stopHearing?.();
  }
}
