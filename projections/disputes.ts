import type { Sql } from '../shared/db/postgres.ts';
import type { DisputeStatus } from '../shared/domain/disputes/decider.ts';
import {
  DISPUTE_EVENT_TYPES,
  type DecisionOutcome,
  type DisputeAnalysis,
  type DisputeEvent,
  type DisputeReason,
  type FileEvidenceKind,
  type PartyRole,
  type Shares,
} from '../shared/domain/disputes/events.ts';
import type { OutcomeId } from '../shared/domain/disputes/rules.ts';
import { defineFoldedProjection, foldedTable } from '../infrastructure/projections/folded-rows.ts';

/**
 * One row per dispute, with each stage's time (the status page's timeline and the arbitration
 * queue read it), and one row per evidence file. The timers of the dispute process read it too.
 */
export const disputesProjection = defineFoldedProjection<
  DisputeEvent,
  { disputes: DisputeRecord; evidence: EvidenceRecord }
>({
  name: 'disputes',
  version: 1,
  handles: DISPUTE_EVENT_TYPES,
  schema: `
    create table if not exists rm_disputes (
      dispute_id uuid primary key,
      job_id uuid not null,
      customer_id uuid not null,
      contractor_id uuid not null,
      opened_by uuid not null,
      opener_role text not null,
      reason text not null,
      description text not null,
      status text not null,
      amount_cents bigint not null,
      contractor_province text not null,
      work_marked_complete boolean not null,
      opened_at timestamptz not null,
      respond_by timestamptz not null,
      answered_at timestamptz,
      answer_statement text,
      ready_at timestamptz,
      analysed_at timestamptz,
      analysis jsonb,
      proposal jsonb,
      review_requested_at timestamptz,
      review_requested_by text,
      decided_at timestamptz,
      decision jsonb,
      voided_at timestamptz,
      updated_at timestamptz not null
    );
    create index if not exists rm_disputes_customer on rm_disputes (customer_id, opened_at desc);
    create index if not exists rm_disputes_contractor on rm_disputes (contractor_id, opened_at desc);
    create index if not exists rm_disputes_open on rm_disputes (status, opened_at) where status not in ('decided', 'void');
    create index if not exists rm_disputes_job on rm_disputes (job_id);
    create table if not exists rm_dispute_evidence (
      evidence_id uuid primary key,
      dispute_id uuid not null,
      party_role text not null,
      added_by uuid not null,
      kind text not null,
      storage_key text not null,
      content_type text not null,
      size_bytes bigint not null,
      sha256 text not null,
      caption text not null,
      added_at timestamptz not null
    );
    create index if not exists rm_dispute_evidence_dispute on rm_dispute_evidence (dispute_id, added_at);`,
  reset: 'drop table if exists rm_disputes; drop table if exists rm_dispute_evidence',
  tables: {
    disputes: foldedTable<DisputeRecord>('rm_disputes', ['dispute_id']),
    evidence: foldedTable<EvidenceRecord>('rm_dispute_evidence', ['evidence_id']),
  },
  keys(event) {
    const disputes = [[event.data.disputeId]];
    return event.type === 'EvidenceAdded' ? { disputes, evidence: [[event.data.evidenceId]] } : { disputes };
  },
  fold(event, { disputes, evidence }) {
    const key = [event.data.disputeId];
    switch (event.type) {
      case 'DisputeOpened': {
        const d = event.data;
        if (disputes.get(key)) return;
        disputes.put({
          dispute_id: d.disputeId,
          job_id: d.jobId,
          customer_id: d.customerId,
          contractor_id: d.contractorId,
          opened_by: d.openedBy,
          opener_role: d.openerRole,
          reason: d.reason,
          description: d.description,
          status: 'awaiting-response',
          amount_cents: d.amountCents,
          contractor_province: d.contractorProvince,
          work_marked_complete: d.workMarkedComplete,
          opened_at: d.openedAt,
          respond_by: d.respondBy,
          answered_at: null,
          answer_statement: null,
          ready_at: null,
          analysed_at: null,
          analysis: null,
          proposal: null,
          review_requested_at: null,
          review_requested_by: null,
          decided_at: null,
          decision: null,
          voided_at: null,
          updated_at: d.openedAt,
        });
        return;
      }
      case 'EvidenceAdded': {
        const d = event.data;
        if (!evidence.get([d.evidenceId])) {
          evidence.put({
            evidence_id: d.evidenceId,
            dispute_id: d.disputeId,
            party_role: d.partyRole,
            added_by: d.addedBy,
            kind: d.kind,
            storage_key: d.storageKey,
            content_type: d.contentType,
            size_bytes: d.sizeBytes,
            sha256: d.sha256,
            caption: d.caption,
            added_at: d.addedAt,
          });
        }
        disputes.update(key, (row) => ({ ...row, updated_at: d.addedAt }));
        return;
      }
      case 'DisputeAnswered': {
        const d = event.data;
        disputes.update(key, (row) => ({
          ...row,
          status: 'analysing',
          answered_at: d.answeredAt,
          answer_statement: d.statement,
          ready_at: d.answeredAt,
          updated_at: d.answeredAt,
        }));
        return;
      }
      case 'ResponseWindowClosed': {
        const d = event.data;
        disputes.update(key, (row) => ({ ...row, status: 'analysing', ready_at: d.closedAt, updated_at: d.closedAt }));
        return;
      }
      case 'DisputeAnalysed': {
        const d = event.data;
        disputes.update(key, (row) => ({
          ...row,
          status: 'in-review',
          analysed_at: d.analysedAt,
          analysis: d.analysis,
          updated_at: d.analysedAt,
        }));
        return;
      }
      case 'ResolutionProposed': {
        const d = event.data;
        const proposal = { outcome: d.outcome, shares: d.shares, appealBy: d.appealBy, proposedAt: d.proposedAt };
        disputes.update(key, (row) => ({ ...row, status: 'proposed', proposal, updated_at: d.proposedAt }));
        return;
      }
      case 'HumanReviewRequested': {
        const d = event.data;
        disputes.update(key, (row) => ({
          ...row,
          status: 'in-review',
          review_requested_at: d.requestedAt,
          review_requested_by: d.partyRole,
          updated_at: d.requestedAt,
        }));
        return;
      }
      case 'DisputeDecided': {
        const d = event.data;
        const decision = {
          via: d.via,
          decidedBy: d.decidedBy,
          outcome: d.outcome,
          shares: d.shares,
          reasons: d.reasons,
          arbitratorFeeCents: d.arbitratorFeeCents,
        };
        disputes.update(key, (row) => ({
          ...row,
          status: 'decided',
          decided_at: d.decidedAt,
          decision,
          updated_at: d.decidedAt,
        }));
        return;
      }
      case 'DisputeVoided': {
        const d = event.data;
        disputes.update(key, (row) => ({ ...row, status: 'void', voided_at: d.voidedAt, updated_at: d.voidedAt }));
        return;
      }
      default:
        return event satisfies never;
    }
  },
});

/** A row of rm_disputes as the fold writes it (column names; timestamps as ISO text, jsonb as JSON). */
type DisputeRecord = {
  dispute_id: string;
  job_id: string;
  customer_id: string;
  contractor_id: string;
  opened_by: string;
  opener_role: PartyRole;
  reason: DisputeReason;
  description: string;
  status: DisputeStatus;
  amount_cents: number;
  contractor_province: string;
  work_marked_complete: boolean;
  opened_at: string;
  respond_by: string;
  answered_at: string | null;
  answer_statement: string | null;
  ready_at: string | null;
  analysed_at: string | null;
  analysis: DisputeAnalysis | null;
  proposal: DisputeRow['proposal'];
  review_requested_at: string | null;
  review_requested_by: PartyRole | null;
  decided_at: string | null;
  decision: DisputeRow['decision'];
  voided_at: string | null;
  updated_at: string;
};

/** A row of rm_dispute_evidence as the fold writes it. */
type EvidenceRecord = {
  evidence_id: string;
  dispute_id: string;
  party_role: PartyRole;
  added_by: string;
  kind: FileEvidenceKind;
  storage_key: string;
  content_type: string;
  size_bytes: number;
  sha256: string;
  caption: string;
  added_at: string;
};

export type DisputeRow = {
  disputeId: string;
  jobId: string;
  customerId: string;
  contractorId: string;
  openedBy: string;
  openerRole: PartyRole;
  reason: DisputeReason;
  description: string;
  status: DisputeStatus;
  amountCents: number;
  contractorProvince: string;
  workMarkedComplete: boolean;
  openedAt: Date;
  respondBy: Date;
  answeredAt: Date | null;
  answerStatement: string | null;
  readyAt: Date | null;
  analysedAt: Date | null;
  analysis: DisputeAnalysis | null;
  proposal: { outcome: OutcomeId; shares: Shares; appealBy: string; proposedAt: string } | null;
  reviewRequestedAt: Date | null;
  reviewRequestedBy: PartyRole | null;
  decidedAt: Date | null;
  decision: {
    via: 'arbitrator' | 'auto-resolution';
    decidedBy: string | null;
    outcome: DecisionOutcome;
    shares: Shares;
    reasons: string;
    arbitratorFeeCents: number;
  } | null;
  voidedAt: Date | null;
  updatedAt: Date;
};

export type EvidenceRow = {
  evidenceId: string;
  disputeId: string;
  partyRole: PartyRole;
  addedBy: string;
  kind: FileEvidenceKind;
  storageKey: string;
  contentType: string;
  sizeBytes: number;
  sha256: string;
  caption: string;
  addedAt: Date;
};

const columns = (sql: Sql) => sql`
  dispute_id as "disputeId", job_id as "jobId", customer_id as "customerId", contractor_id as "contractorId",
  opened_by as "openedBy", opener_role as "openerRole", reason, description, status,
  amount_cents::int as "amountCents", contractor_province as "contractorProvince",
  work_marked_complete as "workMarkedComplete", opened_at as "openedAt", respond_by as "respondBy",
  answered_at as "answeredAt", answer_statement as "answerStatement", ready_at as "readyAt",
  analysed_at as "analysedAt", analysis, proposal, review_requested_at as "reviewRequestedAt",
  review_requested_by as "reviewRequestedBy", decided_at as "decidedAt", decision, voided_at as "voidedAt",
  updated_at as "updatedAt"`;

export async function findDispute(sql: Sql, disputeId: string): Promise<DisputeRow | null> {
  const [row] = await sql<DisputeRow[]>`select ${columns(sql)} from rm_disputes where dispute_id = ${disputeId}`;
  return row ?? null;
}

export async function disputesOf(sql: Sql, userId: string, limit = 100): Promise<DisputeRow[]> {
  return sql<DisputeRow[]>`
    select ${columns(sql)} from rm_disputes where customer_id = ${userId} or contractor_id = ${userId}
    order by opened_at desc, dispute_id limit ${limit}`;
}

export type QueueFilter = { sort: 'age' | 'amount'; state: 'open' | 'decided' | 'all'; limit: number };

/**
 * The arbitration queue. Open cases first by what waits for the arbitrator (in review), then by age
 * (oldest first) or by amount (largest first), the other key breaking ties.
 */
export async function disputeQueue(sql: Sql, filter: QueueFilter): Promise<DisputeRow[]> {
  const order =
    filter.sort === 'amount' ? sql`amount_cents desc, opened_at asc` : sql`opened_at asc, amount_cents desc`;
  return sql<DisputeRow[]>`
    select ${columns(sql)} from rm_disputes
    where case ${filter.state}::text
      when 'open' then status not in ('decided', 'void')
      when 'decided' then status in ('decided', 'void')
      else true end
    order by (status = 'in-review') desc, ${order}, dispute_id
    limit ${filter.limit}`;
}

export async function evidenceOf(sql: Sql, disputeId: string): Promise<EvidenceRow[]> {
  return sql<EvidenceRow[]>`
    select evidence_id as "evidenceId", dispute_id as "disputeId", party_role as "partyRole", added_by as "addedBy",
      kind, storage_key as "storageKey", content_type as "contentType", size_bytes::int as "sizeBytes", sha256,
      caption, added_at as "addedAt"
    from rm_dispute_evidence where dispute_id = ${disputeId} order by added_at, evidence_id`;
}

/** How many files each dispute holds, by dispute id (none: absent). */
export async function evidenceCountsOf(sql: Sql, disputeIds: readonly string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (disputeIds.length === 0) return counts;
  const found = await sql<{ disputeId: string; count: number }[]>`
    select dispute_id as "disputeId", count(*)::int as count from rm_dispute_evidence
    where dispute_id = any(${disputeIds}::uuid[]) group by dispute_id`;
  for (const c of found) counts.set(c.disputeId, c.count);
  return counts;
}

// ── What the dispute process's timers look for ──────────────────────────────────────────────

/**
 * Disputes whose escrow is not frozen by them yet. Opening freezes at once; this catches a crash
 * between the two appends, so it leaves alone what was opened in the last `graceMs` (racing the
 * route for the same escrow stream would only make both retry).
 */
export async function disputesAwaitingFreeze(sql: Sql, now: Date, graceMs = 10_000, limit = 100) {
  return sql<{ disputeId: string; openedBy: string; escrowStatus: string | null }[]>`
    select d.dispute_id as "disputeId", d.opened_by as "openedBy", e.status as "escrowStatus"
    from rm_disputes d left join rm_escrows e on e.job_id = d.job_id
    where d.status not in ('decided', 'void') and d.opened_at < ${new Date(now.getTime() - graceMs)}
      and (e.job_id is null or e.dispute_id is distinct from d.dispute_id::text)
    order by d.opened_at limit ${limit}`;
}

export async function disputesPastResponseWindow(sql: Sql, now: Date, limit = 100) {
  return sql<{ disputeId: string }[]>`
    select dispute_id as "disputeId" from rm_disputes
    where status = 'awaiting-response' and respond_by <= ${now} order by respond_by limit ${limit}`;
}

export async function disputesReadyForAnalysis(sql: Sql, limit = 20) {
  return sql<{ disputeId: string }[]>`
    select dispute_id as "disputeId" from rm_disputes
    where status = 'analysing' order by ready_at limit ${limit}`;
}

export async function proposalsPastAppealWindow(sql: Sql, now: Date, limit = 100) {
  return sql<{ disputeId: string }[]>`
    select dispute_id as "disputeId" from rm_disputes
    where status = 'proposed' and (proposal->>'appealBy')::timestamptz <= ${now}
    order by (proposal->>'appealBy')::timestamptz limit ${limit}`;
}

/** Decided disputes whose escrow still holds the money (the decision distributes at once; this catches a crash). */
export async function decisionsAwaitingDistribution(sql: Sql, limit = 100) {
  return sql<{ disputeId: string; shares: Shares }[]>`
    select d.dispute_id as "disputeId", d.decision->'shares' as shares
    from rm_disputes d join rm_escrows e on e.job_id = d.job_id
    where d.status = 'decided' and e.status = 'frozen' and e.dispute_id = d.dispute_id::text
    order by d.decided_at limit ${limit}`;
}
