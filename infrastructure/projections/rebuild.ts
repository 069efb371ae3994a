import type { Sql } from '../../shared/db/postgres.ts';
import {
  comparePositions,
  START,
  type EventStore,
  type Position,
  type RecordedEvent,
} from '../../shared/eventstore/types.ts';
import { applyHandled, moveCheckpoint, resetProjection } from './runner.ts';
import { RebuildMemory } from './rebuild-memory.ts';
import type { Projection, ProjectionRebuild } from './types.ts';

export type RebuildProgress = {
  /** Events read from the log so far. */
  events: number;
  /** Events applied to the read models (an event handled by three counts three times). */
  applied: number;
  position: Position;
  seconds: number;
  eventsPerSecond: number;
  /** Seconds left at the rate so far, from how far `position` is towards the head; null at the start. */
  secondsLeft: number | null;
  /** Events read so far by type: passes over parts of the log combine exactly by them (`combineProgress`). */
  eventsByType: Record<string, number>;
  /**
   * Seconds each read model spent in its windows' transactions. Read models of a pass share its one
   * thread, two at a time, so this includes waiting while the other one folds: a read model with
   * no events still shows the time its empty transactions waited (`readModelEvents` tells them apart).
   */
  readModelSeconds: Record<string, number>;
  /** Events each read model was handed (its share of the windows). */
  readModelEvents: Record<string, number>;
};

export type RebuildOptions = {
  /** Events read from the log per query. */
  readSize?: number;
  /**
   * Events applied per transaction: every projection applies its share of a window at once. A
   * folded read model loads and writes each row it touches once per window, so a wide window writes
   * a row about once for the whole replay instead of once per event (about 1 KB of memory an event).
   */
  windowSize?: number;
  /** Projections applying a batch at the same time (each in its own transaction and connection). */
  concurrency?: number;
  /**
   * Rows kept in memory by all the read models of the pass together (default 1,200,000), the least
   * recently touched anywhere leaving first (`RebuildMemory`). A CPU profile of a 10,000,000-event
   * pass with 300,000 a table for each read model showed a 3.7 GB heap and 73 % of the time in the
   * garbage collector, the rate falling from 22,000 to 2,300 events/s as the caches filled.
   */
  rowBudget?: number;
  /** Called after each window, at most once a second, and at the end. */
  onProgress?: (progress: RebuildProgress) => void;
};

/**
 * The checkpoint version of a read model whose rebuild has not finished (versions are positive):
 * a read model with its own rebuild path may hold rows in memory until the rebuild's end, so its
 * rows lag its checkpoint until then. A worker that finds this version resets the read model
 * (`prepareProjection`), so a rebuild that dies restarts from zero instead of resuming.
 */
export const UNFINISHED_REBUILD_VERSION = -1;

const DEFAULT_ROW_BUDGET = 1_200_000;

/**
 * Rebuilds read models from the start of the log in one pass: each batch is read once and handed
 * to every projection, which applies its events in its own transaction with its checkpoint
 * (set-based where it has `applyAll`). Reading the log once instead of once per projection is what
 * keeps a full replay proportional to the log, not to the log times the number of read models.
 * The caller must own the projections (hold their advisory locks, or run with no worker), and its
 * connections must let a transaction sit idle while a window is folded (`idleInTransactionTimeoutMs`).
 */
export async function rebuildProjections(
  sql: Sql,
  store: Pick<EventStore, 'readAll' | 'headPosition'>,
  projections: readonly Projection[],
  options: RebuildOptions = {},
): Promise<RebuildProgress> {
  const readSize = options.readSize ?? 10_000;
  const windowSize = Math.max(readSize, options.windowSize ?? 100_000);
  const concurrency = Math.max(1, options.concurrency ?? 2);
  for (const projection of projections) await resetProjection(sql, projection);
  const rebuilds = new Map<Projection, ProjectionRebuild>();
  const memory = new RebuildMemory(options.rowBudget ?? DEFAULT_ROW_BUDGET);
  for (const projection of projections) {
    const rebuild = projection.rebuild?.({ memory });
    if (!rebuild) continue;
    await sql.begin(async (tx) => {
      await tx`update projection_checkpoints set version = ${UNFINISHED_REBUILD_VERSION}, updated_at = now()
        where name = ${projection.name}`;
      await rebuild.start(tx);
    });
    rebuilds.set(projection, rebuild);
  }
  const unfinished = (projection: Projection) => ({ ...projection, version: UNFINISHED_REBUILD_VERSION });
  // Which projections read each event type: a window is split into their shares in one pass over
  // it, not one filter over the whole window per projection (29 × 100,000 set lookups a window).
  const readersOf = new Map<string, number[]>();
  projections.forEach((projection, index) => {
    for (const type of new Set(projection.handles)) {
      const readers = readersOf.get(type);
      if (readers) readers.push(index);
      else readersOf.set(type, [index]);
    }
  });
  // Only the events some read model handles are read: a rebuild of a few read models reads their
  // share of the log, not all of it.
  const types = [...new Set(projections.flatMap((projection) => projection.handles))];
  const head = await store.headPosition();
  const started = performance.now();
  let reportedAt = started;
  let progress: RebuildProgress = {
    events: 0,
    applied: 0,
    position: START,
    seconds: 0,
    eventsPerSecond: 0,
    secondsLeft: null,
    eventsByType: {},
    readModelSeconds: {},
    readModelEvents: {},
  };
  const eventsByType = new Map<string, number>();
  const readModelSeconds = projections.map(() => 0);
  const readModelEvents = projections.map(() => 0);
  let position = START;
  // A window is read while the one before it is applied: PostgreSQL serves the reads on one core
  // while it writes on another, instead of the pass alternating between the two.
  const readWindow = async (after: Position) => {
    const events: RecordedEvent[] = [];
    for (;;) {
      const page = await store.readAll({ after, limit: readSize, types });
      events.push(...page);
      if (page.length < readSize || events.length >= windowSize) return events;
      after = page[page.length - 1]!.position;
    }
  };
  const read = (after: Position) => {
    const window = readWindow(after);
    // Awaited later; a failure meanwhile must not go unheard as an unhandled rejection.
    window.catch(() => {});
    return window;
  };
  let next = read(position);
  for (;;) {
    const events = await next;
    if (events.length === 0) break;
    const last = events[events.length - 1]!.position;
    next = read(last);
    const shares = projections.map((): RecordedEvent[] => []);
    for (const event of events) {
      eventsByType.set(event.type, (eventsByType.get(event.type) ?? 0) + 1);
      for (const reader of readersOf.get(event.type) ?? []) shares[reader]!.push(event);
    }
    let index = 0;
    const worker = async () => {
      for (let i = index++; i < projections.length; i = index++) {
        const projection = projections[i]!;
        const rebuild = rebuilds.get(projection);
        const applying = performance.now();
        if (!rebuild) await applyHandled(sql, projection, shares[i]!, position, last);
        else
          await sql.begin(async (tx) => {
            // Even without events of its own: its rows may be the oldest in the shared memory, which
            // it writes out in its own transaction.
            await rebuild.applyAll(tx, shares[i]!);
            await moveCheckpoint(tx, unfinished(projection), position, last);
          });
        readModelSeconds[i]! += (performance.now() - applying) / 1000;
        readModelEvents[i]! += shares[i]!.length;
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, projections.length) }, worker));
    position = last;
    const now = performance.now();
    const seconds = (now - started) / 1000;
    const eventsDone = progress.events + events.length;
    const rate = eventsDone / Math.max(seconds, 1e-3);
    // How far the position is towards the head estimates what is left (PostgreSQL's positions count
    // events, EventStoreDB's bytes: a fraction works for both).
    const done = Number(head.prepare) > 0 ? Math.min(1, Number(last.prepare) / Number(head.prepare)) : 1;
    progress = {
      events: eventsDone,
      applied: progress.applied + shares.reduce((sum, share) => sum + share.length, 0),
      position: last,
      seconds,
      eventsPerSecond: rate,
      secondsLeft: done > 0 ? (seconds * (1 - done)) / done : null,
      eventsByType: progress.eventsByType,
      readModelSeconds: progress.readModelSeconds,
      readModelEvents: progress.readModelEvents,
    };
    if (now - reportedAt >= 1000) {
      progress = tallied(progress);
      reportedAt = now;
      options.onProgress?.(progress);
    }
  }
  // The rows still in memory, the indexes, and the real version, in one transaction each: until it
  // commits, the read model restarts from zero.
  await Promise.all(
    [...rebuilds].map(([projection, rebuild]) =>
      sql.begin(async (tx) => {
        const finishing = performance.now();
        await rebuild.finish(tx);
        readModelSeconds[projections.indexOf(projection)]! += (performance.now() - finishing) / 1000;
        const done = await tx`update projection_checkpoints set version = ${projection.version}, updated_at = now()
          where name = ${projection.name} and version = ${UNFINISHED_REBUILD_VERSION}`;
        if (done.count !== 1) throw new Error(`checkpoint of ${projection.name} moved under its rebuild`);
      }),
    ),
  );
  // The rate over the whole pass, its finish (the rows left in memory, the indexes) included.
  const seconds = (performance.now() - started) / 1000;
  progress = tallied({
    ...progress,
    seconds,
    eventsPerSecond: progress.events / Math.max(seconds, 1e-3),
    secondsLeft: 0,
  });
  options.onProgress?.(progress);
  return progress;

  /** The progress with the counts by type and the time by read model as they stand (copied: it is reported). */
  function tallied(at: RebuildProgress): RebuildProgress {
    return {
      ...at,
      eventsByType: Object.fromEntries(eventsByType),
      readModelSeconds: Object.fromEntries(projections.map((projection, i) => [projection.name, readModelSeconds[i]!])),
      readModelEvents: Object.fromEntries(projections.map((projection, i) => [projection.name, readModelEvents[i]!])),
    };
  }
}

/** The weight of a read model that does not declare its own (`Projection.rebuildWeight`). */
export const DEFAULT_REBUILD_WEIGHT = 0.2;

/**
 * The read models in at most `parts` groups of about equal weight, for passes that run side by side,
 * one per process: a pass runs on one thread, so on a machine of two cores one pass leaves one idle
 * (it waits on Node; PostgreSQL used a third of the other). Read models that name the same
 * `rebuildTogether` stay in one group. Greedy, the heaviest first into the lightest group; each
 * group keeps the given order. No group is empty.
 */
export function splitForRebuild<P extends Pick<Projection, 'name' | 'rebuildWeight' | 'rebuildTogether'>>(
  projections: readonly P[],
  parts: number,
): P[][] {
  const units = new Map<string, { weight: number; members: P[] }>();
  for (const projection of projections) {
    const key = projection.rebuildTogether ?? `read model ${projection.name}`;
    const unit = units.get(key) ?? { weight: 0, members: [] };
    unit.weight += projection.rebuildWeight ?? DEFAULT_REBUILD_WEIGHT;
    unit.members.push(projection);
    units.set(key, unit);
  }
  const groups = Array.from({ length: Math.max(1, Math.min(parts, units.size)) }, () => ({
    weight: 0,
    members: new Set<P>(),
  }));
  const heaviestFirst = [...units.values()].sort(
    (a, b) => b.weight - a.weight || a.members[0]!.name.localeCompare(b.members[0]!.name),
  );
  for (const unit of heaviestFirst) {
    const lightest = groups.reduce((least, group) => (group.weight < least.weight ? group : least));
    lightest.weight += unit.weight;
    for (const member of unit.members) lightest.members.add(member);
  }
  return groups
    .map((group) => projections.filter((projection) => group.members.has(projection)))
    .filter((group) => group.length > 0);
}

/**
 * The progress of passes over parts of the read models, as one pass: each reads the log's events
 * its read models handle, so an event two passes read counts once (the largest count by type),
 * and the rate is those events over `seconds`, the time since the first pass started. The position
 * is the slowest unfinished pass's, the time left the longest.
 */
export function combineProgress(parts: readonly RebuildProgress[], seconds: number): RebuildProgress {
  const eventsByType: Record<string, number> = {};
  const readModelSeconds: Record<string, number> = {};
  const readModelEvents: Record<string, number> = {};
  for (const part of parts) {
    for (const [type, count] of Object.entries(part.eventsByType))
      eventsByType[type] = Math.max(eventsByType[type] ?? 0, count);
    Object.assign(readModelSeconds, part.readModelSeconds);
    Object.assign(readModelEvents, part.readModelEvents);
  }
  const events = Object.values(eventsByType).reduce((sum, count) => sum + count, 0);
  const running = parts.filter((part) => part.secondsLeft !== 0);
  const positions = (running.length > 0 ? running : parts).map((part) => part.position).sort(comparePositions);
  const position = (running.length > 0 ? positions[0] : positions.at(-1)) ?? START;
  const left = parts.map((part) => part.secondsLeft);
  return {
    events,
    applied: parts.reduce((sum, part) => sum + part.applied, 0),
    position,
    seconds,
    eventsPerSecond: events / Math.max(seconds, 1e-3),
    secondsLeft: left.includes(null) ? null : Math.max(0, ...(left as number[])),
    eventsByType,
    readModelSeconds,
    readModelEvents,
  };
}

/** One progress line: `1,200,000 events · 61,230 events/s · position 1200000 · 14 s left`. */
export function formatProgress(progress: RebuildProgress): string {
  const count = (n: number) => Math.round(n).toLocaleString('en-CA');
  const left = progress.secondsLeft === null ? '' : ` · ${Math.ceil(progress.secondsLeft)} s left`;
  return `${count(progress.events)} events · ${count(progress.eventsPerSecond)} events/s · position ${progress.position.prepare}${left}`;
}
