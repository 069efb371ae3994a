import { writeFileSync } from 'node:fs';
import { connect } from '../shared/db/postgres.ts';
import { PostgresEventStore } from '../shared/eventstore/postgres.ts';
import { buildScaleReadModels } from './scale.ts';

/**
 * The scale bench's rebuild, in a process of its own started as `npm run projections:rebuild`
 * starts its own (`REBUILD_NODE_FLAGS`, bench/scale.ts): `node <flags> --import tsx
 * bench/scale-rebuild.ts <result file> [--quiet]`, with DATABASE_URL. It writes the pass's figures and each
 * read model's apply time to the result file as JSON.
 */
const [resultFile, ...flags] = process.argv.slice(2);
const databaseUrl = process.env.DATABASE_URL;
if (!resultFile || !databaseUrl) throw new Error('usage: DATABASE_URL=… bench/scale-rebuild.ts <result file>');
const store = await PostgresEventStore.connect(databaseUrl);
const sql = connect(databaseUrl, { max: 6, idleInTransactionTimeoutMs: 600_000 });
try {
  const { pass, perReadModel } = await buildScaleReadModels(sql, store, { quiet: flags.includes('--quiet') });
  const { events, seconds, eventsPerSecond } = pass;
  writeFileSync(resultFile, JSON.stringify({ pass: { events, seconds, eventsPerSecond }, perReadModel }));
} finally {
  await store.close().catch(() => {});
  await sql.end({ timeout: 5 }).catch(() => {});
}
