import type { Sql } from '../../shared/db/postgres.ts';
import { comparePositions, START, type Position } from '../../shared/eventstore/types.ts';

export const CHECKPOINT_CHANNEL = 'projection_checkpoint';
export const CONTROL_CHANNEL = 'projection_control';

export const CHECKPOINT_SCHEMA = `
create table if not exists projection_checkpoints (
  name text primary key,
  version integer not null,
  commit_position numeric(20, 0) not null,
  prepare_position numeric(20, 0) not null,
  updated_at timestamptz not null default now()
);`;

export async function ensureCheckpointSchema(sql: Sql) {
  await sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(hashtext('projection_checkpoints_schema'))`;
    await tx.unsafe(CHECKPOINT_SCHEMA);
  });
}

export type CheckpointRow = { name: string; version: number; position: Position; updatedAt: Date };

export async function readCheckpoints(sql: Sql): Promise<CheckpointRow[]> {
  const rows = await sql<
    { name: string; version: number; commit_position: string; prepare_position: string; updated_at: Date }[]
  >`select name, version, commit_position, prepare_position, updated_at from projection_checkpoints`;
  return rows.map((row) => ({
    name: row.name,
    version: row.version,
    position: { commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) },
    updatedAt: row.updated_at,
  }));
}

type Waiter = {
  position: Position;
  names: readonly string[];
  resolve: (reached: boolean) => void;
  timer: NodeJS.Timeout;
};

/**
 * Knows how far each projection has got, in this process (from a local runner) and in others
 * (through LISTEN on the checkpoint channel), so a command can answer only once the read models
 * its caller reads next include its own write.
 */
export class CheckpointWatcher {
  private readonly positions = new Map<string, Position>();
  /** Where each read model last changed (a batch that applied events), for caches of its rows. */
  private readonly changes = new Map<string, Position>();
  private readonly waiters = new Set<Waiter>();
  private listening: { unlisten(): Promise<void> } | null = null;

  private constructor(private readonly projectionNames: readonly string[]) {}

  static async start(sql: Sql, projectionNames: readonly string[], options: { listen?: boolean } = {}) {
    const watcher = new CheckpointWatcher(projectionNames);
    await ensureCheckpointSchema(sql);
    if (options.listen !== false) {
      watcher.listening = await sql.listen(CHECKPOINT_CHANNEL, (payload) => {
        // "name commit prepare changed"; without the flag (an older runner) assume a change.
        const [name, commit, prepare, changed] = payload.split(' ');
        if (name && commit && prepare) {
          watcher.update(name, { commit: BigInt(commit), prepare: BigInt(prepare) }, changed !== '0');
        }
      });
    }
    for (const row of await readCheckpoints(sql)) watcher.update(row.name, row.position, true);
    return watcher;
  }

  /** Positions only move forwards here; a rebuild's reset is not a reason to make writers wait. */
  update(name: string, position: Position, changed = true) {
    const known = this.positions.get(name);
    if (known && comparePositions(known, position) >= 0) return;
    this.positions.set(name, position);
    if (changed) this.changes.set(name, position);
    for (const waiter of this.waiters) {
      if (this.reached(waiter.position, waiter.names)) this.settle(waiter, true);
    }
  }

  position(name: string): Position {
    return this.positions.get(name) ?? START;
  }

  /**
   * The position of the last batch that changed the read model: equal across two reads means
   * its rows are the same (for this process's view of the checkpoints).
   */
  lastChange(name: string): Position {
    return this.changes.get(name) ?? START;
  }

  private reached(position: Position, names: readonly string[]) {
    return names.every((name) => comparePositions(this.position(name), position) >= 0);
  }

  private settle(waiter: Waiter, reached: boolean) {
    clearTimeout(waiter.timer);
    this.waiters.delete(waiter);
    waiter.resolve(reached);
  }

  /** Resolves true once every named projection (default: all) has passed `position`, false at the timeout. */
  waitFor(position: Position, options: { projections?: readonly string[]; timeoutMs: number }): Promise<boolean> {
    const names = options.projections ?? this.projectionNames;
    if (this.reached(position, names)) return Promise.resolve(true);
    if (options.timeoutMs <= 0) return Promise.resolve(false);
    return new Promise((resolve) => {
      const waiter: Waiter = {
        position,
        names,
        resolve,
        timer: setTimeout(() => this.settle(waiter, false), options.timeoutMs),
      };
      this.waiters.add(waiter);
    });
  }

  async close() {
    for (const waiter of this.waiters) this.settle(waiter, false);
    await this.listening?.unlisten().catch(() => {});
    this.listening = null;
  }
}
