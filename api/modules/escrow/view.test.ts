import { describe, expect, it } from 'vitest';
import type { EscrowRow } from '../../../projections/escrows.ts';
import type { PayoutRow } from '../../../projections/payouts.ts';
import {
  earningsViewOf,
  escrowActions,
  escrowRoleOf,
  escrowViewFor,
  FORMER_MEMBER,
  visiblePayouts,
  type EscrowViewerRole,
} from './view.ts';

const STATUSES: EscrowRow['status'][] = [
  'awaiting-funding',
  'funded',
  'completed',
  'frozen',
  'released',
  'refunded',
  'cancelled',
  'distributed',
];
const ROLES: EscrowViewerRole[] = ['customer', 'contractor', 'admin'];

const t = new Date('2026-03-02T15:00:00Z');
const row: EscrowRow = {
  jobId: 'job-1',
  customerId: 'cust',
  contractorId: 'pro',
  status: 'awaiting-funding',
  amountCents: 100_000,
  contractorProvince: 'ON',
  quotedFee: { reading: 'Standard', tierId: 'standard', rateBps: 600, feeCents: 6_000, taxLines: [] },
  startsAt: null,
  paymentId: null,
  cardBrand: null,
  cardLast4: null,
  fundedAt: null,
  failedAttempts: 1,
  lastFailureCode: 'insufficient_funds',
  completedAt: null,
  completionNote: null,
  autoReleaseAt: null,
  changesNote: null,
  changesRequestedAt: null,
  releaseTrigger: null,
  feeReading: null,
  feeRateBps: null,
  feeCents: 0,
  taxLines: [],
  taxCents: 0,
  contractorNetCents: 0,
  customerRefundCents: 0,
  platformShareCents: 0,
  lateFeeCents: 0,
  payoutId: null,
  payoutDueOn: null,
  refundId: null,
  disputeId: null,
  frozenAt: null,
  escalatedAt: null,
  closedAt: null,
  createdAt: t,
  updatedAt: t,
};

const payout = (kind: PayoutRow['kind'], payoutId: string): PayoutRow => ({
  payoutId,
  jobId: 'job-1',
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

describe('what a viewer may do on an escrow', () => {
  it('allows each action to one role in the statuses where the decider would take it', () => {
    const allowed: string[] = [];
    for (const role of ROLES) {
      for (const status of STATUSES) {
        for (const [action, may] of Object.entries(escrowActions(role, status))) {
          if (may) allowed.push(`${role} ${action} ${status}`);
        }
      }
    }
    expect(allowed.sort()).toEqual(
      [
        'customer fund awaiting-funding',
        'customer approve completed',
        'customer requestChanges completed',
        'customer dispute funded',
        'customer dispute completed',
        'contractor complete funded',
        'contractor dispute funded',
        'contractor dispute completed',
      ].sort(),
    );
  });
});

describe('the payouts a viewer sees', () => {
  const payouts = [payout('payout', 'p1'), payout('refund', 'r1')];

  it('shows the customer the refunds, the contractor the payouts and an admin both', () => {
    expect(visiblePayouts('customer', payouts).map((p) => p.payoutId)).toEqual(['r1']);
    expect(visiblePayouts('contractor', payouts).map((p) => p.payoutId)).toEqual(['p1']);
    expect(visiblePayouts('admin', payouts).map((p) => p.payoutId)).toEqual(['p1', 'r1']);
  });

  it('dates them in ISO', () => {
    expect(visiblePayouts('contractor', [{ ...payout('payout', 'p1'), status: 'sent', sentAt: t }])).toEqual([
      {
        payoutId: 'p1',
        kind: 'payout',
        amountCents: 500,
        dueOn: '2026-03-04',
        status: 'sent',
        scheduledAt: '2026-03-02T15:00:00.000Z',
        sentAt: '2026-03-02T15:00:00.000Z',
      },
    ]);
  });
});

describe('the escrow view', () => {
  const names = new Map([['pro', 'Bob Gagnon']]);

  it('names the other party, a member who left as a former member', () => {
    expect(escrowViewFor(row, 'customer', { names, title: 'Fence', payouts: [] }).counterparty).toEqual({
      id: 'pro',
      name: 'Bob Gagnon',
    });
    expect(escrowViewFor(row, 'contractor', { names, title: 'Fence', payouts: [] }).counterparty).toEqual({
      id: 'cust',
      name: FORMER_MEMBER,
    });
  });

  it("shows the last payment's failure only while the escrow still waits for the money", () => {
    expect(escrowViewFor(row, 'customer', { names, title: '', payouts: [] }).lastFailureCode).toBe(
      'insufficient_funds',
    );
    const funded = { ...row, status: 'funded' as const, fundedAt: t, cardBrand: null, cardLast4: '4242' };
    const view = escrowViewFor(funded, 'customer', { names, title: '', payouts: [] });
    expect(view.lastFailureCode).toBeNull();
    expect(view).toMatchObject({ fundedAt: '2026-03-02T15:00:00.000Z', card: { brand: 'card', last4: '4242' } });
    expect(view.actions).toEqual(escrowActions('customer', 'funded'));
  });
});

describe('who sees an escrow', () => {
  it('is a party, an admin, or nobody', () => {
    expect(escrowRoleOf(row, { id: 'cust', role: 'customer' })).toBe('customer');
    expect(escrowRoleOf(row, { id: 'pro', role: 'contractor' })).toBe('contractor');
    expect(escrowRoleOf(row, { id: 'boss', role: 'admin' })).toBe('admin');
    expect(escrowRoleOf(row, { id: 'someone', role: 'contractor' })).toBeNull();
  });
});

describe("a contractor's earnings", () => {
  it('counts sent payouts as paid out and lists the scheduled ones soonest first, without refunds', () => {
    const totals = { grossCents: 3_000, feeCents: 180, taxCents: 23, netCents: 2_797, heldCents: 0, jobs: 2 };
    const sent = { ...payout('payout', 'p-sent'), status: 'sent' as const, amountCents: 700 };
    const later = { ...payout('payout', 'p-later'), dueOn: '2026-03-20' };
    const sooner = { ...payout('payout', 'p-sooner'), dueOn: '2026-03-10', amountCents: 900 };
    const undated = { ...payout('payout', 'p-undated'), dueOn: null };
    const view = earningsViewOf(totals, [later, payout('refund', 'r1'), sent, sooner, undated]);
    expect(view).toMatchObject({ ...totals, paidOutCents: 700 });
    expect(view.upcomingPayouts).toEqual([
      { payoutId: 'p-undated', jobId: 'job-1', amountCents: 500, dueOn: '' },
      { payoutId: 'p-sooner', jobId: 'job-1', amountCents: 900, dueOn: '2026-03-10' },
      { payoutId: 'p-later', jobId: 'job-1', amountCents: 500, dueOn: '2026-03-20' },
    ]);
  });
});
