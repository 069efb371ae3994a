import { parentPort, workerData } from 'node:worker_threads';
import { openEventStore, type EventStoreOptions } from '../eventstore/index.ts';
import { parsePosition, positionToString } from '../eventstore/types.ts';
import { observeRange } from './observe.ts';

/**
 * A worker thread of the whole-log verification (verify.ts): opens the event store as the caller
 * did, then reads and hashes the stretches of the log it is sent, one at a time, answering each
 * with the observed events (the hashes and revisions moved, not copied).
 */
export type RangeRequest = { id: number; after: string; upTo: string; expected: number; batchSize: number };
export type RangeAnswer =
  | {
      id: number;
      streams: string[];
      revisions: BigInt64Array;
      leaves: Uint8Array;
      lastRead: string;
    }
  | { id: number; error: string };

const port = parentPort!;
const store = await openEventStore(workerData as EventStoreOptions);
port.on('message', (request: RangeRequest | 'close') => {
  if (request === 'close') {
    void store.close().finally(() => port.close());
    return;
  }
  observeRange(
    store,
    { after: parsePosition(request.after)!, upTo: parsePosition(request.upTo)! },
    { expected: request.expected, batchSize: request.batchSize },
  ).then(
    (observed) => {
      const answer: RangeAnswer = { id: request.id, ...observed, lastRead: positionToString(observed.lastRead) };
      port.postMessage(answer, [observed.revisions.buffer as ArrayBuffer, observed.leaves.buffer as ArrayBuffer]);
    },
    (error: unknown) => port.postMessage({ id: request.id, error: String(error) } satisfies RangeAnswer),
  );
});
