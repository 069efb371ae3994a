import { describe, expect, it } from 'vitest';
import { legalCopyReadView } from '../../../shared/http/legal-copies.ts';
import type { StoredLegalCopy } from '../../../shared/personal-data/legal-copies.ts';
import { legalCopyReadViewOf, signaturesWithCopies } from './views.ts';

const customerId = '11111111-1111-4111-8111-111111111111';
const contractorId = '22222222-2222-4222-8222-222222222222';
const jobId = '33333333-3333-4333-8333-333333333333';

const copy = (over: Partial<StoredLegalCopy>): StoredLegalCopy => ({
  copyId: 'copy-1',
  jobId,
  version: 2,
  role: 'customer',
  accountId: customerId,
  templateVersion: 'v2',
  textHash: 'hash-2',
  nameAtSigning: 'Ada Customer',
  typedName: 'Ada Customer',
  userAgent: 'Firefox',
  signedAt: new Date('2026-05-04T14:00:00Z'),
  kind: 'contract-signature',
  retainUntil: new Date('2033-05-04T14:00:00Z'),
  confirmed: true,
  ...over,
});

const signature = (over: Partial<Parameters<typeof signaturesWithCopies>[0][number]>) => ({
  jobId,
  version: 2,
  role: 'customer' as const,
  userId: customerId,
  textHash: 'hash-2',
  signedAt: '2026-05-04T14:00:00Z',
  legalCopyId: 'copy-1',
  ...over,
});

describe('legal copy reading view', () => {
  it('keeps only the signatures that name a legal copy', () => {
    const kept = signaturesWithCopies([signature({}), signature({ legalCopyId: undefined })]);
    expect(kept.map((s) => s.legalCopyId)).toEqual(['copy-1']);
  });

  it('compares each copy with the signature that names it, and says whether it is current and its account lives', () => {
    const view = legalCopyReadViewOf({
      jobId,
      contract: { status: 'executed', version: 2, templateVersion: 'v2', textHash: 'hash-2' },
      signatures: signaturesWithCopies([
        signature({}),
        signature({ legalCopyId: 'copy-2', role: 'contractor', userId: contractorId, version: 1, textHash: 'other' }),
      ]),
      copies: [
        copy({}),
        copy({ copyId: 'copy-2', role: 'contractor', accountId: contractorId, version: 1, textHash: 'hash-1' }),
      ],
      livingAccounts: new Map([[customerId, 'Ada Customer']]),
      readAt: new Date('2026-06-01T10:00:00Z'),
    });
    expect(legalCopyReadView.parse(view)).toEqual(view);
    expect(view.readAt).toBe('2026-06-01T10:00:00.000Z');
    expect(view.copies.map((c) => [c.copyId, c.matchesSignature, c.current, c.accountExists])).toEqual([
      ['copy-1', true, true, true],
      ['copy-2', false, false, false],
    ]);
    expect(view.copies[0]).toMatchObject({
      signedAt: '2026-05-04T14:00:00.000Z',
      retainUntil: '2033-05-04T14:00:00.000Z',
      nameAtSigning: 'Ada Customer',
    });
  });
});
