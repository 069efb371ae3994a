import { userSwitchEventSchemas } from '../user-switch/events.ts';
import { boostEventSchemas, planEventSchemas } from '../plans/events.ts';
import { escrowEventSchemas, payoutEventSchemas } from '../escrow/events.ts';
import { disputeEventSchemas } from '../disputes/events.ts';
import { verifyEvents, type StreamVerification } from '../../eventstore/hash-chain.ts';
import { positionToString, type EventStore, type RecordedEvent } from '../../eventstore/types.ts';
import { contractDecider } from '../contracts/decider.ts';
import { contractEventWithoutPersonalData, type ContractEvent, contractEventSchemas } from '../contracts/events.ts';
import { foldEvents } from '../decider.ts';
import { disputeDecider } from '../disputes/decider.ts';
import type { DisputeEvent } from '../disputes/events.ts';
import { escrowDecider } from '../escrow/decider.ts';
import type { EscrowEvent, PayoutEvent } from '../escrow/events.ts';
import { boostDecider, planDecider } from '../plans/decider.ts';
import type { BoostEvent, PlanEvent } from '../plans/events.ts';
import { userSwitchDecider } from '../user-switch/decider.ts';
import type { UserSwitchEvent } from '../user-switch/events.ts';
import { asRecordedEvent, asRecordedEvents } from '../../eventstore/typed.ts';
import { AUDIT_STREAM_PATTERN, auditableKinds, type AuditableKind } from './kinds.ts';

export { AUDIT_STREAM_PATTERN, auditableKinds, type AuditableKind };

/**
 * What an auditor can replay: the hash-chained money and arbitration streams, and each account's
 * switch-user record. For each kind, how to fold its history into a state (the same decider the
 * commands use, so the replay is the truth, not a report), and who its parties are (they may read
 * it; administrators read all).
 */
export function auditableKind(streamId: string): AuditableKind | null {
  const match = AUDIT_STREAM_PATTERN.exec(streamId);
  return match ? (match[1] as AuditableKind) : null;
}

const folds: Record<Exclude<AuditableKind, 'payout'>, (events: readonly RecordedEvent[]) => unknown> = {
  escrow: (events) => foldEvents(escrowDecider, asRecordedEvents<EscrowEvent>(events, escrowEventSchemas)),
  contract: (events) => foldEvents(contractDecider, asRecordedEvents<ContractEvent>(events, contractEventSchemas)),
  dispute: (events) => foldEvents(disputeDecider, asRecordedEvents<DisputeEvent>(events, disputeEventSchemas)),
  plan: (events) => foldEvents(planDecider, asRecordedEvents<PlanEvent>(events, planEventSchemas)),
  'listing-boost': (events) => foldEvents(boostDecider, asRecordedEvents<BoostEvent>(events, boostEventSchemas)),
  'user-switch': (events) =>
    foldEvents(userSwitchDecider, asRecordedEvents<UserSwitchEvent>(events, userSwitchEventSchemas)),
};

/** The state a history folds to. A payout has no decider: its state is what was sent. */
export function foldHistory(kind: AuditableKind, events: readonly RecordedEvent[]): unknown {
  if (kind === 'payout') {
    const sent = asRecordedEvents<PayoutEvent>(events, payoutEventSchemas).find((event) => event.type === 'PayoutSent');
    return sent ? { status: 'sent', ...sent.data } : { status: 'none' };
  }
  return folds[kind](events);
}

/** The account ids that are parties to the stream (empty when the stream does not exist). */
export function partiesOf(kind: AuditableKind, events: readonly RecordedEvent[]): string[] {
  // Oversight of who acted as whom is for administrators alone.
  if (kind === 'user-switch' || events.length === 0) return [];
  const first = asRecordedEvent<EscrowEvent | ContractEvent | DisputeEvent | PayoutEvent | PlanEvent | BoostEvent>(
    events[0]!,
    {
      ...escrowEventSchemas,
      ...contractEventSchemas,
      ...disputeEventSchemas,
      ...payoutEventSchemas,
      ...planEventSchemas,
      ...boostEventSchemas,
    },
  );
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
  const { data } = contractEventWithoutPersonalData(asRecordedEvent<ContractEvent>(event, contractEventSchemas));
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
