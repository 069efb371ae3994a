import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../shared/config.ts';
import { connect, openSession, type Sql } from '../shared/db/postgres.ts';
import { openEventStore } from '../shared/eventstore/index.ts';
import { comparePositions, type EventStore } from '../shared/eventstore/types.ts';
import { migrate, resolveDatabaseUrl } from './runtime.ts';
import { CONTROL_CHANNEL, readCheckpoints } from '../infrastructure/projections/checkpoints.ts';
import { formatProgress } from '../infrastructure/projections/rebuild.ts';
import type { Projection } from '../infrastructure/projections/types.ts';
import { allProjections, projectionByName } from '../projections/index.ts';
import { defaultRebuildProcesses, rebuildInProcesses } from './rebuild-in-processes.ts';

const lockName = (projection: Projection) => `projection:${projection.name}`;

const USAGE = 'Usage: npm run projections:rebuild -- [--processes <n>] <name> [<name> ...] | --all';

/**
 * `npm run projections:rebuild -- <name> [<name> ...]` or `-- --all`: rebuilds read models from the
 * start of the log. Those no worker owns are rebuilt here, split between passes over the log that
 * run side by side, one process each (`--processes`, by default as many as cores, at most four),
 * with one progress line for all (events/s, position, time left); a running worker is asked to
 * rebuild the ones it owns, and this waits until it has caught up.
 */
async function main() {
  let parsed;
  try {
    parsed = parseArgs({
      options: { processes: { type: 'string' }, all: { type: 'boolean' } },
      allowPositionals: true,
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  const { values, positionals } = parsed;
  const processes = values.processes === undefined ? defaultRebuildProcesses() : Number(values.processes);
  const projections = values.all ? [...allProjections] : positionals.map((name) => projectionByName(name));
  if (!Number.isInteger(processes) || processes < 1) {
    console.error(`--processes takes a whole number of at least 1.\n${USAGE}`);
    process.exit(2);
  }
  if (projections.length === 0 || projections.some((projection) => !projection)) {
    console.error(`${USAGE}\nKnown projections: ${allProjections.map((p) => p.name).join(', ')}`);
    process.exit(2);
  }
  const wanted = projections.filter((projection): projection is Projection => projection !== undefined);
  const config = loadConfig();
  const { url, embedded } = await resolveDatabaseUrl(config);
  const sql = connect(url, { max: 2, applicationName: 'marketplace-rebuild' });
  await migrate(sql, { postgresEventStore: !config.EVENTSTORE_URL });
  const store = await openEventStore({
    databaseUrl: url,
    eventStoreUrl: config.EVENTSTORE_URL,
    postgres: { listen: false },
  });
  // The rebuild's own session holds the locks of the projections it rebuilds itself.
  const lock = openSession(sql);
  try {
    const mine: Projection[] = [];
    const workers: Projection[] = [];
    for (const projection of wanted) {
      const [row] = await lock<{ locked: boolean }[]>`
        select pg_try_advisory_lock(hashtext(${lockName(projection)})) as locked`;
      (row?.locked ? mine : workers).push(projection);
    }
    if (mine.length > 0) {
      const { progress: result, groups } = await rebuildInProcesses(url, mine, {
        processes,
        onProgress: (progress) => process.stdout.write(`\r${formatProgress(progress)}   `),
      });
      process.stdout.write('\n');
      console.log(
        `Rebuilt ${mine.map((p) => `${p.name} (version ${p.version})`).join(', ')}: ${result.events.toLocaleString('en-CA')} events in ${result.seconds.toFixed(2)} s (${Math.round(result.eventsPerSecond).toLocaleString('en-CA')} events/s), in ${groups.length === 1 ? 'one process' : `${groups.length} processes`}.`,
      );
    }
    for (const projection of workers) await askWorker(sql, store, lock, projection);
  } finally {
    await lock.end({ timeout: 1 });
  }
  await store.close();
  await sql.end({ timeout: 5 });
  await embedded?.stop();
}

/** A running worker owns the projection: it is asked to rebuild, and this waits until it has caught up. */
async function askWorker(sql: Sql, store: EventStore, lock: Sql, projection: Projection) {
  console.log(`A running worker owns ${projection.name}; asking it to rebuild.`);
  const started = Date.now();
  // The database's clock, the one that stamps checkpoint rows.
  const [clock] = await lock<{ now: Date }[]>`select now()`;
  const requestedAt = clock!.now;
  const target = await store.headPosition();
  await sql`select pg_notify(${CONTROL_CHANNEL}, ${`rebuild ${projection.name}`})`;
  // Done once the worker has reset (the checkpoint row is newer than the request) and caught up.
  for (;;) {
    await sleep(100);
    const checkpoint = (await readCheckpoints(sql)).find((c) => c.name === projection.name);
    const resetSince = checkpoint && checkpoint.updatedAt > requestedAt;
    if (resetSince && comparePositions(checkpoint.position, target) >= 0) break;
  }
  console.log(
    `Rebuilt ${projection.name} (version ${projection.version}) in ${((Date.now() - started) / 1000).toFixed(2)} s.`,
  );
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
