/**
 * A projection worker for tests/projection-crash.test.ts, run as its own process:
 *   node --import tsx tests/support/crash-worker.ts <databaseUrl>
 * Its projection increments a counter per event (not idempotent) and then sleeps ~5 ms, so a batch
 * of 100 keeps a transaction open for about half a second: long enough to be killed inside one.
 * Prints `READY` once started and `BATCH <commit> <prepare>` after each committed batch.
 */
import { ProjectionRunner } from '../../infrastructure/projections/runner.ts';
import { connect } from '../../shared/db/postgres.ts';
import { PostgresEventStore } from '../../shared/eventstore/postgres.ts';
import { countingProjection } from './counting-projection.ts';

const CRASH_PROJECTION = 'crash_counts';
const CRASH_WORKER_APPLICATION = 'crash-worker';

const databaseUrl = process.argv[2];
if (!databaseUrl) {
  console.error('usage: crash-worker.ts <databaseUrl>');
  process.exit(2);
}

const sql = connect(databaseUrl, { max: 4, applicationName: CRASH_WORKER_APPLICATION });
const store = await PostgresEventStore.connect(databaseUrl, { pollIntervalMs: 100, poolSize: 3 });
const runner = new ProjectionRunner({
  sql,
  store,
  projections: [
    countingProjection({
      name: CRASH_PROJECTION,
      table: CRASH_PROJECTION,
      afterApply: () => new Promise((resolve) => setTimeout(resolve, 5)),
    }),
  ],
  batchSize: 100,
  pollIntervalMs: 100,
  takeoverIntervalMs: 100,
  logger: {
    info: () => {},
    error: (obj, msg) => console.error('[crash-worker]', msg ?? '', obj),
  },
  onCheckpoint: (_name, position) => {
    process.stdout.write(`BATCH ${position.commit} ${position.prepare}\n`);
  },
});

process.once('SIGTERM', () => {
  void (async () => {
    await runner.stop();
    await store.close();
    await sql.end({ timeout: 2 });
    process.exit(0);
  })();
});

// The test holds our stdin open: if the test process dies without killing us, its end stops us.
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();

await runner.start();
process.stdout.write('READY\n');
