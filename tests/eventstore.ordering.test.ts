import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEventStore } from '../shared/eventstore/postgres.ts';
import { comparePositions, START, type Position, type RecordedEvent } from '../shared/eventstore/types.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { deferred, sleep, waitUntil } from './support/wait.ts';

/**
 * $all ordering of the PostgreSQL adapter under concurrent writers. A global sequence value is
 * taken before commit, so commits become visible out of sequence order; the reader must still see
 * every event exactly once.
 */
describe('PostgreSQL $all ordering', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;

  beforeAll(async () => {
    database = await createTestDatabase('es_order');
    store = await PostgresEventStore.connect(database.url, { poolSize: 20, pollIntervalMs: 200 });
  });

  afterAll(async () => {
    await store?.close();
    await database?.drop();
  });

  async function head(): Promise<Position> {
    // Everything below the current snapshot's xmin: wait until nothing older is still running.
    let position = START;
    for (;;) {
      const page = await store.readAll({ after: position, limit: 1000 });
      if (page.length === 0) return position;
      position = page[page.length - 1]!.position;
    }
  }

  it('a follower sees every event of 16 concurrent writers exactly once, each stream in order', async () => {
    const writers = 16;
    const appendsPerWriter = 1000;
    const total = writers * appendsPerWriter;
    const from = await head();

    // Writers 0-7 own a stream each and append with the exact expected revision; writers 8-15
    // share two streams and append with `any`, so those streams interleave writers.
    const ownStreams = Array.from({ length: 8 }, () => `order-${randomUUID()}`);
    const sharedStreams = [`cart-${randomUUID()}`, `cart-${randomUUID()}`];
    const ours = new Set([...ownStreams, ...sharedStreams]);

    const received: RecordedEvent[] = [];
    const subscription = store.subscribeAll(
      (event) => {
        if (ours.has(event.streamId)) received.push(event);
      },
      { after: from },
    );

    const appendedIds = new Set<string>();
    const started = performance.now();
    try {
      await Promise.all(
        Array.from({ length: writers }, async (_, w) => {
          const own = w < 8;
          const streamId = own ? ownStreams[w]! : sharedStreams[w % 2]!;
          for (let i = 0; i < appendsPerWriter; i++) {
            const id = randomUUID();
            appendedIds.add(id);
            const result = await store.append(streamId, [{ id, type: 'Written', data: { w, i } }], {
              expectedRevision: own ? (i === 0 ? 'no_stream' : BigInt(i - 1)) : 'any',
            });
            if (own) expect(result.nextExpectedRevision).toBe(BigInt(i));
          }
        }),
      );
      const written = performance.now();
      await waitUntil(() => received.length >= total, {
        timeoutMs: 20_000,
        message: () => `follower saw ${received.length}/${total}`,
      });
      const caughtUp = performance.now();
      console.info(
        `[ordering] ${total} appends in ${Math.round(written - started)} ms; follower caught up ` +
          `${Math.round(caughtUp - written)} ms later`,
      );
      // Give a duplicate delivery the time to show up before counting.
      await new Promise((resolve) => setTimeout(resolve, 300));
    } finally {
      await subscription.stop();
    }

    expect(appendedIds.size).toBe(total);
    expect(received).toHaveLength(total);
    const receivedIds = new Set(received.map((e) => e.id));
    expect(receivedIds.size).toBe(total);
    expect([...appendedIds].every((id) => receivedIds.has(id))).toBe(true);

    // Delivery follows the global order strictly.
    let outOfOrder = 0;
    for (let i = 1; i < received.length; i++) {
      if (comparePositions(received[i]!.position, received[i - 1]!.position) <= 0) outOfOrder++;
    }
    expect(outOfOrder).toBe(0);

    // Per stream: revisions 0, 1, 2, ... in delivery order, none missing.
    const revisions = new Map<string, bigint[]>();
    for (const event of received) {
      const list = revisions.get(event.streamId) ?? [];
      list.push(event.revision);
      revisions.set(event.streamId, list);
    }
    for (const streamId of ownStreams) {
      const list = revisions.get(streamId)!;
      expect(list).toHaveLength(appendsPerWriter);
      expect(list.every((revision, index) => revision === BigInt(index))).toBe(true);
    }
    const sharedTotal = sharedStreams.reduce((sum, s) => sum + (revisions.get(s)?.length ?? 0), 0);
    expect(sharedTotal).toBe(8 * appendsPerWriter);
    for (const streamId of sharedStreams) {
      const list = revisions.get(streamId)!;
      expect(list).toHaveLength(4 * appendsPerWriter);
      expect(list.every((revision, index) => revision === BigInt(index))).toBe(true);
      // And each writer's own appends to the shared stream keep their order.
      const byWriter = new Map<number, number[]>();
      for (const event of received.filter((e) => e.streamId === streamId)) {
        const { w, i } = event.data as { w: number; i: number };
        byWriter.set(w, [...(byWriter.get(w) ?? []), i]);
      }
      for (const sequence of byWriter.values()) {
        expect(sequence).toEqual(Array.from({ length: appendsPerWriter }, (_, i) => i));
      }
    }
  }, 60_000);

  /**
   * A transaction that appends and holds before commit, while a later append on another connection
   * commits first. `variant` says where the held transaction's global sequence value falls: before
   * the other's (it inserted first) or after it (it only took its transaction id first).
   */
  it.each(['a lower', 'a higher'] as const)(
    'a reader past the early commits still receives a late commit (%s global position)',
    async (variant) => {
      const lateStream = `late-${randomUUID()}`;
      const earlyStream = `early-${randomUUID()}`;

      // The reader is up to date: its checkpoint is the newest event. (Waiting: a transaction of
      // another test file, even in another database, can hold the $all reader back for a while.)
      const before = await store.append(`before-${randomUUID()}`, [{ type: 'Before', data: {} }]);
      const checkpoint = await waitUntil(async () => {
        const position = await head();
        return comparePositions(position, before.position) >= 0 ? position : undefined;
      });
      expect(checkpoint).toEqual(before.position);

      const lateId = randomUUID();
      const inserted = deferred();
      const commit = deferred();
      const xidTaken = deferred();
      const insertLate = deferred();
      const held = store.sql.begin(async (tx) => {
        // Take the transaction id first, then (in the "higher" variant) let the other writer take
        // its sequence value before this one inserts.
        await tx`select pg_current_xact_id()`;
        xidTaken.resolve();
        if (variant === 'a higher') await insertLate.promise;
        await tx`select * from es_append(${lateStream}, 'any', ${JSON.stringify([
          { id: lateId, type: 'Late', data: {}, metadata: {} },
        ])}::text::jsonb)`;
        inserted.resolve();
        await commit.promise;
      });
      try {
        await xidTaken.promise;
        if (variant === 'a lower') await inserted.promise;
        const early = await store.append(earlyStream, [{ type: 'Early', data: {} }]);
        if (variant === 'a higher') {
          insertLate.resolve();
          await inserted.promise;
        }

        // The early event is committed and readable by stream, yet $all holds it back behind
        // the older, still-open transaction.
        expect(await store.readStream(earlyStream)).toHaveLength(1);
        expect(await store.readAll({ after: checkpoint })).toEqual([]);

        commit.resolve();
        await held;

        const [late] = await store.readStream(lateStream);
        expect(late!.id).toBe(lateId);
        if (variant === 'a lower') expect(late!.position.prepare).toBeLessThan(early.position.prepare);
        else expect(late!.position.prepare).toBeGreaterThan(early.position.prepare);
        // The late event ranks first: its transaction started first.
        expect(comparePositions(late!.position, early.position)).toBe(-1);

        // Reading on from the checkpoint, one event at a time, the reader gets both, late first.
        // (Each read waits: a transaction of another test file that started between the two
        // appends, in any database, holds the early one back until it ends.)
        const first = await waitUntil(async () => (await store.readAll({ after: checkpoint, limit: 1 }))[0]);
        expect(first.id).toBe(lateId);
        const second = await waitUntil(async () => (await store.readAll({ after: first.position, limit: 1 }))[0]);
        expect(second.streamId).toBe(earlyStream);
        expect(second.position).toEqual(early.position);
        expect(await store.readAll({ after: second.position })).toEqual([]);
      } finally {
        inserted.resolve();
        insertLate.resolve();
        commit.resolve();
        await held.catch(() => {});
      }
    },
  );

  it('a subscription past the early commit still delivers the late commit', async () => {
    const lateStream = `late-${randomUUID()}`;
    const earlyStream = `early-${randomUUID()}`;
    const from = await head();
    const received: RecordedEvent[] = [];
    const ours = new Set([lateStream, earlyStream]);
    const subscription = store.subscribeAll(
      (event) => {
        if (ours.has(event.streamId)) received.push(event);
      },
      { after: from },
    );
    const commit = deferred();
    const inserted = deferred();
    const held = store.sql.begin(async (tx) => {
      await tx`select * from es_append(${lateStream}, 'any', ${JSON.stringify([
        { id: randomUUID(), type: 'Late', data: {}, metadata: {} },
      ])}::text::jsonb)`;
      inserted.resolve();
      await commit.promise;
    });
    try {
      await inserted.promise;
      await store.append(earlyStream, [{ type: 'Early', data: {} }]);
      await store.append(earlyStream, [{ type: 'Early', data: {} }]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      // Nothing is delivered past the open transaction.
      expect(received).toEqual([]);
      commit.resolve();
      await held;
      await waitUntil(() => received.length >= 3, { message: () => `received ${received.length}/3` });
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      commit.resolve();
      await held.catch(() => {});
      await subscription.stop();
    }
    expect(received.map((e) => `${e.streamId}@${e.revision}`)).toEqual([
      `${lateStream}@0`,
      `${earlyStream}@0`,
      `${earlyStream}@1`,
    ]);
  });
});

describe('PostgreSQL wake-ups', () => {
  let database: TestDatabase;
  let mine: PostgresEventStore;
  let theirs: PostgresEventStore;

  beforeAll(async () => {
    database = await createTestDatabase('es_wake');
    mine = await PostgresEventStore.connect(database.url, { poolSize: 2 });
    theirs = await PostgresEventStore.connect(database.url, { poolSize: 2 });
  });

  afterAll(async () => {
    await Promise.all([mine?.close(), theirs?.close()]);
    await database?.drop();
  });

  it("wakes a store's readers once per own append (not again on its own NOTIFY) and once on another store's", async () => {
    let calls = 0;
    const unsubscribe = mine.onAppended(() => {
      calls++;
    });
    const theirsHeard = theirs.onAppended(() => {});
    try {
      await sleep(200); // LISTEN is set up
      await mine.append(`wake-${randomUUID()}`, [{ type: 'Mine', data: {} }]);
      await sleep(300); // time for a NOTIFY to come back
      expect(calls).toBe(1);

      await theirs.append(`wake-${randomUUID()}`, [{ type: 'Theirs', data: {} }]);
      await waitUntil(() => calls === 2, { message: "the other store's NOTIFY did not wake this one" });
      await sleep(300);
      expect(calls).toBe(2);
    } finally {
      unsubscribe();
      theirsHeard();
    }
  });
});
