import { openSession, sessionQuery, type Sql } from '../../shared/db/postgres.ts';
import { withDeadline } from '../../shared/deadline.ts';
import type { EventStore } from '../../shared/eventstore/types.ts';
import { noNarrator, type DisputeNarrator } from '../../shared/ai/dispute-narrator.ts';
import { createSandboxGateway, type PaymentGateway } from '../../shared/payments/gateway.ts';
import type { AuditLog } from '../../shared/audit/index.ts';

/**
 * Time-driven work (a booking reminder 24 h before, reviews published after 7 days). A job reads
 * read models to find what is due and issues commands through the deciders, so "exactly once" is
 * the decider's rule (a second reminder is refused by the booking's state), not the timer's. The
 * timer only keeps the work cheap: one worker process runs a job at a time (a Postgres advisory
 * lock), and a tick that overlaps the previous one is skipped.
 */
export type ScheduledJobContext = {
  sql: Sql;
  store: EventStore;
  now: Date;
  gateway: PaymentGateway;
  /** The optional AI provider's narrative for dispute analyses (none when absent). */
  narrator?: DisputeNarrator;
  /** The audit log whose tree heads the process publishes (startScheduledJobs always gives it). */
  auditLog?: AuditLog;
};

export type ScheduledJob = {
  name: string;
  intervalMs: number;
  /** Does what is due at `now`; answers how many items it handled (for logs and tests). */
  run(context: ScheduledJobContext): Promise<number>;
};

type Logger = { info(obj: object, msg?: string): void; error(obj: object, msg?: string): void };

/** The advisory lock namespace of the scheduled jobs. */
const LOCK_NAMESPACE = 0x5c4ed;

/** A stable 32-bit key per job name for pg_try_advisory_lock (namespace 0x5c4ed). */
function lockKey(name: string): number {
  let hash = 0;
  for (const char of `scheduled:${name}`) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

/**
 * The advisory lock a job's tick takes (`pg_advisory_lock(namespace, key)`): whoever holds it on
 * another session keeps every worker's timer from running that job (tests use it to stop a timer
 * between two commands).
 */
export const scheduledJobLock = (name: string) => ({ namespace: LOCK_NAMESPACE, key: lockKey(name) });

export function startScheduledJobs(
  sql: Sql,
  store: EventStore,
  jobs: readonly ScheduledJob[],
  options: {
    /** Needed by the audit-heads job; the product's processes always give it. */
    auditLog?: AuditLog;
    logger?: Logger;
    clock?: () => Date;
    gateway?: PaymentGateway;
    narrator?: DisputeNarrator;
    /** How long a tick may run before the next one is scheduled regardless (default 2 minutes). */
    tickDeadlineMs?: number;
    /** How long stop() waits for running ticks (default 10 s). */
    stopWaitMs?: number;
  } = {},
): { stop(): Promise<void> } {
  const tickDeadlineMs = options.tickDeadlineMs ?? 120_000;
  const stopWaitMs = options.stopWaitMs ?? 10_000;
  const clock = options.clock ?? (() => new Date());
  const gateway = options.gateway ?? createSandboxGateway();
  const narrator = options.narrator ?? noNarrator;
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<void>>();
  let stopped = false;

  /*
   * The jobs' advisory locks live on one session of their own (openSession: a pool of one connection)
   * for the whole scheduler, and the jobs' own queries use the pool. A connection taken from the
   * pool per tick, held while the job ran its queries on the pool, deadlocked a worker process: its
   * 17 jobs tick together, their reservations took the whole pool (10), and each then waited for a
   * connection for its first query, with the projection runner's reads queued behind them, for good.
   *
   * Session locks are re-entrant, so this process never runs a job twice at once by itself: a
   * tick finding its job still running (an overdue tick) skips. If the connection breaks, its
   * locks go with its session; the session is ended and the next tick opens a new one.
   */
  let lockConnection: Sql | null = null;
  const lockConnectionOf = (): Sql => (lockConnection ??= openSession(sql));
  const dropLockConnection = (connection: Sql) => {
    if (lockConnection === connection) lockConnection = null;
    void connection.end({ timeout: 0 }).catch(() => {});
  };
  const inProgress = new Set<string>();

  const tick = (job: ScheduledJob) => {
    if (stopped) return;
    const work = (async () => {
      if (inProgress.has(job.name)) return;
      inProgress.add(job.name);
      try {
        // Reaching the database fails while it is down: that is a failed tick like any other,
        // logged and retried on the next one (an exception escaping here would end the process).
        const connection = lockConnectionOf();
        let locked: boolean;
        try {
          const [row] = await sessionQuery(connection<{ locked: boolean }[]>`
            select pg_try_advisory_lock(${LOCK_NAMESPACE}, ${lockKey(job.name)}) as locked`);
          locked = row?.locked === true;
        } catch (err) {
          dropLockConnection(connection);
          options.logger?.error({ job: job.name, err }, 'scheduled job could not reach the database');
          return;
        }
        if (!locked) return;
        try {
          const handled = await job.run({ sql, store, now: clock(), gateway, narrator, auditLog: options.auditLog });
          if (handled > 0) options.logger?.info({ job: job.name, handled }, 'scheduled job ran');
        } catch (err) {
          options.logger?.error({ job: job.name, err }, 'scheduled job failed');
        } finally {
          // A failed unlock means the session is gone, and its locks with it.
          await sessionQuery(connection`select pg_advisory_unlock(${LOCK_NAMESPACE}, ${lockKey(job.name)})`).catch(() =>
            dropLockConnection(connection),
          );
        }
      } finally {
        inProgress.delete(job.name);
      }
    })();
    running.add(work);
    // A tick that never ends (a query on a connection whose server went away can hang in the
    // driver) must not stop its job for good: past the deadline the next tick is scheduled anyway.
    // The stuck one keeps its place in `running` until it settles, if it ever does.
    let deadline: NodeJS.Timeout | undefined;
    const overdue = new Promise<'overdue'>((resolve) => {
      deadline = setTimeout(() => resolve('overdue'), tickDeadlineMs).unref();
    });
    void work.finally(() => {
      clearTimeout(deadline);
      running.delete(work);
    });
    void Promise.race([work, overdue]).then((outcome) => {
      if (outcome === 'overdue') {
        options.logger?.error({ job: job.name, afterMs: tickDeadlineMs }, 'scheduled job tick overdue; moving on');
      }
      if (!stopped) timers.push(setTimeout(() => tick(job), job.intervalMs).unref());
    });
  };

  for (const job of jobs) timers.push(setTimeout(() => tick(job), Math.min(job.intervalMs, 5_000)).unref());

  return {
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      // Finish what is running, but a stuck tick must not hold up the process's shutdown.
      await withDeadline(Promise.allSettled([...running]), stopWaitMs, 'ticks still running').catch(() => {});
      // Unlocked explicitly first, so another worker's next tick need not wait for the session's end.
      const connection = lockConnection;
      lockConnection = null;
      if (connection) {
        await sessionQuery(connection`select pg_advisory_unlock_all()`).catch(() => {});
        await connection.end({ timeout: 0 }).catch(() => {});
      }
    },
  };
}
