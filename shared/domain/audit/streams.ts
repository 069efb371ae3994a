import { verifyEvents, type StreamVerification } from '../../eventstore/hash-chain.ts';
import { positionToString, type EventStore, type RecordedEvent } from '../../eventstore/types.ts';
import { contractDecider } from '../contracts/decider.ts';
import { contractEventWithoutPersonalData, type ContractEvent } from '../contracts/events.ts';
import { foldEvents, type Decider, type DomainEvent } from '../decider.ts';
import { disputeDecider } from '../disputes/decider.ts';
import type { DisputeEvent } from '../disputes/events.ts';
import { escrowDecider } from '../escrow/decider.ts';
import type { EscrowEvent, PayoutEvent } from '../escrow/events.ts';
import { boostDecider, planDecider } from '../plans/decider.ts';
import type { BoostEvent, PlanEvent } from '../plans/events.ts';
import { userSwitchDecider } from '../user-switch/decider.ts';

/**
 * What an auditor can replay: the hash-chained money and arbitration streams, and each account's
 * switch-user record. For each kind, how to fold its history into a state (the same decider the
 * commands use, so the replay is the truth, not a report), and who its parties are (they may read
 * it; administrators read all).
 */
export const auditableKinds = [
  'escrow',
  'contract',
  'dispute',
  'payout',
  'plan',
  'listing-boost',
  'user-switch',
] as const;
export type AuditableKind = (typeof auditableKinds)[number];

/** A stream id an auditor may ask for: a kind's prefix and an id of letters, digits and dashes. */
export const AUDIT_STREAM_PATTERN =
  /^(escrow|contract|dispute|payout|plan|listing-boost|user-switch)-[A-Za-z0-9-]{1,80}$/;

export function auditableKind(streamId: string): AuditableKind | null {
  const match = AUDIT_STREAM_PATTERN.exec(streamId);
  return match ? (match[1] as AuditableKind) : null;
}

type AnyDecider = Pick<Decider<unknown, unknown, DomainEvent>, 'initialState' | 'evolve'>;
const deciders: Record<Exclude<AuditableKind, 'payout'>, AnyDecider> = {
  escrow: escrowDecider as unknown as AnyDecider,
  contract: contractDecider as unknown as AnyDecider,
  dispute: disputeDecider as unknown as AnyDecider,
  plan: planDecider as unknown as AnyDecider,
  'listing-boost': boostDecider as unknown as AnyDecider,
  'user-switch': userSwitchDecider as unknown as AnyDecider,
};

/** The state a history folds to. A payout has no decider: its state is what was sent. */
export function foldHistory(kind: AuditableKind, events: readonly RecordedEvent[]): unknown {
  if (kind === 'payout') {
    const sent = (events as unknown as PayoutEvent[]).find((event) => event.type === 'PayoutSent');
    return sent ? { status: 'sent', ...sent.data } : { status: 'none' };
  }
  return foldEvents(deciders[kind], events as unknown as DomainEvent[]);
}

/** The account ids that are parties to the stream (empty when the stream does not exist). */
export function partiesOf(kind: AuditableKind, events: readonly RecordedEvent[]): string[] {
  const first = events[0] as unknown as
    EscrowEvent | ContractEvent | DisputeEvent | PayoutEvent | PlanEvent | BoostEvent | undefined;
  if (!first) return [];
  switch (kind) {
    case 'escrow':
      return first.type === 'EscrowCreated' ? [first.data.customerId, first.data.contractorId] : [];
    case 'contract':
      return first.type === 'ContractGenerated'
        ? [first.data.terms.customer.userId, first.data.terms.contractor.userId]
        : [];
    case 'dispute':
      return first.type === 'DisputeOpened' ? [first.data.customerId, first.data.contractorId] : [];
    case 'payout':
      return first.type === 'PayoutSent' ? [first.data.recipientId] : [];
    case 'plan':
      return first.type === 'PlanPurchased' || first.type === 'PlanPaymentFailed' ? [first.data.accountId] : [];
    case 'listing-boost':
      return first.type === 'BoostPurchased' ? [first.data.contractorId] : [];
    case 'user-switch':
      // Oversight of who acted as whom is for administrators alone.
      return [];
  }
}

export type AuditEntry = {
  revision: string;
  position: string;
  type: string;
  data: unknown;
  actorId: string | null;
  occurredAt: string | null;
  correlationId: string | null;
  prevHash: string | null;
  hash: string | null;
};

/**
 * An event as an auditor reads it: events written before personal data left the log (contracts
 * before template v2 named the parties and kept the typed names) have those fields removed. The
 * hash chain is checked on the stored bytes (`verification`), never on this.
 */
export function withoutPersonalData(event: RecordedEvent): RecordedEvent {
  if (!event.type.startsWith('Contract')) return event;
  const { data } = contractEventWithoutPersonalData(event as unknown as ContractEvent);
  return { ...event, data: data as RecordedEvent['data'] };
}

export function auditEntry(event: RecordedEvent): AuditEntry {
  const meta = event.metadata as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return {
    revision: event.revision.toString(),
    position: positionToString(event.position),
    type: event.type,
    data: event.data,
    actorId: text(meta.actorId),
    occurredAt: text(meta.occurredAt) ?? event.recordedAt.toISOString(),
    correlationId: text(meta.correlationId),
    prevHash: text(meta.prevHash),
    hash: text(meta.hash),
  };
}

export type AuditHistory = {
  stream: string;
  kind: AuditableKind;
  events: AuditEntry[];
  asOf: string | null;
  /** How many events the state folds: all, or those that occurred at or before `asOf`. */
  eventsUpTo: number;
  state: unknown;
};

/** The history of a stream, and its state as of an instant (or now). */
export function historyOf(
  streamId: string,
  kind: AuditableKind,
  events: readonly RecordedEvent[],
  asOf: Date | null,
): AuditHistory {
  const readable = events.map(withoutPersonalData);
  const upTo = asOf
    ? readable.filter((event) => Date.parse(auditEntry(event).occurredAt!) <= asOf.getTime())
    : readable;
  return {
    stream: streamId,
    kind,
    events: readable.map(auditEntry),
    asOf: asOf ? asOf.toISOString() : null,
    eventsUpTo: upTo.length,
    state: foldHistory(kind, upTo),
  };
}

export type AuditVerification =
  | { ok: true; stream: string; length: number; headHash: string | null }
  | { ok: false; stream: string; length: number; firstAlteredRevision: string; type: string; reason: string };

/** Checks the hash chain and names the first event whose content or link does not match. */
export function verification(streamId: string, events: readonly RecordedEvent[]): AuditVerification {
  const result: StreamVerification = verifyEvents(streamId, events);
  if (result.ok) return { ok: true, stream: streamId, length: result.length, headHash: result.headHash };
  const altered = events.find((event) => event.revision === result.revision);
  return {
    ok: false,
    stream: streamId,
    length: events.length,
    firstAlteredRevision: result.revision.toString(),
    type: altered?.type ?? 'unknown',
    reason: result.reason,
  };
}

/** Reads a stream for an audit (the whole stream: these streams are short). */
export const readForAudit = (store: EventStore, streamId: string) => store.readStream(streamId);
