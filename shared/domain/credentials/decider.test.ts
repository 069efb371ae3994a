import { describe, it } from 'vitest';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../errors.ts';
import { deciderSpec } from '../testing.ts';
import { credentialsDecider, type CredentialCommand, type SubmitCredential } from './decider.ts';
import type { CredentialEvent } from './events.ts';
import { CREDENTIAL_MESSAGES as M } from './rules.ts';

const contractor = 'a1000000-0000-4000-8000-000000000001';
const admin = 'ad000000-0000-4000-8000-000000000001';
const id = 'c1000000-0000-4000-8000-000000000001';
const now = new Date('2026-11-22T18:00:00.000Z');
const document = {
  storageKey: `credentials/${contractor}/${id}.pdf`,
  contentType: 'application/pdf',
  sizeBytes: 1234,
  sha256: 'ab'.repeat(32),
};
const spec = deciderSpec(credentialsDecider);

const submit = (overrides: Partial<SubmitCredential> = {}): CredentialCommand => ({
  type: 'SubmitCredential',
  credentialId: id,
  contractorId: contractor,
  onPaidPlan: true,
  kind: 'insured',
  expiresOn: '2027-06-30',
  document,
  now,
  ...overrides,
});
const submitted: CredentialEvent = {
  type: 'CredentialSubmitted',
  data: {
    credentialId: id,
    contractorId: contractor,
    kind: 'insured',
    expiresOn: '2027-06-30',
    ...document,
    submittedAt: now.toISOString(),
  },
};
const approve = (expiresOn: string | null = null): CredentialCommand => ({
  type: 'ApproveCredential',
  credentialId: id,
  adminId: admin,
  expiresOn,
  now,
});
const reject = (reason: string): CredentialCommand => ({
  type: 'RejectCredential',
  credentialId: id,
  adminId: admin,
  reason,
  now,
});

describe('credentials: submitting', () => {
  it('records the document and the stated expiry', () => {
    spec([]).when(submit()).then([submitted]);
  });

  it('needs a paid plan, a known badge, and an expiry in the future but within ten years', () => {
    spec([])
      .when(submit({ onPaidPlan: false }))
      .thenThrows(ForbiddenError, M.paidPlan);
    spec([])
      .when(submit({ kind: 'astronaut' }))
      .thenThrows(ValidationError, M.kind);
    spec([])
      .when(submit({ expiresOn: '2027-02-30' }))
      .thenThrows(ValidationError, M.expiresOn);
    spec([])
      .when(submit({ expiresOn: '2026-11-22' }))
      .thenThrows(ValidationError, M.expired);
    spec([])
      .when(submit({ expiresOn: '2036-11-23' }))
      .thenThrows(ValidationError, M.tooFar);
    spec([])
      .when(submit({ expiresOn: '2036-11-22' }))
      .then([{ ...submitted, data: { ...submitted.data, expiresOn: '2036-11-22' } }]);
  });

  it('keeps one document per badge waiting at a time; a retried submission changes nothing', () => {
    spec([submitted])
      .when(submit({ credentialId: 'c1000000-0000-4000-8000-000000000002' }))
      .thenThrows(ConflictError, M.pending);
    spec([submitted]).when(submit()).then([]);
  });
});

describe('credentials: reviewing', () => {
  it('approves with the stated expiry, or with the one read on the document', () => {
    const approved = {
      credentialId: id,
      contractorId: contractor,
      kind: 'insured' as const,
      reviewedBy: admin,
      approvedAt: now.toISOString(),
    };
    spec([submitted])
      .when(approve())
      .then([{ type: 'CredentialApproved', data: { ...approved, expiresOn: '2027-06-30' } }]);
    spec([submitted])
      .when(approve('2027-05-31'))
      .then([{ type: 'CredentialApproved', data: { ...approved, expiresOn: '2027-05-31' } }]);
  });

  it('rejects with a reason of 5 to 500 characters, and reviews each document once', () => {
    spec([submitted])
      .when(reject('  The policy number is not legible.  '))
      .then([
        {
          type: 'CredentialRejected',
          data: {
            credentialId: id,
            contractorId: contractor,
            kind: 'insured',
            reason: 'The policy number is not legible.',
            reviewedBy: admin,
            rejectedAt: now.toISOString(),
          },
        },
      ]);
    spec([submitted]).when(reject('no')).thenThrows(ValidationError, M.reason);
    const [approved] = credentialsDecider.decide(
      approve(),
      credentialsDecider.evolve(credentialsDecider.initialState(), submitted),
    );
    spec([submitted, approved!]).when(reject('Expired policy.')).thenThrows(ConflictError, M.notPending);
    spec([]).when(approve()).thenThrows(NotFoundError, M.notFound);
  });
});
