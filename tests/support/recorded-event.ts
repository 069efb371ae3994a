import { randomUUID } from 'node:crypto';
import type { RecordedEvent } from '../../shared/eventstore/types.ts';

/**
 * A stored event as a projection receives it, at a position one past the last one this helper
 * made: for projection tests that apply events straight to a read model, without a store.
 */
let lastPosition = 0;
export function recordedEvent(type: string, data: Record<string, unknown>): RecordedEvent {
  lastPosition += 1;
  return {
    id: randomUUID(),
    streamId: 'test',
    revision: 0n,
    type,
    data,
    metadata: { actorId: null, correlationId: randomUUID(), occurredAt: new Date().toISOString() },
    position: { commit: BigInt(lastPosition), prepare: BigInt(lastPosition) },
    recordedAt: new Date(),
  };
}

/**
 * What a projection test leaves out because the read model under test does not read it, filled in
 * with the values a real event would hold, so the event still matches its schema (stored events
 * are checked where they are read). A test's own fields always win.
 */
/** What a posted or edited work order says besides its title. */
const WORK_ORDER_DETAILS = {
  description: 'A job posted by a projection test.',
  category: 'plumbing',
  service: null,
  location: null,
  remote: true,
  budgetMinCents: 0,
  budgetMaxCents: 0,
  preferredDates: [],
  photos: [],
};

const UNREAD_FIELDS: Record<string, Record<string, unknown>> = {
  WorkOrderPosted: WORK_ORDER_DETAILS,
  WorkOrderEdited: WORK_ORDER_DETAILS,
  ProposalSubmitted: { durationHours: 2, earliestStart: '2026-01-01', message: 'A proposal from a projection test.' },
  UrgentAlertSent: {
    description: 'An urgent job from a projection test.',
    category: 'plumbing',
    service: null,
    location: { fsa: 'M5V', city: 'Toronto', province: 'ON', lat: 43.64, lng: -79.39 },
    multiplierPct: 100,
  },
  ContractGenerated: { templateVersion: 'v2', textHash: 'a'.repeat(64), generatedAt: '2026-01-01T00:00:00Z' },
  EscrowCreated: {
    contractVersion: 1,
    contractorProvince: 'ON',
    fee: { reading: 'transaction', tierId: 't', rateBps: 0, feeCents: 0, taxLines: [] },
    startsAt: null,
  },
  EscrowFunded: { paymentId: 'payment-test', cardBrand: 'visa', cardLast4: '4242' },
  UrgentAlertAccepted: { multiplierPct: 100 },
  ContractRevised: {
    templateVersion: 'v2',
    textHash: 'b'.repeat(64),
    revisedBy: 'a-party',
    voidedSignatures: [],
    revisedAt: '2026-01-01T00:00:00Z',
  },
  WorkMarkedComplete: { note: null, autoReleaseAt: '2026-01-15T00:00:00Z' },
  EscrowRefunded: {
    reason: 'cancellation',
    cancelledBy: 'customer',
    refund: { refundId: 'refund-test', paymentId: 'payment-test', amountCents: 0 },
    lateFeeCents: 0,
    payout: null,
  },
  EscrowReleased: {
    trigger: 'approval',
    fee: { reading: 'transaction', tierId: 't', rateBps: 0, feeCents: 0, taxLines: [] },
    contractorNetCents: 0,
    payout: { payoutId: 'payout-test', amountCents: 0, dueOn: '2026-01-01' },
  },
  EscrowDistributed: {
    shares: { customerBps: 10_000, contractorBps: 0, platformBps: 0 },
    customerRefundCents: 0,
    contractorGrossCents: 0,
    platformShareCents: 0,
    fee: { reading: 'arbitration', tierId: 't', rateBps: 0, feeCents: 0, taxLines: [] },
    contractorNetCents: 0,
    refund: null,
    payout: null,
  },
};

/** `recordedEvent` with the fields the test does not care about filled in (UNREAD_FIELDS). */
export function completeRecordedEvent(type: string, data: Record<string, unknown>): RecordedEvent {
  return recordedEvent(type, { ...UNREAD_FIELDS[type], ...data });
}

/**
 * The fast-check seed of the projection property tests: fixed, so that their checks that the
 * generated logs reached the rare paths (a property over untouched rows proves nothing) hold on
 * every run instead of most; FC_SEED=<n> explores other logs by hand.
 */
export const PROPERTY_SEED = Number(process.env.FC_SEED ?? 20_261_127);

/**
 * A contract's terms as `ContractGenerated` carries them, for projection tests: the job, its kind
 * and price, two parties in Ontario, no schedule.
 */
export function contractTerms(
  job: { jobId: string; jobKind: string; priceCents: number | null },
  parties: { customerId: string; contractorId: string },
) {
  return {
    ...job,
    title: 'A job from a projection test',
    scope: 'Its scope.',
    schedule: null,
    customer: { userId: parties.customerId, province: 'ON' },
    contractor: { userId: parties.contractorId, province: 'ON' },
    governingProvince: 'ON',
  };
}
