import { z } from 'zod';
import { provinceCodes } from '../../geo/provinces.ts';
import type { EventSchemas } from '../event-schema.ts';

/**
 * The contract of one job (docs/product.md#contracts: "a contract is generated per job and both parties sign
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
export const jobKindSchema = z.enum(['work-order', 'booking', 'subscription']);
export type JobKind = z.infer<typeof jobKindSchema>;

/**
 * A recurring service (shared/domain/recurring). The agreement's contract says how often and from
 * when; each visit's contract names the agreement it is made under and is executed by it, without
 * signatures of its own (both signed the agreement, whose hash it quotes).
 */
export const recurringTermsSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('agreement'),
    frequency: z.enum(['weekly', 'biweekly', 'monthly']),
    /** The first visit (UTC) and the zone whose wall-clock time every visit keeps. */
    firstVisitAt: z.string(),
    timeZone: z.string(),
    visitMinutes: z.number(),
  }),
  z.object({
    kind: z.literal('visit'),
    subscriptionId: z.string(),
    visitIndex: z.number(),
    agreementVersion: z.number(),
    agreementTextHash: z.string(),
  }),
]);
export type RecurringTerms = z.infer<typeof recurringTermsSchema>;

export const contractPartySchema = z.object({
  userId: z.string(),
  /** Where the party is, when known: decides the language order (Bill 96) and, for the contractor, the tax. */
  province: z.enum(provinceCodes).nullable(),
});
export type ContractParty = z.infer<typeof contractPartySchema> & {
  /**
   * Legacy (template v1 only): the display name at generation time. Never written any more and
   * never read except to re-render a v1 text for its hash check; readers drop it. Personal data,
   * so the schema does not name it: old events keep it, and the check ignores it.
   */
  name?: string;
};

export const contractScheduleSchema = z.object({ startsAt: z.string(), endsAt: z.string(), timeZone: z.string() });
export type ContractSchedule = z.infer<typeof contractScheduleSchema>;

/** What both parties agree to. Fees and tax are derived from these by the template (one rule). */
export const contractTermsSchema = z.object({
  jobId: z.string(),
  jobKind: jobKindSchema,
  title: z.string(),
  scope: z.string(),
  /** The agreed price in CAD cents; null until the parties set one (a quote-priced booking). */
  priceCents: z.number().nullable(),
  /** An urgent job's premium, included in the price (absent for other jobs). */
  urgentPremium: z.object({ multiplierPct: z.number(), baseCents: z.number(), premiumCents: z.number() }).optional(),
  /** A recurring service's agreement or one of its visits (absent for other jobs). */
  recurring: recurringTermsSchema.optional(),
  schedule: contractScheduleSchema.nullable(),
  customer: contractPartySchema,
  contractor: contractPartySchema.extend({ province: z.enum(provinceCodes) }),
  /** The province whose law governs: where the work is done, else the contractor's. */
  governingProvince: z.enum(provinceCodes),
});
export type ContractTerms = Omit<z.infer<typeof contractTermsSchema>, 'customer' | 'contractor'> & {
  customer: ContractParty;
  contractor: ContractParty & { province: z.infer<typeof contractTermsSchema>['contractor']['province'] };
};

export const contractGeneratedSchema = z.object({
  jobId: z.string(),
  version: z.number(),
  templateVersion: z.string(),
  terms: contractTermsSchema,
  /** SHA-256 (hex) of the rendered text of this version; each signature must match it. */
  textHash: z.string(),
  generatedAt: z.string(),
});
export type ContractGenerated = {
  type: 'ContractGenerated';
  data: Omit<z.infer<typeof contractGeneratedSchema>, 'terms'> & { terms: ContractTerms };
};

export const contractRoleSchema = z.enum(['customer', 'contractor']);
export type ContractRole = z.infer<typeof contractRoleSchema>;

/** An edit of the terms before both signed: a new version, and earlier signatures are void. */
export const contractRevisedSchema = z.object({
  jobId: z.string(),
  version: z.number(),
  templateVersion: z.string(),
  terms: contractTermsSchema,
  textHash: z.string(),
  revisedBy: z.string(),
  /** Parties whose signature on an earlier version no longer counts. */
  voidedSignatures: z.array(contractRoleSchema),
  revisedAt: z.string(),
});
export type ContractRevised = {
  type: 'ContractRevised';
  data: Omit<z.infer<typeof contractRevisedSchema>, 'terms'> & { terms: ContractTerms };
};

export const contractSignedSchema = z.object({
  jobId: z.string(),
  version: z.number(),
  role: contractRoleSchema,
  userId: z.string(),
  /** The SHA-256 of the exact text the party was shown and signed. */
  textHash: z.string(),
  signedAt: z.string(),
  /**
   * The signature's legal copy (typed name, name at signing, user agent), kept outside the log;
   * the copy records this text hash. Absent on legacy signatures.
   */
  legalCopyId: z.string().optional(),
});
export type ContractSigned = {
  type: 'ContractSigned';
  data: z.infer<typeof contractSignedSchema> & {
    /** Legacy (before template v2): the typed name. Never written any more; readers drop it (and the schema ignores it). */
    typedName?: string;
    /** Legacy (before template v2): the browser's user agent. Never written any more; readers drop it (and the schema ignores it). */
    userAgent?: string;
  };
};

export const contractExecutedSchema = z.object({
  jobId: z.string(),
  version: z.number(),
  textHash: z.string(),
  customerId: z.string(),
  contractorId: z.string(),
  executedAt: z.string(),
  /** A recurring visit's contract, executed by the agreement both signed (no signatures of its own). */
  underAgreement: z.string().optional(),
  /** Set on a recurring service's agreement. */
  jobKind: z.literal('subscription').optional(),
});
export type ContractExecuted = { type: 'ContractExecuted'; data: z.infer<typeof contractExecutedSchema> };

/** The job ended before both signed (booking cancelled or declined). */
export const contractCancelledSchema = z.object({
  jobId: z.string(),
  version: z.number(),
  reason: z.literal('job-cancelled'),
  cancelledAt: z.string(),
});
export type ContractCancelled = { type: 'ContractCancelled'; data: z.infer<typeof contractCancelledSchema> };

export type ContractEvent = ContractGenerated | ContractRevised | ContractSigned | ContractExecuted | ContractCancelled;

export const contractEventSchemas = {
  ContractGenerated: contractGeneratedSchema,
  ContractRevised: contractRevisedSchema,
  ContractSigned: contractSignedSchema,
  ContractExecuted: contractExecutedSchema,
  ContractCancelled: contractCancelledSchema,
} as const satisfies EventSchemas<ContractEvent>;

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
