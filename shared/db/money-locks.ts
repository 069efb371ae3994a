import type { Sql } from './postgres.ts';

/**
 * Locks that serialise the commands deciding about the same money, across API instances and
 * workers. A job's money is decided on more than one stream (its work order or booking, its
 * contract, its escrow), and a card is charged before the charge is recorded, so optimistic
 * concurrency on one stream is not enough on its own: the commands that span streams or move
 * money first (cancel a job, fund an escrow, renew or buy a plan) hold the lock of what they
 * decide about for their whole run. Commands on one stream alone (mark complete, approve) need
 * no lock: the expected revision of the escrow's append already orders them against the holder.
 *
 * Never take a lock while holding another: each lock holds its own connection.
 */
export type MoneyLocks = {
  /** One job's contract, escrow and the work order or booking it belongs to. */
  job<T>(jobId: string, work: () => Promise<T>): Promise<T>;
  /** One account's plan and listing boosts. */
  account<T>(accountId: string, work: () => Promise<T>): Promise<T>;
};

/** Advisory-lock namespaces (the first key of the two-key form). */
const JOB_NAMESPACE = 0xe5c;
const ACCOUNT_NAMESPACE = 0x91a;

/** A 32-bit key from an id (the second key of the two-key form). */
function lockKey(id: string): number {
  let hash = 0;
  for (const char of id) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

/**
 * Transaction-level advisory locks: each holder runs its work while a transaction of its own sits
 * open on one pooled connection, and the lock ends with that transaction, however it ends (commit,
 * a dropped connection, a killed backend). Not a session lock on `sql.reserve()`: postgres.js 3.4
 * can leave a reservation or a query on a reserved connection unsettled for good when the server
 * ends connections, which hung money commands after a PostgreSQL restart. The work inside must
 * not need another connection of the same pool while it waits on nothing but the event store
 * (which has its own), or a burst of waiters could hold every connection.
 */
export function postgresMoneyLocks(sql: Sql): MoneyLocks {
  async function hold<T>(namespace: number, id: string, work: () => Promise<T>): Promise<T> {
    let working: Promise<T> | null = null;
    try {
      await sql.begin(async (tx) => {
        // The transaction stays idle while the work runs (a card charge, appends to the store):
        // the pool's idle-in-transaction limit would end it, and the lock, half-way through.
        await tx`select set_config('idle_in_transaction_session_timeout', ${LOCK_HOLD_LIMIT}, true)`;
        await tx`select pg_advisory_xact_lock(${namespace}, ${lockKey(id)})`;
        working = work();
        await working;
      });
      return await working!;
    } catch (error) {
      // The connection holding the lock died while the work went on: what the work decided
      // stands (it is in the event store), so its own outcome is the answer.
      if (working) return await working;
      throw error;
    }
  }
  return {
    job: (jobId, work) => hold(JOB_NAMESPACE, jobId, work),
    account: (accountId, work) => hold(ACCOUNT_NAMESPACE, accountId, work),
  };
}

/** The longest a lock is held: far beyond any command, short of holding a job for good. */
const LOCK_HOLD_LIMIT = '10min';

/** The same locks inside one process: for the property tests that run the workflows on an in-memory store. */
export function inProcessMoneyLocks(): MoneyLocks {
  const tails = new Map<string, Promise<unknown>>();
  async function hold<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    const tail = previous.then(() => mine);
    tails.set(key, tail);
    await previous;
    try {
      return await work();
    } finally {
      release();
      if (tails.get(key) === tail) tails.delete(key);
    }
  }
  return {
    job: (jobId, work) => hold(`job:${jobId}`, work),
    account: (accountId, work) => hold(`account:${accountId}`, work),
  };
}
