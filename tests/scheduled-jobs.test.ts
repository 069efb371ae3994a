import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScheduledJobs, type ScheduledJob } from '../infrastructure/scheduling/scheduled.ts';
import { connect, type Sql } from '../shared/db/postgres.ts';
import type { EventStore } from '../shared/eventstore/types.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { deferred, sleep, waitUntil } from './support/wait.ts';

/** The timer behind time-driven jobs (infrastructure/scheduling/scheduled.ts), on a real Postgres for its lock. */
let database: TestDatabase;
let sql: Sql;
// The jobs here never touch the store; the framework only hands it on.
const store = {} as EventStore;

beforeAll(async () => {
  database = await createTestDatabase('scheduled');
  sql = connect(database.url, { max: 6 });
});

afterAll(async () => {
  await sql?.end({ timeout: 5 });
  await database?.drop();
});

function recordingLogger() {
  const errors: { obj: object; msg?: string }[] = [];
  const infos: { obj: object; msg?: string }[] = [];
  return {
    errors,
    infos,
    logger: {
      info: (obj: object, msg?: string) => void infos.push({ obj, msg }),
      error: (obj: object, msg?: string) => void errors.push({ obj, msg }),
    },
  };
}

describe('startScheduledJobs', () => {
  it('runs a job again and again, with the clock’s time, and logs what it handled', async () => {
    const seen: Date[] = [];
    const fixed = new Date('2026-07-01T12:00:00.000Z');
    const job: ScheduledJob = {
      name: 'test-runs',
      intervalMs: 10,
      async run(context) {
        expect(context.sql).toBe(sql);
        expect(context.store).toBe(store);
        seen.push(context.now);
        return 1;
      },
    };
    const { logger, infos } = recordingLogger();
    const scheduler = startScheduledJobs(sql, store, [job], { logger, clock: () => fixed });
    await waitUntil(() => seen.length >= 3, { message: 'the job did not run three times' });
    await scheduler.stop();
    expect(seen.every((now) => now === fixed)).toBe(true);
    expect(infos[0]).toEqual({ obj: { job: 'test-runs', handled: 1 }, msg: 'scheduled job ran' });
  });

  it('logs a failing job and tries again on the next tick', async () => {
    let attempts = 0;
    const job: ScheduledJob = {
      name: 'test-fails-once',
      intervalMs: 10,
      async run() {
        attempts += 1;
        if (attempts === 1) throw new Error('the first run breaks');
        return 0;
      },
    };
    const { logger, errors } = recordingLogger();
    const scheduler = startScheduledJobs(sql, store, [job], { logger });
    await waitUntil(() => attempts >= 3, { message: 'the job was not retried' });
    await scheduler.stop();
    expect(errors).toHaveLength(1);
    expect(errors[0]!.msg).toBe('scheduled job failed');
    expect(errors[0]!.obj).toMatchObject({
      job: 'test-fails-once',
      err: expect.objectContaining({ message: 'the first run breaks' }),
    });
  });

  it('stop() waits for a run in progress and starts no other', async () => {
    const started = deferred();
    const release = deferred();
    let runs = 0;
    let finished = false;
    const job: ScheduledJob = {
      name: 'test-slow',
      intervalMs: 10,
      async run() {
        runs += 1;
        started.resolve();
        await release.promise;
        finished = true;
        return 0;
      },
    };
    const scheduler = startScheduledJobs(sql, store, [job]);
    await started.promise;
    let stopped = false;
    const stopping = scheduler.stop().then(() => {
      stopped = true;
    });
    await sleep(50);
    expect(stopped).toBe(false);
    release.resolve();
    await stopping;
    expect(finished).toBe(true);
    await sleep(50);
    expect(runs).toBe(1);
  });

  it('moves on from a tick that never ends, and stop() does not wait for it for ever', async () => {
    let runs = 0;
    const job: ScheduledJob = {
      name: 'test-stuck',
      intervalMs: 10,
      // A query on a connection whose server went away can hang like this in the driver.
      run: () => {
        runs += 1;
        return new Promise<number>(() => {});
      },
    };
    const { logger, errors } = recordingLogger();
    const scheduler = startScheduledJobs(sql, store, [job], { logger, tickDeadlineMs: 100, stopWaitMs: 200 });
    await waitUntil(() => errors.some((e) => e.msg === 'scheduled job tick overdue; moving on'), {
      message: 'the overdue tick was not noticed',
    });
    expect(errors[0]!.obj).toEqual({ job: 'test-stuck', afterMs: 100 });
    // The stuck tick still holds the job's lock, so no second run overlaps it.
    expect(runs).toBe(1);
    const started = performance.now();
    await scheduler.stop();
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('never runs one job in two schedulers at once (the advisory lock)', async () => {
    let running = 0;
    let most = 0;
    let runs = 0;
    const job: ScheduledJob = {
      name: 'test-exclusive',
      intervalMs: 5,
      async run() {
        running += 1;
        runs += 1;
        most = Math.max(most, running);
        await sleep(15);
        running -= 1;
        return 0;
      },
    };
    const schedulers = [startScheduledJobs(sql, store, [job]), startScheduledJobs(sql, store, [job])];
    await waitUntil(() => runs >= 6, { message: 'the job did not run' });
    await Promise.all(schedulers.map((s) => s.stop()));
    expect(most).toBe(1);
  });

  it('runs more jobs than the pool has connections, each querying through the pool', async () => {
    // The product's worker runs 17 jobs on a pool of 10. A connection reserved per tick for the
    // job's lock, held while the job queried through the pool, took the whole pool when the jobs
    // ticked together, and every job then waited for a connection for ever (and with them the
    // projection runner's reads).
    const pool = connect(database.url, { max: 3 });
    const runs = new Map<string, number>();
    const jobs: ScheduledJob[] = Array.from({ length: 8 }, (_, i) => ({
      name: `test-crowd-${i}`,
      intervalMs: 5,
      async run(context) {
        await context.sql`select pg_sleep(0.005)`;
        runs.set(`test-crowd-${i}`, (runs.get(`test-crowd-${i}`) ?? 0) + 1);
        return 0;
      },
    }));
    const scheduler = startScheduledJobs(pool, store, jobs);
    try {
      await waitUntil(() => jobs.every((job) => (runs.get(job.name) ?? 0) >= 2), {
        timeoutMs: 10_000,
        message: () => `runs: ${JSON.stringify(Object.fromEntries(runs))}`,
      });
      // And the pool is still free for others (the projection runner shares it).
      await pool`select 1`;
    } finally {
      await scheduler.stop();
      await pool.end({ timeout: 1 });
    }
  });
});
