import type { Sql } from './db/postgres.ts';

/**
 * Where Idempotency-Keys live: one PostgreSQL table, seen by every API instance, as durable as the
 * money it protects (a key lost from a cache would let a retried payment run twice). A key belongs
 * to one scope (the account, or all visitors together) and is kept RETENTION_DAYS; a scheduled job
 * prunes older ones.
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
/**
 * How long a claim without an answer holds its key: a request still running after this has died
 * with its process (requests time out long before), and a retry may take the key over instead of
 * being told "still running" until the key is pruned.
 */
export const CLAIM_LEASE_MINUTES = 2;

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
      // A new key, or one whose first request died unanswered past its lease: ours.
      const claimed = await sql`
        insert into idempotency_keys (user_id, key, route, request_hash)
        values (${scope}, ${key}, ${route}, ${requestHash})
        on conflict (user_id, key) do update
          set route = excluded.route, request_hash = excluded.request_hash, created_at = now()
          where idempotency_keys.status_code is null
            and idempotency_keys.created_at < now() - make_interval(mins => ${CLAIM_LEASE_MINUTES})
        returning key`;
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

/** Deletes the keys past their retention. */
export async function pruneIdempotencyKeys(sql: Sql): Promise<number> {
  const deleted = await sql`
    delete from idempotency_keys where created_at < now() - make_interval(days => ${RETENTION_DAYS})`;
  return deleted.count;
}
