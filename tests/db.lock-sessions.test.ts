import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProjectionRunner } from '../infrastructure/projections/runner.ts';
import { startScheduledJobs } from '../infrastructure/scheduling/scheduled.ts';
import { postgresMoneyLocks } from '../shared/db/money-locks.ts';
import { connect, openSession, sessionQuery, type Sql } from '../shared/db/postgres.ts';
import { withDeadline } from '../shared/deadline.ts';
import { PostgresEventStore } from '../shared/eventstore/postgres.ts';
import { countingProjection } from './support/counting-projection.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { deferred, waitUntil } from './support/wait.ts';

/**
 * The connections that hold advisory locks, when the server ends them (a PostgreSQL restart, a
 * failover, an administrator's pg_terminate_backend). With postgres.js's `reserve()` these hung:
 * a reservation queued behind a dropped connection, or a query on a reserved connection whose
 * backend died, never settled, and the projection worker, the scheduler and money commands waited
 * for good. Each case here ends the lock holder's backend and expects the next step to go on.
 */
let database: TestDatabase;
let sql: Sql;
/** Ends backends from outside, as an administrator or a restart would. */
let admin: Sql;

beforeAll(async () => {
  database = await createTestDatabase('lock_sessions');
  sql = connect(database.url, { max: 4, applicationName: 'lock-sessions-test' });
  admin = connect(database.url, { max: 1, applicationName: 'lock-sessions-admin' });
});

afterAll(async () => {
  await sql?.end({ timeout: 5 });
  await admin?.end({ timeout: 5 });
  await database?.drop();
});

/** Ends every backend of this database that holds an advisory lock, except the admin's own. */
async function terminateLockHolders(): Promise<number> {
  const rows = await admin<{ pid: number }[]>`
    select pg_terminate_backend(l.pid) as ended, l.pid from pg_locks l
    join pg_stat_activity a on a.pid = l.pid
    where l.locktype = 'advisory' and a.datname = current_database() and l.pid <> pg_backend_pid()
    group by l.pid`;
  return rows.length;
}

/** Fails the test, rather than hanging it, when a step that must settle does not. */
const within = <T>(work: Promise<T>, ms: number, what: string) =>
  withDeadline(work, ms, `${what} did not settle in ${ms} ms`);

describe('openSession', () => {
  it('never keeps a statement waiting past its deadline once its backend is ended, and a new session takes the lock', async () => {
    const session = openSession(sql);
    const fresh = openSession(sql);
    try {
      const [before] = await sessionQuery(session<{ pid: number }[]>`select pg_backend_pid() as pid`);
      await sessionQuery(session`select pg_advisory_lock(42)`);
      expect(await terminateLockHolders()).toBe(1);
      const started = Date.now();
      await sessionQuery(session`select 1`, 1_000).catch(() => {});
      expect(Date.now() - started).toBeLessThan(1_900);
      await within(session.end({ timeout: 0 }), 2_000, 'ending the old session');
      const [after] = await sessionQuery(fresh<{ pid: number }[]>`select pg_backend_pid() as pid`);
      expect(after!.pid).not.toBe(before!.pid);
      // The lock went with the old session.
      const [taken] = await sessionQuery(fresh<{ locked: boolean }[]>`select pg_try_advisory_lock(42) as locked`);
      expect(taken!.locked).toBe(true);
    } finally {
      await fresh.end({ timeout: 1 });
    }
  });
});

describe('money locks', () => {
  it('serialise the holders of one job and let another job through', async () => {
    const locks = postgresMoneyLocks(sql);
    const job = randomUUID();
    const firstHolds = deferred<void>();
    const order: string[] = [];
    const first = locks.job(job, async () => {
      order.push('first in');
      await firstHolds.promise;
      order.push('first out');
    });
    await waitUntil(() => order.length === 1);
    const second = locks.job(job, async () => void order.push('second'));
    // A different job does not wait for the first.
    await within(
      locks.job(randomUUID(), async () => void order.push('other job')),
      5_000,
      'a lock on another job',
    );
    firstHolds.resolve();
    await Promise.all([first, second]);
    expect(order).toEqual(['first in', 'other job', 'first out', 'second']);
  });

  it('keep working after the backend holding a lock is ended, and the work’s own outcome is the answer', async () => {
    const locks = postgresMoneyLocks(sql);
    const job = randomUUID();
    const held = deferred<void>();
    const finish = deferred<void>();
    const holder = locks.job(job, async () => {
      held.resolve();
      await finish.promise;
      return 'decided';
    });
    await held.promise;
    expect(await terminateLockHolders()).toBe(1);
    finish.resolve();
    expect(await within(holder, 5_000, 'the holder')).toBe('decided');
    // The lock went with the backend; the next holder of the same job gets it at once.
    expect(
      await within(
        locks.job(job, async () => 'next'),
        5_000,
        'the next holder',
      ),
    ).toBe('next');
  });
});

describe('the projection runner', () => {
  it('takes its projections again on a new session after its lock session is ended, and stops promptly', async () => {
    const store = await PostgresEventStore.connect(database.url, { listen: false });
    const projection = countingProjection({ name: `lock_counts_${Date.now()}`, table: 'lock_counts' });
    const runner = new ProjectionRunner({ sql, store, projections: [projection], takeoverIntervalMs: 50 });
    try {
      await runner.start();
      const lockPid = async () => {
        const [row] = await admin<{ pid: number | null }[]>`
          select max(l.pid) as pid from pg_locks l join pg_stat_activity a on a.pid = l.pid
          where l.locktype = 'advisory' and a.datname = current_database()`;
        return row!.pid;
      };
      const first = await lockPid();
      expect(first).not.toBeNull();
      expect(await terminateLockHolders()).toBe(1);
      // The lock is taken on a new session, then the projection is followed again.
      await waitUntil(
        async () => ((await lockPid()) ?? first) !== first && runner.status().some((s) => s.name === projection.name),
        { timeoutMs: 10_000, message: 'the runner did not take its projection again on a new session' },
      );
      expect(runner.status().map((s) => s.name)).toEqual([projection.name]);
      // Caught up after the change of session: a new event is applied once.
      await store.append(`counted-${randomUUID()}`, [{ type: 'Counted', data: {} }], { expectedRevision: 'no_stream' });
      await within(runner.idle(10_000), 12_000, 'idle()');
      const [counted] = await sql<{ n: number }[]>`select coalesce(sum(n), 0)::int as n from lock_counts`;
      expect(counted!.n).toBe(1);
    } finally {
      await within(runner.stop(), 10_000, 'stop()');
      await store.close();
    }
    // Nothing of the runner holds a lock after it stopped.
    const [left] = await admin<{ n: number }[]>`
      select count(*)::int as n from pg_locks l join pg_stat_activity a on a.pid = l.pid
      where l.locktype = 'advisory' and a.datname = current_database()`;
    expect(left!.n).toBe(0);
  });
});

describe('the scheduler', () => {
  it('runs its job again after the session holding the job locks is ended', async () => {
    let runs = 0;
    let holding = deferred<void>();
    const release = deferred<void>();
    const scheduler = startScheduledJobs(sql, {} as never, [
      {
        name: 'lock-sessions-job',
        intervalMs: 20,
        async run() {
          runs += 1;
          holding.resolve();
          if (runs === 1) await release.promise;
          return 0;
        },
      },
    ]);
    try {
      await holding.promise;
      expect(await terminateLockHolders()).toBe(1);
      release.resolve();
      holding = deferred<void>();
      const before = runs;
      await waitUntil(() => runs > before + 2, {
        timeoutMs: 10_000,
        message: 'the job did not run again after its lock session ended',
      });
    } finally {
      await within(scheduler.stop(), 12_000, 'stop()');
    }
  });
});
