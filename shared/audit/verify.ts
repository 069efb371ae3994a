import type { KeyObject } from 'node:crypto';
import { verifyEvents } from '../eventstore/hash-chain.ts';
import { START, type EventStore, type Position, type RecordedEvent } from '../eventstore/types.ts';
import { eventLeafHash, isAuditedStream, loadPublishedLog, type HeadReader, type PublishedLog } from './log.ts';
import { verifyInclusion } from './merkle.ts';
import type { TreeHead } from './signing.ts';

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
 * event in the store's global order against the published entry at its place, one pass, in
 * batches. A deleted, moved or altered event is named by the entry it should have matched.
 */
export async function verifyWholeLog(deps: {
  store: Pick<EventStore, 'readAll'>;
  heads: HeadReader;
  publicKey: KeyObject;
  batchSize?: number;
}): Promise<LogAudit> {
  const log = await loadPublishedLog(deps.heads, deps.publicKey);
  const base = { headsChecked: log.heads.length, latestHead: log.latest?.treeHead ?? null };
  if (log.problem) {
    return { ok: false, ...base, entriesChecked: 0, problem: { stream: null, revision: null, reason: log.problem } };
  }
  let index = 0;
  const batchSize = deps.batchSize ?? 5000;
  // Reads ahead: the next batch is on its way while this one is hashed. The loop can end (a
  // mismatch, the last entry checked) with a read pending; its failure must not go unhandled.
  const read = (after: Position) => {
    const batch = deps.store.readAll({ after, limit: batchSize });
    batch.catch(() => {});
    return batch;
  };
  const mismatch = (reason: string): LogAudit => {
    const entry = log.entries[index]!;
    return {
      ok: false,
      ...base,
      entriesChecked: index,
      problem: { stream: entry.stream, revision: entry.revision.toString(), reason },
    };
  };
  let next = read(START);
  while (index < log.entries.length) {
    const events = await next;
    if (events.length === 0) break;
    next = read(events[events.length - 1]!.position);
    for (const event of events) {
      if (index === log.entries.length) break;
      if (!isAuditedStream(event.streamId)) continue;
      const entry = log.entries[index]!;
      if (event.streamId !== entry.stream || event.revision !== entry.revision) {
        return mismatch(
          `deleted or moved: the log has this event at entry ${index}, the store has ${event.streamId} revision ${event.revision} there`,
        );
      }
      if (!eventLeafHash(event).equals(entry.leafHash))
        return mismatch('altered: the event differs from its published leaf');
      index++;
    }
  }
  if (index < log.entries.length) return mismatch('deleted: the store ends before this published entry');
  return { ok: true, ...base, entriesChecked: index, problem: null };
}
