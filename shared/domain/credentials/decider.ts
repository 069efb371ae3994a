import { credentialEventSchemas } from './events.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../errors.ts';
import type { Decider } from '../decider.ts';
import { earliestCanadianToday, isCalendarDate } from '../work/rules.ts';
import type { CredentialEvent, CredentialSubmitted } from './events.ts';
import { isCredentialKind } from './kinds.ts';
import { CREDENTIAL_LIMITS, CREDENTIAL_MESSAGES as M } from './rules.ts';

export type SubmitCredential = {
  type: 'SubmitCredential';
  credentialId: string;
  contractorId: string;
  /** Whether the contractor's plan is paid (read by the caller from the plans model). */
  onPaidPlan: boolean;
  kind: string;
  expiresOn: string;
  document: { storageKey: string; contentType: string; sizeBytes: number; sha256: string };
  now: Date;
};

export type ApproveCredential = {
  type: 'ApproveCredential';
  credentialId: string;
  adminId: string;
  /** The expiry read on the document; null keeps the one the contractor stated. */
  expiresOn: string | null;
  now: Date;
};

export type RejectCredential = {
  type: 'RejectCredential';
  credentialId: string;
  adminId: string;
  reason: string;
  now: Date;
};

export type CredentialCommand = SubmitCredential | ApproveCredential | RejectCredential;

type Credential = CredentialSubmitted['data'] & { status: 'pending' | 'approved' | 'rejected' };
export type CredentialsState = { credentials: Map<string, Credential> };

/** A future date, at most ten years away, checked against today in Canada. */
function validExpiry(expiresOn: string, now: Date): string {
  if (!isCalendarDate(expiresOn)) throw new ValidationError(M.expiresOn);
  const today = earliestCanadianToday(now);
  if (expiresOn <= today) throw new ValidationError(M.expired);
  const limit = `${Number(today.slice(0, 4)) + CREDENTIAL_LIMITS.maxYearsAhead}${today.slice(4)}`;
  if (expiresOn > limit) throw new ValidationError(M.tooFar);
  return expiresOn;
}

function submitCredential(command: SubmitCredential, state: CredentialsState): CredentialEvent[] {
  if (!command.onPaidPlan) throw new ForbiddenError(M.paidPlan);
  if (!isCredentialKind(command.kind)) throw new ValidationError(M.kind);
  const expiresOn = validExpiry(command.expiresOn, command.now);
  if (state.credentials.has(command.credentialId)) return [];
  const kind = command.kind;
  if ([...state.credentials.values()].some((c) => c.kind === kind && c.status === 'pending')) {
    throw new ConflictError(M.pending);
  }
  return [
    {
      type: 'CredentialSubmitted',
      data: {
        credentialId: command.credentialId,
        contractorId: command.contractorId,
        kind,
        expiresOn,
        ...command.document,
        submittedAt: command.now.toISOString(),
      },
    },
  ];
}

/** The credential an admin reviews: it must exist and still wait for a review. */
function pendingCredential(state: CredentialsState, credentialId: string) {
  const credential = state.credentials.get(credentialId);
  if (!credential) throw new NotFoundError(M.notFound);
  if (credential.status !== 'pending') throw new ConflictError(M.notPending);
  const base = {
    credentialId: credential.credentialId,
    contractorId: credential.contractorId,
    kind: credential.kind,
  };
  return { credential, base };
}

function approveCredential(command: ApproveCredential, state: CredentialsState): CredentialEvent[] {
  const { credential, base } = pendingCredential(state, command.credentialId);
  const expiresOn = command.expiresOn === null ? credential.expiresOn : validExpiry(command.expiresOn, command.now);
  return [
    {
      type: 'CredentialApproved',
      data: { ...base, expiresOn, reviewedBy: command.adminId, approvedAt: command.now.toISOString() },
    },
  ];
}

function rejectCredential(command: RejectCredential, state: CredentialsState): CredentialEvent[] {
  const { base } = pendingCredential(state, command.credentialId);
  const reason = command.reason.trim();
  if ([...reason].length < CREDENTIAL_LIMITS.reasonMin || [...reason].length > CREDENTIAL_LIMITS.reasonMax) {
    throw new ValidationError(M.reason);
  }
  return [
    {
      type: 'CredentialRejected',
      data: { ...base, reason, reviewedBy: command.adminId, rejectedAt: command.now.toISOString() },
    },
  ];
}

/**
 * One contractor's credentials. A document is submitted on a paid plan, one pending per badge at a
 * time; an admin approves it (with the expiry read on the document) or rejects it with a reason.
 * Whether a badge shows is read later: approved, not expired, and the plan still paid.
 */
export const credentialsDecider: Decider<CredentialsState, CredentialCommand, CredentialEvent> = {
  eventSchemas: credentialEventSchemas,
  initialState: () => ({ credentials: new Map() }),

  evolve(state, event) {
    const credentials = new Map(state.credentials);
    const id = event.data.credentialId;
    if (event.type === 'CredentialSubmitted') credentials.set(id, { ...event.data, status: 'pending' });
    const current = credentials.get(id);
    if (current && event.type === 'CredentialApproved') {
      credentials.set(id, { ...current, status: 'approved', expiresOn: event.data.expiresOn });
    }
    if (current && event.type === 'CredentialRejected') credentials.set(id, { ...current, status: 'rejected' });
    return { credentials };
  },

  decide(command, state) {
    switch (command.type) {
      case 'SubmitCredential':
        return submitCredential(command, state);
      case 'ApproveCredential':
        return approveCredential(command, state);
      case 'RejectCredential':
        return rejectCredential(command, state);
      default: {
        const unknown: never = command;
        throw new Error(`Unknown command ${String((unknown as { type: string }).type)}`);
      }
    }
  },
};
