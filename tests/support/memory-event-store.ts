import { randomUUID } from 'node:crypto';
import {
  WrongExpectedVersionError,
  type AppendResult,
  type EventStore,
  type EventToAppend,
  type ExpectedRevision,
  type RecordedEvent,
} from '../../shared/eventstore/types.ts';

/**
 * The event-store port in memory, for property tests that run the real workflows under thousands
 * of interleavings: appends honour the expected revision exactly as the real adapters do (the
 * contract suite checks those), and `gate` runs before every read and append, so a test can hand
 * the order of the store's operations to fast-check's scheduler.
 */
export function memoryEventStore(gate: (label: string) => Promise<void> = async () => {}): EventStore {
  const streams = new Map<string, RecordedEvent[]>();
  let position = 0n;

  function check(streamId: string, expected: ExpectedRevision, current: RecordedEvent[] | undefined) {
    const actual = current && current.length > 0 ? current[current.length - 1]!.revision : null;
    const ok =
      expected === 'any' ||
      (expected === 'no_stream' && actual === null) ||
      (expected === 'stream_exists' && actual !== null) ||
      (typeof expected === 'bigint' && actual === expected);
    if (!ok) throw new WrongExpectedVersionError(streamId, expected, actual ?? 'no_stream');
  }

  return {
    kind: 'postgres',
    async append(streamId, events: readonly EventToAppend[], options = {}): Promise<AppendResult> {
      await gate(`append ${streamId}`);
      const current = streams.get(streamId);
      check(streamId, options.expectedRevision ?? 'any', current);
      const recorded = current ?? [];
      for (const event of events) {
        position += 1n;
        recorded.push({
          id: event.id ?? randomUUID(),
          streamId,
          revision: BigInt(recorded.length),
          type: event.type,
          data: structuredClone(event.data),
          metadata: { ...event.metadata },
          position: { commit: position, prepare: position },
          recordedAt: new Date(),
        });
      }
      streams.set(streamId, recorded);
      return { nextExpectedRevision: BigInt(recorded.length - 1), position: { commit: position, prepare: position } };
    },
    async readStream(streamId) {
      await gate(`read ${streamId}`);
      return (streams.get(streamId) ?? []).map((event) => structuredClone(event));
    },
    async readAll() {
      return [...streams.values()].flat().sort((a, b) => (a.position.commit < b.position.commit ? -1 : 1));
    },
    async headPosition() {
      return { commit: position, prepare: position };
    },
    subscribeAll() {
      throw new Error('memoryEventStore does not follow $all');
    },
    onAppended() {
      return () => {};
    },
    async close() {},
  };
}
