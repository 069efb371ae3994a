import { createHash, randomUUID } from 'node:crypto';
import canonicalize from 'canonicalize';
import {
  WrongExpectedVersionError,
  type AppendResult,
  type EventStore,
  type EventToAppend,
  type ExpectedRevision,
  type RecordedEvent,
} from './types.ts';

/**
 * Money and arbitration streams (and the switch-user records) carry a per-stream hash chain so an
 * auditor can prove a history was not altered: each event's metadata holds `prevHash` (the previous
 * event's hash, null for the first) and `hash`. The chain is added by a decorator, so both adapters
 * get it from one implementation.
 *
 * Two rules exist. Rule 2 (`metadata.hashRule: 2`, every event appended since the audit log came)
 * hashes every stored byte but the hash itself: stream, revision, event id, type, data and all the
 * metadata (actor, time, causation, correlation, prevHash and anything added later), as RFC 8785
 * canonical JSON. The legacy rule (no `hashRule`) hashed prevHash, stream, revision, type and data
 * only; events written under it keep verifying under it, and are reported as such. A stream never
 * goes back from rule 2 to the legacy rule, so rewriting a new event under the old rule is caught.
 */
export const CHAINED_STREAM_PREFIXES = [
  'escrow-',
  'dispute-',
  'contract-',
  'payout-',
  'plan-',
  'listing-boost-',
  'user-switch-',
] as const;

export function isChainedStream(streamId: string): boolean {
  return CHAINED_STREAM_PREFIXES.some((prefix) => streamId.startsWith(prefix));
}

/** JSON with object keys sorted at every depth, so equal data always hashes equally. */
export function canonicalJson(value: unknown): string {
  // Hash what the store keeps, i.e. what JSON.stringify makes of the value: a Date (any toJSON)
  // became '{}' here but an ISO string in the stored data, so an intact stream failed verification.
  if (value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    return canonicalJson((value as { toJSON(): unknown }).toJSON());
  }
  if (value === null || typeof value !== 'object') {
    const text = JSON.stringify(value);
    return text === undefined ? 'null' : text;
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    // JSON.stringify drops these keys too.
    .filter(([, v]) => v !== undefined && typeof v !== 'function' && typeof v !== 'symbol')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** The legacy rule: metadata (actor, time…) was not covered. */
export function eventHash(input: {
  prevHash: string | null;
  streamId: string;
  revision: bigint;
  type: string;
  data: unknown;
}): string {
  return createHash('sha256')
    .update(
      [input.prevHash ?? '', input.streamId, input.revision.toString(), input.type, canonicalJson(input.data)].join(
        '\n',
      ),
    )
    .digest('hex');
}

export const HASH_RULE = 2;

/** What rule 2 hashes: every stored field of the event but `metadata.hash`. */
export type HashedEvent = {
  streamId: string;
  revision: bigint;
  id: string;
  type: string;
  data: unknown;
  metadata: Record<string, unknown>;
};

/** RFC 8785 canonical JSON of an event as stored (with or without its hash). */
export function canonicalEvent(event: HashedEvent): string {
  const text = canonicalize({
    stream: event.streamId,
    revision: event.revision.toString(),
    id: event.id,
    type: event.type,
    data: event.data ?? null,
    metadata: event.metadata,
  });
  if (text === undefined) throw new TypeError('an event must be JSON');
  return text;
}

/** Rule 2: SHA-256 over the canonical event without its own hash. */
export function eventHashV2(event: HashedEvent): string {
  const { hash: _ownHash, ...metadata } = event.metadata;
  return createHash('sha256')
    .update(canonicalEvent({ ...event, metadata }))
    .digest('hex');
}

export type StreamVerification =
  | {
      ok: true;
      streamId: string;
      length: number;
      headHash: string | null;
      /** How many events (the first ones) verify under the legacy rule, which did not cover metadata. */
      legacyRuleEvents: number;
    }
  | { ok: false; streamId: string; revision: bigint; reason: string };

/** Recomputes every hash of a stream and checks every link. */
export async function verifyStream(store: EventStore, streamId: string): Promise<StreamVerification> {
  return verifyEvents(streamId, await store.readStream(streamId));
}

export function verifyEvents(streamId: string, events: readonly RecordedEvent[]): StreamVerification {
  let prevHash: string | null = null;
  let legacyRuleEvents = 0;
  let ruleTwoSeen = false;
  for (const [index, event] of events.entries()) {
    if (event.revision !== BigInt(index)) {
      return { ok: false, streamId, revision: event.revision, reason: `expected revision ${index}` };
    }
    if ((event.metadata.prevHash ?? null) !== prevHash) {
      return { ok: false, streamId, revision: event.revision, reason: 'prevHash does not match the previous hash' };
    }
    const rule = event.metadata.hashRule;
    let expected: string;
    if (rule === HASH_RULE) {
      ruleTwoSeen = true;
      expected = eventHashV2({ ...event, metadata: event.metadata });
    } else if (rule === undefined && !ruleTwoSeen) {
      legacyRuleEvents++;
      expected = eventHash({ prevHash, streamId, revision: event.revision, type: event.type, data: event.data });
    } else {
      const reason =
        rule === undefined
          ? 'written under the legacy hash rule after an event under rule 2: a rewrite'
          : `unknown hash rule ${JSON.stringify(rule)}`;
      return { ok: false, streamId, revision: event.revision, reason };
    }
    if (event.metadata.hash !== expected) {
      return { ok: false, streamId, revision: event.revision, reason: 'hash does not match the event content' };
    }
    prevHash = expected;
  }
  return { ok: true, streamId, length: events.length, headHash: prevHash, legacyRuleEvents };
}

/**
 * `any` and `stream_exists` promise no conflict on a race, so the bound is only a safety net: with 5,
 * a handful of concurrent writers on one escrow stream made `any` appends fail with a conflict.
 */
/** How far back a retried `any` append is looked for (money streams are short). */
const RECENT_WINDOW = 256;
const MAX_CHAIN_RETRIES = 100;

/**
 * Wraps a store so appends to chained streams extend the hash chain. The chain needs the tail's
 * hash, so it appends with the exact tail revision: a racing writer can never fork the chain.
 * A caller that asked for `any` or `stream_exists` gets a transparent retry on such a race.
 */
export function withHashChain(
  store: EventStore,
  isChained: (streamId: string) => boolean = isChainedStream,
): EventStore {
  async function appendChained(
    streamId: string,
    events: readonly EventToAppend[],
    expected: ExpectedRevision,
  ): Promise<AppendResult> {
    const withIds = events.map((event) => ({ ...event, id: event.id ?? randomUUID() }));
    const idsFromCaller = events.every((event) => event.id !== undefined);
    for (let attempt = 0; ; attempt++) {
      const [tail] = await store.readStream(streamId, { direction: 'backwards', maxCount: 1 });
      // A retried append whose last event is already the tail succeeded before.
      if (tail && tail.id === withIds[withIds.length - 1]!.id) {
        return { nextExpectedRevision: tail.revision, position: tail.position };
      }
      // A retry with `any` after others appended: the retried events sit somewhere behind the
      // tail. EventStoreDB would not notice (its idempotency holds only at the original expected
      // revision), so look for them among the recent events before appending a second copy.
      if (attempt === 0 && tail && idsFromCaller && (expected === 'any' || expected === 'stream_exists')) {
        const earlier = await findRecentAppend(
          streamId,
          withIds.map((event) => event.id),
        );
        if (earlier) return earlier;
      }
      const actual = tail ? tail.revision : ('no_stream' as const);
      const mismatch =
        (expected === 'no_stream' && tail) ||
        (expected === 'stream_exists' && !tail) ||
        (typeof expected === 'bigint' && actual !== expected);
      if (mismatch) {
        // A retry of an append that succeeded before, after which other events were appended:
        // its events sit right after the revision it expected, so answer as the first append did
        // (the stores are idempotent in this case too; checking the tail alone missed it).
        if (expected === 'no_stream' || typeof expected === 'bigint') {
          const from = expected === 'no_stream' ? 0n : expected + 1n;
          const earlier = await store.readStream(streamId, { fromRevision: from, maxCount: withIds.length });
          const same = earlier.length === withIds.length && earlier.every((e, i) => e.id === withIds[i]!.id);
          if (same) {
            const last = earlier[earlier.length - 1]!;
            return { nextExpectedRevision: last.revision, position: last.position };
          }
        }
        throw new WrongExpectedVersionError(streamId, expected, actual);
      }

      let prevHash = (tail?.metadata.hash as string | undefined) ?? null;
      let revision = tail ? tail.revision : -1n;
      const chained = withIds.map((event) => {
        revision += 1n;
        // Stored as JSON: what is hashed is what a reader gets back (undefined values dropped).
        const linked = JSON.parse(JSON.stringify({ ...event.metadata, hashRule: HASH_RULE, prevHash })) as Record<
          string,
          unknown
        >;
        const data = event.data === undefined ? null : (JSON.parse(JSON.stringify(event.data)) as unknown);
        const hash = eventHashV2({ streamId, revision, id: event.id, type: event.type, data, metadata: linked });
        prevHash = hash;
        return { ...event, data, metadata: { ...linked, hash } };
      });
      try {
        return await store.append(streamId, chained, {
          expectedRevision: tail ? tail.revision : 'no_stream',
        });
      } catch (error) {
        // Only a lost race is retried: the stream moved past the tail read above. A conflict on an
        // unmoved stream (event ids partly appended before) would fail the same way every time.
        const lostRace =
          error instanceof WrongExpectedVersionError && error.actual !== (tail ? tail.revision : 'no_stream');
        const retryable = expected === 'any' || expected === 'stream_exists';
        if (lostRace && retryable && attempt < MAX_CHAIN_RETRIES) {
          // Each lost race means another append got in, so retrying makes progress. A short random
          // pause keeps a crowd of writers from colliding again in lockstep.
          await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(attempt + 1, 10)));
          continue;
        }
        if (error instanceof WrongExpectedVersionError) {
          throw new WrongExpectedVersionError(streamId, expected, error.actual);
        }
        throw error;
      }
    }
  }

  async function findRecentAppend(streamId: string, ids: string[]): Promise<AppendResult | null> {
    const recent = (await store.readStream(streamId, { direction: 'backwards', maxCount: RECENT_WINDOW })).reverse();
    const start = recent.findIndex((event) => event.id === ids[0]);
    if (start < 0) return null;
    const run = recent.slice(start, start + ids.length);
    if (run.length !== ids.length || run.some((event, i) => event.id !== ids[i])) return null;
    const last = run[run.length - 1]!;
    return { nextExpectedRevision: last.revision, position: last.position };
  }

  return {
    kind: store.kind,
    append: (streamId, events, options = {}) =>
      isChained(streamId)
        ? appendChained(streamId, events, options.expectedRevision ?? 'any')
        : store.append(streamId, events, options),
    readStream: (streamId, options) => store.readStream(streamId, options),
    readAll: (options) => store.readAll(options),
    headPosition: () => store.headPosition(),
    subscribeAll: (handler, options) => store.subscribeAll(handler, options),
    onAppended: (listener) => store.onAppended(listener),
    close: () => store.close(),
  };
}
