import { comparePositions, type EventStore, type Position } from '../eventstore/types.ts';
import { eventLeafHash, isAuditedStream } from './log.ts';
import { HASH_BYTES } from './merkle.ts';

/**
 * The audited events of one stretch of the event store's global order, as the whole-log
 * verification compares them with the published entries: each one's stream, revision and leaf
 * hash, in order, packed so a worker thread can hand them back cheaply (the hashes in one buffer,
 * moved rather than copied).
 */
export type ObservedEvents = {
  streams: string[];
  revisions: BigInt64Array;
  /** `streams.length` leaf hashes of HASH_BYTES each, back to back. */
  leaves: Uint8Array;
  /** The position of the last event read (audited or not), or `after` when none was. */
  lastRead: Position;
};

/** One stretch of the store: the events after `after` up to and including `upTo` (null: to the end). */
export type StoreRange = { after: Position; upTo: Position | null };

/**
 * Reads the events of `range` in batches and keeps the audited ones, hashed. The first batch asks
 * for about as many events as the range is expected to hold audited ones (`expected`): most ranges
 * are a few heads' worth, and a full batch past their end would be read for nothing. With `enough`,
 * the reading stops once that many audited events are in hand.
 */
export async function observeRange(
  store: Pick<EventStore, 'readAll'>,
  range: StoreRange,
  options: { expected: number; batchSize: number; enough?: number },
): Promise<ObservedEvents> {
  const streams: string[] = [];
  const revisions: bigint[] = [];
  const leaves: Buffer[] = [];
  let lastRead = range.after;
  let limit = Math.max(1, Math.min(options.batchSize, options.expected + 1));
  for (;;) {
    const events = await store.readAll({ after: lastRead, limit });
    let passedEnd = false;
    for (const event of events) {
      if (streams.length === options.enough || (range.upTo && comparePositions(event.position, range.upTo) > 0)) {
        passedEnd = true;
        break;
      }
      lastRead = event.position;
      if (!isAuditedStream(event.streamId)) continue;
      streams.push(event.streamId);
      revisions.push(event.revision);
      leaves.push(eventLeafHash(event));
    }
    if (passedEnd || events.length < limit) break;
    limit = options.batchSize;
  }
  // Its own memory (never a slice of Node's shared buffer pool), so a worker can move it.
  const packed = new Uint8Array(leaves.length * HASH_BYTES);
  for (const [offset, leaf] of leaves.entries()) packed.set(leaf, offset * HASH_BYTES);
  return { streams, revisions: BigInt64Array.from(revisions), leaves: packed, lastRead };
}

export const leafAt = (observed: ObservedEvents, offset: number) =>
  observed.leaves.subarray(offset * HASH_BYTES, (offset + 1) * HASH_BYTES);
