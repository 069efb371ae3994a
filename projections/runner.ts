import type { ReservedSql } from 'postgres';
import type { Sql } from '../shared/db/postgres.ts';
import { followAll } from '../shared/eventstore/postgres.ts';
import { START, comparePositions, type EventStore, type Position } from '../shared/eventstore/types.ts';
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
 * Applies one batch in one transaction together with a compare-and-set of the checkpoint, so a
 * crash loses nothing and a stale worker can neither double a batch nor move the checkpoint back.
 */
export async function applyBatch(
  sql: Sql,
  store: EventStore,
  projection: Projection,
  from: Position,
  batchSize: number,
  handles: ReadonlySet<string> = new Set(projection.handles),
): Promise<{ count: number; applied: number; position: Position }> {
  const events = await store.readAll({ after: from, limit: batchSize });
  if (events.length === 0) return { count: 0, applied: 0, position: from };
  const last = events[events.length - 1]!.position;
  let applied = 0;
  await sql.begin(async (tx) => {
    const handled = events.filter((event) => handles.has(event.type));
    if (projection.applyAll) {
      if (handled.length > 0) await projection.applyAll(tx, handled);
    } else {
      for (const event of handled) await projection.apply(tx, event);
    }
    applied = handled.length;
    const updated = await tx`
      update projection_checkpoints
      set commit_position = ${String(last.commit)}, prepare_position = ${String(last.prepare)}, updated_at = now()
      where name = ${projection.name} and version = ${projection.version}
        and commit_position = ${String(from.commit)} and prepare_position = ${String(from.prepare)}`;
    if (updated.count !== 1) throw new StaleCheckpointError(`checkpoint of ${projection.name} moved under this worker`);
  });
  return { count: events.length, applied, position: last };
}

type Running = {
  projection: Projection;
  handles: ReadonlySet<string>;
  position: Position;
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
  private lockConnection: ReservedSql<Record<string, unknown>> | null = null;
  private takeoverTimer: NodeJS.Timeout | null = null;
  private controlListener: { unlisten(): Promise<void> } | null = null;
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
    const unowned = this.options.projections.filter((p) => !this.running.has(p.name));
    if (unowned.length === 0) {
      // Owning everything: make sure the lock connection is still alive, or give everything up.
      try {
        if (this.lockConnection) await this.lockConnection`select 1`;
      } catch (error) {
        this.logger.error({ err: error }, 'projection lock connection lost');
        await this.releaseAll();
      }
      return;
    }
    if (!this.lockConnection) this.lockConnection = await this.options.sql.reserve();
    for (const projection of unowned) {
      if (this.stopped) return;
      const [row] = await this.lockConnection<{ locked: boolean }[]>`
        select pg_try_advisory_lock(hashtext(${lockKey(projection.name)})) as locked`;
      if (!row?.locked) continue;
      const position = await prepareProjection(this.options.sql, projection);
      this.follow(projection, position);
      this.logger.info({ projection: projection.name, version: projection.version }, 'projection started');
    }
  }

  private follow(projection: Projection, position: Position) {
    const running: Running = {
      projection,
      handles: new Set(projection.handles),
      position,
      resetRequested: false,
      failures: 0,
      lastError: null,
      follower: undefined as unknown as ReturnType<typeof followAll>,
    };
    running.follower = followAll(this.options.store, {
      pollIntervalMs: this.options.pollIntervalMs ?? 1000,
      onError: (error) => this.onBatchError(running, error),
      read: async () => {
        if (running.resetRequested) {
          running.resetRequested = false;
          await resetProjection(this.options.sql, projection);
          running.position = START;
          this.logger.info({ projection: projection.name }, 'projection rebuild started');
        }
        const batch = await applyBatch(
          this.options.sql,
          this.options.store,
          projection,
          running.position,
          this.batchSize,
          running.handles,
        );
        running.failures = 0;
        running.lastError = null;
        if (batch.count > 0) {
          running.position = batch.position;
          this.checkpointed(projection.name, batch.position, batch.applied > 0);
        }
        return batch.count;
      },
    });
    this.running.set(projection.name, running);
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

  private onBatchError(running: Running, error: unknown) {
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
      const entries = [...this.pendingNotify];
      this.pendingNotify.clear();
      for (const [projection, { position: at, changed: moved }] of entries) {
        const payload = `${projection} ${at.commit} ${at.prepare} ${moved ? 1 : 0}`;
        this.options.sql`select pg_notify(${CHECKPOINT_CHANNEL}, ${payload})`.catch(() => {});
      }
    });
  }

  private async release(name: string) {
    const running = this.running.get(name);
    if (!running) return;
    this.running.delete(name);
    await running.follower.stop();
    if (this.lockConnection) {
      await this.lockConnection`select pg_advisory_unlock(hashtext(${lockKey(name)}))`.catch(() => {});
    }
  }

  private async releaseAll() {
    const followers = [...this.running.values()].map((r) => r.follower.stop());
    this.running.clear();
    await Promise.all(followers);
    const connection = this.lockConnection;
    this.lockConnection = null;
    // Releasing the connection ends its session locks only when it is closed; unlock explicitly.
    if (connection) {
      await connection`select pg_advisory_unlock_all()`.catch(() => {});
      connection.release();
    }
  }

  /**
   * Resolves when every running projection has passed every event committed before the call. The
   * target is the committed head, not the first readable event: under load an older transaction in
   * another database holds back the snapshot's xmin, and "nothing readable yet" is not "caught up".
   */
  async idle(timeoutMs = 10_000) {
    const deadline = Date.now() + timeoutMs;
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
    // A takeover in flight could start a follower after the release below.
    await this.takingOver?.catch(() => {});
    await this.controlListener?.unlisten().catch(() => {});
    await this.releaseAll();
  }
}
