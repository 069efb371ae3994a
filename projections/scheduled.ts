import type { Sql } from '../shared/db/postgres.ts';
import type { EventStore } from '../shared/eventstore/types.ts';
import { noNarrator, type DisputeNarrator } from '../shared/ai/dispute-narrator.ts';
import { createSandboxGateway, type PaymentGateway } from '../shared/payments/gateway.ts';

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
};

export type ScheduledJob = {
  name: string;
  intervalMs: number;
  /** Does what is due at `now`; answers how many items it handled (for logs and tests). */
  run(context: ScheduledJobContext): Promise<number>;
};

type Logger = { info(obj: object, msg?: string): void; error(obj: object, msg?: string): void };

/** A stable 32-bit key per job name for pg_try_advisory_lock (namespace 0x5c4ed). */
function lockKey(name: string): number {
  let hash = 0;
  for (const char of `scheduled:${name}`) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

export function startScheduledJobs(
  sql: Sql,
  store: EventStore,
  jobs: readonly ScheduledJob[],
  options: { logger?: Logger; clock?: () => Date; gateway?: PaymentGateway; narrator?: DisputeNarrator } = {},
): { stop(): Promise<void> } {
  const clock = options.clock ?? (() => new Date());
  const gateway = options.gateway ?? createSandboxGateway();
  const narrator = options.narrator ?? noNarrator;
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<void>>();
  let stopped = false;

  const tick = (job: ScheduledJob) => {
    if (stopped) return;
    const work = (async () => {
      const reserved = await sql.reserve();
      try {
        const [row] = await reserved<{ locked: boolean }[]>`
          select pg_try_advisory_lock(${0x5c4ed}, ${lockKey(job.name)}) as locked`;
        if (!row?.locked) return;
        try {
          const handled = await job.run({ sql, store, now: clock(), gateway, narrator });
          if (handled > 0) options.logger?.info({ job: job.name, handled }, 'scheduled job ran');
        } finally {
          await reserved`select pg_advisory_unlock(${0x5c4ed}, ${lockKey(job.name)})`;
        }
      } catch (err) {
        options.logger?.error({ job: job.name, err }, 'scheduled job failed');
      } finally {
        reserved.release();
      }
    })();
    running.add(work);
    void work.finally(() => {
      running.delete(work);
      if (!stopped) timers.push(setTimeout(() => tick(job), job.intervalMs).unref());
    });
  };

  for (const job of jobs) timers.push(setTimeout(() => tick(job), Math.min(job.intervalMs, 5_000)).unref());

  return {
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      await Promise.allSettled([...running]);
    },
  };
}
