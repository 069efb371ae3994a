import { describe, expect, it } from 'vitest';
import type { DisputeRow } from '../../../projections/disputes.ts';
import type { EscrowRow } from '../../../projections/escrows.ts';
import type { PayoutRow } from '../../../projections/payouts.ts';
import { caseView, FORMER_MEMBER, roleOf, summaryOf, waitsFor, type CaseFacts } from './views.ts';

const t = new Date('2026-03-02T15:00:00Z');
const day = 86_400_000;

const row: DisputeRow = {
  disputeId: '11111111-1111-4111-8111-111111111111',
  jobId: '11111111-1111-4111-8111-111111111111',
  customerId: 'cust',
  contractorId: 'pro',
  openedBy: 'cust',
  openerRole: 'customer',
  reason: 'poor-quality',
  description: 'The deck boards are loose.',
  status: 'awaiting-response',
  amountCents: 100_000,
  contractorProvince: 'ON',
  workMarkedComplete: true,
  openedAt: t,
  respondBy: new Date(t.getTime() + 5 * day),
  answeredAt: null,
  answerStatement: null,
  readyAt: null,
  analysedAt: null,
  analysis: null,
  proposal: null,
  reviewRequestedAt: null,
  reviewRequestedBy: null,
  decidedAt: null,
  decision: null,
  voidedAt: null,
  updatedAt: t,
};

const escrow: EscrowRow = {
  jobId: row.jobId,
  customerId: 'cust',
  contractorId: 'pro',
  status: 'frozen',
  amountCents: 100_000,
  contractorProvince: 'ON',
  quotedFee: { reading: 'Standard', tierId: 'standard', rateBps: 600, feeCents: 6_000, taxLines: [] },
  startsAt: null,
  paymentId: null,
  cardBrand: null,
  cardLast4: null,
  fundedAt: t,
  failedAttempts: 0,
  lastFailureCode: null,
  completedAt: null,
  completionNote: null,
  autoReleaseAt: null,
  changesNote: null,
  changesRequestedAt: null,
  releaseTrigger: null,
  feeReading: null,
  feeRateBps: null,
  feeCents: 3_000,
  taxLines: [],
  taxCents: 390,
  contractorNetCents: 46_610,
  customerRefundCents: 50_000,
  platformShareCents: 0,
  lateFeeCents: 0,
  payoutId: null,
  payoutDueOn: null,
  refundId: null,
  disputeId: row.disputeId,
  frozenAt: t,
  escalatedAt: null,
  closedAt: null,
  createdAt: t,
  updatedAt: t,
};

const payout = (kind: PayoutRow['kind']): PayoutRow => ({
  payoutId: `${kind}-1`,
  jobId: row.jobId,
  kind,
  recipientId: kind === 'refund' ? 'cust' : 'pro',
  paymentId: null,
  amountCents: 500,
  dueOn: kind === 'refund' ? null : '2026-03-04',
  status: 'scheduled',
  gatewayReference: null,
  scheduledAt: t,
  sentAt: null,
});

const names = new Map([['cust', 'Camille']]);
const facts = (over: Partial<CaseFacts> = {}): CaseFacts => ({
  names,
  title: 'Deck repair',
  evidence: [],
  escrow,
  payouts: [payout('refund'), payout('payout')],
  ...over,
});

describe('who sees a dispute', () => {
  it('is a party by account, an administrator by role, and nobody else', () => {
    expect(roleOf(row, { id: 'cust', role: 'customer' })).toBe('customer');
    expect(roleOf(row, { id: 'pro', role: 'contractor' })).toBe('contractor');
    expect(roleOf(row, { id: 'boss', role: 'admin' })).toBe('admin');
    expect(roleOf(row, { id: 'other', role: 'customer' })).toBeNull();
  });
});

describe('what waits for the viewer', () => {
  it('is the answer for the party who did not open, a proposal for both parties, a review for the arbitrator', () => {
    expect(waitsFor(row, 'contractor')).toBe(true);
    expect(waitsFor(row, 'customer')).toBe(false);
    expect(waitsFor(row, 'admin')).toBe(false);
    expect(waitsFor({ ...row, status: 'proposed' }, 'customer')).toBe(true);
    expect(waitsFor({ ...row, status: 'in-review' }, 'admin')).toBe(true);
    expect(waitsFor({ ...row, status: 'in-review' }, 'contractor')).toBe(false);
  });
});

describe('a dispute summary', () => {
  it('names a party who left as a former member and counts the evidence', () => {
    const summary = summaryOf(row, 'contractor', names, 'Deck repair', 3);
    expect(summary.parties).toEqual({
      customer: { id: 'cust', name: 'Camille' },
      contractor: { id: 'pro', name: FORMER_MEMBER },
    });
    expect(summary).toMatchObject({ evidenceCount: 3, title: 'Deck repair', waitsForViewer: true, readyAt: null });
  });
});

describe('the whole case', () => {
  it('shows no split while the escrow is only frozen', () => {
    const view = caseView(row, 'customer', facts(), t.getTime());
    expect(view.escrow).toMatchObject({ status: 'frozen', customerRefundCents: 0, contractorGrossCents: 0 });
  });

  it('shows the split once this dispute distributed the escrow', () => {
    const view = caseView(row, 'customer', facts({ escrow: { ...escrow, status: 'distributed' } }), t.getTime());
    expect(view.escrow).toMatchObject({
      customerRefundCents: 50_000,
      contractorGrossCents: 46_610 + 3_000 + 390,
      contractorNetCents: 46_610,
    });
  });

  it('shows each party only their own money, and the administrator all of it', () => {
    const kinds = (role: 'customer' | 'contractor' | 'admin') =>
      caseView(row, role, facts(), t.getTime()).payouts.map((p) => p.kind);
    expect(kinds('customer')).toEqual(['refund']);
    expect(kinds('contractor')).toEqual(['payout']);
    expect(kinds('admin')).toEqual(['refund', 'payout']);
  });

  it('shows the arbitrator’s fee to administrators only', () => {
    const decided: DisputeRow = {
      ...row,
      status: 'decided',
      decidedAt: t,
      decision: {
        via: 'arbitrator',
        decidedBy: 'boss',
        outcome: 'customer-refund',
        shares: { customerBps: 10_000, contractorBps: 0, platformBps: 0 },
        reasons: 'The work was not done.',
        arbitratorFeeCents: 2_500,
      },
    };
    expect(caseView(decided, 'admin', facts(), t.getTime()).decision?.arbitratorFeeCents).toBe(2_500);
    expect(caseView(decided, 'customer', facts(), t.getTime()).decision?.arbitratorFeeCents).toBeNull();
  });

  it('lets the other party answer until the deadline, and both parties add evidence while awaiting', () => {
    const before = caseView(row, 'contractor', facts(), t.getTime()).actions;
    expect(before).toEqual({ addEvidence: true, answer: true, requestReview: false, decide: false });
    const after = caseView(row, 'contractor', facts(), row.respondBy.getTime()).actions;
    expect(after.answer).toBe(false);
    expect(caseView(row, 'customer', facts(), t.getTime()).actions.answer).toBe(false);
    expect(caseView(row, 'admin', facts(), t.getTime()).actions.addEvidence).toBe(false);
  });

  it('lets a party appeal a proposal until its appeal deadline, and the arbitrator decide a case in review', () => {
    const appealBy = new Date(t.getTime() + 2 * day).toISOString();
    const proposed: DisputeRow = {
      ...row,
      status: 'proposed',
      proposal: {
        outcome: 'shared-fault',
        shares: { customerBps: 5_000, contractorBps: 5_000, platformBps: 0 },
        appealBy,
        proposedAt: t.toISOString(),
      },
    };
    expect(caseView(proposed, 'customer', facts(), t.getTime()).actions.requestReview).toBe(true);
    expect(caseView(proposed, 'customer', facts(), Date.parse(appealBy)).actions.requestReview).toBe(false);
    expect(caseView({ ...row, status: 'in-review' }, 'admin', facts(), t.getTime()).actions.decide).toBe(true);
  });

  it('links each evidence file under its dispute', () => {
    const view = caseView(
      row,
      'customer',
      facts({
        evidence: [
          {
            evidenceId: 'ev-1',
            disputeId: row.disputeId,
            partyRole: 'customer',
            addedBy: 'cust',
            kind: 'photo',
            storageKey: 'disputes/x/ev-1.jpg',
            contentType: 'image/jpeg',
            sizeBytes: 10,
            sha256: 'abc',
            caption: '',
            addedAt: t,
          },
        ],
      }),
      t.getTime(),
    );
    expect(view.evidence[0]?.url).toBe(`/api/disputes/${row.disputeId}/evidence/ev-1`);
    expect(view.evidenceCount).toBe(1);
  });
});
