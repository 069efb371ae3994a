import { createHash, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Sql } from '../shared/db/postgres.ts';
import {
  canonicalJson,
  eventHash,
  eventHashV2,
  isChainedStream,
  verifyStream,
} from '../shared/eventstore/hash-chain.ts';
import { openEventStore, WrongExpectedVersionError, type EventStore } from '../shared/eventstore/index.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';

/** The same value with the keys of every object in reverse order. */
function reverseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reverseKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([k, v]) => [k, reverseKeys(v)]),
  );
}

describe('canonicalJson', () => {
  it('does not depend on key order, at any depth', () => {
    const a = { b: 1, a: { d: [1, { y: 2, x: 1 }], c: null }, é: 'x', A: true };
    const b = { A: true, é: 'x', a: { c: null, d: [1, { x: 1, y: 2 }] }, b: 1 };
    expect(canonicalJson(a)).toBe(canonicalJson(b));
    expect(canonicalJson(a)).toBe('{"A":true,"a":{"c":null,"d":[1,{"x":1,"y":2}]},"b":1,"é":"x"}');
  });

  it('keeps array order and distinguishes different values', () => {
    expect(canonicalJson([1, 2])).not.toBe(canonicalJson([2, 1]));
    expect(canonicalJson({ a: 1 })).not.toBe(canonicalJson({ a: '1' }));
    expect(canonicalJson({ a: null })).not.toBe(canonicalJson({}));
    expect(canonicalJson('x')).toBe('"x"');
    expect(canonicalJson(12.5)).toBe('12.5');
    expect(canonicalJson(null)).toBe('null');
  });

  it('describes a value the way the stored JSON does (undefined dropped, Date as ISO string)', () => {
    expect(canonicalJson({ b: undefined, a: 1 })).toBe('{"a":1}');
    expect(canonicalJson([undefined, 1])).toBe('[null,1]');
    expect(canonicalJson({ at: new Date('2024-01-02T03:04:05.678Z') })).toBe('{"at":"2024-01-02T03:04:05.678Z"}');
    expect(canonicalJson(undefined)).toBe('null');
  });

  it('is the same for any JSON value, its re-parsed copy and a key-shuffled copy', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = canonicalJson(value);
        expect(canonicalJson(JSON.parse(JSON.stringify(value)))).toBe(text);
        expect(canonicalJson(reverseKeys(value))).toBe(text);
        // It is itself JSON describing the same value.
        expect(canonicalJson(JSON.parse(text))).toBe(text);
      }),
      { numRuns: 300 },
    );
  });
});

describe('eventHash', () => {
  const base = {
    prevHash: null,
    streamId: 'escrow-1',
    revision: 0n,
    type: 'Funded',
    data: { amount: 100, currency: 'CAD' },
  };

  it('is SHA-256 over prevHash, stream id, revision, type and canonical data', () => {
    const expected = createHash('sha256')
      .update(['', 'escrow-1', '0', 'Funded', '{"amount":100,"currency":"CAD"}'].join('\n'))
      .digest('hex');
    expect(eventHash(base)).toBe(expected);
    expect(eventHash({ ...base, data: { currency: 'CAD', amount: 100 } })).toBe(expected);
  });

  it('changes when any input changes', () => {
    const hash = eventHash(base);
    expect(eventHash({ ...base, prevHash: 'a'.repeat(64) })).not.toBe(hash);
    expect(eventHash({ ...base, streamId: 'escrow-2' })).not.toBe(hash);
    expect(eventHash({ ...base, revision: 1n })).not.toBe(hash);
    expect(eventHash({ ...base, type: 'Released' })).not.toBe(hash);
    expect(eventHash({ ...base, data: { amount: 101, currency: 'CAD' } })).not.toBe(hash);
  });
});

describe('isChainedStream', () => {
  it('chains money and arbitration streams only', () => {
    for (const id of ['escrow-1', 'dispute-1', 'contract-1', 'payout-1']) expect(isChainedStream(id)).toBe(true);
    for (const id of ['order-1', 'account-escrow-1', 'escrow', 'Escrow-1']) expect(isChainedStream(id)).toBe(false);
  });
});

describe('verifyStream on PostgreSQL', () => {
  let database: TestDatabase;
  let store: EventStore;
  let sql: Sql;

  beforeAll(async () => {
    database = await createTestDatabase('hash_chain');
    store = await openEventStore({ databaseUrl: database.url });
    sql = connect(database.url, { max: 2 });
  });

  afterAll(async () => {
    await store?.close();
    await sql?.end({ timeout: 5 });
    await database?.drop();
  });

  /** A chained stream of five events (revisions 0..4), appended in three appends. */
  async function chainedStream(prefix = 'escrow') {
    const streamId = `${prefix}-${randomUUID()}`;
    await store.append(streamId, [{ type: 'Opened', data: { amount: 5000, parties: ['a', 'b'] } }], {
      expectedRevision: 'no_stream',
    });
    await store.append(streamId, [
      { type: 'Funded', data: { amount: 5000, currency: 'CAD', at: new Date('2024-03-04T05:06:07.000Z') } },
      { type: 'Held', data: { reason: 'work in progress', nested: { z: 1, a: [1.5, 'ü', null] } } },
    ]);
    await store.append(streamId, [
      { type: 'PartReleased', data: { amount: 2000 } },
      { type: 'Released', data: { amount: 3000 } },
    ]);
    return streamId;
  }

  it('accepts an intact stream of every chained kind', async () => {
    for (const prefix of ['escrow', 'dispute', 'contract', 'payout']) {
      const streamId = await chainedStream(prefix);
      const events = await store.readStream(streamId);
      expect(await verifyStream(store, streamId)).toEqual({
        ok: true,
        streamId,
        length: 5,
        headHash: events[4]!.metadata.hash,
        legacyRuleEvents: 0,
      });
      expect(events.every((event) => event.metadata.hashRule === 2)).toBe(true);
    }
  });

  it('accepts a missing stream as an empty chain', async () => {
    const streamId = `escrow-${randomUUID()}`;
    expect(await verifyStream(store, streamId)).toEqual({
      ok: true,
      streamId,
      length: 0,
      headHash: null,
      legacyRuleEvents: 0,
    });
  });

  it('detects data changed in the table', async () => {
    const streamId = await chainedStream();
    await sql`update es_events set data = jsonb_set(data, '{amount}', '500000')
      where stream_id = ${streamId} and stream_revision = 3`;
    expect(await verifyStream(store, streamId)).toEqual({
      ok: false,
      streamId,
      revision: 3n,
      reason: 'hash does not match the event content',
    });
  });

  it('detects a key added to the data', async () => {
    const streamId = await chainedStream();
    await sql`update es_events set data = data || '{"refund": true}'::jsonb
      where stream_id = ${streamId} and stream_revision = 0`;
    expect(await verifyStream(store, streamId)).toMatchObject({ ok: false, revision: 0n });
  });

  it('detects a changed event type', async () => {
    const streamId = await chainedStream();
    await sql`update es_events set type = 'Refunded' where stream_id = ${streamId} and stream_revision = 4`;
    expect(await verifyStream(store, streamId)).toEqual({
      ok: false,
      streamId,
      revision: 4n,
      reason: 'hash does not match the event content',
    });
  });

  it('detects a deleted middle event', async () => {
    const streamId = await chainedStream();
    await sql`delete from es_events where stream_id = ${streamId} and stream_revision = 2`;
    expect(await verifyStream(store, streamId)).toEqual({
      ok: false,
      streamId,
      revision: 3n,
      reason: 'expected revision 2',
    });
  });

  it('detects a deleted middle event even when the later revisions are renumbered', async () => {
    const streamId = await chainedStream();
    await sql.begin(async (tx) => {
      await tx`delete from es_events where stream_id = ${streamId} and stream_revision = 2`;
      await tx`update es_events set stream_revision = 2 where stream_id = ${streamId} and stream_revision = 3`;
      await tx`update es_events set stream_revision = 3 where stream_id = ${streamId} and stream_revision = 4`;
      await tx`update es_streams set revision = 3 where stream_id = ${streamId}`;
    });
    const verification = await verifyStream(store, streamId);
    expect(verification).toMatchObject({ ok: false, streamId, revision: 2n });
  });

  it('detects an event whose data and hash were both rewritten (the next link breaks)', async () => {
    const streamId = await chainedStream();
    const events = await store.readStream(streamId);
    const target = events[1]!;
    const data = { ...(target.data as object), amount: 1 };
    const forged = eventHashV2({ ...target, data });
    await sql`update es_events
      set data = ${sql.json(data)}, metadata = jsonb_set(metadata, '{hash}', to_jsonb(${forged}::text))
      where stream_id = ${streamId} and stream_revision = 1`;
    expect(await verifyStream(store, streamId)).toEqual({
      ok: false,
      streamId,
      revision: 2n,
      reason: 'prevHash does not match the previous hash',
    });
  });

  it('detects a changed actor, a changed time and a metadata key added (rule 2 covers all metadata)', async () => {
    for (const change of [
      `jsonb_set(metadata, '{actorId}', '"someone-else"')`,
      `jsonb_set(metadata, '{occurredAt}', '"2020-01-01T00:00:00.000Z"')`,
      `metadata || '{"note": "added later"}'::jsonb`,
    ]) {
      const streamId = await chainedStream();
      await sql.unsafe(`update es_events set metadata = ${change} where stream_id = $1 and stream_revision = 2`, [
        streamId,
      ]);
      expect(await verifyStream(store, streamId)).toEqual({
        ok: false,
        streamId,
        revision: 2n,
        reason: 'hash does not match the event content',
      });
    }
  });

  it('verifies a stream written under the legacy rule and says how many events it covers', async () => {
    const streamId = await chainedStream();
    // Rewrite the first two events as the legacy rule wrote them, relinking the rest under rule 2.
    const events = await store.readStream(streamId);
    let prevHash: string | null = null;
    for (const event of events) {
      const legacy = event.revision < 2n;
      const metadata: Record<string, unknown> = { actorId: 'a', prevHash };
      if (!legacy) metadata.hashRule = 2;
      const hash: string = legacy
        ? eventHash({ prevHash, streamId, revision: event.revision, type: event.type, data: event.data })
        : eventHashV2({ ...event, metadata });
      await sql`update es_events set metadata = ${sql.json({ ...metadata, hash } as never)}
        where stream_id = ${streamId} and stream_revision = ${Number(event.revision)}`;
      prevHash = hash;
    }
    expect(await verifyStream(store, streamId)).toMatchObject({ ok: true, length: 5, legacyRuleEvents: 2 });
  });

  it('refuses a rule-2 event rewritten under the legacy rule (which ignored the actor)', async () => {
    const streamId = await chainedStream();
    const [, , , target] = await store.readStream(streamId);
    const { hashRule: _rule, hash: _hash, ...rest } = target!.metadata;
    const metadata = { ...rest, actorId: 'someone-else' };
    const hash = eventHash({
      prevHash: target!.metadata.prevHash ?? null,
      streamId,
      revision: 3n,
      type: target!.type,
      data: target!.data,
    });
    await sql`update es_events set metadata = ${sql.json({ ...metadata, hash } as never)}
      where stream_id = ${streamId} and stream_revision = 3`;
    expect(await verifyStream(store, streamId)).toMatchObject({
      ok: false,
      revision: 3n,
      reason: 'written under the legacy hash rule after an event under rule 2: a rewrite',
    });
  });

  it('a partial overlap with any on a chained stream is a prompt conflict, not a retry loop', async () => {
    const streamId = `escrow-${randomUUID()}`;
    const a = { id: randomUUID(), type: 'Opened', data: {} };
    await store.append(streamId, [a]);
    const started = performance.now();
    const error = await store
      .append(streamId, [a, { id: randomUUID(), type: 'Funded', data: {} }], { expectedRevision: 'any' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WrongExpectedVersionError);
    expect(error).toMatchObject({ streamId, expected: 'any', actual: 0n });
    expect(performance.now() - started).toBeLessThan(500);
    expect(await store.readStream(streamId)).toHaveLength(1);
  });

  it('a partial overlap with any on a plain stream is a conflict', async () => {
    const streamId = `order-${randomUUID()}`;
    const a = { id: randomUUID(), type: 'Opened', data: {} };
    await store.append(streamId, [a]);
    const error = await store
      .append(streamId, [{ id: randomUUID(), type: 'Changed', data: {} }, a], { expectedRevision: 'any' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WrongExpectedVersionError);
    expect(error).toMatchObject({ streamId, expected: 'any', actual: 0n });
    expect(await store.readStream(streamId)).toHaveLength(1);
  });
});
