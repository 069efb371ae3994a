import { ConfigError, loadConfig } from '../shared/config.ts';
import { connect } from '../shared/db/postgres.ts';
import { openEventStore } from '../shared/eventstore/index.ts';
import { rebuildProjections } from '../infrastructure/projections/rebuild.ts';
import { projectionByName } from '../projections/index.ts';
import type { PassMessage } from './rebuild-in-processes.ts';

/**
 * One pass of a rebuild, started by `rebuildInProcesses` (runtime/rebuild-in-processes.ts) with the
 * names of its read models and DATABASE_URL, never by hand: the process that starts it holds the
 * read models' locks. It reports its progress and its result to that process.
 */
async function main() {
  if (!process.send) throw new Error('projections-rebuild-pass.ts runs only as a pass of npm run projections:rebuild');
  const send = (message: PassMessage) =>
    new Promise<void>((resolve, reject) =>
      process.send!(message, (error: Error | null) => (error ? reject(error) : resolve())),
    );
  // The command holds the read models' locks: once it is gone, a worker may take them and reset
  // what this pass writes (its checkpoint's compare-and-set would stop it a window later).
  process.once('disconnect', () => {
    console.error('The rebuild command ended; this pass stops.');
    process.exit(1);
  });
  const projections = process.argv.slice(2).map((name) => {
    const projection = projectionByName(name);
    if (!projection) throw new Error(`unknown projection ${name}`);
    return projection;
  });
  const config = loadConfig();
  if (!config.DATABASE_URL) throw new Error('a pass needs the DATABASE_URL the rebuild command resolved');
  const sql = connect(config.DATABASE_URL, {
    max: 4,
    applicationName: 'marketplace-rebuild',
    idleInTransactionTimeoutMs: 300_000,
  });
  const store = await openEventStore({
    databaseUrl: config.DATABASE_URL,
    eventStoreUrl: config.EVENTSTORE_URL,
    postgres: { listen: false },
  });
  try {
    const result = await rebuildProjections(sql, store, projections, {
      onProgress: (progress) => void send({ type: 'progress', progress }).catch(() => {}),
    });
    await send({ type: 'done', progress: result });
  } finally {
    await store.close();
    await sql.end({ timeout: 5 });
  }
}

main().then(
  () => {
    process.removeAllListeners('disconnect');
    process.disconnect?.();
  },
  (error) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
