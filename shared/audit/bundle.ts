import type { KeyObject } from 'node:crypto';
import { z } from 'zod';
import { verifyEvents } from '../eventstore/hash-chain.ts';
import { START, type RecordedEvent } from '../eventstore/types.ts';
import { eventLeafHash, type PublishedLog } from './log.ts';
import { verifyInclusion } from './merkle.ts';
import { hex64, signedTreeHeadSchema, verifyHeadSignature, type SignedTreeHead, type TreeHead } from './signing.ts';

/**
 * The offline auditor kit: one stream's events as stored, each covered event's inclusion proof,
 * and the signed tree head the proofs lead to. `checkBundle` needs nothing but the bundle and the
 * log's public key. The format is documented in docs/audit.md.
 */
export const BUNDLE_FORMAT = 'marketplace-audit-bundle/1';

const bundleSchema = z.object({
  format: z.literal(BUNDLE_FORMAT),
  stream: z.string().min(1),
  exportedAt: z.iso.datetime(),
  treeHead: signedTreeHeadSchema.nullable(),
  events: z.array(
    z.object({
      id: z.string().min(1),
      revision: z.string().regex(/^\d+$/),
      type: z.string().min(1),
      data: z.unknown(),
      metadata: z.record(z.string(), z.unknown()),
      /** The event's place in the log, and its RFC 9162 audit path to the head's root (null: after the head). */
      leafIndex: z.number().int().min(0).nullable(),
      inclusionProof: z.array(hex64).nullable(),
    }),
  ),
});
export type AuditBundle = z.infer<typeof bundleSchema>;

export function exportBundle(
  streamId: string,
  events: readonly RecordedEvent[],
  log: PublishedLog,
  now = new Date(),
): AuditBundle {
  const head = log.latest;
  const indexOf = new Map(
    log.entries.filter((entry) => entry.stream === streamId).map((entry) => [entry.revision, entry.index]),
  );
  const treeHead: SignedTreeHead | null = head
    ? { treeHead: head.treeHead, signature: head.signature, keyId: head.keyId }
    : null;
  return {
    format: BUNDLE_FORMAT,
    stream: streamId,
    exportedAt: now.toISOString(),
    treeHead,
    events: events.map((event) => {
      const index = indexOf.get(event.revision) ?? null;
      return {
        id: event.id,
        revision: event.revision.toString(),
        type: event.type,
        data: event.data,
        metadata: event.metadata,
        leafIndex: index,
        inclusionProof:
          index === null || !head
            ? null
            : log.tree.inclusionProof(index, head.treeHead.size).map((hash) => hash.toString('hex')),
      };
    }),
  };
}

export type BundleCheck = {
  ok: boolean;
  stream: string | null;
  events: number;
  /** Events whose inclusion in the signed head was proven. */
  covered: number;
  /** Events after the head, checked by the hash chain alone. */
  pending: number;
  treeHead: TreeHead | null;
  firstBadRevision: string | null;
  reason: string | null;
};

/** Checks a bundle with no database and no server: signature, hash chain, every inclusion proof. */
export function checkBundle(input: unknown, publicKey: KeyObject): BundleCheck {
  const parsed = bundleSchema.safeParse(input);
  const fail = (reason: string, extra: Partial<BundleCheck> = {}): BundleCheck => ({
    ok: false,
    stream: parsed.success ? parsed.data.stream : null,
    events: parsed.success ? parsed.data.events.length : 0,
    covered: 0,
    pending: 0,
    treeHead: parsed.success ? (parsed.data.treeHead?.treeHead ?? null) : null,
    firstBadRevision: null,
    reason,
    ...extra,
  });
  if (!parsed.success) return fail(`not an audit bundle: ${z.prettifyError(parsed.error).split('\n')[0]}`);
  const bundle = parsed.data;
  if (bundle.treeHead && !verifyHeadSignature(bundle.treeHead, publicKey)) {
    return fail('the tree head is not signed by this key');
  }
  const recorded: RecordedEvent[] = bundle.events.map((event) => ({
    id: event.id,
    streamId: bundle.stream,
    revision: BigInt(event.revision),
    type: event.type,
    data: event.data,
    metadata: event.metadata,
    position: START,
    recordedAt: new Date(0),
  }));
  const chain = verifyEvents(bundle.stream, recorded);
  if (!chain.ok) return fail(chain.reason, { firstBadRevision: chain.revision.toString() });

  let covered = 0;
  for (const [i, event] of bundle.events.entries()) {
    const proven = event.leafIndex !== null && event.inclusionProof !== null;
    if (!proven) continue;
    if (covered !== i) {
      return fail('a covered event follows one the head does not cover', { firstBadRevision: event.revision });
    }
    const head = bundle.treeHead?.treeHead;
    const ok =
      head !== undefined &&
      verifyInclusion(
        eventLeafHash(recorded[i]!),
        event.leafIndex!,
        head.size,
        event.inclusionProof!.map((hash) => Buffer.from(hash, 'hex')),
        Buffer.from(head.rootHash, 'hex'),
      );
    if (!ok) {
      return fail('the event is not the one the signed tree head covers (its inclusion proof fails)', {
        firstBadRevision: event.revision,
        covered,
      });
    }
    covered++;
  }
  return {
    ok: true,
    stream: bundle.stream,
    events: bundle.events.length,
    covered,
    pending: bundle.events.length - covered,
    treeHead: bundle.treeHead?.treeHead ?? null,
    firstBadRevision: null,
    reason: null,
  };
}
