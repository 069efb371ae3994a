import { startApp } from '../tests/support/start-app.ts';
import { benchAuditAppends, benchAuditVerify } from './audit.ts';
import { benchCommands } from './commands.ts';
import { benchAppends, benchProjectionLag } from './eventstore.ts';
import { benchLighthouse, benchSignedInLighthouse } from './lighthouse.ts';
import { benchMarketplace } from './marketplace.ts';
import { benchMoney } from './money.ts';
import { benchDisputes } from './disputes.ts';
import { benchPageWeight, benchSignedInPageWeight } from './page-weight.ts';
import { benchRebuild } from './rebuild.ts';
import { benchScale } from './scale.ts';
import { benchStartup } from './startup.ts';
import { benchSustained, SUSTAINED_TARGETS } from './sustained.ts';
import { benchUploads, UPLOAD_TARGETS } from './uploads.ts';
import { benchDatabase, printTable, type Row } from './support.ts';

/**
 * `npm run bench`: every figure measured in this one run, printed as one table.
 * BENCH_SECONDS sets the length of each timed phase (default 5); BENCH_DATABASE_URL points it at
 * a server (default: DATABASE_URL, else the embedded PostgreSQL). BENCH_ONLY=store or BENCH_ONLY=web
 * runs one part: the event store, or the site (page weight and Lighthouse against `npm start`);
 * BENCH_ONLY=marketplace runs the directory and job-board read routes under load; BENCH_ONLY=money
 * the contract and escrow commands on the hash-chained store, and the payouts job; BENCH_ONLY=disputes
 * the dispute commands and the analysis worker's time to act; BENCH_ONLY=commands the command throughput
 * with read-your-writes over HTTP; BENCH_ONLY=rebuild a read-model rebuild over
 * BENCH_REBUILD_EVENTS (default 1,000,000) events; BENCH_ONLY=audit the audit log: appends to audited streams
 * with the Merkle log off and publishing (BENCH_AUDIT_ROUNDS rounds of each mode, default 2), then a whole-log
 * verification over BENCH_AUDIT_EVENTS (default 1,000,000) events; BENCH_ONLY=startup the time to ready of `npm start`, cold and warm; BENCH_ONLY=sustained 500 mixed requests/s
 * for 60 s (BENCH_SUSTAINED_SECONDS) against `npm start`, with its memory; BENCH_ONLY=uploads 8 parallel
 * 45 MB evidence uploads against `npm start`, with the server's memory growth; BENCH_ONLY=scale the marketplace
 * at scale: BENCH_SCALE_CONTRACTORS (default 100,000) contractors and BENCH_SCALE_ORDERS (default 1,000,000)
 * work orders (about 10 events an order) written straight into the log, every read model rebuilt in one pass,
 * the read models' rows inserted again raw as the rebuild's reference, then the warm start and the directory,
 * job board and profile at BENCH_SCALE_CONNECTIONS (default 100);
 * BENCH_KEEP_SCALE_DATABASE=true keeps its database.
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const only = process.env.BENCH_ONLY;
const rows: Row[] = [];
if (only === undefined || only === 'marketplace') {
  const database = await benchDatabase();
  try {
    console.log(`Benchmarking the marketplace read routes on ${database.label}...`);
    rows.push(...(await benchMarketplace(database.url, { contractors: 3000, orders: 1000, seconds })));
  } finally {
    await database.drop();
  }
}
if (only === undefined || only === 'money') {
  const database = await benchDatabase();
  try {
    console.log(`Benchmarking contracts, escrow and payouts on ${database.label}...`);
    rows.push(
      ...(await benchMoney(database.url, { jobs: Number(process.env.BENCH_MONEY_JOBS ?? 500), concurrency: 8 })),
    );
  } finally {
    await database.drop();
  }
}
if (only === undefined || only === 'disputes') {
  const database = await benchDatabase();
  try {
    console.log(`Benchmarking disputes and the analysis worker on ${database.label}...`);
    rows.push(
      ...(await benchDisputes(database.url, { cases: Number(process.env.BENCH_DISPUTE_CASES ?? 200), concurrency: 8 })),
    );
  } finally {
    await database.drop();
  }
}
if (only === undefined || only === 'store') {
  const database = await benchDatabase();
  try {
    console.log(`Benchmarking on ${database.label}, ${seconds} s per phase...`);
    rows.push(...(await benchAppends(database.url, { clients: 16, seconds })));
    rows.push(...(await benchProjectionLag(database.url, { ratePerSecond: 500, seconds, writers: 8 })));
  } finally {
    await database.drop();
  }
}
if (only === undefined || only === 'commands') {
  const database = await benchDatabase();
  try {
    console.log(`Benchmarking commands with read-your-writes on ${database.label}, ${seconds} s...`);
    rows.push(...(await benchCommands(database.url, { connections: 32, seconds })));
  } finally {
    await database.drop();
  }
}
if (only === undefined || only === 'rebuild') {
  const database = await benchDatabase();
  try {
    const events = Number(process.env.BENCH_REBUILD_EVENTS ?? 1_000_000);
    console.log(`Benchmarking a read-model rebuild over ${events} events on ${database.label}...`);
    rows.push(...(await benchRebuild(database.url, { events, batchSize: 2000 })));
  } finally {
    await database.drop();
  }
}
if (only === undefined || only === 'audit') {
  let database = await benchDatabase();
  try {
    console.log(
      `Benchmarking audited appends with the Merkle log off and on, on ${database.label}, ${seconds} s per phase...`,
    );
    const rounds = Number(process.env.BENCH_AUDIT_ROUNDS ?? 2);
    rows.push(...(await benchAuditAppends(database.url, { clients: 16, seconds, rounds })));
  } finally {
    await database.drop();
  }
  database = await benchDatabase();
  try {
    const events = Number(process.env.BENCH_AUDIT_EVENTS ?? 1_000_000);
    console.log(`Benchmarking the audit log's whole verification over ${events} events on ${database.label}...`);
    rows.push(...(await benchAuditVerify(database.url, { events })));
  } finally {
    await database.drop();
  }
}
if (only === undefined || only === 'scale') {
  const database = await benchDatabase();
  try {
    const contractors = Number(process.env.BENCH_SCALE_CONTRACTORS ?? 100_000);
    const orders = Number(process.env.BENCH_SCALE_ORDERS ?? 1_000_000);
    const connections = Number(process.env.BENCH_SCALE_CONNECTIONS ?? 100);
    console.log(
      `Benchmarking the marketplace at scale (${contractors} contractors, ${orders} work orders) on ${database.label}...`,
    );
    rows.push(...(await benchScale(database.url, { contractors, orders, connections, seconds })));
  } finally {
    // BENCH_KEEP_SCALE_DATABASE=true keeps the generated marketplace (an hour to build) for another
    // look at its routes; it is left on the server until dropped by hand.
    if (process.env.BENCH_KEEP_SCALE_DATABASE === 'true') console.log(`Kept the scale database: ${database.url}`);
    else await database.drop();
  }
}
if (only === undefined || only === 'startup') {
  console.log('Timing `npm start` to ready, cold and warm...');
  rows.push(...(await benchStartup()));
}
if (only === undefined || only === 'sustained') {
  // BENCH_SUSTAINED_SECONDS: a longer run, to see whether memory levels off.
  const sustainedSeconds = Number(process.env.BENCH_SUSTAINED_SECONDS ?? SUSTAINED_TARGETS.seconds);
  console.log(
    `Sustained load against \`npm start\`: ${SUSTAINED_TARGETS.rate} requests/s for ${sustainedSeconds} s...`,
  );
  rows.push(...(await benchSustained({ rate: SUSTAINED_TARGETS.rate, seconds: sustainedSeconds })));
}
if (only === undefined || only === 'uploads') {
  console.log(
    `Evidence uploads against \`npm start\`: ${UPLOAD_TARGETS.parallel} × ${UPLOAD_TARGETS.fileBytes / 1024 / 1024} MB at once...`,
  );
  rows.push(...(await benchUploads()));
}
if (only === undefined || only === 'web') {
  console.log('Starting the app as `npm start` does, for the page-weight and Lighthouse figures...');
  const app = await startApp();
  try {
    rows.push(...(await benchPageWeight(app.baseURL)));
    rows.push(...(await benchSignedInPageWeight(app.baseURL, app.demoPassword)));
    rows.push(...(await benchLighthouse(app.baseURL)));
    rows.push(...(await benchSignedInLighthouse(app.baseURL, app.demoPassword)));
  } finally {
    await app.stop();
  }
}
console.log('');
printTable(rows);
const missed = rows.filter((row) => row.pass === false);
if (missed.length > 0) {
  console.log(`\n${missed.length} target(s) missed; see docs/performance.md.`);
  process.exitCode = process.env.BENCH_STRICT === 'true' ? 1 : 0;
}
