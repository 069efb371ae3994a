import { benchAppends, benchProjectionLag } from './eventstore.ts';
import { benchDatabase, printTable, type Row } from './support.ts';

/**
 * `npm run bench`: every figure measured in this one run, printed as one table.
 * BENCH_SECONDS sets the length of each timed phase (default 5); BENCH_DATABASE_URL points it at
 * a server (default: DATABASE_URL, else the embedded PostgreSQL).
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const database = await benchDatabase();
const rows: Row[] = [];
try {
  console.log(`Benchmarking on ${database.label}, ${seconds} s per phase...`);
  rows.push(...(await benchAppends(database.url, { clients: 16, seconds })));
  rows.push(...(await benchProjectionLag(database.url, { ratePerSecond: 500, seconds, writers: 8 })));
} finally {
  await database.drop();
}
console.log('');
printTable(rows);
const missed = rows.filter((row) => row.pass === false);
if (missed.length > 0) {
  console.log(`\n${missed.length} target(s) missed; see docs/performance.md.`);
  process.exitCode = process.env.BENCH_STRICT === 'true' ? 1 : 0;
}
