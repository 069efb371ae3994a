import { describe, expect, it } from 'vitest';
import type { CredentialRow } from '../../../projections/credentials.ts';
import { credentialQueueItem, credentialView } from '../../../shared/http/credentials.ts';
import { credentialViewOf, queueItemOf } from './views.ts';

const contractorId = '11111111-1111-4111-8111-111111111111';
const row = (over: Partial<CredentialRow> = {}): CredentialRow => ({
  credentialId: '22222222-2222-4222-8222-222222222222',
  contractorId,
  kind: 'insured',
  status: 'approved',
  expiresOn: '2026-06-01',
  storageKey: 'credentials/x/y.pdf',
  contentType: 'application/pdf',
  sizeBytes: 1000,
  reason: null,
  submittedAt: new Date('2026-05-01T10:00:00Z'),
  reviewedAt: new Date('2026-05-02T10:00:00Z'),
  ...over,
});

describe('credential views', () => {
  it('shows an approved credential as approved until its expiry, then as expired', () => {
    expect(credentialViewOf(row(), '2026-06-01').status).toBe('approved');
    expect(credentialViewOf(row(), '2026-06-02').status).toBe('expired');
    expect(credentialViewOf(row({ status: 'rejected' }), '2027-01-01').status).toBe('rejected');
  });

  it('answers the document’s address and the times, never the storage key', () => {
    const view = credentialViewOf(row({ status: 'pending', reviewedAt: null }), '2026-05-03');
    expect(view).toEqual({
      id: '22222222-2222-4222-8222-222222222222',
      kind: 'insured',
      status: 'pending',
      expiresOn: '2026-06-01',
      reason: null,
      contentType: 'application/pdf',
      submittedAt: '2026-05-01T10:00:00.000Z',
      reviewedAt: null,
      documentUrl: '/api/credentials/22222222-2222-4222-8222-222222222222/document',
    });
    expect(credentialView.parse(view)).toEqual(view);
  });

  it('names the contractor in the queue, or a former member once the account is gone', () => {
    const named = queueItemOf(row(), '2026-05-03', new Map([[contractorId, 'Bo Builder']]));
    expect(named.contractor).toEqual({ id: contractorId, name: 'Bo Builder' });
    expect(credentialQueueItem.parse(named)).toEqual(named);
    expect(queueItemOf(row(), '2026-05-03', new Map()).contractor.name).toBe('Former member');
  });
});
