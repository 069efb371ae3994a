import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../runtime/runtime.ts';
import { CheckpointWatcher } from '../infrastructure/projections/checkpoints.ts';
import { accountsProjection } from '../projections/accounts.ts';
import { escrowsProjection } from '../projections/escrows.ts';
import { allProjections } from '../projections/index.ts';
import { ProjectionRunner } from '../infrastructure/projections/runner.ts';
import { UNFINISHED_REBUILD_VERSION } from '../infrastructure/projections/rebuild.ts';
import { rebuildInProcesses } from '../runtime/rebuild-in-processes.ts';
import { connect, type Sql } from '../shared/db/postgres.ts';
import { openEventStore, type EventStore } from '../shared/eventstore/index.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';

/** The production entry points: `npm run start:projections` and `npm run projections:rebuild -- <name>`. */
const root = path.resolve(import.meta.dirname, '..');
let database: TestDatabase;
let sql: Sql;
let store: EventStore;
const children: ChildProcess[] = [];

function run(script: string, args: string[] = []) {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/root',
      DATABASE_URL: database.url,
      LOG_LEVEL: 'warn',
    },
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function registerCustomers(count: number) {
  for (let i = 0; i < count; i++) {
    const accountId = randomUUID();
    await store.append(
      `account-${accountId}`,
      [{ type: 'AccountRegistered', data: { accountId, role: 'customer', registeredAt: new Date().toISOString() } }],
      { expectedRevision: 'no_stream' },
    );
  }
}

async function accountRows() {
  const [row] = await sql<{ count: string }[]>`select count(*) from rm_accounts`;
  return Number(row!.count);
}

async function until(check: () => Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  database = await createTestDatabase('cli');
  sql = connect(database.url, { max: 5 });
  await migrate(sql, { postgresEventStore: true });
  store = await openEventStore({ databaseUrl: database.url });
});

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await store.close();
  await sql.end();
  await database.drop();
});

describe('projection worker process', () => {
  it('builds the read models from the log and follows new events', async () => {
    await registerCustomers(5);
    const worker = run('runtime/projections-worker.ts');
    try {
      await until(
        async () => (await sql`select to_regclass('rm_accounts') as t`)[0]!.t !== null && (await accountRows()) === 5,
      );
      await registerCustomers(3);
      await until(async () => (await accountRows()) === 8);
    } finally {
      worker.child.kill('SIGTERM');
      expect(await worker.exited).toBe(0);
    }
  });
});

describe('npm run projections:rebuild -- <name>', () => {
  it('rejects an unknown projection name and lists the known ones', async () => {
    const cli = run('runtime/projections-rebuild.ts', ['no-such-projection']);
    expect(await cli.exited).toBe(2);
    expect(cli.output()).toContain('Known projections: accounts');
  });

  it('rebuilds a read model from zero when no worker owns it', async () => {
    // Damage the read model by hand: the rebuild must restore it from the log.
    await sql`delete from rm_accounts`;
    expect(await accountRows()).toBe(0);
    const cli = run('runtime/projections-rebuild.ts', ['accounts']);
    expect(await cli.exited).toBe(0);
    expect(cli.output()).toContain(`Rebuilt accounts (version ${accountsProjection.version}): 8 events`);
    expect(await accountRows()).toBe(8);
  });

  it('rebuilds every read model with --all in passes side by side, showing their rate, position and time left', async () => {
    await sql`delete from rm_accounts`;
    const cli = run('runtime/projections-rebuild.ts', ['--processes', '2', '--all']);
    expect(await cli.exited).toBe(0);
    // Each event counts once, however many passes read it.
    expect(cli.output()).toMatch(/8 events · [\d,]+ events\/s · position \d+ · 0 s left/);
    expect(cli.output()).toMatch(/8 events in [\d.]+ s \([\d,]+ events\/s\), in 2 processes\./);
    expect(cli.output()).toContain(`accounts (version ${accountsProjection.version})`);
    expect(cli.output()).toContain(`escrows (version ${escrowsProjection.version})`);
    expect(await accountRows()).toBe(8);
  });

  it('rejects a number of processes that is not a whole number of at least 1, and an unknown option', async () => {
    const cli = run('runtime/projections-rebuild.ts', ['--processes=0', '--all']);
    expect(await cli.exited).toBe(2);
    expect(cli.output()).toContain('--processes takes a whole number of at least 1.');
    const unknown = run('runtime/projections-rebuild.ts', ['--procesess', '2', '--all']);
    expect(await unknown.exited).toBe(2);
    expect(unknown.output()).toContain("Unknown option '--procesess'");
  });

  it('fails when one pass fails, and a later rebuild restores the read models', async () => {
    const unknown = { ...accountsProjection, name: 'no-such-read-model', rebuildWeight: 100 };
    await expect(
      rebuildInProcesses(database.url, [unknown, accountsProjection, escrowsProjection], { processes: 2 }),
    ).rejects.toThrow(/the rebuild of no-such-read-model ended with exit code 1/);
    // The other pass was stopped before it finished, or finished: never left half-done and marked done.
    const [row] = await sql<{ version: number }[]>`
      select version from projection_checkpoints where name = ${accountsProjection.name}`;
    expect([UNFINISHED_REBUILD_VERSION, accountsProjection.version]).toContain(row!.version);
    const cli = run('runtime/projections-rebuild.ts', ['accounts']);
    expect(await cli.exited).toBe(0);
    expect(await accountRows()).toBe(8);
  });

  it('asks the running worker that owns the projection to rebuild, and waits for it', async () => {
    const runner = new ProjectionRunner({ sql, store, projections: allProjections, takeoverIntervalMs: 200 });
    const watcher = await CheckpointWatcher.start(sql, ['accounts']);
    await runner.start();
    try {
      await runner.idle();
      await sql`delete from rm_accounts`;
      const cli = run('runtime/projections-rebuild.ts', ['accounts']);
      expect(await cli.exited).toBe(0);
      expect(cli.output()).toContain('asking it to rebuild');
      expect(await accountRows()).toBe(8);
    } finally {
      await runner.stop();
      await watcher.close();
    }
  });
});
