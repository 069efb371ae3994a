import { describe, expect, it } from 'vitest';
import type { Contract, Signature } from './api.ts';
import { stillVerified } from './verification.ts';

const signature = (role: Signature['role'], signedAt: string): Signature => ({
  role,
  userId: `${role}-1`,
  signedAt,
  textHash: 'hash-1',
  version: 1,
});

const contract = (changes: Partial<Contract> = {}): Contract =>
  ({
    jobId: 'job-1',
    status: 'awaiting-signatures',
    version: 1,
    rendered: { languages: ['en'], documents: [], text: 'The text', textHash: 'hash-1' },
    signatures: { customer: signature('customer', '2026-11-29T10:00:00.000Z') },
    ...changes,
  }) as Contract;

describe('a verification of a contract', () => {
  it('holds for the same contract read again', () => {
    expect(stillVerified(contract(), contract())).toBe(true);
  });

  it('no longer holds once the contract was revised, signed again, signed by the other party or cancelled', () => {
    const verified = contract();
    expect(stillVerified(verified, contract({ version: 2 }))).toBe(false);
    expect(stillVerified(verified, contract({ rendered: { ...verified.rendered, textHash: 'hash-2' } }))).toBe(false);
    expect(
      stillVerified(
        verified,
        contract({
          signatures: { ...verified.signatures, contractor: signature('contractor', '2026-11-29T11:00:00.000Z') },
        }),
      ),
    ).toBe(false);
    expect(
      stillVerified(
        verified,
        contract({ signatures: { customer: signature('customer', '2026-11-29T12:00:00.000Z') } }),
      ),
    ).toBe(false);
    expect(stillVerified(verified, contract({ status: 'cancelled' }))).toBe(false);
  });
});
