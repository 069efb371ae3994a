import { z } from 'zod';
import type { EventSchemas } from '../event-schema.ts';
import { credentialKinds } from './kinds.ts';

export const credentialsStreamId = (contractorId: string) => `credentials-${contractorId}`;

/** A document sent for checking; the file itself is in file storage under `storageKey`. */
export const credentialSubmittedSchema = z.object({
  credentialId: z.string(),
  contractorId: z.string(),
  kind: z.enum(credentialKinds),
  /** The last day the credential is valid (YYYY-MM-DD), as the contractor states it. */
  expiresOn: z.string(),
  storageKey: z.string(),
  contentType: z.string(),
  sizeBytes: z.number(),
  sha256: z.string(),
  submittedAt: z.string(),
});
export type CredentialSubmitted = { type: 'CredentialSubmitted'; data: z.infer<typeof credentialSubmittedSchema> };

export const credentialApprovedSchema = z.object({
  credentialId: z.string(),
  contractorId: z.string(),
  kind: z.enum(credentialKinds),
  /** The expiry the admin confirmed from the document (may correct the stated one). */
  expiresOn: z.string(),
  reviewedBy: z.string(),
  approvedAt: z.string(),
});
export type CredentialApproved = { type: 'CredentialApproved'; data: z.infer<typeof credentialApprovedSchema> };

export const credentialRejectedSchema = z.object({
  credentialId: z.string(),
  contractorId: z.string(),
  kind: z.enum(credentialKinds),
  reason: z.string(),
  reviewedBy: z.string(),
  rejectedAt: z.string(),
});
export type CredentialRejected = { type: 'CredentialRejected'; data: z.infer<typeof credentialRejectedSchema> };

export type CredentialEvent = CredentialSubmitted | CredentialApproved | CredentialRejected;

export const credentialEventSchemas = {
  CredentialSubmitted: credentialSubmittedSchema,
  CredentialApproved: credentialApprovedSchema,
  CredentialRejected: credentialRejectedSchema,
} as const satisfies EventSchemas<CredentialEvent>;

export const CREDENTIAL_EVENT_TYPES = [
  'CredentialSubmitted',
  'CredentialApproved',
  'CredentialRejected',
] as const satisfies readonly CredentialEvent['type'][];
