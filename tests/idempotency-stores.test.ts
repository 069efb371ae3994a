import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLAIM_LEASE_MINUTES,
  IDEMPOTENCY_SCHEMA,
  postgresIdempotencyStore,
  pruneIdempotencyKeys,
} from '../shared/idempotency-store.ts';
import { connect, type Sql } from '../shared/db/postgres.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';

/** The Idempotency-Key store (PostgreSQL): claims, answers, leases, deletion and retention. */
let database: TestDatabase;
let sql: Sql;
beforeAll(async () => {
  database = await createTestDatabase('idem');
  sql = connect(database.url, { max: 2 });
  await sql.unsafe(IDEMPOTENCY_SCHEMA);
});
afterAll(async () => {
  await sql?.end();
  await database?.drop();
});

const store = () => postgresIdempotencyStore(sql);

describe('the store', () => {
  it('forgets every key of a deleted account, with its kept answers, and only that account', async () => {
    const keys = store();
    const [gone, kept] = [randomUUID(), randomUUID()];
    const remembered: [string, string][] = [
      [gone, randomUUID()],
      [gone, randomUUID()],
      [kept, randomUUID()],
    ];
    for (const [scope, key] of remembered) {
      expect(await keys.claim(scope, key, 'POST /api/work-orders', 'hash')).toBeNull();
      await keys.complete(scope, key, 201, '{"workOrder":{"postalCode":"M5V 2T6"}}');
    }
    await keys.forgetScope(gone);
    // Forgotten: the deleted account's keys are free again; the other account's answer is still kept.
    expect(await keys.claim(gone, remembered[0]![1], 'POST /api/work-orders', 'hash')).toBeNull();
    expect(await keys.claim(gone, remembered[1]![1], 'POST /api/work-orders', 'hash')).toBeNull();
    expect(await keys.claim(kept, remembered[2]![1], 'POST /api/work-orders', 'hash')).toMatchObject({
      statusCode: 201,
    });
  });

  it('claims a key once, keeps the answer, and shows it to a replay', async () => {
    const keys = store();
    const [scope, key] = [randomUUID(), randomUUID()];
    expect(await keys.claim(scope, key, 'POST /api/forum/posts', 'hash-1')).toBeNull();
    // A second claim while the first runs: its record, without an answer yet.
    expect(await keys.claim(scope, key, 'POST /api/forum/posts', 'hash-1')).toEqual({
      requestHash: 'hash-1',
      statusCode: null,
      response: null,
    });
    await keys.complete(scope, key, 201, '{"post":{}}');
    expect(await keys.claim(scope, key, 'POST /api/forum/posts', 'hash-2')).toEqual({
      requestHash: 'hash-1',
      statusCode: 201,
      response: '{"post":{}}',
    });
    // Another scope (account) has its own keys.
    expect(await keys.claim(randomUUID(), key, 'POST /api/forum/posts', 'hash-2')).toBeNull();
  });

  it('lets a retry take over a claim whose request died unanswered, once its lease is over', async () => {
    const keys = store();
    const [scope, key] = [randomUUID(), randomUUID()];
    expect(await keys.claim(scope, key, 'POST /api/forum/posts', 'hash')).toBeNull();
    // Within the lease: still running.
    expect(await keys.claim(scope, key, 'POST /api/forum/posts', 'hash')).toMatchObject({ statusCode: null });
    await sql`update idempotency_keys set created_at = now() - make_interval(mins => ${CLAIM_LEASE_MINUTES + 1})
      where user_id = ${scope} and key = ${key}`;
    expect(await keys.claim(scope, key, 'POST /api/forum/posts', 'hash')).toBeNull();
    // An answered key is never taken over, however old (until it is pruned).
    await keys.complete(scope, key, 201, '{}');
    await sql`update idempotency_keys set created_at = now() - make_interval(mins => ${CLAIM_LEASE_MINUTES + 1})
      where user_id = ${scope} and key = ${key}`;
    expect(await keys.claim(scope, key, 'POST /api/forum/posts', 'hash')).toMatchObject({ statusCode: 201 });
  });

  it('forgets a released key, so the request may run again', async () => {
    const keys = store();
    const [scope, key] = [randomUUID(), randomUUID()];
    expect(await keys.claim(scope, key, 'POST /api/feedback', 'hash')).toBeNull();
    await keys.release(scope, key);
    // Completing a released key keeps nothing.
    await keys.complete(scope, key, 201, '{}');
    expect(await keys.claim(scope, key, 'POST /api/feedback', 'hash')).toBeNull();
  });
});

describe('retention', () => {
  it('prunes keys older than 7 days', async () => {
    const [scope, old, fresh] = [randomUUID(), randomUUID(), randomUUID()];
    const keys = store();
    await keys.claim(scope, old, 'POST /api/contact', 'h');
    await keys.claim(scope, fresh, 'POST /api/contact', 'h');
    await sql`update idempotency_keys set created_at = now() - interval '8 days' where key = ${old}`;
    expect(await pruneIdempotencyKeys(sql)).toBeGreaterThanOrEqual(1);
    expect(await keys.claim(scope, old, 'POST /api/contact', 'h')).toBeNull();
    expect(await keys.claim(scope, fresh, 'POST /api/contact', 'h')).not.toBeNull();
  });
});
