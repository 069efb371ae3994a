import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createAuditPublisher, createHeadReader, loadPublishedLog } from '../shared/audit/log.ts';
import { createSigner } from '../shared/audit/signing.ts';
import { auditStream, verifyAuditedStream, verifyWholeLog } from '../shared/audit/verify.ts';
import { createLocalFileStorage, type FileStorage } from '../shared/storage/file-storage.ts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { verifyStream } from '../shared/eventstore/hash-chain.ts';
import {
  START,
  WrongExpectedVersionError,
  comparePositions,
  openEventStore,
  type EventStore,
  type EventStoreOptions,
  type EventToAppend,
  type ExpectedRevision,
  type Position,
  type ReadAllOptions,
  type RecordedEvent,
} from '../shared/eventstore/index.ts';
import { connect } from '../shared/db/postgres.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { sleep, waitUntil } from './support/wait.ts';

/**
 * One contract, every adapter. Stream ids are unique per test (randomUUID) and $all reads start
 * from a marker appended by the test itself, so the suite also runs against a shared EventStoreDB
 * server that holds other data.
 */
function eventStoreContract(name: string, open: () => Promise<EventStoreOptions>, cleanup: () => Promise<void>) {
  describe(name, () => {
    let store: EventStore;
    let options: EventStoreOptions;

    beforeAll(async () => {
      options = await open();
      store = await openEventStore(options);
    });

    afterAll(async () => {
      await store?.close();
      await cleanup();
    });

    const plainStream = () => `order-${randomUUID()}`;
    const chainedStream = () => `escrow-${randomUUID()}`;
    const event = (type: string, data: unknown = {}, id: string = randomUUID()): EventToAppend => ({
      id,
      type,
      data,
    });

    async function expectConflict(
      attempt: Promise<unknown>,
      expected: { streamId: string; expected: ExpectedRevision; actual: bigint | 'no_stream' },
    ) {
      const error = await attempt.then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(WrongExpectedVersionError);
      expect(error).toMatchObject({ ...expected, statusCode: 409, name: 'WrongExpectedVersionError' });
    }

    /** A position to read $all from: everything the test appends afterwards is strictly after it. */
    async function marker(): Promise<Position> {
      const result = await store.append(plainStream(), [event('Marker')]);
      return result.position;
    }

    /**
     * Reads $all after `after` until `count` events of `streams` that `counted` accepts arrived (polling: see
     * waitUntil; another file's transaction still open below our events hides them for a moment). `hint` is
     * passed to every readAll.
     */
    async function readAllOf(
      after: Position,
      streams: ReadonlySet<string>,
      count: number,
      hint: Pick<ReadAllOptions, 'types' | 'streamPrefixes'> = {},
      counted: (e: RecordedEvent) => boolean = () => true,
    ) {
      let seen: RecordedEvent[] = [];
      return waitUntil(
        async () => {
          const events: RecordedEvent[] = [];
          let cursor = after;
          for (;;) {
            const page = await store.readAll({ ...hint, after: cursor, limit: 500 });
            if (page.length === 0) break;
            cursor = page[page.length - 1]!.position;
            events.push(...page.filter((e) => streams.has(e.streamId)));
          }
          seen = events.filter(counted);
          return seen.length >= count ? events : undefined;
        },
        { message: () => `expected ${count} events in $all, saw ${seen.length}` },
      );
    }

    it('appends and reads a stream back with revisions from 0', async () => {
      const streamId = plainStream();
      const first = [event('Opened', { n: 0 }), event('Changed', { n: 1 }), event('Changed', { n: 2 })];
      const second = [event('Changed', { n: 3 }), event('Closed', { n: 4, nested: { list: [1, 'two', null] } })];

      const r1 = await store.append(streamId, first, { expectedRevision: 'no_stream' });
      expect(r1.nextExpectedRevision).toBe(2n);
      const r2 = await store.append(streamId, second, { expectedRevision: 2n });
      expect(r2.nextExpectedRevision).toBe(4n);
      expect(comparePositions(r2.position, r1.position)).toBe(1);

      const read = await store.readStream(streamId);
      expect(read.map((e) => e.revision)).toEqual([0n, 1n, 2n, 3n, 4n]);
      expect(read.map((e) => e.id)).toEqual([...first, ...second].map((e) => e.id));
      expect(read.map((e) => e.type)).toEqual(['Opened', 'Changed', 'Changed', 'Changed', 'Closed']);
      expect(read.map((e) => e.data)).toEqual([...first, ...second].map((e) => e.data));
      expect(read.every((e) => e.streamId === streamId)).toBe(true);
      expect(read.every((e) => e.recordedAt instanceof Date)).toBe(true);
      // Positions grow along the stream; the last one is the one the append reported.
      for (let i = 1; i < read.length; i++) {
        expect(comparePositions(read[i]!.position, read[i - 1]!.position)).toBe(1);
      }
      expect(read[4]!.position).toEqual(r2.position);
      expect(read[2]!.position).toEqual(r1.position);

      const fromTwo = await store.readStream(streamId, { fromRevision: 2n });
      expect(fromTwo.map((e) => e.revision)).toEqual([2n, 3n, 4n]);
    });

    it('reads a stream backwards and honours maxCount', async () => {
      const streamId = plainStream();
      await store.append(
        streamId,
        [0, 1, 2, 3, 4].map((n) => event('Changed', { n })),
      );

      const lastTwo = await store.readStream(streamId, { direction: 'backwards', maxCount: 2 });
      expect(lastTwo.map((e) => e.revision)).toEqual([4n, 3n]);
      expect(lastTwo.map((e) => (e.data as { n: number }).n)).toEqual([4, 3]);

      const allBackwards = await store.readStream(streamId, { direction: 'backwards' });
      expect(allBackwards.map((e) => e.revision)).toEqual([4n, 3n, 2n, 1n, 0n]);

      const fromTwoBackwards = await store.readStream(streamId, { direction: 'backwards', fromRevision: 2n });
      expect(fromTwoBackwards.map((e) => e.revision)).toEqual([2n, 1n, 0n]);

      const firstTwo = await store.readStream(streamId, { maxCount: 2 });
      expect(firstTwo.map((e) => e.revision)).toEqual([0n, 1n]);

      const window = await store.readStream(streamId, { fromRevision: 1n, maxCount: 3 });
      expect(window.map((e) => e.revision)).toEqual([1n, 2n, 3n]);
    });

    it('reads a missing stream as an empty array', async () => {
      expect(await store.readStream(plainStream())).toEqual([]);
      expect(await store.readStream(plainStream(), { direction: 'backwards', maxCount: 1 })).toEqual([]);
      expect(await store.readStream(chainedStream())).toEqual([]);
    });

    describe.each([
      ['a plain stream', plainStream],
      ['a hash-chained stream', chainedStream],
    ])('expected revision on %s', (_label, newStream) => {
      it('no_stream succeeds on a new stream and conflicts on an existing one', async () => {
        const streamId = newStream();
        const result = await store.append(streamId, [event('Opened')], { expectedRevision: 'no_stream' });
        expect(result.nextExpectedRevision).toBe(0n);
        await expectConflict(store.append(streamId, [event('Opened')], { expectedRevision: 'no_stream' }), {
          streamId,
          expected: 'no_stream',
          actual: 0n,
        });
        expect(await store.readStream(streamId)).toHaveLength(1);
      });

      it('stream_exists conflicts on a missing stream and succeeds on an existing one', async () => {
        const streamId = newStream();
        await expectConflict(store.append(streamId, [event('Changed')], { expectedRevision: 'stream_exists' }), {
          streamId,
          expected: 'stream_exists',
          actual: 'no_stream',
        });
        expect(await store.readStream(streamId)).toEqual([]);
        await store.append(streamId, [event('Opened'), event('Changed')]);
        const result = await store.append(streamId, [event('Changed')], { expectedRevision: 'stream_exists' });
        expect(result.nextExpectedRevision).toBe(2n);
      });

      it('an exact revision succeeds when it is the last revision and conflicts otherwise', async () => {
        const streamId = newStream();
        await expectConflict(store.append(streamId, [event('Opened')], { expectedRevision: 0n }), {
          streamId,
          expected: 0n,
          actual: 'no_stream',
        });
        await store.append(streamId, [event('Opened')], { expectedRevision: 'no_stream' });
        const r1 = await store.append(streamId, [event('Changed'), event('Changed')], { expectedRevision: 0n });
        expect(r1.nextExpectedRevision).toBe(2n);
        // Stale (behind) and ahead of the stream.
        await expectConflict(store.append(streamId, [event('Changed')], { expectedRevision: 0n }), {
          streamId,
          expected: 0n,
          actual: 2n,
        });
        await expectConflict(store.append(streamId, [event('Changed')], { expectedRevision: 5n }), {
          streamId,
          expected: 5n,
          actual: 2n,
        });
        const r2 = await store.append(streamId, [event('Changed')], { expectedRevision: 2n });
        expect(r2.nextExpectedRevision).toBe(3n);
        expect((await store.readStream(streamId)).map((e) => e.revision)).toEqual([0n, 1n, 2n, 3n]);
      });

      it('any succeeds on a missing and on an existing stream (and is the default)', async () => {
        const streamId = newStream();
        const r1 = await store.append(streamId, [event('Opened')], { expectedRevision: 'any' });
        expect(r1.nextExpectedRevision).toBe(0n);
        const r2 = await store.append(streamId, [event('Changed'), event('Changed')], { expectedRevision: 'any' });
        expect(r2.nextExpectedRevision).toBe(2n);
        const r3 = await store.append(streamId, [event('Changed')]);
        expect(r3.nextExpectedRevision).toBe(3n);
        expect((await store.readStream(streamId)).map((e) => e.revision)).toEqual([0n, 1n, 2n, 3n]);
      });

      it('of two concurrent appends with the same expected revision exactly one wins', async () => {
        const streamId = newStream();
        await store.append(streamId, [event('Opened')], { expectedRevision: 'no_stream' });
        const contenders = Array.from({ length: 5 }, (_, i) => event('Changed', { contender: i }));
        const results = await Promise.allSettled(
          contenders.map((e) => store.append(streamId, [e], { expectedRevision: 0n })),
        );
        const won = results.filter((r) => r.status === 'fulfilled');
        const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
        expect(won).toHaveLength(1);
        expect(lost).toHaveLength(4);
        for (const { reason } of lost) {
          expect(reason).toBeInstanceOf(WrongExpectedVersionError);
          expect(reason).toMatchObject({ streamId, expected: 0n, actual: 1n });
        }
        const read = await store.readStream(streamId);
        expect(read.map((e) => e.revision)).toEqual([0n, 1n]);
        const winner = contenders[results.findIndex((r) => r.status === 'fulfilled')]!;
        expect(read[1]!.id).toBe(winner.id);
      });

      it('a retry with the same event ids is idempotent for an exact revision', async () => {
        const streamId = newStream();
        await store.append(streamId, [event('Opened')]);
        const batch = [event('Changed', { n: 1 }), event('Changed', { n: 2 })];
        const first = await store.append(streamId, batch, { expectedRevision: 0n });
        const retry = await store.append(streamId, batch, { expectedRevision: 0n });
        expect(retry).toEqual(first);
        expect(await store.readStream(streamId)).toHaveLength(3);

        // Still idempotent once another writer has appended after it.
        await store.append(streamId, [event('Changed', { n: 3 })], { expectedRevision: 2n });
        const lateRetry = await store.append(streamId, batch, { expectedRevision: 0n });
        expect(lateRetry).toEqual(first);
        expect((await store.readStream(streamId)).map((e) => e.revision)).toEqual([0n, 1n, 2n, 3n]);
      });

      it('a retry with the same event ids is idempotent for no_stream', async () => {
        const streamId = newStream();
        const batch = [event('Opened', { n: 0 }), event('Changed', { n: 1 })];
        const first = await store.append(streamId, batch, { expectedRevision: 'no_stream' });
        const retry = await store.append(streamId, batch, { expectedRevision: 'no_stream' });
        expect(retry).toEqual(first);
        expect(first.nextExpectedRevision).toBe(1n);
        expect((await store.readStream(streamId)).map((e) => e.id)).toEqual(batch.map((e) => e.id));
      });

      it('a retry with the same event ids is idempotent for any', async () => {
        const streamId = newStream();
        await store.append(streamId, [event('Opened')]);
        const batch = [event('Changed', { n: 1 })];
        const first = await store.append(streamId, batch, { expectedRevision: 'any' });
        const retry = await store.append(streamId, batch, { expectedRevision: 'any' });
        expect(retry).toEqual(first);
        expect(await store.readStream(streamId)).toHaveLength(2);
      });

      it('a retry with any after another writer appended is still idempotent', async () => {
        const streamId = newStream();
        await store.append(streamId, [event('Opened')]);
        const batch = [event('Changed', { n: 1 }), event('Changed', { n: 2 })];
        const first = await store.append(streamId, batch, { expectedRevision: 'any' });
        await store.append(streamId, [event('Changed', { n: 3 })], { expectedRevision: 'any' });
        const retry = await store.append(streamId, batch, { expectedRevision: 'any' });
        expect(retry).toEqual(first);
        expect((await store.readStream(streamId)).map((e) => e.revision)).toEqual([0n, 1n, 2n, 3n]);
      });

      it('a retry that only partly overlaps an earlier append is a conflict', async () => {
        const streamId = newStream();
        await store.append(streamId, [event('Opened')]);
        const a = event('Changed', { n: 1 });
        const b = event('Changed', { n: 2 });
        await store.append(streamId, [a, b], { expectedRevision: 0n });
        await expectConflict(store.append(streamId, [a, event('Changed', { n: 3 })], { expectedRevision: 0n }), {
          streamId,
          expected: 0n,
          actual: 2n,
        });
        expect((await store.readStream(streamId)).map((e) => e.id)).toHaveLength(3);
      });
    });

    it('round-trips event metadata', async () => {
      const streamId = plainStream();
      const metadata = {
        actorId: randomUUID(),
        correlationId: randomUUID(),
        causationId: randomUUID(),
        occurredAt: '2024-05-06T07:08:09.123Z',
        source: 'contract-test',
      };
      await store.append(streamId, [
        { ...event('Opened'), metadata },
        { ...event('Changed'), metadata: { actorId: null, correlationId: 'c-2' } },
        event('Changed'),
      ]);
      const [first, second, third] = await store.readStream(streamId);
      expect(first!.metadata).toEqual(metadata);
      expect(second!.metadata).toEqual({ actorId: null, correlationId: 'c-2' });
      expect(third!.metadata).toEqual({});

      // On a chained stream the chain fields are added next to the caller's metadata.
      const chained = chainedStream();
      await store.append(chained, [{ ...event('Funded'), metadata }]);
      const [funded] = await store.readStream(chained);
      expect(funded!.metadata).toMatchObject(metadata);
      expect(funded!.metadata.prevHash).toBeNull();
      expect(funded!.metadata.hash).toMatch(/^[0-9a-f]{64}$/);
    });

    it('gives back data exactly as appended, through a stream read and through $all, with the time it was recorded', async () => {
      const streamId = plainStream();
      // What JSON text can get wrong: quotes, backslashes, control characters, French and emoji,
      // a string that looks like a number or a date, nested arrays, nulls, and numbers of every kind.
      const data = {
        title: 'Réno « cuisine » — "quoted" \\ back\\slash, tab\there\nnew line, café ☕ 🛠️',
        looksNumeric: '00123',
        looksLikeADate: '2025-01-13T20:29:20.000Z',
        nested: { list: [1, 'two', null, [true, false], { deep: [] }], empty: {} },
        none: null,
        numbers: [0, -3, 0.1, 1.5, 12_345_678_901_234, -0.000125, 1e21],
      };
      const before = Date.now();
      const after = await marker();
      const appended = event('Changed', data);
      await store.append(streamId, [appended]);
      const [fromStream] = await store.readStream(streamId);
      const [fromAll] = await readAllOf(after, new Set([streamId]), 1);
      for (const read of [fromStream!, fromAll!]) {
        expect(read.data).toEqual(data);
        expect(read.id).toBe(appended.id);
        expect(read.streamId).toBe(streamId);
        expect(read.recordedAt).toBeInstanceOf(Date);
        // Within the test's own span (the server's clock may run ahead of this process's by a little).
        expect(read.recordedAt.getTime()).toBeGreaterThanOrEqual(before - 5_000);
        expect(read.recordedAt.getTime()).toBeLessThanOrEqual(Date.now() + 5_000);
      }
      expect(fromAll).toEqual(fromStream);
    });

    it('readAll returns the events appended after a position, in order, honouring limit', async () => {
      const after = await marker();
      const a = plainStream();
      const b = plainStream();
      const appended: string[] = [];
      for (const [streamId, type] of [
        [a, 'One'],
        [b, 'Two'],
        [a, 'Three'],
        [b, 'Four'],
      ] as const) {
        const e = event(type);
        appended.push(e.id!);
        await store.append(streamId, [e]);
      }
      const events = await readAllOf(after, new Set([a, b]), 4);
      expect(events.map((e) => e.id)).toEqual(appended);
      expect(events.map((e) => e.revision)).toEqual([0n, 0n, 1n, 1n]);
      for (const e of events) expect(comparePositions(e.position, after)).toBe(1);
      for (let i = 1; i < events.length; i++) {
        expect(comparePositions(events[i]!.position, events[i - 1]!.position)).toBe(1);
      }

      const limited = await store.readAll({ after, limit: 2 });
      expect(limited).toHaveLength(2);
      expect(comparePositions(limited[0]!.position, after)).toBe(1);
      expect(comparePositions(limited[1]!.position, limited[0]!.position)).toBe(1);

      // `after` is exclusive.
      const afterFirst = await store.readAll({ after: events[0]!.position, limit: 1 });
      expect(afterFirst).toHaveLength(1);
      expect(afterFirst[0]!.id).not.toBe(events[0]!.id);
      expect(comparePositions(afterFirst[0]!.position, events[0]!.position)).toBe(1);
      const rest = await readAllOf(events[1]!.position, new Set([a, b]), 2);
      expect(rest.map((e) => e.id)).toEqual(appended.slice(2));
    });

    it('readAll with types returns every event of those types in order; the PostgreSQL store only those', async () => {
      const after = await marker();
      const a = plainStream();
      const wanted: string[] = [];
      for (const type of ['One', 'Two', 'Three', 'Four']) {
        const e = event(type);
        if (type === 'One' || type === 'Three') wanted.push(e.id!);
        await store.append(a, [e]);
      }
      const read = await readAllOf(after, new Set([a]), wanted.length, { types: ['One', 'Three'] }, (e) =>
        ['One', 'Three'].includes(e.type),
      );
      expect(read.filter((e) => e.type === 'One' || e.type === 'Three').map((e) => e.id)).toEqual(wanted);
      // A hint: a store may return the other types too (the EventStoreDB adapter does); this one must not.
      if (!options.eventStoreUrl) expect(read.map((e) => e.id)).toEqual(wanted);
    });

    it('readAll with streamPrefixes returns every event of those streams in order; the PostgreSQL store only those', async () => {
      const after = await marker();
      const chained = chainedStream();
      const plain = plainStream();
      // An underscore in a prefix is a character, not LIKE's any-character: "ord_r-" is not "order-".
      const lookalike = `ord_r-${randomUUID()}`;
      const wanted: string[] = [];
      for (const streamId of [plain, chained, lookalike, chained, plain]) {
        const e = event('One');
        if (streamId === chained || streamId === lookalike) wanted.push(e.id!);
        await store.append(streamId, [e]);
      }
      const ours = new Set([chained, plain, lookalike]);
      const read = await readAllOf(
        after,
        ours,
        wanted.length,
        { streamPrefixes: ['escrow-', 'ord_r-'] },
        (e) => e.streamId !== plain,
      );
      expect(read.filter((e) => e.streamId !== plain).map((e) => e.id)).toEqual(wanted);
      if (!options.eventStoreUrl) expect(read.map((e) => e.id)).toEqual(wanted);
    });

    it('a filtered readAll that returns less than its limit may say how far it read; reading on from there misses nothing', async () => {
      const after = await marker();
      const plain = plainStream();
      const { position } = await store.append(plain, [event('One'), event('Two')]);
      await readAllOf(after, new Set([plain]), 2);
      let scannedTo = null as Position | null;
      const read = await store.readAll({
        after,
        limit: 100,
        streamPrefixes: ['escrow-'],
        onScannedTo: (to) => (scannedTo = to),
      });
      expect(read.filter((e) => e.streamId === plain)).toEqual([]);
      // The PostgreSQL store leaves the plain stream out and says it read past it; EventStoreDB's
      // adapter returns every event, so its reader moves on with them.
      if (!options.eventStoreUrl) {
        expect(scannedTo).not.toBeNull();
        expect(comparePositions(scannedTo!, position)).toBeGreaterThanOrEqual(0);
      }
      const from = scannedTo ?? after;
      const chained = chainedStream();
      const [later] = await store.append(chained, [event('Three')]).then(() => store.readStream(chained));
      const next = await readAllOf(from, new Set([chained]), 1, { streamPrefixes: ['escrow-'] });
      expect(next.map((e) => e.id)).toEqual([later!.id]);
      // Unfiltered, nothing is left out and nothing is said.
      let unfiltered = null as Position | null;
      await store.readAll({ after, limit: 100, onScannedTo: (to) => (unfiltered = to) });
      expect(unfiltered).toBeNull();
    });

    it('headPosition is at or past the last readable append and readAll has nothing of ours after it', async () => {
      const streamId = plainStream();
      const { position } = await store.append(streamId, [event('One'), event('Two')]);
      const head = await waitUntil(async () => {
        const h = await store.headPosition();
        return comparePositions(h, position) >= 0 ? h : undefined;
      });
      const after = await store.readAll({ after: head, limit: 1000 });
      expect(after.filter((e) => e.streamId === streamId)).toEqual([]);
      const [last] = await store.readStream(streamId, { direction: 'backwards', maxCount: 1 });
      expect(comparePositions(head, last!.position)).toBeGreaterThanOrEqual(0);
    });

    it('subscribeAll delivers existing then live events in order, each once, and stops', async () => {
      const after = await marker();
      const streams = [plainStream(), plainStream()];
      const ours = new Set(streams);
      const expected: string[] = [];
      const append = async (streamId: string) => {
        const e = event('Ticked', { i: expected.length });
        expected.push(e.id!);
        await store.append(streamId, [e]);
      };
      for (let i = 0; i < 4; i++) await append(streams[i % 2]!);

      const received: RecordedEvent[] = [];
      const subscription = store.subscribeAll(
        async (e) => {
          if (!ours.has(e.streamId)) return;
          received.push(e);
          await sleep(1); // an async handler is awaited before the next event
        },
        { after },
      );
      try {
        await waitUntil(() => received.length >= 4, { message: () => `caught up ${received.length}/4` });
        for (let i = 4; i < 10; i++) await append(streams[i % 2]!);
        await waitUntil(() => received.length >= 10, { message: () => `live ${received.length}/10` });
        await sleep(200); // room for a duplicate to show up
      } finally {
        await subscription.stop();
      }
      expect(received.map((e) => e.id)).toEqual(expected);
      for (let i = 1; i < received.length; i++) {
        expect(comparePositions(received[i]!.position, received[i - 1]!.position)).toBe(1);
      }

      const countAtStop = received.length;
      await append(streams[0]!);
      await sleep(300);
      expect(received).toHaveLength(countAtStop);
    });

    it('onAppended fires after an append, and not after unsubscribing', async () => {
      let calls = 0;
      const unsubscribe = store.onAppended(() => {
        calls++;
      });
      try {
        await store.append(plainStream(), [event('Poked')]);
        await waitUntil(() => calls > 0, { message: 'onAppended listener was not called' });
      } finally {
        unsubscribe();
      }
      await sleep(100); // let a trailing NOTIFY of that append arrive
      const before = calls;
      await store.append(plainStream(), [event('Poked')]);
      await sleep(200);
      expect(calls).toBe(before);
    });

    it('chains the hashes of a chained stream, also under concurrent any-writers', async () => {
      const streamId = chainedStream();
      await store.append(streamId, [event('Opened', { amount: 100 })], { expectedRevision: 'no_stream' });
      await store.append(streamId, [event('Funded', { amount: 100, currency: 'CAD' }), event('Held', {})], {
        expectedRevision: 0n,
      });
      await store.append(streamId, [event('Noted', { text: 'é ✓ "quoted"' })], { expectedRevision: 'stream_exists' });

      // Concurrent writers that do not care about the revision: the chain must stay linear.
      const writers = 6;
      const appendsPerWriter = 3;
      await Promise.all(
        Array.from({ length: writers }, async (_, w) => {
          for (let i = 0; i < appendsPerWriter; i++) {
            await store.append(streamId, [event('Adjusted', { w, i, delta: { cents: w * 10 + i } })], {
              expectedRevision: 'any',
            });
          }
        }),
      );

      const events = await store.readStream(streamId);
      const length = 4 + writers * appendsPerWriter;
      expect(events).toHaveLength(length);
      expect(events.map((e) => e.revision)).toEqual(Array.from({ length }, (_, i) => BigInt(i)));
      expect(events[0]!.metadata.prevHash).toBeNull();
      for (let i = 1; i < events.length; i++) {
        expect(events[i]!.metadata.prevHash).toBe(events[i - 1]!.metadata.hash);
      }
      expect(new Set(events.map((e) => e.metadata.hash)).size).toBe(length);

      const verification = await verifyStream(store, streamId);
      expect(verification).toEqual({
        ok: true,
        streamId,
        length,
        headHash: events[length - 1]!.metadata.hash,
        legacyRuleEvents: 0,
      });
    });

    describe('the audit log over this store', () => {
      let dir: string;
      let storage: FileStorage;
      const signer = createSigner(generateKeyPairSync('ed25519').privateKey);
      beforeAll(async () => {
        dir = await mkdtemp(path.join(tmpdir(), 'audit-contract-'));
        storage = createLocalFileStorage(dir);
      });
      afterAll(async () => {
        await rm(dir, { recursive: true, force: true });
      });

      it('publishes signed heads over its events and verifies streams, the whole log and head consistency', async () => {
        const publisher = createAuditPublisher({ store, storage, signer });
        const [a, b] = [chainedStream(), chainedStream()];
        await store.append(a, [event('Opened', { amountCents: 100 }), event('Funded')]);
        await store.append(plainStream(), [event('NotAudited')]);
        await store.append(b, [event('Opened', { amountCents: 200 })]);
        const first = await waitUntil(async () => {
          await publisher.publish();
          const audit = await verifyAuditedStream(
            { store, heads: createHeadReader(storage), publicKey: signer.publicKey },
            b,
          );
          return audit.log.covered === 1 ? audit : undefined;
        });
        expect(first).toMatchObject({ ok: true, length: 1, log: { pending: 0 } });

        await store.append(a, [event('Released')]);
        await waitUntil(async () => {
          await publisher.publish();
          const heads = createHeadReader(storage);
          const audit = await verifyAuditedStream({ store, heads, publicKey: signer.publicKey }, a);
          return audit.log.covered === 3 ? audit : undefined;
        });
        const log = await loadPublishedLog(createHeadReader(storage), signer.publicKey);
        expect(log.problem).toBeNull();
        expect(log.heads.length).toBeGreaterThanOrEqual(2);
        const whole = await verifyWholeLog({ store, heads: createHeadReader(storage), publicKey: signer.publicKey });
        expect(whole).toMatchObject({ ok: true, problem: null });
        expect(whole.entriesChecked).toBe(log.entries.length);
        // The same answer from worker threads, each reading this store over its own connection.
        const onThreads = await verifyWholeLog({
          store,
          heads: createHeadReader(storage),
          publicKey: signer.publicKey,
          parallel: { threads: 2, open: options, rangeEntries: 1 },
        });
        expect(onThreads).toEqual(whole);

        // What an altered read of this store looks like to the verifier: one metadata value changed.
        const events = await store.readStream(a);
        const altered = events.map((e) =>
          e.revision === 1n ? { ...e, metadata: { ...e.metadata, actorId: 'someone-else' } } : e,
        );
        expect(auditStream(a, altered, log)).toMatchObject({ ok: false, firstBadRevision: '1' });
        expect(auditStream(a, events.slice(0, 2), log)).toMatchObject({ ok: false, firstBadRevision: '2' });
      });
    });

    it('the audit publisher reads on past the events it does not audit, not over them again next time', async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 'audit-scan-'));
      try {
        const reads: Position[] = [];
        const watched: Pick<EventStore, 'readAll'> = {
          readAll: (o = {}) => {
            reads.push(o.after ?? START);
            return store.readAll(o);
          },
        };
        const signer = createSigner(generateKeyPairSync('ed25519').privateKey);
        const publisher = createAuditPublisher({ store: watched, storage: createLocalFileStorage(dir), signer });
        await store.append(chainedStream(), [event('Opened', { amountCents: 100 })]);
        const after = await marker();
        const plain = plainStream();
        const { position } = await store.append(plain, [event('NotAudited'), event('NotAudited')]);
        await readAllOf(after, new Set([plain]), 2);
        await publisher.publish();
        reads.length = 0;
        expect(await publisher.publish()).toEqual([]);
        // The second publish starts past the unaudited events, whichever way the store read them.
        expect(reads.length).toBeGreaterThan(0);
        expect(comparePositions(reads[0]!, position)).toBeGreaterThanOrEqual(0);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });

    it('leaves a stream without a chain prefix unhashed', async () => {
      const streamId = plainStream();
      await store.append(streamId, [event('Opened'), event('Changed')]);
      for (const e of await store.readStream(streamId)) {
        expect(e.metadata).not.toHaveProperty('hash');
        expect(e.metadata).not.toHaveProperty('prevHash');
      }
    });
  });
}

let database: TestDatabase | null = null;

eventStoreContract(
  'PostgreSQL event store (with hash chain)',
  async () => {
    database = await createTestDatabase('es_contract');
    return { databaseUrl: database.url, postgres: { pollIntervalMs: 200 } };
  },
  async () => {
    await database?.drop();
  },
);

describe('PostgreSQL event store: fields read back as the table holds them', () => {
  let zoned: TestDatabase;
  let store: EventStore;
  beforeAll(async () => {
    zoned = await createTestDatabase('es_zoned');
    // A half-hour offset from UTC: the recorded time comes back as text in the session's zone.
    const admin = connect(zoned.url, { max: 1 });
    await admin.unsafe(`alter database "${new URL(zoned.url).pathname.slice(1)}" set timezone = 'America/St_Johns'`);
    await admin.end();
    store = await openEventStore({ databaseUrl: zoned.url, postgres: { pollIntervalMs: 200 } });
  });
  afterAll(async () => {
    await store?.close();
    await zoned?.drop();
  });

  it('reads each field as the table holds it, the time to the millisecond whatever the session time zone', async () => {
    const streamId = `order-${randomUUID()}`;
    await store.append(streamId, [
      { type: 'Opened', data: { n: 1 } },
      { type: 'Changed', data: { n: 2 }, metadata: { actorId: 'a' } },
    ]);
    const sql = connect(zoned.url, { max: 1 });
    try {
      const [zone] = await sql<{ zone: string }[]>`select current_setting('TimeZone') as zone`;
      expect(zone!.zone).toBe('America/St_Johns');
      const rows = await sql<
        { id: string; revision: string; commit: string; prepare: string; type: string; recorded_at: Date }[]
      >`select event_id as id, stream_revision::text as revision, transaction_id::text as commit,
          global_position::text as prepare, type, recorded_at
        from es_events where stream_id = ${streamId} order by stream_revision`;
      const read = await store.readStream(streamId);
      expect(read.map((e) => [e.id, e.revision, e.position, e.type, e.recordedAt.toISOString()])).toEqual(
        rows.map((row) => [
          row.id,
          BigInt(row.revision),
          { commit: BigInt(row.commit), prepare: BigInt(row.prepare) },
          row.type,
          row.recorded_at.toISOString(),
        ]),
      );
      expect(read.map((e) => e.metadata)).toEqual([{}, { actorId: 'a' }]);
    } finally {
      await sql.end();
    }
  });
});

describe.runIf(!!process.env.EVENTSTORE_URL)('EventStoreDB adapter', () => {
  eventStoreContract(
    'EventStoreDB event store (with hash chain)',
    // The database URL is not used when an EventStoreDB URL is given.
    async () => ({ databaseUrl: inject('adminDatabaseUrl'), eventStoreUrl: process.env.EVENTSTORE_URL }),
    async () => {},
  );
});
