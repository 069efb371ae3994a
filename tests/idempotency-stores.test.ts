import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IDEMPOTENCY_SCHEMA,
  postgresIdempotencyStore,
  pruneIdempotencyKeys,
  redisIdempotencyStore,
  type IdempotencyStore,
} from '../api/plugins/idempotency-store.ts';
import { connect, type Sql } from '../shared/db/postgres.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';

/**
 * The two homes of Idempotency-Keys behave alike: Redis (REDIS_URL) and PostgreSQL (without it).
 * The API suites run with one of them; this runs both.
 */
let database: TestDatabase;
let sql: Sql;
let redis: Redis;
beforeAll(async () => {
  expect(process.env.REDIS_URL, 'this test needs REDIS_URL (.ci/run starts Redis)').toBeTruthy();
  database = await createTestDatabase('idem');
  sql = connect(database.url, { max: 2 });
  await sql.unsafe(IDEMPOTENCY_SCHEMA);
  redis = new Redis(process.env.REDIS_URL!, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
});
afterAll(async () => {
  await redis?.quit();
  await sql?.end();
  await database?.drop();
});

const stores: [string, () => IdempotencyStore][] = [
  ['PostgreSQL', () => postgresIdempotencyStore(sql)],
  ['Redis', () => redisIdempotencyStore(redis)],
];

describe.each(stores)('%s', (_name, store) => {
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
  it('prunes PostgreSQL keys older than 7 days, and Redis expires its keys by itself', async () => {
    const [scope, old, fresh] = [randomUUID(), randomUUID(), randomUUID()];
    const keys = postgresIdempotencyStore(sql);
    await keys.claim(scope, old, 'POST /api/contact', 'h');
    await keys.claim(scope, fresh, 'POST /api/contact', 'h');
    await sql`update idempotency_keys set created_at = now() - interval '8 days' where key = ${old}`;
    expect(await pruneIdempotencyKeys(sql)).toBeGreaterThanOrEqual(1);
    expect(await keys.claim(scope, old, 'POST /api/contact', 'h')).toBeNull();
    expect(await keys.claim(scope, fresh, 'POST /api/contact', 'h')).not.toBeNull();

    const inRedis = redisIdempotencyStore(redis);
    const key = randomUUID();
    await inRedis.claim(scope, key, 'POST /api/contact', 'h');
    await inRedis.complete(scope, key, 200, '{}');
    const ttl = await redis.pttl(`idem:${scope}:${key}`);
    expect(ttl).toBeGreaterThan(6.9 * 86_400_000);
    expect(ttl).toBeLessThanOrEqual(7 * 86_400_000);
  });
});
