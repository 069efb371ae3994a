import { spawn } from 'node:child_process';
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { createAuditPublisher, createHeadReader } from '../shared/audit/log.ts';
import { createSigner, publicKeyPem } from '../shared/audit/signing.ts';
import { verifyWholeLog } from '../shared/audit/verify.ts';
import { connect, type Sql } from '../shared/db/postgres.ts';
import { eventHashV2, HASH_RULE } from '../shared/eventstore/hash-chain.ts';
import { openEventStore } from '../shared/eventstore/index.ts';
import { ensureEventStoreSchema, PostgresEventStore } from '../shared/eventstore/postgres.ts';
import type { ExpectedRevision } from '../shared/eventstore/types.ts';
import { createLocalFileStorage } from '../shared/storage/file-storage.ts';
import type { Row } from './support.ts';

export const AUDIT_TARGETS = { appendRatio: 0.8, verifySeconds: 30 } as const;

/**
 * One job's money history as the audited streams hold it: the escrow's four events (created,
 * funded, work complete, released) and the payout sent, with the shapes and sizes of
 * shared/domain/escrow/events.ts and the metadata `handleCommand` writes. Both figures append
 * these, so the leaves hashed are the size of real ones (about 830 bytes of canonical JSON).
 */
export const EVENTS_PER_JOB = 5;

type Job = { jobId: string; customerId: string; contractorId: string; payoutId: string; amountCents: number };

function newJob(n: number): Job {
  return {
    jobId: randomUUID(),
    customerId: randomUUID(),
    contractorId: randomUUID(),
    payoutId: randomUUID(),
    amountCents: 5_000 + ((n * 7_919) % 900_000),
  };
}

const BASE_TIME = Date.parse('2026-01-05T14:00:00Z');

/** Step 0–3: the escrow stream's revisions 0–3; step 4: the payout stream's revision 0. */
function jobEvent(job: Job, step: number, n: number) {
  const at = new Date(BASE_TIME + n * 1000 + step * 60_000).toISOString();
  const feeCents = Math.round(job.amountCents * 0.08);
  const fee = {
    reading: 'transaction',
    tierId: 'standard',
    rateBps: 800,
    feeCents,
    taxLines: [{ code: 'HST', label: 'HST', rateBps: 1300, cents: Math.round(feeCents * 0.13) }],
  };
  const parties = { jobId: job.jobId, customerId: job.customerId, contractorId: job.contractorId };
  const escrow = `escrow-${job.jobId}`;
  switch (step) {
    case 0:
      return {
        at,
        streamId: escrow,
        revision: 0n,
        actorId: job.customerId,
        type: 'EscrowCreated',
        data: {
          ...parties,
          contractVersion: 1,
          amountCents: job.amountCents,
          contractorProvince: 'ON',
          fee,
          startsAt: null,
          createdAt: at,
        },
      };
    case 1:
      return {
        at,
        streamId: escrow,
        revision: 1n,
        actorId: job.customerId,
        type: 'EscrowFunded',
        data: {
          ...parties,
          amountCents: job.amountCents,
          paymentId: `pay_${job.jobId.slice(0, 18)}`,
          cardBrand: 'visa',
          cardLast4: '4242',
          fundedAt: at,
        },
      };
    case 2:
      return {
        at,
        streamId: escrow,
        revision: 2n,
        actorId: job.contractorId,
        type: 'WorkMarkedComplete',
        data: { ...parties, note: null, completedAt: at, autoReleaseAt: at },
      };
    case 3:
      return {
        at,
        streamId: escrow,
        revision: 3n,
        actorId: job.customerId,
        type: 'EscrowReleased',
        data: {
          ...parties,
          trigger: 'approval',
          amountCents: job.amountCents,
          fee,
          contractorNetCents: job.amountCents - feeCents - fee.taxLines[0]!.cents,
          payout: { payoutId: job.payoutId, amountCents: job.amountCents - feeCents, dueOn: at.slice(0, 10) },
          releasedAt: at,
        },
      };
    default:
      return {
        at,
        streamId: `payout-${job.payoutId}`,
        revision: 0n,
        actorId: null,
        type: 'PayoutSent',
        data: {
          payoutId: job.payoutId,
          jobId: job.jobId,
          kind: 'payout',
          recipientId: job.contractorId,
          amountCents: job.amountCents - feeCents,
          gatewayReference: `po_${job.payoutId.slice(0, 18)}`,
          sentAt: at,
        },
      };
  }
}

const commandMetadata = (actorId: string | null, at: string) => {
  const correlationId = randomUUID();
  return { actorId, correlationId, causationId: correlationId, occurredAt: at };
};

/** Runs `clients` loops for `seconds`; each calls `step(client, i)` back to back. Answers events/s. */
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
  return { events: total, seconds: (performance.now() - started) / 1000 };
}

/**
 * Appends to audited streams with the Merkle log off and on, in the same process and on the same
 * database. `clients` loops append through the hash-chained store (`openEventStore`, as the app
 * does), each one job's five events after another with the exact expected revision (what the
 * command handlers do): two round trips an event (the chain's tail read, then `es_append`).
 *
 * Off: nothing else runs. On: an audit publisher publishes once a second for the whole phase, so
 * the log is built while the appends happen, each head covering the last second of them. That is
 * the work the scheduled job (every 30 s) does for each event (read it back with `readAll`,
 * canonical JSON, leaf hash, frontier), spread over the whole phase instead of one burst every
 * 30 s that a 5 s phase would mostly miss; heads come 30 times as often, so their own cost (a
 * listing of the folder, the latest head read back, a signature, a file) weighs more than in
 * production. Back to back (the next publish as soon as the previous returns: a head every ~100
 * events) is measured too, as the worst case, for information.
 *
 * Fairness: every phase starts from empty tables (`truncate`, then a checkpoint), so each phase
 * appends the same kind of events into tables of the same size, for the same time, with the same
 * pool. Phases run off, each second, back to back, then the other way round (`rounds` times), so
 * drift on a shared machine (other work, the server's background writes) weighs on all alike; each
 * mode's rate is its events over its seconds. After each on phase the log is published up to date
 * and verified end to end, so the figure is that of a log actually being built.
 */
export async function benchAuditAppends(
  url: string,
  options: { clients: number; seconds: number; rounds: number },
): Promise<Row[]> {
  // One connection more than the loops, for the publisher, in every mode.
  const store = await openEventStore({ databaseUrl: url, postgres: { poolSize: options.clients + 1, listen: false } });
  const admin: Sql = connect(url, { max: 1, applicationName: 'bench-admin' });
  const signer = createSigner(generateKeyPairSync('ed25519').privateKey);
  let phase = 0;

  const appendPhase = (seconds: number) => {
    const run = phase++;
    const jobs: Job[] = [];
    return loadFor(options.clients, seconds, async (client, i) => {
      const step = i % EVENTS_PER_JOB;
      if (step === 0) jobs[client] = newJob(run * 1_000_000 + i);
      const event = jobEvent(jobs[client]!, step, i);
      const expectedRevision: ExpectedRevision = event.revision === 0n ? 'no_stream' : event.revision - 1n;
      await store.append(
        event.streamId,
        [{ type: event.type, data: event.data, metadata: commandMetadata(event.actorId, new Date().toISOString()) }],
        { expectedRevision },
      );
    });
  };
  const empty = async () => {
    await admin`truncate es_events, es_streams restart identity`;
    // Flush the previous phase's dirty pages now rather than during the next phase (superuser only).
    await admin`checkpoint`.catch(() => {});
  };

  type Mode = 'off' | 'each second' | 'back to back';
  const modes: Mode[] = ['off', 'each second', 'back to back'];
  const totals = new Map(modes.map((mode) => [mode, { events: 0, seconds: 0 }]));
  const publishers = new Map(modes.map((mode) => [mode, { heads: 0, entries: 0, publishes: 0, behind: 0 }]));
  const dirs: string[] = [];
  try {
    // Warm-up (connections, JIT, the server's caches), not counted.
    await appendPhase(1);
    const order: Mode[] = [];
    for (let round = 0; round < options.rounds; round++) {
      order.push(...(round % 2 === 0 ? modes : [...modes].reverse()));
    }
    for (const mode of order) {
      await empty();
      const total = totals.get(mode)!;
      if (mode === 'off') {
        const result = await appendPhase(options.seconds);
        total.events += result.events;
        total.seconds += result.seconds;
        continue;
      }
      const dir = mkdtempSync(path.join(tmpdir(), 'bench-audit-heads-'));
      dirs.push(dir);
      const storage = createLocalFileStorage(dir);
      const publisher = createAuditPublisher({ store, storage, signer });
      const stats = publishers.get(mode)!;
      let appending = true;
      let failure: { error: unknown } | null = null;
      const publishing = (async () => {
        while (appending) {
          const started = performance.now();
          const written = await publisher.publish();
          stats.publishes++;
          stats.heads += written.length;
          stats.entries += written.reduce((sum, head) => sum + head.entries.length, 0);
          const wait = mode === 'each second' ? 1000 - (performance.now() - started) : 0;
          if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        }
      })().catch((error: unknown) => {
        failure = { error };
      });
      const result = await appendPhase(options.seconds).finally(() => {
        appending = false;
      });
      await publishing;
      if (failure) throw (failure as { error: unknown }).error;
      total.events += result.events;
      total.seconds += result.seconds;
      // What the publisher had not published when the appends stopped, then the log checked whole.
      const rest = await publisher.publish();
      stats.behind = Math.max(
        stats.behind,
        rest.reduce((sum, head) => sum + head.entries.length, 0),
      );
      const audit = await verifyWholeLog({ store, heads: createHeadReader(storage), publicKey: signer.publicKey });
      if (!audit.ok || audit.entriesChecked !== result.events) {
        throw new Error(
          `the log built during the appends does not verify: ${audit.entriesChecked} of ${result.events} entries, ${audit.problem?.reason ?? 'no problem named'}`,
        );
      }
    }
  } finally {
    await store.close();
    await admin.end({ timeout: 5 });
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
  const rate = (mode: Mode) => totals.get(mode)!.events / totals.get(mode)!.seconds;
  const off = rate('off');
  const phases = `${options.rounds} × ${modes.length} phases of ${options.seconds} s, alternating`;
  const row = (mode: Exclude<Mode, 'off'>, target: boolean): Row => {
    const ratio = rate(mode) / off;
    const stats = publishers.get(mode)!;
    return {
      metric: `audited appends/s with the Merkle log published ${mode} (${options.clients} clients, escrow and payout streams, hash chain; ${phases}; ${stats.heads.toLocaleString('en-CA')} heads, at most ${stats.behind} events unpublished when the appends stopped)`,
      value: rate(mode).toFixed(0),
      reference: `${off.toFixed(0)} with the log off`,
      ratio: ratio.toFixed(2),
      target: target ? `ratio >= ${AUDIT_TARGETS.appendRatio.toFixed(2)}` : 'info: the worst case',
      pass: target ? ratio >= AUDIT_TARGETS.appendRatio : null,
    };
  };
  return [row('each second', true), row('back to back', false)];
}

/** COPY's text format: a backslash is its escape character (JSON text has no raw tab or newline). */
const copyText = (json: string) => json.replaceAll('\\', '\\\\');

/**
 * `events` audited events, written straight into `es_events` with COPY in chunks, each made exactly
 * as the hash-chain decorator makes it: metadata `{ ...command metadata, hashRule: 2, prevHash }`,
 * then `hash` = rule 2 over the event (`eventHashV2`). Jobs run 2,000 at a time, their events
 * interleaved (every job's first event, then every job's second…), as concurrent jobs' events sit
 * in the log. The stream rows are written after, as `es_append` would have left them.
 */
export async function fillAuditedEvents(url: string, events: number) {
  const sql = connect(url, { max: 1, applicationName: 'bench-fill' });
  try {
    await ensureEventStoreSchema(sql);
    const jobsAtOnce = 2_000;
    // One COPY (and transaction) per chunk: a whole number of blocks of jobs, so no job is split.
    const chunkEvents = 10 * jobsAtOnce * EVENTS_PER_JOB;
    let written = 0;
    let jobNumber = 0;
    function* lines(limit: number): Generator<string> {
      let pending: string[] = [];
      while (written < limit) {
        const jobs = Array.from({ length: jobsAtOnce }, () => newJob(jobNumber++));
        const prevHash = new Map<string, string>();
        for (let step = 0; step < EVENTS_PER_JOB && written < limit; step++) {
          for (let j = 0; j < jobs.length && written < limit; j++) {
            const event = jobEvent(jobs[j]!, step, jobNumber - jobsAtOnce + j);
            const id = randomUUID();
            const linked = {
              ...commandMetadata(event.actorId, event.at),
              hashRule: HASH_RULE,
              prevHash: event.revision === 0n ? null : prevHash.get(event.streamId)!,
            };
            const hash = eventHashV2({
              streamId: event.streamId,
              revision: event.revision,
              id,
              type: event.type,
              data: event.data,
              metadata: linked,
            });
            prevHash.set(event.streamId, hash);
            pending.push(
              `${event.streamId}\t${event.revision}\t${id}\t${event.type}\t${copyText(JSON.stringify(event.data))}\t${copyText(JSON.stringify({ ...linked, hash }))}\n`,
            );
            written++;
            if (pending.length === 1000) {
              yield pending.join('');
              pending = [];
            }
          }
        }
      }
      if (pending.length > 0) yield pending.join('');
    }
    while (written < events) {
      const limit = Math.min(events, written + chunkEvents);
      const copy =
        await sql`copy es_events (stream_id, stream_revision, event_id, type, data, metadata) from stdin`.writable();
      await pipeline(Readable.from(lines(limit)), copy);
    }
    await sql`insert into es_streams (stream_id, revision)
      select stream_id, max(stream_revision) from es_events group by stream_id`;
    // Settled as a year-old log is: vacuumed (visibility map and hint bits set, which a first read
    // after the COPY would otherwise do, and autovacuum would do in the middle of the timings) and
    // checkpointed (the fill's dirty pages written before anything is timed).
    await sql`vacuum (analyze) es_events`;
    await sql`vacuum (analyze) es_streams`;
    await sql`checkpoint`.catch(() => {});
    const [{ total }] = await sql<[{ total: number }]>`select count(*)::int as total from es_events`;
    if (total !== events) throw new Error(`the fill wrote ${total} events of ${events}`);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

export type VerifyReport = {
  seconds: number;
  /** CPU time of the verifying process (user + system), all threads. */
  cpuSeconds: number;
  ok: boolean;
  entriesChecked: number;
  headsChecked: number;
  problem: string | null;
  maxRssBytes: number;
  peakHeapUsedBytes: number;
};

/** Runs bench/audit-verify.ts in its own process, so its peak memory is the verification's alone. */
function verifyInChildProcess(env: Record<string, string>): Promise<VerifyReport> {
  const script = fileURLToPath(new URL('./audit-verify.ts', import.meta.url));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, script], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      const last = output.trim().split('\n').pop() ?? '';
      if (code !== 0) return reject(new Error(`the verification process exited with ${code}: ${output}`));
      try {
        resolve(JSON.parse(last) as VerifyReport);
      } catch {
        reject(new Error(`the verification process answered ${JSON.stringify(output)}`));
      }
    });
  });
}

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/**
 * Verifying a log of `events` audited events from end to end. The events are written straight into
 * the store (see fillAuditedEvents), the heads published by `createAuditPublisher` into a local
 * folder (timed: the first publish over a long history, heads of 20,000 entries), then
 * `verifyWholeLog` runs in a fresh process with a new head reader (nothing cached): every head's
 * signature, entries and root, consistency between each pair of heads, and every event in the store
 * read back, hashed and compared with its published leaf.
 */
export async function benchAuditVerify(url: string, options: { events: number }): Promise<Row[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-audit-log-'));
  try {
    let started = performance.now();
    await fillAuditedEvents(url, options.events);
    const fillSeconds = (performance.now() - started) / 1000;

    const store = await PostgresEventStore.connect(url, { listen: false, poolSize: 2 });
    const signer = createSigner(generateKeyPairSync('ed25519').privateKey);
    const storage = createLocalFileStorage(dir);
    started = performance.now();
    let heads = 0;
    try {
      heads = (await createAuditPublisher({ store, storage, signer }).publish()).length;
    } finally {
      await store.close();
    }
    const publishSeconds = (performance.now() - started) / 1000;

    const report = await verifyInChildProcess({
      BENCH_AUDIT_DATABASE_URL: url,
      BENCH_AUDIT_HEADS_DIR: dir,
      BENCH_AUDIT_PUBLIC_KEY: publicKeyPem(signer.publicKey),
    });
    if (!report.ok || report.entriesChecked !== options.events) {
      throw new Error(
        `the log does not verify: ${report.entriesChecked} of ${options.events} entries, ${report.problem ?? 'no problem named'}`,
      );
    }
    const count = options.events.toLocaleString('en-CA');
    return [
      {
        metric: `audit log: fill ${count} audited events (rule-2 hashes made in Node, COPY)`,
        value: `${fillSeconds.toFixed(1)} s`,
        target: 'info',
        pass: null,
      },
      {
        metric: `audit log: first publish over ${count} events (${heads} signed heads)`,
        value: `${publishSeconds.toFixed(1)} s (${Math.round(options.events / publishSeconds).toLocaleString('en-CA')} events/s)`,
        target: 'info',
        pass: null,
      },
      {
        metric: `audit log: verifyWholeLog over ${count} events, ${report.headsChecked} heads, cold reader, own process`,
        value: `${report.seconds.toFixed(1)} s (${Math.round(options.events / report.seconds).toLocaleString('en-CA')} events/s; ${report.cpuSeconds.toFixed(1)} s of CPU)`,
        target: `<= ${AUDIT_TARGETS.verifySeconds} s`,
        pass: report.seconds <= AUDIT_TARGETS.verifySeconds,
      },
      {
        metric: 'audit log: that process, peak resident size / peak heap used',
        value: `${mb(report.maxRssBytes)} / ${mb(report.peakHeapUsedBytes)}`,
        target: 'info',
        pass: null,
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
