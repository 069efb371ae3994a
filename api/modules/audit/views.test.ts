import { describe, expect, it } from 'vitest';
import { auditJobsView } from '../../../shared/http/audit.ts';
import { actorsToLookUp, auditJobsViewOf, auditSearchOf, rolesInHistory } from './views.ts';

const customer = '11111111-1111-4111-8111-111111111111';
const contractor = '22222222-2222-4222-8222-222222222222';
const admin = '33333333-3333-4333-8333-333333333333';
const gone = '44444444-4444-4444-8444-444444444444';

describe('audit views', () => {
  it('reads the search words as a job id, title words, or nothing', () => {
    expect(auditSearchOf(` ${customer} `)).toEqual({ jobId: customer });
    expect(auditSearchOf('  deck  ')).toEqual({ title: 'deck' });
    expect(auditSearchOf('   ')).toBeNull();
    expect(auditSearchOf(undefined)).toBeNull();
  });

  it('lists each job with the ids of the streams it has', () => {
    const view = auditJobsViewOf([
      {
        jobId: customer,
        jobKind: 'work-order',
        title: 'Deck',
        status: 'executed',
        generatedAt: new Date('2026-05-04T14:00:00Z'),
        hasEscrow: true,
        hasDispute: false,
      },
    ]);
    expect(view.jobs[0]).toEqual({
      jobId: customer,
      kind: 'work-order',
      title: 'Deck',
      contractStatus: 'executed',
      createdAt: '2026-05-04T14:00:00.000Z',
      streams: { escrow: `escrow-${customer}`, contract: `contract-${customer}`, dispute: null },
    });
    expect(auditJobsView.parse(view)).toEqual(view);
  });

  it('names the parties by place and other actors by their account’s role, never a name', () => {
    const actors = [customer, admin, gone, admin, 'system'];
    expect(actorsToLookUp('escrow', [customer, contractor], actors)).toEqual([admin, gone]);
    expect(rolesInHistory('escrow', [customer, contractor], actors, new Map([[admin, 'admin']]))).toEqual({
      [customer]: 'customer',
      [contractor]: 'contractor',
      [admin]: 'admin',
      [gone]: 'former-member',
    });
    expect(rolesInHistory('plan', [contractor], [contractor], new Map())).toEqual({ [contractor]: 'account-holder' });
  });
});
