import { setTimeout as sleep } from 'node:timers/promises';
import { ConfigError, loadConfig } from '../shared/config.ts';
import { connect } from '../shared/db/postgres.ts';
import { openEventStore } from '../shared/eventstore/index.ts';
import { START, comparePositions } from '../shared/eventstore/types.ts';
import { migrate, resolveDatabaseUrl } from './runtime.ts';
import { CONTROL_CHANNEL, readCheckpoints } from '../infrastructure/projections/checkpoints.ts';
import { allProjections, projectionByName } from '../projections/index.ts';
import { applyBatch, resetProjection } from '../infrastructure/projections/runner.ts';

/**
 * `npm run projections:rebuild -- <name>`: rebuilds one read model from the start of the log.
 * If no worker owns the projection, this process rebuilds it; if one does (the app is running),
 * that worker is asked to, and this waits until it has caught up.
 */
async function main() {
  const name = process.argv[2];
  const projection = name ? projectionByName(name) : undefined;
  if (!projection) {
    console.error(
      `Usage: npm run projections:rebuild -- <name>\nKnown projections: ${allProjections.map((p) => p.name).join(', ')}`,
    );
    process.exit(2);
  }
  const config = loadConfig();
  const { url, embedded } = await resolveDatabaseUrl(config);
  const sql = connect(url, { max: 4, applicationName: 'marketplace-rebuild' });
  await migrate(sql, { postgresEventStore: !config.EVENTSTORE_URL });
  const store = await openEventStore({
    databaseUrl: url,
    eventStoreUrl: config.EVENTSTORE_URL,
    postgres: { listen: false },
  });
  const started = Date.now();
  let events = 0;
  const lock = await sql.reserve();
  try {
    const [row] = await lock<{ locked: boolean }[]>`
      select pg_try_advisory_lock(hashtext(${`projection:${projection.name}`})) as locked`;
    if (row?.locked) {
      await resetProjection(sql, projection);
      let position = START;
      for (;;) {
        const batch = await applyBatch(sql, store, projection, position, 2000);
        if (batch.count === 0) break;
        events += batch.count;
        position = batch.position;
      }
      await lock`select pg_advisory_unlock(hashtext(${`projection:${projection.name}`}))`;
    } else {
      console.log(`A running worker owns ${projection.name}; asking it to rebuild.`);
      // The database's clock, the one that stamps checkpoint rows.
      const [clock] = await sql<{ now: Date }[]>`select now()`;
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
    }
  } finally {
    lock.release();
  }
  const seconds = (Date.now() - started) / 1000;
  console.log(
    `Rebuilt ${projection.name} (version ${projection.version})${events ? `: ${events} events in ${seconds.toFixed(2)} s (${Math.round(events / Math.max(seconds, 0.001))} events/s)` : ` in ${seconds.toFixed(2)} s`}.`,
  );
  await store.close();
  await sql.end({ timeout: 5 });
  await embedded?.stop();
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
