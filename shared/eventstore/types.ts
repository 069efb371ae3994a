/**
 * The event-store port. Two adapters implement it: PostgreSQL (the embedded default) and
 * EventStoreDB / KurrentDB (when EVENTSTORE_URL is set). Both pass tests/eventstore.contract.ts.
 *
 * Revisions start at 0, as in EventStoreDB. A global position is a pair compared
 * lexicographically: for EventStoreDB it is (commit, prepare); for PostgreSQL it is
 * (transaction id, global sequence), which is the order in which commits become visible.
 */

export type EventMetadata = {
  actorId?: string | null;
  correlationId?: string;
  causationId?: string;
  /** ISO-8601 time at which the command that caused the event was handled. */
  occurredAt?: string;
  /** Hash chain, present on chained streams (money and arbitration). */
  prevHash?: string | null;
  hash?: string;
  [key: string]: unknown;
};

export type EventToAppend<Type extends string = string, Data = unknown> = {
  /** A stable id makes a retried append idempotent. Generated when absent. */
  id?: string;
  type: Type;
  data: Data;
  metadata?: EventMetadata;
};

export type Position = { commit: bigint; prepare: bigint };

export const START: Position = Object.freeze({ commit: -1n, prepare: -1n });

export type RecordedEvent<Type extends string = string, Data = unknown> = {
  id: string;
  streamId: string;
  revision: bigint;
  type: Type;
  data: Data;
  metadata: EventMetadata;
  position: Position;
  recordedAt: Date;
};

/**
 * `no_stream`: the stream must not exist; `stream_exists`: it must; `any`: no check;
 * a bigint: the stream's last revision must be exactly that.
 */
export type ExpectedRevision = 'any' | 'no_stream' | 'stream_exists' | bigint;

export type AppendResult = {
  /** Revision of the last event now in the stream. */
  nextExpectedRevision: bigint;
  /** Global position of the last appended event. */
  position: Position;
};

export type ReadStreamOptions = {
  fromRevision?: bigint;
  maxCount?: number;
  direction?: 'forwards' | 'backwards';
};

export type ReadAllOptions = {
  /** Exclusive: events strictly after this position. */
  after?: Position;
  limit?: number;
  /**
   * A hint: only events of these types are wanted. A store may leave out the others (the
   * PostgreSQL store does, in its query, so they are neither sent nor parsed) or return them all;
   * a reader filters either way. `limit` then counts the events returned.
   */
  types?: readonly string[];
  /**
   * A hint, like `types`: only events of streams whose id starts with one of these is wanted (the
   * audit log's publisher reads its few audited streams out of the whole log this way). The
   * PostgreSQL store leaves the others out in its query; a reader filters either way.
   */
  streamPrefixes?: readonly string[];
  /**
   * For a reader that passes `types` or `streamPrefixes`: a store that left events out and
   * returned fewer than `limit` may call this with a position up to which it has read the whole
   * log, so the reader goes on from there instead of reading the left-out events again (on a log
   * of millions with none of them wanted, every read would otherwise start over from `after`). A
   * store that returns every event never needs to call it; a reader must not rely on the call.
   */
  onScannedTo?: (position: Position) => void;
};

export type Subscription = { stop(): Promise<void> };

export interface EventStore {
  readonly kind: 'postgres' | 'eventstoredb';
  append(
    streamId: string,
    events: readonly EventToAppend[],
    options?: { expectedRevision?: ExpectedRevision },
  ): Promise<AppendResult>;
  /** An empty array when the stream does not exist. */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /** Events of every stream, in global order, strictly after `after`. */
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /**
   * Position of the last committed event; START for an empty log. readAll may not return it yet
   * (PostgreSQL holds back events behind an older open transaction) but will, so a reader that
   * waits until it has passed this position has seen every event committed before the call.
   */
  headPosition(): Promise<Position>;
  /**
   * Delivers every event after `after`, in global order, each exactly once, then follows live.
   * The handler is awaited before the next event is delivered.
   */
  subscribeAll(handler: (event: RecordedEvent) => Promise<void> | void, options?: { after?: Position }): Subscription;
  /**
   * Calls `listener` whenever new events may be readable (a wake-up hint, possibly spurious).
   * Readers use it to avoid polling fast.
   */
  onAppended(listener: () => void): () => void;
  close(): Promise<void>;
}

export class WrongExpectedVersionError extends Error {
  override name = 'WrongExpectedVersionError';
  readonly statusCode = 409;
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: bigint | 'no_stream',
  ) {
    super(`Concurrency conflict on stream ${streamId}: expected ${String(expected)}, actual ${String(actual)}`);
  }
}

export class HashChainBrokenError extends Error {
  override name = 'HashChainBrokenError';
  constructor(
    readonly streamId: string,
    readonly revision: bigint,
    reason: string,
  ) {
    super(`Hash chain of ${streamId} is broken at revision ${revision}: ${reason}`);
  }
}

export function comparePositions(a: Position, b: Position): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}

export function positionToString(position: Position): string {
  return `${position.commit}/${position.prepare}`;
}

export function parsePosition(text: string): Position | null {
  const match = /^(-?\d{1,20})\/(-?\d{1,20})$/.exec(text);
  if (!match) return null;
  return { commit: BigInt(match[1]!), prepare: BigInt(match[2]!) };
}
