import type { EscrowRow } from '../../../projections/escrows.ts';
import type { PayoutRow } from '../../../projections/payouts.ts';

/**
 * One escrow as a party (or an admin) sees it (`GET /api/escrows/:jobId` and the lists), built
 * from the read models' rows alone: the route reads the escrow, its payouts, the parties' names
 * and the contract's title, and answers with what `escrowViewFor` returns.
 */

export type EscrowViewerRole = 'customer' | 'contractor' | 'admin';

export const FORMER_MEMBER = 'Former member';

/** How the viewer stands to the escrow: a party, an admin, or nobody (who gets a 404). */
export function escrowRoleOf(
  row: Pick<EscrowRow, 'customerId' | 'contractorId'>,
  viewer: { id: string; role: string },
): EscrowViewerRole | null {
  if (row.customerId === viewer.id) return 'customer';
  if (row.contractorId === viewer.id) return 'contractor';
  return viewer.role === 'admin' ? 'admin' : null;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * What the viewer may do next, for the page's buttons (the decider still decides): the customer
 * pays an unpaid escrow and answers completed work; the contractor marks funded work complete;
 * either party opens a dispute while the money is held. An admin acts on none of these.
 */
export function escrowActions(role: EscrowViewerRole, status: EscrowRow['status']) {
  const held = status === 'funded' || status === 'completed';
  return {
    fund: role === 'customer' && status === 'awaiting-funding',
    complete: role === 'contractor' && status === 'funded',
    approve: role === 'customer' && status === 'completed',
    requestChanges: role === 'customer' && status === 'completed',
    dispute: role !== 'admin' && held,
  };
}

/** A party sees the money that goes to them: the customer the refunds, the contractor the payouts; an admin all. */
export function visiblePayouts(role: EscrowViewerRole, payouts: PayoutRow[]) {
  return payouts
    .filter((p) => role === 'admin' || (p.kind === 'refund' ? role === 'customer' : role === 'contractor'))
    .map((p) => ({
      payoutId: p.payoutId,
      kind: p.kind,
      amountCents: p.amountCents,
      dueOn: p.dueOn,
      status: p.status,
      scheduledAt: p.scheduledAt.toISOString(),
      sentAt: iso(p.sentAt),
    }));
}

export function escrowViewFor(
  row: EscrowRow,
  role: EscrowViewerRole,
  facts: { names: Map<string, string>; title: string; payouts: PayoutRow[] },
) {
  const counterpartyId = role === 'contractor' ? row.customerId : row.contractorId;
  return {
    jobId: row.jobId,
    title: facts.title,
    status: row.status,
    viewerRole: role,
    amountCents: row.amountCents,
    counterparty: { id: counterpartyId, name: facts.names.get(counterpartyId) ?? FORMER_MEMBER },
    contractorProvince: row.contractorProvince,
    quotedFee: row.quotedFee,
    card: row.cardLast4 ? { brand: row.cardBrand ?? 'card', last4: row.cardLast4 } : null,
    startsAt: iso(row.startsAt),
    fundedAt: iso(row.fundedAt),
    completedAt: iso(row.completedAt),
    completionNote: row.completionNote,
    autoReleaseAt: iso(row.autoReleaseAt),
    changesNote: row.changesNote,
    changesRequestedAt: iso(row.changesRequestedAt),
    releasedAt: iso(row.closedAt),
    releaseTrigger: row.releaseTrigger,
    feeReading: row.feeReading,
    feeRateBps: row.feeRateBps,
    feeCents: row.feeCents,
    taxLines: row.taxLines,
    taxCents: row.taxCents,
    contractorNetCents: row.contractorNetCents,
    customerRefundCents: row.customerRefundCents,
    platformShareCents: row.platformShareCents,
    lateFeeCents: row.lateFeeCents,
    // Why the last payment failed, while it still matters (the page says why in its own words).
    lastFailureCode: row.status === 'awaiting-funding' ? row.lastFailureCode : null,
    disputeId: row.disputeId,
    escalatedAt: iso(row.escalatedAt),
    payouts: visiblePayouts(role, facts.payouts),
    actions: escrowActions(role, row.status),
  };
}

/**
 * A contractor's earnings: the escrow totals, what was paid out, and the payouts still to come,
 * soonest first (refunds are the customers' money and are left out).
 */
export function earningsViewOf<Totals extends object>(totals: Totals, payouts: PayoutRow[]) {
  const mine = payouts.filter((p) => p.kind === 'payout');
  return {
    ...totals,
    paidOutCents: mine.filter((p) => p.status === 'sent').reduce((sum, p) => sum + p.amountCents, 0),
    upcomingPayouts: mine
      .filter((p) => p.status === 'scheduled')
      .map((p) => ({ payoutId: p.payoutId, jobId: p.jobId, amountCents: p.amountCents, dueOn: p.dueOn ?? '' }))
      .sort((a, b) => (a.dueOn < b.dueOn ? -1 : 1)),
  };
}
