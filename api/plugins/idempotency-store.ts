import type { Redis } from 'ioredis';
import type { Sql } from '../../shared/db/postgres.ts';

/**
 * Where Idempotency-Keys live: Redis when REDIS_URL is set (every create of a busy forum takes
 * a key; Redis keeps it without a PostgreSQL write and expires it by itself), else PostgreSQL.
 * Either way every API instance sees every key. A key belongs to one scope (the account, or all
 * visitors together) and is kept RETENTION_DAYS.
 *
 * This is request bookkeeping, like sessions, not a read model: the commands themselves still go
 * through the deciders and the event store.
 */
export const IDEMPOTENCY_SCHEMA = `
create table if not exists idempotency_keys (
  user_id uuid not null,
  key text not null,
  route text not null,
  request_hash text not null,
  status_code integer,
  response text,
  created_at timestamptz not null default now(),
  primary key (user_id, key)
);
create index if not exists idempotency_keys_created on idempotency_keys (created_at);`;

export const RETENTION_DAYS = 7;
const RETENTION_MS = RETENTION_DAYS * 24 * 60 * 60 * 1000;

/** What the first request with a key left: its hash, and its answer once it has one. */
export type FirstRequest = { requestHash: string; statusCode: number | null; response: string | null };

export type IdempotencyStore = {
  /**
   * Takes the key for this request. Null: it is ours, run the request. Otherwise the first
   * request's record, or 'gone' when it vanished in between (released after a server error).
   */
  claim(scope: string, key: string, route: string, requestHash: string): Promise<null | FirstRequest | 'gone'>;
  /** Keeps the answer for replays. */
  complete(scope: string, key: string, statusCode: number, response: string): Promise<void>;
  /** Forgets the key (the request failed on our side; a retry runs again). */
  release(scope: string, key: string): Promise<void>;
  /** Forgets every key of an account, with the answers kept for replays (they can name people): on deletion. */
  forgetScope(scope: string): Promise<void>;
};

export function postgresIdempotencyStore(sql: Sql): IdempotencyStore {
  return {
    async claim(scope, key, route, requestHash) {
      const claimed = await sql`
        insert into idempotency_keys (user_id, key, route, request_hash)
        values (${scope}, ${key}, ${route}, ${requestHash})
        on conflict (user_id, key) do nothing returning key`;
      if (claimed.length > 0) return null;
      const [first] = await sql<{ request_hash: string; status_code: number | null; response: string | null }[]>`
        select request_hash, status_code, response from idempotency_keys where user_id = ${scope} and key = ${key}`;
      return first
        ? { requestHash: first.request_hash, statusCode: first.status_code, response: first.response }
        : 'gone';
    },
    async complete(scope, key, statusCode, response) {
      await sql`
        update idempotency_keys set status_code = ${statusCode}, response = ${response}
        where user_id = ${scope} and key = ${key}`;
    },
    async release(scope, key) {
      await sql`delete from idempotency_keys where user_id = ${scope} and key = ${key}`;
    },
    async forgetScope(scope) {
      await sql`delete from idempotency_keys where user_id = ${scope}`;
    },
  };
}

type RedisRecord = FirstRequest & { route: string };

export function redisIdempotencyStore(redis: Redis): IdempotencyStore {
  const name = (scope: string, key: string) => `idem:${scope}:${key}`;
  return {
    async claim(scope, key, route, requestHash) {
      const record: RedisRecord = { route, requestHash, statusCode: null, response: null };
      const set = await redis.set(name(scope, key), JSON.stringify(record), 'PX', RETENTION_MS, 'NX');
      if (set === 'OK') return null;
      const stored = await redis.get(name(scope, key));
      if (stored === null) return 'gone';
      const first = JSON.parse(stored) as RedisRecord;
      return { requestHash: first.requestHash, statusCode: first.statusCode, response: first.response };
    },
    async complete(scope, key, statusCode, response) {
      const stored = await redis.get(name(scope, key));
      if (stored === null) return;
      const record: RedisRecord = { ...(JSON.parse(stored) as RedisRecord), statusCode, response };
      // XX: only while the claim is still there; KEEPTTL: the key expires RETENTION_DAYS after the claim.
      await redis.set(name(scope, key), JSON.stringify(record), 'KEEPTTL', 'XX');
    },
    async release(scope, key) {
      await redis.del(name(scope, key));
    },
    async forgetScope(scope) {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${name(scope, '')}*`, 'COUNT', 500);
        if (keys.length > 0) await redis.del(...keys);
        cursor = next;
      } while (cursor !== '0');
    },
  };
}

/** Deletes the PostgreSQL keys past their retention (Redis expires its own). */
export async function pruneIdempotencyKeys(sql: Sql): Promise<number> {
  const deleted = await sql`
    delete from idempotency_keys where created_at < now() - make_interval(days => ${RETENTION_DAYS})`;
  return deleted.count;
}
