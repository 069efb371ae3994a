/**
 * EventStoreDB / KurrentDB adapter of the event-store port (see ./types.ts).
 *
 * Notes on the client (@eventstore/db-client 6.x) that shape this file:
 * - `readAll({ fromPosition })` is INCLUSIVE: the event at `fromPosition` is returned again.
 *   Our port's `after` is exclusive, so every read/subscription drops events at or before it.
 * - `readAll` has no server-side filter in this client version, so system events (types and
 *   streams starting with `$`) are filtered here, page by page.
 * - A missing stream is not an empty read: the client throws StreamNotFoundError, and it does so
 *   while the returned stream is being iterated, not when `readStream()` is called.
 * - Positions are optional in the client's types (append results and stream reads from servers
 *   older than 22.6 may lack them). Our port requires them, so their absence is a hard error
 *   rather than a made-up value that would corrupt checkpoints.
 */
import { randomUUID } from 'node:crypto';
import {
  ANY,
  BACKWARDS,
  END as ESDB_END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START as ESDB_START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError as EsdbWrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
} from '@eventstore/db-client';
import type {
  AllStreamResolvedEvent,
  AllStreamSubscription,
  AppendExpectedRevision,
  JSONType,
  Position as EsdbPosition,
  ReadPosition,
  ReadRevision,
  RecordedEvent as EsdbRecordedEvent,
  ResolvedEvent,
} from '@eventstore/db-client';
import { START, WrongExpectedVersionError, comparePositions } from './types.ts';
import type {
  AppendResult,
  EventMetadata,
  EventStore,
  EventToAppend,
  ExpectedRevision,
  Position,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  Subscription,
} from './types.ts';

const DEFAULT_READ_ALL_LIMIT = 1000;
const MAX_READ_ALL_PAGE = 1024;
const MIN_READ_ALL_PAGE = 64;
const LIVE_RESTART_DELAY_MS = 1000;

export function createEventStoreDbStore(connectionString: string): EventStore {
  const client = EventStoreDBClient.connectionString(connectionString);

  const subscriptions = new Set<Subscription>();
  const listeners = new Set<() => void>();
  let live: { sub: AllStreamSubscription; done: Promise<void> } | null = null;
  let liveRestartTimer: NodeJS.Timeout | null = null;
  let closed = false;

  function notifyListeners(): void {
    for (const listener of [...listeners]) {
      try {
        listener();
      } catch (error) {
        console.error('[eventstoredb] onAppended listener failed', error);
      }
    }
  }

  function startLive(): void {
    if (live || closed || listeners.size === 0) return;
    // END: only events appended from now on; this is a wake-up hint, not a catch-up feed.
    const sub = client.subscribeToAll({ fromPosition: ESDB_END, filter: excludeSystemEvents() });
    const current: { sub: AllStreamSubscription; done: Promise<void> } = {
      sub,
      done: Promise.resolve(),
    };
    current.done = (async () => {
      try {
        for await (const resolved of sub) {
          if (live !== current) break;
          const event = resolved.event;
          if (!event || isSystemEvent(event.streamId, event.type)) continue;
          notifyListeners();
        }
      } catch (error) {
        if (live === current) console.error('[eventstoredb] live $all subscription failed', error);
      } finally {
        if (live === current) {
          sub.destroy();
          // The subscription ended without being asked to (server or connection drop):
          // resubscribe while someone is still listening.
          live = null;
          scheduleLiveRestart();
        }
      }
    })();
    live = current;
  }

  function scheduleLiveRestart(): void {
    if (closed || listeners.size === 0 || liveRestartTimer) return;
    liveRestartTimer = setTimeout(() => {
      liveRestartTimer = null;
      startLive();
    }, LIVE_RESTART_DELAY_MS);
    liveRestartTimer.unref();
  }

  async function stopLive(): Promise<void> {
    if (liveRestartTimer) {
      clearTimeout(liveRestartTimer);
      liveRestartTimer = null;
    }
    const current = live;
    if (!current) return;
    live = null;
    await endSubscription(current.sub, current.done);
  }

  const store: EventStore = {
    kind: 'eventstoredb',

    async append(
      streamId: string,
      events: readonly EventToAppend[],
      options?: { expectedRevision?: ExpectedRevision },
    ): Promise<AppendResult> {
      const expected = options?.expectedRevision ?? 'any';
      if (events.length === 0) {
        // EventStoreDB returns no position for an empty append, and AppendResult needs one.
        throw new Error(`Cannot append zero events to stream ${streamId}`);
      }
      const eventData = events.map((event) =>
        jsonEvent({
          id: event.id ?? randomUUID(),
          type: event.type,
          data: event.data as JSONType,
          metadata: event.metadata,
        }),
      );

      let result;
      try {
        result = await client.appendToStream(streamId, eventData, {
          expectedRevision: toEsdbExpectedRevision(expected),
        });
      } catch (error) {
        if (error instanceof EsdbWrongExpectedVersionError) {
          throw new WrongExpectedVersionError(streamId, expected, error.actualVersion);
        }
        throw error;
      }

      // Typed optional by the client: an idempotent retry (events already written) may come back
      // without one. The position is then that of the event at nextExpectedRevision, read back.
      let position: Position | null = result.position
        ? { commit: result.position.commit, prepare: result.position.prepare }
        : null;
      if (!position) {
        const [last] = await store.readStream(streamId, { fromRevision: result.nextExpectedRevision, maxCount: 1 });
        if (!last) {
          throw new Error(`EventStoreDB did not return a position for the append to stream ${streamId}`);
        }
        position = last.position;
      }
      const appendResult: AppendResult = { nextExpectedRevision: result.nextExpectedRevision, position };
      notifyListeners();
      return appendResult;
    },

    async readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]> {
      const direction = options?.direction ?? 'forwards';
      if (options?.maxCount !== undefined && options.maxCount <= 0) return [];
      const fromRevision: ReadRevision = options?.fromRevision ?? (direction === 'backwards' ? ESDB_END : ESDB_START);

      const events: RecordedEvent[] = [];
      try {
        const read = client.readStream(streamId, {
          fromRevision,
          direction: direction === 'backwards' ? BACKWARDS : FORWARDS,
          ...(options?.maxCount !== undefined ? { maxCount: options.maxCount } : {}),
        });
        // StreamNotFoundError surfaces here, during iteration, not from readStream() itself.
        for await (const resolved of read) {
          const recorded = fromResolved(resolved);
          if (recorded) events.push(recorded);
        }
      } catch (error) {
        if (error instanceof StreamNotFoundError) return [];
        throw error;
      }
      return events;
    },

    async readAll(options?: ReadAllOptions): Promise<RecordedEvent[]> {
      const limit = options?.limit ?? DEFAULT_READ_ALL_LIMIT;
      if (limit <= 0) return [];
      const after = options?.after;

      // Everything at or before `cursor` has been seen (or was excluded by `after`).
      let cursor: Position | null = after && !isStartPosition(after) ? after : null;
      // One more than the limit, because the inclusive fromPosition repeats the cursor event;
      // at least two so that every page makes progress.
      const pageSize = Math.min(Math.max(limit + 1, MIN_READ_ALL_PAGE), MAX_READ_ALL_PAGE);
      const events: RecordedEvent[] = [];

      for (;;) {
        const fromPosition: ReadPosition = cursor ?? ESDB_START;
        let received = 0;
        let advanced = false;
        let finished = false;
        const read = client.readAll({ fromPosition, direction: FORWARDS, maxCount: pageSize });
        try {
          for await (const resolved of read) {
            received += 1;
            const event = resolved.event;
            if (!event) continue;
            const position = requirePosition(event);
            // fromPosition is inclusive: drop the event at the cursor (and anything before it).
            if (cursor && comparePositions(position, cursor) <= 0) continue;
            cursor = position;
            advanced = true;
            if (isSystemEvent(event.streamId, event.type)) continue;
            events.push(toRecorded(event, position));
            if (events.length >= limit) break;
          }
          finished = events.length < limit; // false only when we broke out at the limit
        } finally {
          // Leaving the loop early (limit reached or an error) must also end the gRPC call.
          if (!finished) await read.cancel().catch(() => undefined);
        }
        if (events.length >= limit || received < pageSize || !advanced) break;
      }
      return events;
    },

    async headPosition(): Promise<Position> {
      // Backwards from the end, skipping system events, until the first user event.
      const read = client.readAll({ fromPosition: ESDB_END, direction: BACKWARDS, maxCount: 256 });
      try {
        for await (const resolved of read) {
          const event = resolved.event;
          if (!event || isSystemEvent(event.streamId, event.type)) continue;
          return requirePosition(event);
        }
      } finally {
        await read.cancel().catch(() => undefined);
      }
      return START;
    },

    subscribeAll(
      handler: (event: RecordedEvent) => Promise<void> | void,
      options?: { after?: Position },
    ): Subscription {
      const after = options?.after && !isStartPosition(options.after) ? options.after : null;
      const sub = client.subscribeToAll({
        fromPosition: after ?? ESDB_START,
        filter: excludeSystemEvents(),
      });
      let stopping = false;
      let done: Promise<void> = Promise.resolve();

      const subscription: Subscription = {
        async stop() {
          if (!stopping) {
            stopping = true;
            await endSubscription(sub, Promise.resolve());
          }
          await done;
        },
      };

      done = (async () => {
        let last: Position | null = after;
        try {
          for await (const resolved of sub) {
            if (stopping) break;
            const event = resolved.event;
            if (!event || isSystemEvent(event.streamId, event.type)) continue;
            const position = requirePosition(event);
            // Whether the server treats fromPosition as inclusive or not, the port promises
            // "strictly after", each event once.
            if (last && comparePositions(position, last) <= 0) continue;
            last = position;
            await handler(toRecorded(event, position));
          }
        } catch (error) {
          // A handler error (or a dropped subscription) ends the subscription; never silently.
          if (!stopping) {
            console.error('[eventstoredb] $all subscription stopped by an error', error);
          }
        } finally {
          subscriptions.delete(subscription);
          if (!stopping) {
            stopping = true;
            await endSubscription(sub, Promise.resolve()).catch(() => undefined);
          }
        }
      })();

      subscriptions.add(subscription);
      return subscription;
    },

    onAppended(listener: () => void): () => void {
      // A fresh wrapper so the same function can be registered twice and removed once.
      const entry = () => listener();
      listeners.add(entry);
      startLive();
      return () => {
        if (!listeners.delete(entry)) return;
        if (listeners.size === 0) {
          void stopLive().catch((error: unknown) => {
            console.error('[eventstoredb] stopping the live $all subscription failed', error);
          });
        }
      };
    },

    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      listeners.clear();
      await Promise.allSettled([...subscriptions].map((subscription) => subscription.stop()));
      await stopLive();
      await client.dispose();
    },
  };
  return store;
}

function toEsdbExpectedRevision(expected: ExpectedRevision): AppendExpectedRevision {
  switch (expected) {
    case 'any':
      return ANY;
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    default:
      return expected;
  }
}

function isStartPosition(position: Position): boolean {
  // START is (-1, -1); no EventStoreDB record has a negative commit position.
  return position.commit < 0n;
}

function isSystemEvent(streamId: string, type: string): boolean {
  return type.startsWith('$') || streamId.startsWith('$');
}

/**
 * Cancels the gRPC call and makes sure a `for await` over the subscription finishes.
 * Cancelling normally ends the readable, but if it does not, destroying it does (the
 * iterator then throws a premature-close error, which the loops ignore once stopping).
 */
async function endSubscription(sub: AllStreamSubscription, done: Promise<void>): Promise<void> {
  try {
    await sub.unsubscribe();
  } finally {
    sub.destroy();
    await done;
  }
}

function requirePosition(event: EsdbRecordedEvent): Position {
  const position: EsdbPosition | undefined = event.position;
  // Typed optional: servers older than 22.6 do not send positions on some reads.
  if (!position) {
    throw new Error(
      `EventStoreDB returned event ${event.id} of stream ${event.streamId} without a position ` +
        '(EventStoreDB 22.6 or later is required)',
    );
  }
  return { commit: BigInt(position.commit), prepare: BigInt(position.prepare) };
}

function fromResolved(resolved: ResolvedEvent | AllStreamResolvedEvent): RecordedEvent | null {
  // resolveLinkTos is off, so `event` is the stored record itself (a link, if the stream holds one).
  const event = resolved.event;
  if (!event) return null;
  return toRecorded(event, requirePosition(event));
}

function toRecorded(event: EsdbRecordedEvent, position: Position): RecordedEvent {
  return {
    id: event.id,
    streamId: event.streamId,
    revision: BigInt(event.revision),
    type: event.type,
    // JSON events arrive already parsed by the client; binary ones are decoded if they are JSON.
    data: event.isJson ? event.data : parseBytes(event.data),
    metadata: toMetadata(event.metadata),
    position,
    recordedAt: event.created,
  };
}

function toMetadata(metadata: unknown): EventMetadata {
  const value = metadata instanceof Uint8Array ? parseBytes(metadata) : metadata;
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    return value as EventMetadata;
  }
  return {};
}

function parseBytes(bytes: Uint8Array): unknown {
  if (bytes.length === 0) return null;
  try {
    return JSON.parse(Buffer.from(bytes).toString('utf8')) as unknown;
  } catch {
    return bytes;
  }
}
