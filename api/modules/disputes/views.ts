import type { z } from 'zod';
import type { DisputeRow, EvidenceRow } from '../../../projections/disputes.ts';
import type { EscrowRow } from '../../../projections/escrows.ts';
import type { PayoutRow } from '../../../projections/payouts.ts';
import type { PartyRole } from '../../../shared/domain/disputes/events.ts';
import { disputeTimeline } from '../../../shared/domain/disputes/timeline.ts';
import type { disputeSummary, disputeView } from '../../../shared/http/disputes.ts';
import type { CurrentUser } from '../../plugins/auth.ts';

/**
 * What a dispute looks like to one viewer (a party or an administrator): pure functions of the
 * read models' rows, so what each viewer sees and may do is testable without a database.
 */

export type ViewerRole = PartyRole | 'admin';
export type DisputeSummaryView = z.output<typeof disputeSummary>;
export type DisputeView = z.output<typeof disputeView>;

export const FORMER_MEMBER = 'Former member';

export function roleOf(row: DisputeRow, viewer: Pick<CurrentUser, 'id' | 'role'>): ViewerRole | null {
  if (row.customerId === viewer.id) return 'customer';
  if (row.contractorId === viewer.id) return 'contractor';
  return viewer.role === 'admin' ? 'admin' : null;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Whether the case waits for this viewer: an answer, an appeal they may make, or a decision. */
export function waitsFor(row: DisputeRow, role: ViewerRole): boolean {
  if (role === 'admin') return row.status === 'in-review';
  if (row.status === 'awaiting-response') return role !== row.openerRole;
  return row.status === 'proposed';
}

export function summaryOf(
  row: DisputeRow,
  role: ViewerRole,
  names: ReadonlyMap<string, string>,
  title: string,
  evidence: number,
): DisputeSummaryView {
  return {
    disputeId: row.disputeId,
    jobId: row.jobId,
    title,
    status: row.status,
    viewerRole: role,
    openerRole: row.openerRole,
    reason: row.reason,
    amountCents: row.amountCents,
    parties: {
      customer: { id: row.customerId, name: names.get(row.customerId) ?? FORMER_MEMBER },
      contractor: { id: row.contractorId, name: names.get(row.contractorId) ?? FORMER_MEMBER },
    },
    openedAt: row.openedAt.toISOString(),
    respondBy: row.respondBy.toISOString(),
    readyAt: iso(row.readyAt),
    decidedAt: iso(row.decidedAt),
    decisionOutcome: row.decision?.outcome ?? null,
    confidencePct: row.analysis?.confidencePct ?? null,
    flags: row.analysis?.flags ?? [],
    evidenceCount: evidence,
    waitsForViewer: waitsFor(row, role),
  };
}

export const evidenceUrl = (e: Pick<EvidenceRow, 'disputeId' | 'evidenceId'>) =>
  `/api/disputes/${e.disputeId}/evidence/${e.evidenceId}`;

/** What the case's read models hold besides the dispute itself. */
export type CaseFacts = {
  names: ReadonlyMap<string, string>;
  title: string;
  evidence: EvidenceRow[];
  escrow: EscrowRow | null;
  payouts: PayoutRow[];
};

/**
 * The whole case for one viewer: the escrow's split only once this dispute distributed it, the
 * payouts that are the viewer's (all of them for an administrator), the arbitrator's fee for
 * administrators only, and the actions open to the viewer at `now`.
 */
export function caseView(row: DisputeRow, role: ViewerRole, facts: CaseFacts, now: number): DisputeView {
  const { names, title, evidence, escrow, payouts } = facts;
  const distributed = escrow?.status === 'distributed' && escrow.disputeId === row.disputeId;
  const visiblePayouts = payouts
    .filter((p) => role === 'admin' || (p.kind === 'refund' ? role === 'customer' : role === 'contractor'))
    .map((p) => ({
      kind: p.kind,
      amountCents: p.amountCents,
      dueOn: p.dueOn,
      status: p.status,
      scheduledAt: p.scheduledAt.toISOString(),
      sentAt: iso(p.sentAt),
    }));
  const open = row.status !== 'decided' && row.status !== 'void';
  return {
    ...summaryOf(row, role, names, title, evidence.length),
    description: row.description,
    contractorProvince: row.contractorProvince,
    workMarkedComplete: row.workMarkedComplete,
    answeredAt: iso(row.answeredAt),
    answerStatement: row.answerStatement,
    analysedAt: iso(row.analysedAt),
    analysis: row.analysis,
    proposal: row.proposal,
    reviewRequestedAt: iso(row.reviewRequestedAt),
    reviewRequestedBy: row.reviewRequestedBy,
    decision: row.decision
      ? {
          via: row.decision.via,
          outcome: row.decision.outcome,
          shares: row.decision.shares,
          reasons: row.decision.reasons,
          arbitratorFeeCents: role === 'admin' ? row.decision.arbitratorFeeCents : null,
        }
      : null,
    voidedAt: iso(row.voidedAt),
    evidence: evidence.map((e) => ({
      evidenceId: e.evidenceId,
      partyRole: e.partyRole,
      kind: e.kind,
      contentType: e.contentType,
      sizeBytes: e.sizeBytes,
      sha256: e.sha256,
      caption: e.caption,
      addedAt: e.addedAt.toISOString(),
      url: evidenceUrl(e),
    })),
    escrow: escrow
      ? {
          status: escrow.status,
          customerRefundCents: distributed ? escrow.customerRefundCents : 0,
          contractorGrossCents: distributed ? escrow.contractorNetCents + escrow.feeCents + escrow.taxCents : 0,
          platformShareCents: distributed ? escrow.platformShareCents : 0,
          feeCents: distributed ? escrow.feeCents : 0,
          taxCents: distributed ? escrow.taxCents : 0,
          contractorNetCents: distributed ? escrow.contractorNetCents : 0,
        }
      : null,
    payouts: visiblePayouts,
    timeline: disputeTimeline({
      status: row.status,
      openedAt: row.openedAt.toISOString(),
      respondBy: row.respondBy.toISOString(),
      answeredAt: iso(row.answeredAt),
      readyAt: iso(row.readyAt),
      analysedAt: iso(row.analysedAt),
      proposal: row.proposal,
      reviewRequestedAt: iso(row.reviewRequestedAt),
      reviewRequestedBy: row.reviewRequestedBy,
      decidedAt: iso(row.decidedAt),
      decidedVia: row.decision?.via ?? null,
      voidedAt: iso(row.voidedAt),
      payouts: payouts.map((p) => ({ dueOn: p.dueOn, sentAt: iso(p.sentAt) })),
    }),
    actions: {
      addEvidence: role !== 'admin' && row.status === 'awaiting-response',
      answer:
        role !== 'admin' &&
        role !== row.openerRole &&
        row.status === 'awaiting-response' &&
        now < row.respondBy.getTime(),
      requestReview:
        role !== 'admin' &&
        row.status === 'proposed' &&
        row.proposal !== null &&
        now < Date.parse(row.proposal.appealBy),
      decide: role === 'admin' && open && row.status === 'in-review',
    },
  };
}
