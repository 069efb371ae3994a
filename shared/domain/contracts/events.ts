import type { ProvinceCode } from '../../geo/provinces.ts';

/**
 * The contract of one job (spec section 1: "a contract is generated per job and both parties sign
 * it digitally"). One stream per job, `contract-<jobId>`, hash-chained like every money stream
 * (shared/eventstore/hash-chain.ts), so an auditor can prove what was signed and when.
 *
 * A job is an awarded work order (`jobId` = the work order's id) or a confirmed direct booking of
 * an offering (`jobId` = the booking's id). The escrow of the job is `escrow-<jobId>`.
 *
 * Like every stream, these events carry ids, never personal data: the parties are account ids, a
 * signature says who signed which text and when, and the name they typed (with the user agent) is
 * in the signature's legal copy, outside the log (shared/personal-data/legal-copies.ts;
 * docs/decisions.md, "Personal data and the event log"). Events written before template v2 carry
 * the parties' names and the typed names: readers ignore those fields (`withoutLegacyNames`).
 *
 * This file is the contract other modules read: add events or optional fields, never change the
 * meaning of an existing one.
 */
export const contractStreamId = (jobId: string) => `contract-${jobId}`;

/** `subscription`: the agreement of a recurring service (`jobId` = the subscription's id). */
export type JobKind = 'work-order' | 'booking' | 'subscription';

/**
 * A recurring service (shared/domain/recurring). The agreement's contract says how often and from
 * when; each visit's contract names the agreement it is made under and is executed by it, without
 * signatures of its own (both signed the agreement, whose hash it quotes).
 */
export type RecurringTerms =
  | {
      kind: 'agreement';
      frequency: 'weekly' | 'biweekly' | 'monthly';
      /** The first visit (UTC) and the zone whose wall-clock time every visit keeps. */
      firstVisitAt: string;
      timeZone: string;
      visitMinutes: number;
    }
  | {
      kind: 'visit';
      subscriptionId: string;
      visitIndex: number;
      agreementVersion: number;
      agreementTextHash: string;
    };

export type ContractParty = {
  userId: string;
  /**
   * Legacy (template v1 only): the display name at generation time. Never written any more and
   * never read except to re-render a v1 text for its hash check; readers drop it.
   */
  name?: string;
  /** Where the party is, when known: decides the language order (Bill 96) and, for the contractor, the tax. */
  province: ProvinceCode | null;
};

export type ContractSchedule = { startsAt: string; endsAt: string; timeZone: string };

/** What both parties agree to. Fees and tax are derived from these by the template (one rule). */
export type ContractTerms = {
  jobId: string;
  jobKind: JobKind;
  title: string;
  scope: string;
  /** The agreed price in CAD cents; null until the parties set one (a quote-priced booking). */
  priceCents: number | null;
  /** An urgent job's premium, included in the price (absent for other jobs). */
  urgentPremium?: { multiplierPct: number; baseCents: number; premiumCents: number };
  /** A recurring service's agreement or one of its visits (absent for other jobs). */
  recurring?: RecurringTerms;
  schedule: ContractSchedule | null;
  customer: ContractParty;
  contractor: ContractParty & { province: ProvinceCode };
  /** The province whose law governs: where the work is done, else the contractor's. */
  governingProvince: ProvinceCode;
};

export type ContractGenerated = {
  type: 'ContractGenerated';
  data: {
    jobId: string;
    version: number;
    templateVersion: string;
    terms: ContractTerms;
    /** SHA-256 (hex) of the rendered text of this version; each signature must match it. */
    textHash: string;
    generatedAt: string;
  };
};

/** An edit of the terms before both signed: a new version, and earlier signatures are void. */
export type ContractRevised = {
  type: 'ContractRevised';
  data: {
    jobId: string;
    version: number;
    templateVersion: string;
    terms: ContractTerms;
    textHash: string;
    revisedBy: string;
    /** Parties whose signature on an earlier version no longer counts. */
    voidedSignatures: ContractRole[];
    revisedAt: string;
  };
};

export type ContractRole = 'customer' | 'contractor';

export type ContractSigned = {
  type: 'ContractSigned';
  data: {
    jobId: string;
    version: number;
    role: ContractRole;
    userId: string;
    /** The SHA-256 of the exact text the party was shown and signed. */
    textHash: string;
    signedAt: string;
    /**
     * The signature's legal copy (typed name, name at signing, user agent), kept outside the log;
     * the copy records this text hash. Absent on legacy signatures.
     */
    legalCopyId?: string;
    /** Legacy (before template v2): the typed name. Never written any more; readers drop it. */
    typedName?: string;
    /** Legacy (before template v2): the browser's user agent. Never written any more; readers drop it. */
    userAgent?: string;
  };
};

export type ContractExecuted = {
  type: 'ContractExecuted';
  data: {
    jobId: string;
    version: number;
    textHash: string;
    customerId: string;
    contractorId: string;
    executedAt: string;
    /** A recurring visit's contract, executed by the agreement both signed (no signatures of its own). */
    underAgreement?: string;
    /** Set on a recurring service's agreement. */
    jobKind?: 'subscription';
  };
};

/** The job ended before both signed (booking cancelled or declined). */
export type ContractCancelled = {
  type: 'ContractCancelled';
  data: { jobId: string; version: number; reason: 'job-cancelled'; cancelledAt: string };
};

export type ContractEvent = ContractGenerated | ContractRevised | ContractSigned | ContractExecuted | ContractCancelled;

export const CONTRACT_EVENT_TYPES = [
  'ContractGenerated',
  'ContractRevised',
  'ContractSigned',
  'ContractExecuted',
  'ContractCancelled',
] as const satisfies readonly ContractEvent['type'][];

/** The personal fields events written before template v2 carried, removed: what readers keep. */
export function withoutLegacyNames(terms: ContractTerms): ContractTerms {
  const { name: _customerName, ...customer } = terms.customer;
  const { name: _contractorName, ...contractor } = terms.contractor;
  return { ...terms, customer, contractor };
}

/** A signature without its legacy typed name and user agent. */
export function signatureWithoutLegacyFields(signature: ContractSigned['data']): ContractSigned['data'] {
  const { typedName: _typedName, userAgent: _userAgent, ...kept } = signature;
  return kept;
}

/**
 * An event's data as the product may show or copy it: legacy names, typed names and user agents
 * removed. Every other field is as recorded.
 */
export function contractEventWithoutPersonalData(event: ContractEvent): ContractEvent {
  switch (event.type) {
    case 'ContractGenerated':
    case 'ContractRevised':
      return { ...event, data: { ...event.data, terms: withoutLegacyNames(event.data.terms) } } as ContractEvent;
    case 'ContractSigned':
      return { ...event, data: signatureWithoutLegacyFields(event.data) };
    default:
      return event;
  }
}
