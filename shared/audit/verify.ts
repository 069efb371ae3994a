import type { KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { verifyEvents } from '../eventstore/hash-chain.ts';
import type { EventStoreOptions } from '../eventstore/index.ts';
import {
  comparePositions,
  parsePosition,
  positionToString,
  START,
  type EventStore,
  type Position,
  type RecordedEvent,
} from '../eventstore/types.ts';
import { eventLeafHash, loadPublishedLog, type HeadFile, type HeadReader, type PublishedLog } from './log.ts';
import { verifyInclusion } from './merkle.ts';
import { leafAt, observeRange, type ObservedEvents, type StoreRange } from './observe.ts';
import type { TreeHead } from './signing.ts';
import type { RangeAnswer, RangeRequest } from './verify-worker.ts';

/**
 * What verifying a stream found. `ok` is true only when the hash chain holds, the published heads
 * check out, and every event a published head covers is in the stream, unaltered, at its place
 * (its inclusion proof verifies against the latest head's signed root). Events appended since the
 * latest head are checked by the chain alone and counted as `pending`.
 */
export type StreamAudit = {
  ok: boolean;
  stream: string;
  /** Events in the stream now. */
  length: number;
  chain: { ok: boolean; legacyRuleEvents: number; headHash: string | null };
  log: {
    keyId: string | null;
    /** Published heads checked (signature, entries, root, consistency with the next). */
    headsChecked: number;
    latestHead: TreeHead | null;
    /** Events of this stream the latest head covers, each checked by its inclusion proof. */
    covered: number;
    /** Events appended after the latest head: not covered yet. */
    pending: number;
  };
  /** The first revision that does not check out (null when the fault is not in one event). */
  firstBadRevision: string | null;
  /** That event's type as stored, when it still exists. */
  type: string | null;
  reason: string | null;
};

type Problem = { revision: bigint | null; reason: string };

/** The earliest problem: one at a revision before any that concerns no single event. */
function firstOf(problems: Problem[]): Problem | null {
  const sorted = [...problems].sort((a, b) =>
    a.revision === null ? 1 : b.revision === null ? -1 : a.revision < b.revision ? -1 : a.revision > b.revision ? 1 : 0,
  );
  return sorted[0] ?? null;
}

/** Checks one stream against its chain and the published log. */
export function auditStream(streamId: string, events: readonly RecordedEvent[], log: PublishedLog): StreamAudit {
  const problems: Problem[] = [];
  const chain = verifyEvents(streamId, events);
  if (!chain.ok) problems.push({ revision: chain.revision, reason: chain.reason });
  if (log.problem) problems.push({ revision: null, reason: `published log: ${log.problem}` });

  const latest = log.latest?.treeHead ?? null;
  const published = log.entries.filter((entry) => entry.stream === streamId);
  const byRevision = new Map(events.map((event) => [event.revision, event]));
  let covered = 0;
  for (const [position, entry] of published.entries()) {
    if (entry.revision !== BigInt(position)) {
      problems.push({ revision: BigInt(position), reason: 'the published log has this stream out of order' });
      break;
    }
    const event = byRevision.get(entry.revision);
    if (!event) {
      problems.push({
        revision: entry.revision,
        reason: `deleted: the tree head of size ${latest!.size} covers this revision, but the stream no longer has it`,
      });
      break;
    }
    const leaf = eventLeafHash(event);
    const proof = log.tree.inclusionProof(entry.index, latest!.size);
    if (!verifyInclusion(leaf, entry.index, latest!.size, proof, Buffer.from(latest!.rootHash, 'hex'))) {
      problems.push({
        revision: entry.revision,
        reason: `altered: the event differs from the one the tree head of size ${latest!.size} covers (its inclusion proof fails)`,
      });
      break;
    }
    covered++;
  }

  const first = firstOf(problems);
  const bad = first?.revision ?? null;
  return {
    ok: problems.length === 0,
    stream: streamId,
    length: events.length,
    chain: chain.ok
      ? { ok: true, legacyRuleEvents: chain.legacyRuleEvents, headHash: chain.headHash }
      : { ok: false, legacyRuleEvents: 0, headHash: null },
    log: {
      keyId: log.latest?.keyId ?? null,
      headsChecked: log.heads.length,
      latestHead: latest,
      covered,
      pending: Math.max(0, events.length - published.length),
    },
    firstBadRevision: bad === null ? null : bad.toString(),
    type: bad === null ? null : (byRevision.get(bad)?.type ?? null),
    reason: first?.reason ?? null,
  };
}

export async function verifyAuditedStream(
  deps: { store: Pick<EventStore, 'readStream'>; heads: HeadReader; publicKey: KeyObject },
  streamId: string,
): Promise<StreamAudit> {
  const [events, log] = await Promise.all([
    deps.store.readStream(streamId),
    loadPublishedLog(deps.heads, deps.publicKey),
  ]);
  return auditStream(streamId, events, log);
}

export type LogAudit = {
  ok: boolean;
  headsChecked: number;
  latestHead: TreeHead | null;
  /** Published entries compared with the event store. */
  entriesChecked: number;
  /** The first entry that does not match the store, or the problem with the heads. */
  problem: { stream: string | null; revision: string | null; reason: string } | null;
};

/**
 * The whole log from end to end: the heads (signatures, roots, consistency), then every audited
 * event in the store's global order against the published entry at its place. A deleted, moved or
 * altered event is named by the entry it should have matched.
 *
 * Reading and hashing a million events is most of the work, and it is CPU-bound. With `parallel`,
 * the store is cut into stretches at the positions the heads were published at, and worker threads
 * (each with its own connection, opened from `parallel.open`) read and hash them while this thread
 * checks the heads; the stretches are then compared in order, so the answer is the one a single
 * pass gives. The cut points are hints read from unsigned fields: any cut gives the same order.
 */
export async function verifyWholeLog(deps: {
  store: Pick<EventStore, 'readAll'>;
  heads: HeadReader;
  publicKey: KeyObject;
  batchSize?: number;
  /** `rangeEntries`: about how many entries each stretch holds (by default a quarter of a thread's share). */
  parallel?: { threads: number; open: EventStoreOptions; rangeEntries?: number };
}): Promise<LogAudit> {
  const batchSize = deps.batchSize ?? 5000;
  const ranges: PlannedRange[] = [];
  const observing: Promise<ObservedEvents>[] = [];
  let readers: ReturnType<typeof startRangeReaders> | null = null;
  try {
    if (deps.parallel) {
      // The threads start first and each stretch is handed out as soon as the heads that end it
      // are read, so reading the heads and hashing the events overlap.
      const keys = await deps.heads.keys();
      const total = keys.length > 0 ? Number(/(\d{16})\.json$/.exec(keys[keys.length - 1]!)![1]) : 0;
      const { rangeEntries, threads } = deps.parallel;
      const target = rangeEntries ?? Math.max(MIN_RANGE_ENTRIES, Math.ceil(total / (threads * 4)));
      // A log too short for two stretches is quicker to check in one pass than to start threads for.
      if (total >= 2 * target) {
        readers = startRangeReaders(deps.parallel, batchSize);
        const planner = rangePlanner(target);
        for (const [i, key] of keys.entries()) {
          const head = await deps.heads.read(key);
          const range = 'unreadable' in head ? null : planner.add(head, i === keys.length - 1);
          if (!range) continue;
          ranges.push(range);
          const observed = readers.observe(range);
          // A stretch not waited for (the log failed first) must not fail unhandled.
          observed.catch(() => {});
          observing.push(observed);
        }
      }
    }
    const log = await loadPublishedLog(deps.heads, deps.publicKey);
    const base = { headsChecked: log.heads.length, latestHead: log.latest?.treeHead ?? null };
    if (log.problem) {
      return { ok: false, ...base, entriesChecked: 0, problem: { stream: null, revision: null, reason: log.problem } };
    }
    const { entries } = log;
    let index = 0;
    const mismatch = (reason: string): LogAudit => {
      const entry = entries[index]!;
      return {
        ok: false,
        ...base,
        entriesChecked: index,
        problem: { stream: entry.stream, revision: entry.revision.toString(), reason },
      };
    };
    /** Compares observed events with the entries from `index` on; a problem, or null. */
    const compare = (observed: ObservedEvents): LogAudit | null => {
      for (let offset = 0; offset < observed.streams.length && index < entries.length; offset++) {
        const entry = entries[index]!;
        const [stream, revision] = [observed.streams[offset]!, observed.revisions[offset]!];
        if (stream !== entry.stream || revision !== entry.revision) {
          return mismatch(
            `deleted or moved: the log has this event at entry ${index}, the store has ${stream} revision ${revision} there`,
          );
        }
        if (!entry.leafHash.equals(leafAt(observed, offset)))
          return mismatch('altered: the event differs from its published leaf');
        index++;
      }
      return null;
    };
    let after: Position = START;
    for (const [i, range] of ranges.entries()) {
      if (index === entries.length) break;
      const problem = compare(await observing[i]!);
      if (problem) return problem;
      after = range.upTo!;
    }
    // Past the last cut (or all of it, without workers): as many audited events as entries remain.
    if (index < entries.length) {
      const rest = entries.length - index;
      const tail = await observeRange(deps.store, { after, upTo: null }, { expected: rest, batchSize, enough: rest });
      const problem = compare(tail);
      if (problem) return problem;
    }
    if (index < entries.length) return mismatch('deleted: the store ends before this published entry');
    return { ok: true, ...base, entriesChecked: index, problem: null };
  } finally {
    await readers?.close();
  }
}

/** A stretch for each worker request: at least this many entries (fewer, larger requests). */
const MIN_RANGE_ENTRIES = 10_000;

type PlannedRange = StoreRange & { expected: number };

/**
 * Cuts the store at head positions, head after head, into stretches of about `target` entries
 * (by default about four per thread, so a slow stretch does not leave the other threads idle at
 * the end). Heads without a position are not cut at; a position before an earlier cut is ignored.
 * The last head always ends a stretch: what follows it is read only if entries are missing.
 */
function rangePlanner(target: number) {
  let after: Position = START;
  let expected = 0;
  return {
    add(head: HeadFile, last: boolean): PlannedRange | null {
      expected += head.entries.length;
      const upTo = head.position ? parsePosition(head.position) : null;
      if ((expected < target && !last) || !upTo || comparePositions(upTo, after) <= 0) return null;
      const range = { after, upTo, expected };
      after = upTo;
      expected = 0;
      return range;
    },
  };
}

/**
 * The worker is TypeScript, as this module is, so it registers tsx's loader before loading it
 * (a worker cannot be given `--import tsx`). The ES module of `tsx/esm/api`, found through the
 * package's export map: `import.meta.resolve` would find it too, but not under the test runner.
 */
function tsxRegisterUrl(): string {
  const manifestPath = createRequire(import.meta.url).resolve('tsx/package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
    exports: Record<string, { import: { default: string } }>;
  };
  return pathToFileURL(path.join(path.dirname(manifestPath), manifest.exports['./esm/api']!.import.default)).href;
}

/** Worker threads that observe stretches of the store, each stretch given to the next idle one. */
function startRangeReaders(parallel: { threads: number; open: EventStoreOptions }, batchSize: number) {
  const script = new URL('./verify-worker.ts', import.meta.url).href;
  const bootstrap = `import(${JSON.stringify(tsxRegisterUrl())})
    .then(({ register }) => { register(); return import(${JSON.stringify(script)}); })`;
  const workers = Array.from(
    { length: Math.max(1, parallel.threads) },
    () => new Worker(bootstrap, { eval: true, workerData: parallel.open }),
  );
  type Waiting = { request: RangeRequest; resolve: (observed: ObservedEvents) => void; reject: (error: Error) => void };
  const queue: Waiting[] = [];
  const busy = new Map<Worker, Waiting>();
  let failure: Error | null = null;
  let nextId = 0;
  const dispatch = () => {
    for (const worker of workers) {
      if (busy.has(worker) || queue.length === 0) continue;
      const waiting = queue.shift()!;
      busy.set(worker, waiting);
      worker.postMessage(waiting.request);
    }
  };
  const fail = (error: Error) => {
    failure ??= error;
    for (const waiting of [...queue.splice(0), ...busy.values()]) waiting.reject(failure);
    busy.clear();
  };
  for (const worker of workers) {
    worker.on('message', (answer: RangeAnswer) => {
      const waiting = busy.get(worker);
      busy.delete(worker);
      if (!waiting) return;
      if ('error' in answer) waiting.reject(new Error(`reading the event store: ${answer.error}`));
      else waiting.resolve({ ...answer, lastRead: parsePosition(answer.lastRead)! });
      dispatch();
    });
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (busy.has(worker)) fail(new Error(`a verification thread stopped (exit code ${code})`));
    });
  }
  return {
    observe(range: PlannedRange): Promise<ObservedEvents> {
      if (failure) return Promise.reject(failure);
      return new Promise((resolve, reject) => {
        const request: RangeRequest = {
          id: nextId++,
          after: positionToString(range.after),
          upTo: positionToString(range.upTo!),
          expected: range.expected,
          batchSize,
        };
        queue.push({ request, resolve, reject });
        dispatch();
      });
    },
    async close() {
      fail(new Error('the verification has ended'));
      await Promise.all(
        workers.map(
          (worker) =>
            new Promise<void>((resolve) => {
              // A worker still opening its store, or reading, is stopped outright.
              const timer = setTimeout(() => void worker.terminate(), 5_000);
              worker.once('exit', () => {
                clearTimeout(timer);
                resolve();
              });
              worker.postMessage('close');
            }),
        ),
      );
    },
  };
}
