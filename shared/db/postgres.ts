import postgres from 'postgres';

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
  return postgres(url, {
    max: options.max ?? 10,
    onnotice: () => {},
    connection: {
      application_name: options.applicationName ?? 'marketplace',
      idle_in_transaction_session_timeout: options.idleInTransactionTimeoutMs ?? 15_000,
    },
  });
}

/** Postgres error codes the code base reacts to. */
export const PG_UNIQUE_VIOLATION = '23505';

export function isPgError(error: unknown): error is postgres.PostgresError {
  return error instanceof postgres.PostgresError;
}
