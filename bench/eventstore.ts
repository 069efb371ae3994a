import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { connect, type Sql } from '../shared/db/postgres.ts';
import { ensureEventStoreSchema, PostgresEventStore } from '../shared/eventstore/postgres.ts';
import { comparePositions, type Position } from '../shared/eventstore/types.ts';
import { ensureCheckpointSchema } from '../infrastructure/projections/checkpoints.ts';
import { ProjectionRunner } from '../infrastructure/projections/runner.ts';
import type { Projection } from '../infrastructure/projections/types.ts';
import { percentile, type Row } from './support.ts';

// The reference table has exactly the event table's shape: columns, defaults, keys and indexes.
const RAW_TABLE = 'create table raw_events (like es_events including all)';

const payload = { amountCents: 12_345, note: 'benchmark event with a realistic small payload', tags: ['a', 'b'] };
const metadata = { actorId: randomUUID(), correlationId: randomUUID(), occurredAt: new Date().toISOString() };

/** Runs `clients` loops for `seconds`; each loop calls `step(client, i)` back to back. */
async function loadFor(clients: number, seconds: number, step: (client: number, i: number) => Promise<void>) {
  const deadline = performance.now() + seconds * 1000;
  let total = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let i = 0; performance.now() < deadline; i++) {
        await step(client, i);
        total++;
      }
    }),
  );
  return total / ((performance.now() - started) / 1000);
}

export async function benchAppends(url: string, options: { clients: number; seconds: number }): Promise<Row[]> {
  const sql = connect(url, { max: options.clients, applicationName: 'bench' });
  await ensureEventStoreSchema(sql);
  await sql.unsafe(RAW_TABLE);
  const run = randomUUID().slice(0, 8);
  // Raw single-row inserts, one autocommit statement each, same row shape and indexes.
  const rawRate = await loadFor(options.clients, options.seconds, async (client, i) => {
    await sql`insert into raw_events (stream_id, stream_revision, event_id, type, data, metadata)
      values (${`raw-${run}-${client}`}, ${i}, ${randomUUID()}, 'BenchmarkEvent', ${sql.json(payload)}, ${sql.json(metadata)})`;
  });
  const store = new PostgresEventStore(sql, { listen: false });
  // Adapter appends with an exact expected revision: the command handlers' case.
  const appendRate = await loadFor(options.clients, options.seconds, async (client, i) => {
    await store.append(`bench-${run}-${client}`, [{ type: 'BenchmarkEvent', data: payload, metadata }], {
      expectedRevision: i === 0 ? 'no_stream' : BigInt(i - 1),
    });
  });
  await sql.end();
  const ratio = appendRate / rawRate;
  return [
    {
      metric: `event-store appends/s (${options.clients} clients, exact revision)`,
      value: appendRate.toFixed(0),
      reference: `${rawRate.toFixed(0)} raw inserts/s`,
      ratio: ratio.toFixed(2),
      target: 'ratio >= 0.60',
      pass: ratio >= 0.6,
    },
  ];
}

/**
 * Projection lag: events appended at a steady rate by several writers; the lag of each is the
 * time from its append returning to the commit of the projection batch that made it visible.
 */
export async function benchProjectionLag(
  url: string,
  options: { ratePerSecond: number; seconds: number; writers: number },
): Promise<Row[]> {
  const sql: Sql = connect(url, { max: options.writers + 6, applicationName: 'bench-lag' });
  await ensureEventStoreSchema(sql);
  await ensureCheckpointSchema(sql);
  const store = new PostgresEventStore(sql, { listen: false });
  // Probe events have no schema: a plain projection, which takes them as stored.
  const projection: Projection = {
    name: `bench-lag-${randomUUID().slice(0, 6)}`,
    version: 1,
    handles: ['LagProbe'],
    schema: 'create table if not exists bench_lag (event_id uuid primary key, stream_id text not null)',
    reset: 'drop table if exists bench_lag',
    async apply(tx, event) {
      await tx`insert into bench_lag (event_id, stream_id) values (${event.id}, ${event.streamId})`;
    },
  };
  const appended: { position: Position; at: number }[] = [];
  const lags: number[] = [];
  let cursor = 0;
  const runner = new ProjectionRunner({
    sql,
    store,
    projections: [projection],
    onCheckpoint: (_name, checkpoint) => {
      const now = performance.now();
      // Appends resolve in any order; sweep everything at or below the checkpoint.
      for (let i = cursor; i < appended.length; i++) {
        const entry = appended[i]!;
        if (entry.at >= 0 && comparePositions(entry.position, checkpoint) <= 0) {
          lags.push(now - entry.at);
          entry.at = -1;
        }
      }
      while (cursor < appended.length && appended[cursor]!.at < 0) cursor++;
    },
  });
  await runner.start();
  // Steady state: first catch up with whatever the log already holds (earlier phases' events).
  await runner.idle(120_000);
  const interval = (1000 * options.writers) / options.ratePerSecond;
  const deadline = performance.now() + options.seconds * 1000;
  await Promise.all(
    Array.from({ length: options.writers }, async (_, writer) => {
      let next = performance.now() + Math.random() * interval;
      for (let i = 0; performance.now() < deadline; i++) {
        const wait = next - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        next += interval;
        const result = await store.append(`lag-${writer}`, [{ type: 'LagProbe', data: { i } }], {
          expectedRevision: i === 0 ? 'no_stream' : BigInt(i - 1),
        });
        appended.push({ position: result.position, at: performance.now() });
      }
    }),
  );
  await runner.idle(30_000);
  await runner.stop();
  await sql.end();
  lags.sort((a, b) => a - b);
  const p50 = percentile(lags, 50);
  const p99 = percentile(lags, 99);
  return [
    {
      metric: `projection lag p50 (${options.ratePerSecond} events/s, ${lags.length} events)`,
      value: `${p50.toFixed(1)} ms`,
      target: 'info',
      pass: null,
    },
    { metric: 'projection lag p99', value: `${p99.toFixed(1)} ms`, target: '<= 100 ms', pass: p99 <= 100 },
  ];
}
