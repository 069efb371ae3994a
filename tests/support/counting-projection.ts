import type { Sql } from '../../shared/db/postgres.ts';
import type { EventStore, Position } from '../../shared/eventstore/types.ts';
import { START, comparePositions } from '../../shared/eventstore/types.ts';
import type { Projection } from '../../infrastructure/projections/types.ts';

/**
 * A deliberately non-idempotent read model: every `Counted` event adds one to its stream's row.
 * Applying an event twice, or losing one, shows up as a wrong count.
 */
export function countingProjection(options: {
  name: string;
  table: string;
  version?: number;
  /** Runs after each increment, inside the batch transaction (the crash test sleeps here). */
  afterApply?: () => Promise<void>;
}): Projection {
  const { name, table } = options;
  return {
    name,
    version: options.version ?? 1,
    handles: ['Counted'],
    schema: `create table if not exists ${table} (stream_id text primary key, n int not null)`,
    reset: `drop table if exists ${table}`,
    async apply(tx, event) {
      await tx.unsafe(
        `insert into ${table} (stream_id, n) values ($1, 1)
         on conflict (stream_id) do update set n = ${table}.n + 1`,
        [event.streamId],
      );
      await options.afterApply?.();
    },
  };
}

/** Every event of the log, in $all order. */
export async function readWholeLog(store: EventStore) {
  const events = [];
  let after: Position = START;
  for (;;) {
    const page = await store.readAll({ after, limit: 1000 });
    if (page.length === 0) return events;
    events.push(...page);
    after = page[page.length - 1]!.position;
  }
}

/** What the read model must hold for the given events: Counted events per stream. */
export function expectedCounts(events: readonly { type: string; streamId: string }[]) {
  const counts: Record<string, number> = {};
  for (const event of events) {
    if (event.type === 'Counted') counts[event.streamId] = (counts[event.streamId] ?? 0) + 1;
  }
  return counts;
}

export async function actualCounts(sql: Sql, table: string) {
  const rows = await sql.unsafe<{ stream_id: string; n: number }[]>(`select stream_id, n from ${table}`);
  return Object.fromEntries(rows.map((row) => [row.stream_id, row.n]));
}

export async function readCheckpoint(sql: Sql, name: string) {
  const [row] = await sql<{ version: number; commit_position: string; prepare_position: string }[]>`
    select version, commit_position, prepare_position from projection_checkpoints where name = ${name}`;
  if (!row) return null;
  return {
    version: row.version,
    position: { commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) },
  };
}

export const isAtOrPast = (position: Position, target: Position) => comparePositions(position, target) >= 0;
