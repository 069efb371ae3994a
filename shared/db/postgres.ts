import postgres from 'postgres';
import { withDeadline } from '../deadline.ts';

export type Sql = postgres.Sql<Record<string, unknown>>;
export type TransactionSql = postgres.TransactionSql<Record<string, unknown>>;

export type ConnectOptions = {
  max?: number;
  /** Application name shown in pg_stat_activity, useful when several processes share a server. */
  applicationName?: string;
  /**
   * How long a transaction may sit idle before the server ends it (15 s by default). A rebuild folds
   * a window of events in memory inside its transaction, which can take longer on a slow host.
   */
  idleInTransactionTimeoutMs?: number;
};

/**
 * One postgres.js pool. Int8 and xid8 come back as strings; callers parse them with BigInt.
 * An idle transaction is ended after 15 s: the $all reader waits on the oldest open transaction,
 * so a transaction left open by a bug must not stall every projection for ever.
 */
export function connect(url: string, options: ConnectOptions = {}): Sql {
  const sql = postgres(url, settings(options));
  connectedWith.set(sql, { url, options });
  return sql;
}

function settings(options: ConnectOptions & { session?: boolean }): postgres.Options<Record<string, never>> {
  return {
    max: options.session ? 1 : (options.max ?? 10),
    onnotice: () => {},
    connection: {
      application_name: options.applicationName ?? 'marketplace',
      idle_in_transaction_session_timeout: options.idleInTransactionTimeoutMs ?? 15_000,
    },
    ...(options.session ? { idle_timeout: 0, max_lifetime: null } : {}),
  };
}

/** What each pool was opened with, so that a session beside it connects the same way. */
const connectedWith = new WeakMap<Sql, { url: string; options: ConnectOptions }>();

/**
 * A client of exactly one connection beside `sql`, with the same settings: a server session of its
 * own, for session-level advisory locks held across many statements. It is not `sql.reserve()`:
 * postgres.js 3.4 can strand a reservation for good when the server ends connections (a queued
 * reserve is dropped on reconnect, and a query on a reserved connection whose backend died never
 * settles), so after a PostgreSQL restart the projection worker and the scheduler hung. A pool of
 * one reconnects by itself; a new backend pid tells its holder that the old session's locks are
 * gone. Never recycled by age or idleness, which would drop the locks without a failure to see.
 */
export function openSession(sql: Sql): Sql {
  const opened = connectedWith.get(sql);
  if (!opened) throw new Error('openSession needs a pool opened with connect()');
  return postgres(opened.url, settings({ ...opened.options, session: true }));
}

/** How long a lock session's statement may take before its holder gives the session up. */
export const SESSION_QUERY_DEADLINE_MS = 5_000;

/** A lock session's statement, failed after `ms` (the session is then to be ended and replaced). */
export function sessionQuery<T>(query: Promise<T>, ms = SESSION_QUERY_DEADLINE_MS): Promise<T> {
  return withDeadline(query, ms, `the lock session did not answer within ${ms} ms`);
}

/** Postgres error codes the code base reacts to. */
export const PG_UNIQUE_VIOLATION = '23505';

export function isPgError(error: unknown): error is postgres.PostgresError {
  return error instanceof postgres.PostgresError;
}
