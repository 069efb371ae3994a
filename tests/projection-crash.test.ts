import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Sql } from '../shared/db/postgres.ts';
import { PostgresEventStore } from '../shared/eventstore/postgres.ts';
import { START, comparePositions, type Position } from '../shared/eventstore/types.ts';
import { actualCounts, expectedCounts, readCheckpoint, readWholeLog } from './support/counting-projection.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { waitUntil } from './support/wait.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WORKER = 'tests/support/crash-worker.ts';
// Names used by the worker script (it is a program, so it is not imported here).
const PROJECTION = 'crash_counts';
const APPLICATION = 'crash-worker';
const EVENTS = 2000;

type Worker = {
  child: ChildProcess;
  batches: Position[];
  exited: Promise<number | null>;
  output: () => string;
};

describe('projection worker killed in the middle of a batch', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  let sql: Sql;
  const children = new Set<ChildProcess>();

  beforeAll(async () => {
    database = await createTestDatabase('proj_crash');
    store = await PostgresEventStore.connect(database.url, { listen: false });
    sql = connect(database.url, { max: 3 });
  });

  afterAll(async () => {
    // Whatever happened, no worker outlives the test file.
    await Promise.all(
      [...children].map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGKILL');
          }),
      ),
    );
    await store?.close();
    await sql?.end({ timeout: 5 });
    await database?.drop();
  });

  function spawnWorker(): Worker {
    const child = spawn(process.execPath, ['--import', 'tsx', WORKER, database.url], {
      cwd: ROOT,
      stdio: ['pipe', 'pipe', 'pipe'], // stdin: the worker exits when it closes (see the worker)
    });
    children.add(child);
    const batches: Position[] = [];
    let output = '';
    createInterface({ input: child.stdout! }).on('line', (line) => {
      output += `${line}\n`;
      const match = /^BATCH (\d+) (\d+)$/.exec(line);
      if (match) batches.push({ commit: BigInt(match[1]!), prepare: BigInt(match[2]!) });
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => {
      child.once('exit', (code) => {
        children.delete(child);
        resolve(code);
      });
    });
    return { child, batches, exited, output: () => output };
  }

  /** Backends of the worker's pool, and whether each is inside a transaction that has written. */
  async function workerBackends() {
    return sql<{ pid: number; writing: boolean }[]>`
      select pid, backend_xid is not null as writing from pg_stat_activity
      where datname = ${database.name} and application_name = ${APPLICATION}`;
  }

  it('loses nothing and doubles nothing across a SIGKILL and a restart', async () => {
    const streams = Array.from({ length: 10 }, () => `job-${randomUUID()}`);
    for (let i = 0; i < EVENTS / 20; i++) {
      await store.append(
        streams[i % streams.length]!,
        Array.from({ length: 20 }, (_, j) => ({ type: 'Counted', data: { i, j } })),
      );
    }
    const log = await waitUntil(async () => {
      const events = await readWholeLog(store);
      return events.length === EVENTS ? events : undefined;
    });
    const head = log[log.length - 1]!.position;

    // First worker: let it commit at least one batch and get well into the next, then kill it.
    const first = spawnWorker();
    await waitUntil(() => first.batches.length >= 1, {
      timeoutMs: 20_000,
      message: () => `first worker committed no batch; output:\n${first.output()}`,
    });
    await waitUntil(async () => (await workerBackends()).some((b) => b.writing), {
      message: 'first worker never opened its next batch transaction',
    });
    first.child.kill('SIGKILL');
    await first.exited;
    expect(first.child.signalCode).toBe('SIGKILL');
    // The server notices the dropped connections and rolls the open batch back.
    await waitUntil(async () => (await workerBackends()).length === 0, {
      message: 'the killed worker still has backends',
    });

    const killedAt = (await readCheckpoint(sql, PROJECTION))!;
    expect(killedAt.version).toBe(1);
    expect(comparePositions(killedAt.position, START)).toBe(1);
    expect(comparePositions(killedAt.position, head)).toBe(-1);
    // The checkpoint is the last batch the worker reported, and the read model holds exactly the
    // events up to it: the half-done batch left no trace.
    expect(killedAt.position).toEqual(first.batches[first.batches.length - 1]);
    const applied = log.filter((e) => comparePositions(e.position, killedAt.position) <= 0);
    expect(applied.length % 100).toBe(0);
    expect(applied.length).toBe(first.batches.length * 100);
    expect(await actualCounts(sql, PROJECTION)).toEqual(expectedCounts(applied));

    // Second worker: resumes from the checkpoint and finishes.
    const second = spawnWorker();
    await waitUntil(
      async () => {
        const checkpoint = await readCheckpoint(sql, PROJECTION);
        return checkpoint !== null && comparePositions(checkpoint.position, head) >= 0;
      },
      { timeoutMs: 45_000, intervalMs: 50, message: () => `second worker did not finish; output:\n${second.output()}` },
    );
    expect((await readCheckpoint(sql, PROJECTION))!.position).toEqual(head);

    const counts = await actualCounts(sql, PROJECTION);
    expect(counts).toEqual(expectedCounts(log));
    expect(Object.values(counts).reduce((sum, n) => sum + n, 0)).toBe(EVENTS);
    // It resumed where the first one stopped rather than starting over.
    expect(comparePositions(second.batches[0]!, killedAt.position)).toBe(1);
    expect(second.batches).toHaveLength((EVENTS - applied.length) / 100);

    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 90_000);
});
