import type { KeyObject } from 'node:crypto';
import { z } from 'zod';
import { CHAINED_STREAM_PREFIXES, isChainedStream } from '../eventstore/hash-chain.ts';
import {
  comparePositions,
  parsePosition,
  positionToString,
  START,
  type EventStore,
  type Position,
  type RecordedEvent,
} from '../eventstore/types.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import { canonicalEventText } from './canonical.ts';
import { Frontier, leafHash, MerkleTree, verifyConsistency, type Hash } from './merkle.ts';
import {
  AUDIT_LOG_ID,
  hex64,
  signedTreeHeadSchema,
  verifyHeadSignature,
  type AuditSigner,
  type SignedTreeHead,
} from './signing.ts';

/**
 * The audit log: every event of the audited streams (escrow, contract, dispute, payout, plan,
 * listing boost and switch-user records; arbitrators' decisions are dispute events), in the event
 * store's global order, as the leaves of one RFC 9162 Merkle tree.
 *
 * The log lives outside the database: each signed tree head is a file (`audit/heads/<size>.json`
 * in the file store: DATA_DIR or the S3 bucket) that also carries the entries it added (stream,
 * revision and leaf hash of each event) and the tree's right edge. The folder of heads is thus the
 * whole log: a verifier rebuilds the tree from it, checks every root against its signature, and
 * compares the events in the database with what was published. Someone who can rewrite the
 * database cannot rewrite a published head without the signing key.
 */
export const HEADS_FOLDER = 'audit/heads/';
export const HEAD_FILE_FORMAT = 'marketplace-tree-head/1';
/** A first publish over a long history is split into heads of at most this many entries. */
export const MAX_ENTRIES_PER_HEAD = 20_000;

export const isAuditedStream = isChainedStream;
const AUDITED_STREAM_PREFIXES = CHAINED_STREAM_PREFIXES;

const headFileSchema = signedTreeHeadSchema.extend({
  format: z.literal(HEAD_FILE_FORMAT),
  previousSize: z.number().int().min(0),
  /** [stream, revision, leaf hash] of each event this head added, in log order. */
  entries: z.array(z.tuple([z.string().min(1), z.string().regex(/^\d+$/), hex64])),
  frontier: z.array(z.object({ size: z.number().int().min(1), hash: hex64 })),
  /** Where in the event store the publisher had read to (a hint for the next publish). */
  position: z.string().nullable(),
});
export type HeadFile = z.infer<typeof headFileSchema>;

export const headKey = (size: number) => `${HEADS_FOLDER}${String(size).padStart(16, '0')}.json`;

/** The leaf of an event: RFC 9162's leaf hash of its RFC 8785 canonical JSON, hash and all. */
export function eventLeafHash(event: RecordedEvent): Hash {
  return leafHash(canonicalEventText(event));
}

async function readText(storage: FileStorage, key: string): Promise<string | null> {
  const file = await storage.get(key);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Published head files, parsed, in size order. Heads are written once, so each is read once per
 * process; a file that does not parse is reported as such (never skipped silently).
 */
export function createHeadReader(storage: FileStorage) {
  const cache = new Map<string, HeadFile | { unreadable: string }>();
  async function read(key: string) {
    const cached = cache.get(key);
    if (cached) return cached;
    const text = await readText(storage, key);
    let parsed: HeadFile | { unreadable: string };
    try {
      const result = headFileSchema.safeParse(JSON.parse(text ?? 'null'));
      parsed = result.success ? result.data : { unreadable: z.prettifyError(result.error).split('\n')[0]! };
    } catch {
      parsed = { unreadable: 'not JSON' };
    }
    cache.set(key, parsed);
    return parsed;
  }
  /** The head files' keys in size order (the name is the zero-padded size). */
  const keys = async () => (await storage.list(HEADS_FOLDER)).filter((key) => /\/\d{16}\.json$/.test(key));
  return {
    keys,
    read,
    async all(): Promise<{ key: string; head: HeadFile | { unreadable: string } }[]> {
      return Promise.all((await keys()).map(async (key) => ({ key, head: await read(key) })));
    },
    async latest(): Promise<HeadFile | null> {
      const all = await keys();
      const last = all[all.length - 1];
      if (!last) return null;
      const head = await read(last);
      if ('unreadable' in head) throw new Error(`the latest tree head ${last} is unreadable: ${head.unreadable}`);
      return head;
    },
  };
}
export type HeadReader = ReturnType<typeof createHeadReader>;

/**
 * Signs and writes tree heads. Each publish reads the audited events the latest head does not hold
 * yet, extends its frontier and writes the next head with those entries. A head is written once
 * (the store refuses a second write under its key), so two publishers racing write one head.
 */
export function createAuditPublisher(deps: {
  store: Pick<EventStore, 'readAll'>;
  storage: FileStorage;
  signer: AuditSigner;
  heads?: HeadReader;
  batchSize?: number;
}) {
  const heads = deps.heads ?? createHeadReader(deps.storage);
  const batchSize = deps.batchSize ?? 1000;
  /** Where this process has read to with nothing audited found since the latest head. */
  let readTo: { size: number; position: Position } | null = null;

  /** Publishes every head due now; answers the heads written (none when the log did not grow). */
  async function publish(now: Date = new Date()): Promise<HeadFile[]> {
    const written: HeadFile[] = [];
    for (;;) {
      const head = await publishOne(now);
      if (!head) return written;
      written.push(head);
      if (head.entries.length < MAX_ENTRIES_PER_HEAD) return written;
    }
  }

  async function publishOne(now: Date): Promise<HeadFile | null> {
    const latest = await heads.latest();
    if (latest && !verifyHeadSignature(latest, deps.signer.publicKey)) {
      throw new Error(
        `the latest tree head (size ${latest.treeHead.size}) is not signed by this log's key: refusing to extend it`,
      );
    }
    const frontier = latest ? Frontier.fromJSON(latest.frontier) : new Frontier();
    const size = latest?.treeHead.size ?? 0;
    if (frontier.size !== size || (latest && frontier.root().toString('hex') !== latest.treeHead.rootHash)) {
      throw new Error(`the latest tree head (size ${size}) does not match its own frontier: refusing to extend it`);
    }
    let position = (latest?.position ? parsePosition(latest.position) : null) ?? START;
    if (readTo && readTo.size === size && comparePositions(readTo.position, position) > 0) position = readTo.position;

    const entries: HeadFile['entries'] = [];
    let lastRead = position;
    while (entries.length < MAX_ENTRIES_PER_HEAD) {
      // Only the audited streams: on a log of millions of events, parsing every one of them in the
      // app's process after each start held up its requests for as long.
      let scannedTo = null as Position | null;
      const events = await deps.store.readAll({
        after: lastRead,
        limit: batchSize,
        streamPrefixes: AUDITED_STREAM_PREFIXES,
        onScannedTo: (position) => (scannedTo = position),
      });
      for (const event of events) {
        if (entries.length === MAX_ENTRIES_PER_HEAD) break;
        lastRead = event.position;
        if (!isAuditedStream(event.streamId)) continue;
        const leaf = eventLeafHash(event);
        frontier.append(leaf);
        entries.push([event.streamId, event.revision.toString(), leaf.toString('hex')]);
      }
      // The store read past the events it left out: the next read starts after them, not from the
      // last audited event (every 30 s, a log of millions since would be read again).
      if (scannedTo && entries.length < MAX_ENTRIES_PER_HEAD && comparePositions(scannedTo, lastRead) > 0) {
        lastRead = scannedTo;
      }
      if (events.length === 0) break;
    }
    if (entries.length === 0) {
      readTo = { size, position: lastRead };
      return null;
    }
    const signed: SignedTreeHead = deps.signer.sign({
      log: AUDIT_LOG_ID,
      size: frontier.size,
      rootHash: frontier.root().toString('hex'),
      timestamp: now.toISOString(),
    });
    const head: HeadFile = {
      format: HEAD_FILE_FORMAT,
      ...signed,
      previousSize: size,
      entries,
      frontier: frontier.toJSON(),
      position: positionToString(lastRead),
    };
    try {
      await deps.storage.put(headKey(head.treeHead.size), Buffer.from(JSON.stringify(head)), 'application/json');
    } catch (error) {
      // Another publisher wrote this size first: its head holds the same entries.
      if ((await heads.latest())?.treeHead.size === head.treeHead.size) return null;
      throw error;
    }
    readTo = null;
    return head;
  }

  return { publish };
}

export type LogEntry = { index: number; stream: string; revision: bigint; leafHash: Hash };

/** The published log, rebuilt from the head files and checked from end to end. */
export type PublishedLog = {
  heads: HeadFile[];
  /** The latest head whose signature and entries check out (null before the first publish). */
  latest: HeadFile | null;
  entries: LogEntry[];
  tree: MerkleTree;
  /** The first thing about the published heads that does not check out, if any. */
  problem: string | null;
};

/**
 * Reads every published head and checks that each is signed by the key, that its entries continue
 * the previous head's, that the tree of all entries up to its size has its root, and that each head
 * is consistent with the next (an RFC 9162 consistency proof, verified). Stops at the first head
 * that fails; everything before it stands.
 */
export async function loadPublishedLog(heads: HeadReader, publicKey: KeyObject): Promise<PublishedLog> {
  const files = await heads.all();
  let accepted: HeadFile[] = [];
  const entries: LogEntry[] = [];
  let problem: string | null = null;
  // First the checks that need no hashing, head after head, up to the first head that fails one.
  const candidates: HeadFile[] = [];
  for (const { key, head } of files) {
    if ('unreadable' in head) {
      problem = `the tree head ${key} is unreadable: ${head.unreadable}`;
      break;
    }
    const size = head.treeHead.size;
    const previous = candidates[candidates.length - 1];
    if (key !== headKey(size)) {
      problem = `the tree head ${key} says it has ${size} entries`;
      break;
    }
    if (!verifyHeadSignature(head, publicKey)) {
      problem = `the tree head of size ${size} is not signed by this log's audit key`;
      break;
    }
    if (head.previousSize !== (previous?.treeHead.size ?? 0) || head.previousSize + head.entries.length !== size) {
      problem = `the tree head of size ${size} does not continue the previous head`;
      break;
    }
    if (previous && Date.parse(head.treeHead.timestamp) < Date.parse(previous.treeHead.timestamp)) {
      problem = `the tree head of size ${size} is older than the previous head`;
      break;
    }
    candidates.push(head);
    for (const [offset, [stream, revision, hash]] of head.entries.entries()) {
      entries.push({
        index: head.previousSize + offset,
        stream,
        revision: BigInt(revision),
        leafHash: Buffer.from(hash, 'hex'),
      });
    }
  }
  // Then each head's root, read off one tree of all those entries (each node hashed once, each
  // root in O(log n)). A head whose root fails is the first problem: the heads after it, and a
  // problem found after it above, are dropped, as checking head by head would have stopped there.
  const tree = new MerkleTree(entries.map((entry) => entry.leafHash));
  for (const head of candidates) {
    if (tree.root(head.treeHead.size).toString('hex') !== head.treeHead.rootHash) {
      problem = `the entries published with the tree head of size ${head.treeHead.size} do not hash to its signed root`;
      entries.length = head.previousSize;
      break;
    }
    accepted.push(head);
  }
  // RFC 9162 consistency between each pair of heads, as a monitor checks it.
  for (let i = 1; i < accepted.length; i++) {
    const [older, newer] = [accepted[i - 1]!.treeHead, accepted[i]!.treeHead];
    const proof = tree.consistencyProof(older.size, newer.size);
    const root = (hash: string) => Buffer.from(hash, 'hex');
    if (!verifyConsistency(older.size, newer.size, proof, root(older.rootHash), root(newer.rootHash))) {
      problem = `the tree head of size ${newer.size} is not consistent with the head of size ${older.size}`;
      accepted = accepted.slice(0, i);
      entries.length = older.size;
      break;
    }
  }
  return {
    heads: accepted,
    latest: accepted[accepted.length - 1] ?? null,
    entries,
    tree: entries.length === tree.size ? tree : new MerkleTree(entries.map((entry) => entry.leafHash)),
    problem,
  };
}
