import type { CredentialKind } from './kinds.ts';

export const credentialsStreamId = (contractorId: string) => `credentials-${contractorId}`;

/** A document sent for checking; the file itself is in file storage under `storageKey`. */
export type CredentialSubmitted = {
  type: 'CredentialSubmitted';
  data: {
    credentialId: string;
    contractorId: string;
    kind: CredentialKind;
    /** The last day the credential is valid (YYYY-MM-DD), as the contractor states it. */
    expiresOn: string;
    storageKey: string;
    contentType: string;
    sizeBytes: number;
    sha256: string;
    submittedAt: string;
  };
};

export type CredentialApproved = {
  type: 'CredentialApproved';
  data: {
    credentialId: string;
    contractorId: string;
    kind: CredentialKind;
    /** The expiry the admin confirmed from the document (may correct the stated one). */
    expiresOn: string;
    reviewedBy: string;
    approvedAt: string;
  };
};

export type CredentialRejected = {
  type: 'CredentialRejected';
  data: {
    credentialId: string;
    contractorId: string;
    kind: CredentialKind;
    reason: string;
    reviewedBy: string;
    rejectedAt: string;
  };
};

export type CredentialEvent = CredentialSubmitted | CredentialApproved | CredentialRejected;

export const CREDENTIAL_EVENT_TYPES = [
  'CredentialSubmitted',
  'CredentialApproved',
  'CredentialRejected',
] as const satisfies readonly CredentialEvent['type'][];
