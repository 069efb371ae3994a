import { DateTime } from 'luxon';
import type { Sql, TransactionSql } from '../shared/db/postgres.ts';
import type { AccountEvent } from '../shared/domain/accounts/events.ts';
import type { BarterTradeEvent } from '../shared/domain/barter/events.ts';
import type { ScheduleEvent } from '../shared/domain/booking/events.ts';
import { offeringEventTypes, type OfferingEvent } from '../shared/domain/catalogue/events.ts';
import type { ClientNoteEvent } from '../shared/domain/crm/events.ts';
import type { EscrowEvent, PayoutSent } from '../shared/domain/escrow/events.ts';
import type { MessagingEvent } from '../shared/domain/messaging/events.ts';
import type { UrgentAlertEvent } from '../shared/domain/urgent/events.ts';
import type { WorkOrderEvent } from '../shared/domain/work/events.ts';
import { defineProjection } from '../infrastructure/projections/types.ts';

import {
  leadKinds,
  pipelineStages,
  type LeadKind,
  type LeadStatus,
  type PipelineStage,
} from '../shared/domain/crm/stages.ts';

// The pipeline's stages (in order; `lost` is off the line) and the lead kinds are constants the HTTP shapes name too (shared/domain/crm/stages.ts).
export { leadKinds, pipelineStages, type LeadKind, type LeadStatus, type PipelineStage };

/** Earnings are booked in the month of release, on the platform's (Toronto) calendar. */
export const EARNINGS_ZONE = 'America/Toronto';

const stageRank = (stage: PipelineStage) => (stage === 'lost' ? -1 : pipelineStages.indexOf(stage));

type CrmEvent =
  | AccountEvent
  | ScheduleEvent
  | WorkOrderEvent
  | UrgentAlertEvent
  | MessagingEvent
  | BarterTradeEvent
  | EscrowEvent
  | PayoutSent
  | OfferingEvent
  | ClientNoteEvent;

/**
 * The contractor dashboard's CRM (issue 10): every figure on that screen comes from these tables,
 * kept for it alone.
 * - `rm_crm_leads`: what came to the contractor (booking requests, bids they sent, direct
 *   requests, urgent alerts, customers' first messages, barter proposals) and what became of it;
 * - `rm_crm_pipeline`: each job on the line lead → quoted → booked → in progress → completed →
 *   paid (or lost), with its price and start;
 * - `rm_crm_clients`: per client, jobs, completed jobs, money earned and the last contact, and
 *   the contractor's private note;
 * - `rm_crm_earnings`: gross, platform fee, tax on the fee and net, per month of release;
 * - `rm_crm_payouts`: payouts scheduled and sent.
 * Titles of offerings and work orders are kept in `rm_crm_titles` so rows can name their job.
 *
 * Version 2: a pipeline row keeps `paid_cents`, what the contractor was actually paid (gross,
 * before the platform fee): the whole price on a release, the contractor's share after an
 * arbitration, the late-cancellation fee after a refund; and its price follows what the escrow
 * was funded with (docs/decisions.md, "Dashboards tell the truth").
 */
export const crmProjection = defineProjection<CrmEvent>({
  name: 'contractor-crm', // the stored name (checkpoint key), kept when the file was renamed
  version: 2,
  handles: [
    'AccountRegistered',
    'BookingRequested',
    'BookingConfirmed',
    'BookingDeclined',
    'BookingCancelled',
    'BookingRescheduled',
    'BookingCompleted',
    'WorkOrderPosted',
    'WorkOrderEdited',
    'WorkOrderCancelled',
    'DirectRequestAccepted',
    'DirectRequestDeclined',
    'ProposalSubmitted',
    'ProposalWithdrawn',
    'ProposalAccepted',
    'ProposalDeclined',
    'WorkOrderAwarded',
    'UrgentAlertSent',
    'UrgentAlertAccepted',
    'UrgentAlertCancelled',
    'MessagePosted',
    'BarterTradeProposed',
    'BarterTradeAccepted',
    'BarterTradeDeclined',
    'BarterTradeWithdrawn',
    'EscrowFunded',
    'WorkMarkedComplete',
    'EscrowReleased',
    'EscrowDistributed',
    'EscrowRefunded',
    'PayoutSent',
    'ClientNoteSaved',
    ...offeringEventTypes,
  ],
  schema: `
    create table if not exists rm_crm_contractors (contractor_id uuid primary key);
    create table if not exists rm_crm_titles (id uuid primary key, title text not null);
    create table if not exists rm_crm_leads (
      lead_id text primary key,
      contractor_id uuid not null,
      kind text not null,
      customer_id uuid not null,
      source_id uuid not null,
      title text not null,
      amount_cents bigint,
      status text not null,
      at timestamptz not null,
      updated_at timestamptz not null
    );
    create index if not exists rm_crm_leads_contractor on rm_crm_leads (contractor_id, at desc);
    create index if not exists rm_crm_leads_source on rm_crm_leads (source_id);
    create table if not exists rm_crm_pipeline (
      job_id uuid not null,
      contractor_id uuid not null,
      customer_id uuid not null,
      title text not null,
      stage text not null,
      amount_cents bigint,
      paid_cents bigint,
      starts_at timestamptz,
      ends_at timestamptz,
      updated_at timestamptz not null,
      primary key (job_id, contractor_id)
    );
    create index if not exists rm_crm_pipeline_contractor on rm_crm_pipeline (contractor_id, updated_at desc);
    create table if not exists rm_crm_clients (
      contractor_id uuid not null,
      customer_id uuid not null,
      jobs integer not null default 0,
      completed_jobs integer not null default 0,
      earned_cents bigint not null default 0,
      note text,
      note_updated_at timestamptz,
      first_at timestamptz not null,
      last_at timestamptz not null,
      primary key (contractor_id, customer_id)
    );
    create table if not exists rm_crm_earnings (
      contractor_id uuid not null,
      month text not null,
      gross_cents bigint not null default 0,
      fee_cents bigint not null default 0,
      tax_cents bigint not null default 0,
      net_cents bigint not null default 0,
      jobs integer not null default 0,
      primary key (contractor_id, month)
    );
    create table if not exists rm_crm_payouts (
      payout_id text primary key,
      contractor_id uuid not null,
      job_id uuid not null,
      amount_cents bigint not null,
      due_on date not null,
      status text not null,
      sent_at timestamptz
    );
    create index if not exists rm_crm_payouts_contractor on rm_crm_payouts (contractor_id, due_on);`,
  reset: `drop table if exists rm_crm_contractors, rm_crm_titles, rm_crm_leads, rm_crm_pipeline, rm_crm_clients,
    rm_crm_earnings, rm_crm_payouts`,
  async apply(tx, event) {
    await applyCrm(tx, event);
  },
});

async function title(tx: TransactionSql, id: string | null, fallback: string): Promise<string> {
  if (!id) return fallback;
  const [row] = await tx<{ title: string }[]>`select title from rm_crm_titles where id = ${id}`;
  return row?.title ?? fallback;
}

async function lead(
  tx: TransactionSql,
  row: {
    leadId: string;
    contractorId: string;
    kind: LeadKind;
    customerId: string;
    sourceId: string;
    title: string;
    amountCents: number | null;
    at: string;
  },
) {
  await tx`
    insert into rm_crm_leads (lead_id, contractor_id, kind, customer_id, source_id, title, amount_cents, status, at, updated_at)
    values (${row.leadId}, ${row.contractorId}, ${row.kind}, ${row.customerId}, ${row.sourceId}, ${row.title},
      ${row.amountCents}, 'open', ${row.at}, ${row.at})
    on conflict (lead_id) do nothing`;
}

async function settleLead(tx: TransactionSql, leadId: string, status: LeadStatus, at: string) {
  await tx`update rm_crm_leads set status = ${status}, updated_at = ${at} where lead_id = ${leadId} and status = 'open'`;
}

/** Moves a job forward on the line (never back; `lost` only from before completion). */
async function stage(
  tx: TransactionSql,
  jobId: string,
  contractorId: string | null,
  to: PipelineStage,
  at: string,
  extra: { customerId?: string; title?: string; amountCents?: number | null; startsAt?: string; endsAt?: string } = {},
) {
  const [current] = contractorId
    ? await tx<{ stage: PipelineStage; contractor_id: string }[]>`
        select stage, contractor_id from rm_crm_pipeline where job_id = ${jobId} and contractor_id = ${contractorId}`
    : await tx<{ stage: PipelineStage; contractor_id: string }[]>`
        select stage, contractor_id from rm_crm_pipeline where job_id = ${jobId} and stage <> 'lost' limit 1`;
  if (!current) {
    if (!contractorId || !extra.customerId) return;
    await tx`
      insert into rm_crm_pipeline (job_id, contractor_id, customer_id, title, stage, amount_cents, starts_at, ends_at, updated_at)
      values (${jobId}, ${contractorId}, ${extra.customerId}, ${extra.title ?? ''}, ${to}, ${extra.amountCents ?? null},
        ${extra.startsAt ?? null}, ${extra.endsAt ?? null}, ${at})`;
    await touchClient(tx, contractorId, extra.customerId, at, { newJob: true });
    return;
  }
  const forward =
    to === 'lost' ? stageRank(current.stage) < stageRank('completed') : stageRank(to) > stageRank(current.stage);
  await tx`
    update rm_crm_pipeline set
      stage = ${forward ? to : current.stage},
      amount_cents = coalesce(${extra.amountCents ?? null}, amount_cents),
      starts_at = coalesce(${extra.startsAt ?? null}, starts_at),
      ends_at = coalesce(${extra.endsAt ?? null}, ends_at),
      updated_at = ${at}
    where job_id = ${jobId} and contractor_id = ${current.contractor_id}`;
}

/** What the contractor was actually paid for a job (gross, before the platform fee). */
async function paid(tx: TransactionSql, jobId: string, contractorId: string, cents: number) {
  await tx`update rm_crm_pipeline set paid_cents = ${cents} where job_id = ${jobId} and contractor_id = ${contractorId}`;
}

async function touchClient(
  tx: TransactionSql,
  contractorId: string,
  customerId: string,
  at: string,
  change: { newJob?: boolean; completed?: boolean; earnedCents?: number } = {},
) {
  await tx`
    insert into rm_crm_clients (contractor_id, customer_id, jobs, completed_jobs, earned_cents, first_at, last_at)
    values (${contractorId}, ${customerId}, ${change.newJob ? 1 : 0}, ${change.completed ? 1 : 0},
      ${change.earnedCents ?? 0}, ${at}, ${at})
    on conflict (contractor_id, customer_id) do update set
      jobs = rm_crm_clients.jobs + excluded.jobs,
      completed_jobs = rm_crm_clients.completed_jobs + excluded.completed_jobs,
      earned_cents = rm_crm_clients.earned_cents + excluded.earned_cents,
      last_at = greatest(rm_crm_clients.last_at, excluded.last_at)`;
}

async function earn(
  tx: TransactionSql,
  contractorId: string,
  at: string,
  amounts: { grossCents: number; feeCents: number; taxCents: number; netCents: number },
) {
  const month = DateTime.fromISO(at, { zone: EARNINGS_ZONE }).toFormat('yyyy-MM');
  await tx`
    insert into rm_crm_earnings (contractor_id, month, gross_cents, fee_cents, tax_cents, net_cents, jobs)
    values (${contractorId}, ${month}, ${amounts.grossCents}, ${amounts.feeCents}, ${amounts.taxCents}, ${amounts.netCents}, 1)
    on conflict (contractor_id, month) do update set
      gross_cents = rm_crm_earnings.gross_cents + excluded.gross_cents,
      fee_cents = rm_crm_earnings.fee_cents + excluded.fee_cents,
      tax_cents = rm_crm_earnings.tax_cents + excluded.tax_cents,
      net_cents = rm_crm_earnings.net_cents + excluded.net_cents,
      jobs = rm_crm_earnings.jobs + 1`;
}

async function schedulePayout(
  tx: TransactionSql,
  contractorId: string,
  jobId: string,
  payout: { payoutId: string; amountCents: number; dueOn: string } | null,
) {
  if (!payout || payout.amountCents <= 0) return;
  await tx`
    insert into rm_crm_payouts (payout_id, contractor_id, job_id, amount_cents, due_on, status)
    values (${payout.payoutId}, ${contractorId}, ${jobId}, ${payout.amountCents}, ${payout.dueOn}, 'scheduled')
    on conflict (payout_id) do nothing`;
}

const taxOf = (lines: readonly { cents: number }[]) => lines.reduce((sum, line) => sum + line.cents, 0);

async function applyCrm(tx: TransactionSql, event: CrmEvent) {
  switch (event.type) {
    case 'AccountRegistered':
      if (event.data.role === 'contractor') {
        await tx`insert into rm_crm_contractors (contractor_id) values (${event.data.accountId}) on conflict do nothing`;
      }
      return;
    case 'ServiceOfferingCreated':
    case 'ServiceOfferingUpdated':
    case 'ServiceOfferingPaused':
    case 'ServiceOfferingResumed':
    case 'ServiceOfferingBarterSet':
      await tx`
        insert into rm_crm_titles (id, title) values (${event.data.offeringId}, ${event.data.title})
        on conflict (id) do update set title = excluded.title`;
      return;
    case 'WorkOrderPosted':
    case 'WorkOrderEdited': {
      const d = event.data;
      await tx`
        insert into rm_crm_titles (id, title) values (${d.workOrderId}, ${d.title})
        on conflict (id) do update set title = excluded.title`;
      if (event.type === 'WorkOrderPosted' && event.data.directContractorId) {
        const p = event.data;
        await lead(tx, {
          leadId: `direct:${p.workOrderId}`,
          contractorId: p.directContractorId!,
          kind: 'direct_request',
          customerId: p.customerId,
          sourceId: p.workOrderId,
          title: p.title,
          amountCents: p.budgetMaxCents,
          at: p.postedAt,
        });
        await stage(tx, p.workOrderId, p.directContractorId!, 'lead', p.postedAt, {
          customerId: p.customerId,
          title: p.title,
          amountCents: p.budgetMaxCents,
        });
      }
      return;
    }
    case 'DirectRequestAccepted': {
      const d = event.data;
      await settleLead(tx, `direct:${d.workOrderId}`, 'won', d.acceptedAt);
      await stage(tx, d.workOrderId, d.contractorId, 'booked', d.acceptedAt);
      return;
    }
    case 'DirectRequestDeclined': {
      const d = event.data;
      await settleLead(tx, `direct:${d.workOrderId}`, 'lost', d.declinedAt);
      await stage(tx, d.workOrderId, d.contractorId, 'lost', d.declinedAt);
      return;
    }
    case 'WorkOrderCancelled': {
      const d = event.data;
      await settleLead(tx, `direct:${d.workOrderId}`, 'lost', d.cancelledAt);
      await tx`
        update rm_crm_pipeline set stage = 'lost', updated_at = ${d.cancelledAt}
        where job_id = ${d.workOrderId} and stage in ('lead', 'quoted', 'booked', 'in_progress')`;
      return;
    }
    case 'ProposalSubmitted': {
      const d = event.data;
      const name = await title(tx, d.workOrderId, '');
      await lead(tx, {
        leadId: `bid:${d.proposalId}`,
        contractorId: d.contractorId,
        kind: 'bid',
        customerId: d.customerId,
        sourceId: d.workOrderId,
        title: name,
        amountCents: d.priceCents,
        at: d.submittedAt,
      });
      await stage(tx, d.workOrderId, d.contractorId, 'quoted', d.submittedAt, {
        customerId: d.customerId,
        title: name,
        amountCents: d.priceCents,
      });
      return;
    }
    case 'ProposalWithdrawn': {
      const d = event.data;
      await settleLead(tx, `bid:${d.proposalId}`, 'withdrawn', d.withdrawnAt);
      await stage(tx, d.workOrderId, d.contractorId, 'lost', d.withdrawnAt);
      return;
    }
    case 'ProposalAccepted': {
      const d = event.data;
      await settleLead(tx, `bid:${d.proposalId}`, 'won', d.acceptedAt);
      await stage(tx, d.workOrderId, d.contractorId, 'booked', d.acceptedAt, { amountCents: d.priceCents });
      return;
    }
    case 'ProposalDeclined': {
      const d = event.data;
      await settleLead(tx, `bid:${d.proposalId}`, 'lost', d.declinedAt);
      await stage(tx, d.workOrderId, d.contractorId, 'lost', d.declinedAt);
      return;
    }
    case 'WorkOrderAwarded': {
      // Bids were on the line already; a direct post or an urgent job joins it here.
      const d = event.data;
      await stage(tx, d.workOrderId, d.contractorId, 'booked', d.awardedAt, {
        customerId: d.customerId,
        title: await title(tx, d.workOrderId, ''),
        amountCents: d.priceCents,
      });
      return;
    }
    case 'BookingRequested': {
      const d = event.data;
      if (d.workOrderId) {
        // Scheduling an awarded work order: the work order's row gets its dates.
        await stage(tx, d.workOrderId, d.contractorId, 'booked', d.requestedAt, {
          startsAt: d.startsAt,
          endsAt: d.endsAt,
        });
        return;
      }
      const name = await title(tx, d.offeringId, '');
      if (!d.recurring) {
        await lead(tx, {
          leadId: `booking:${d.bookingId}`,
          contractorId: d.contractorId,
          kind: 'booking_request',
          customerId: d.customerId,
          sourceId: d.bookingId,
          title: name,
          amountCents: d.priceCents,
          at: d.requestedAt,
        });
      }
      await stage(tx, d.bookingId, d.contractorId, d.recurring ? 'booked' : 'lead', d.requestedAt, {
        customerId: d.customerId,
        title: name,
        amountCents: d.priceCents,
        startsAt: d.startsAt,
        endsAt: d.endsAt,
      });
      return;
    }
    case 'BookingConfirmed': {
      const d = event.data;
      await settleLead(tx, `booking:${d.bookingId}`, 'won', d.confirmedAt);
      await stage(tx, d.bookingId, d.contractorId, 'booked', d.confirmedAt);
      return;
    }
    case 'BookingDeclined': {
      const d = event.data;
      await settleLead(tx, `booking:${d.bookingId}`, 'lost', d.declinedAt);
      await stage(tx, d.bookingId, d.contractorId, 'lost', d.declinedAt);
      return;
    }
    case 'BookingCancelled': {
      const d = event.data;
      await settleLead(tx, `booking:${d.bookingId}`, 'lost', d.cancelledAt);
      await stage(tx, d.bookingId, d.contractorId, 'lost', d.cancelledAt);
      return;
    }
    case 'BookingRescheduled': {
      const d = event.data;
      await tx`
        update rm_crm_pipeline set starts_at = ${d.startsAt}, ends_at = ${d.endsAt}
        where job_id = ${d.bookingId} and contractor_id = ${d.contractorId}`;
      return;
    }
    case 'BookingCompleted': {
      const d = event.data;
      await stage(tx, d.bookingId, d.contractorId, 'completed', d.completedAt);
      return;
    }
    case 'UrgentAlertSent': {
      const d = event.data;
      for (const contractorId of d.recipients) {
        await lead(tx, {
          leadId: `urgent:${d.alertId}:${contractorId}`,
          contractorId,
          kind: 'urgent_alert',
          customerId: d.customerId,
          sourceId: d.alertId,
          title: d.title,
          amountCents: d.priceCents,
          at: d.sentAt,
        });
      }
      return;
    }
    case 'UrgentAlertAccepted': {
      const d = event.data;
      await tx`
        update rm_crm_leads set status = case when contractor_id = ${d.contractorId} then 'won' else 'lost' end,
          updated_at = ${d.acceptedAt}
        where source_id = ${d.alertId} and kind = 'urgent_alert' and status = 'open'`;
      return;
    }
    case 'UrgentAlertCancelled':
      await tx`
        update rm_crm_leads set status = 'withdrawn', updated_at = ${event.data.cancelledAt}
        where source_id = ${event.data.alertId} and kind = 'urgent_alert' and status = 'open'`;
      return;
    case 'MessagePosted': {
      // A conversation a customer starts with a contractor is a lead: one per pair, the first message.
      const d = event.data;
      const [isContractor] = await tx`select 1 from rm_crm_contractors where contractor_id = ${d.recipientId}`;
      const [senderIsContractor] = await tx`select 1 from rm_crm_contractors where contractor_id = ${d.senderId}`;
      if (!isContractor || senderIsContractor) return;
      await lead(tx, {
        leadId: `message:${d.recipientId}:${d.senderId}`,
        contractorId: d.recipientId,
        kind: 'message',
        customerId: d.senderId,
        sourceId: d.messageId,
        title: d.body.slice(0, 120),
        amountCents: null,
        at: d.postedAt,
      });
      return;
    }
    case 'BarterTradeProposed': {
      const d = event.data;
      await lead(tx, {
        leadId: `barter:${d.tradeId}`,
        contractorId: d.recipientId,
        kind: 'barter',
        customerId: d.proposerId,
        sourceId: d.tradeId,
        title: d.offeringTitle,
        amountCents: null,
        at: d.proposedAt,
      });
      return;
    }
    case 'BarterTradeAccepted':
      await settleLead(tx, `barter:${event.data.tradeId}`, 'won', event.data.acceptedAt);
      return;
    case 'BarterTradeDeclined':
      await settleLead(tx, `barter:${event.data.tradeId}`, 'lost', event.data.declinedAt);
      return;
    case 'BarterTradeWithdrawn':
      await settleLead(tx, `barter:${event.data.tradeId}`, 'withdrawn', event.data.withdrawnAt);
      return;
    case 'EscrowFunded': {
      const d = event.data;
      await stage(tx, d.jobId, d.contractorId, 'in_progress', d.fundedAt, { amountCents: d.amountCents });
      return;
    }
    case 'WorkMarkedComplete': {
      const d = event.data;
      await stage(tx, d.jobId, d.contractorId, 'completed', d.completedAt);
      return;
    }
    case 'EscrowReleased': {
      const d = event.data;
      await stage(tx, d.jobId, d.contractorId, 'paid', d.releasedAt);
      await paid(tx, d.jobId, d.contractorId, d.amountCents);
      await touchClient(tx, d.contractorId, d.customerId, d.releasedAt, {
        completed: true,
        earnedCents: d.contractorNetCents,
      });
      await earn(tx, d.contractorId, d.releasedAt, {
        grossCents: d.amountCents,
        feeCents: d.fee.feeCents,
        taxCents: taxOf(d.fee.taxLines),
        netCents: d.contractorNetCents,
      });
      await schedulePayout(tx, d.contractorId, d.jobId, d.payout);
      return;
    }
    case 'EscrowDistributed': {
      const d = event.data;
      await paid(tx, d.jobId, d.contractorId, Math.max(0, d.contractorGrossCents));
      if (d.contractorGrossCents <= 0) {
        await stage(tx, d.jobId, d.contractorId, 'lost', d.distributedAt);
        return;
      }
      await stage(tx, d.jobId, d.contractorId, 'paid', d.distributedAt);
      await touchClient(tx, d.contractorId, d.customerId, d.distributedAt, {
        completed: true,
        earnedCents: d.contractorNetCents,
      });
      await earn(tx, d.contractorId, d.distributedAt, {
        grossCents: d.contractorGrossCents,
        feeCents: d.fee.feeCents,
        taxCents: taxOf(d.fee.taxLines),
        netCents: d.contractorNetCents,
      });
      await schedulePayout(tx, d.contractorId, d.jobId, d.payout);
      return;
    }
    case 'EscrowRefunded': {
      // A cancellation: the job is lost; a late-cancellation fee is the contractor's, without a platform fee.
      const d = event.data;
      await stage(tx, d.jobId, d.contractorId, 'lost', d.refundedAt);
      await paid(tx, d.jobId, d.contractorId, d.lateFeeCents);
      if (d.payout && d.payout.amountCents > 0) {
        await earn(tx, d.contractorId, d.refundedAt, {
          grossCents: d.payout.amountCents,
          feeCents: 0,
          taxCents: 0,
          netCents: d.payout.amountCents,
        });
        await schedulePayout(tx, d.contractorId, d.jobId, d.payout);
      }
      return;
    }
    case 'PayoutSent':
      if (event.data.kind !== 'payout') return;
      await tx`
        update rm_crm_payouts set status = 'sent', sent_at = ${event.data.sentAt} where payout_id = ${event.data.payoutId}`;
      return;
    case 'ClientNoteSaved': {
      const d = event.data;
      await tx`
        update rm_crm_clients set note = ${d.note}, note_updated_at = ${d.savedAt}
        where contractor_id = ${d.contractorId} and customer_id = ${d.customerId}`;
      return;
    }
    default:
      return;
  }
}

// ---------------------------------------------------------------------------------------------
// Reads for the dashboard

export type CrmLead = {
  leadId: string;
  kind: LeadKind;
  customerId: string;
  sourceId: string;
  title: string;
  amountCents: number | null;
  status: LeadStatus;
  at: Date;
};
export type CrmPipelineItem = {
  jobId: string;
  customerId: string;
  title: string;
  stage: PipelineStage;
  amountCents: number | null;
  /** What the contractor was actually paid (gross); null until the escrow closed. */
  paidCents: number | null;
  startsAt: Date | null;
  endsAt: Date | null;
  updatedAt: Date;
};
export type CrmClient = {
  customerId: string;
  jobs: number;
  completedJobs: number;
  earnedCents: number;
  note: string | null;
  noteUpdatedAt: Date | null;
  firstAt: Date;
  lastAt: Date;
};
export type CrmMonth = {
  month: string;
  grossCents: number;
  feeCents: number;
  taxCents: number;
  netCents: number;
  jobs: number;
};
export type CrmPayout = {
  payoutId: string;
  jobId: string;
  amountCents: number;
  dueOn: string;
  status: 'scheduled' | 'sent';
  sentAt: Date | null;
};

const num = (value: string | number | null) => (value === null ? null : Number(value));

export async function crmLeads(sql: Sql, contractorId: string, limit = 50): Promise<CrmLead[]> {
  const rows = await sql<
    {
      lead_id: string;
      kind: LeadKind;
      customer_id: string;
      source_id: string;
      title: string;
      amount_cents: string | null;
      status: LeadStatus;
      at: Date;
    }[]
  >`
    select lead_id, kind, customer_id, source_id, title, amount_cents, status, at from rm_crm_leads
    where contractor_id = ${contractorId} order by at desc, lead_id limit ${limit}`;
  return rows.map((r) => ({
    leadId: r.lead_id,
    kind: r.kind,
    customerId: r.customer_id,
    sourceId: r.source_id,
    title: r.title,
    amountCents: num(r.amount_cents),
    status: r.status,
    at: r.at,
  }));
}

export async function crmPipeline(sql: Sql, contractorId: string, limit = 200): Promise<CrmPipelineItem[]> {
  const rows = await sql<
    {
      job_id: string;
      customer_id: string;
      title: string;
      stage: PipelineStage;
      amount_cents: string | null;
      paid_cents: string | null;
      starts_at: Date | null;
      ends_at: Date | null;
      updated_at: Date;
    }[]
  >`
    select job_id, customer_id, title, stage, amount_cents, paid_cents, starts_at, ends_at, updated_at
    from rm_crm_pipeline
    where contractor_id = ${contractorId} order by updated_at desc, job_id limit ${limit}`;
  return rows.map((r) => ({
    jobId: r.job_id,
    customerId: r.customer_id,
    title: r.title,
    stage: r.stage,
    amountCents: num(r.amount_cents),
    paidCents: num(r.paid_cents),
    startsAt: r.starts_at,
    endsAt: r.ends_at,
    updatedAt: r.updated_at,
  }));
}

export async function crmClients(sql: Sql, contractorId: string): Promise<CrmClient[]> {
  const rows = await sql<
    {
      customer_id: string;
      jobs: number;
      completed_jobs: number;
      earned_cents: string;
      note: string | null;
      note_updated_at: Date | null;
      first_at: Date;
      last_at: Date;
    }[]
  >`
    select customer_id, jobs, completed_jobs, earned_cents, note, note_updated_at, first_at, last_at from rm_crm_clients
    where contractor_id = ${contractorId} order by last_at desc, customer_id limit 500`;
  return rows.map((r) => ({
    customerId: r.customer_id,
    jobs: r.jobs,
    completedJobs: r.completed_jobs,
    earnedCents: Number(r.earned_cents),
    note: r.note,
    noteUpdatedAt: r.note_updated_at,
    firstAt: r.first_at,
    lastAt: r.last_at,
  }));
}

export async function isClientOf(sql: Sql, contractorId: string, customerId: string): Promise<boolean> {
  const [row] =
    await sql`select 1 from rm_crm_clients where contractor_id = ${contractorId} and customer_id = ${customerId}`;
  return row !== undefined;
}

/** The contractor's private note about one client (null: none, or not a client). */
export async function clientNoteOf(sql: Sql, contractorId: string, customerId: string): Promise<string | null> {
  const [row] = await sql<{ note: string | null }[]>`
    select note from rm_crm_clients where contractor_id = ${contractorId} and customer_id = ${customerId}`;
  return row?.note ?? null;
}

/** The last `months` months up to `now` (Toronto calendar), each present even when empty. */
export async function crmEarnings(sql: Sql, contractorId: string, now: Date, months = 12): Promise<CrmMonth[]> {
  const end = DateTime.fromJSDate(now, { zone: EARNINGS_ZONE }).startOf('month');
  const keys = Array.from({ length: months }, (_, i) => end.minus({ months: months - 1 - i }).toFormat('yyyy-MM'));
  const rows = await sql<
    { month: string; gross_cents: string; fee_cents: string; tax_cents: string; net_cents: string; jobs: number }[]
  >`
    select month, gross_cents, fee_cents, tax_cents, net_cents, jobs from rm_crm_earnings
    where contractor_id = ${contractorId} and month >= ${keys[0]!} and month <= ${keys[keys.length - 1]!}`;
  const byMonth = new Map(rows.map((r) => [r.month, r]));
  return keys.map((month) => {
    const r = byMonth.get(month);
    return {
      month,
      grossCents: Number(r?.gross_cents ?? 0),
      feeCents: Number(r?.fee_cents ?? 0),
      taxCents: Number(r?.tax_cents ?? 0),
      netCents: Number(r?.net_cents ?? 0),
      jobs: r?.jobs ?? 0,
    };
  });
}

export async function crmPayouts(sql: Sql, contractorId: string, limit = 20): Promise<CrmPayout[]> {
  const rows = await sql<
    {
      payout_id: string;
      job_id: string;
      amount_cents: string;
      due_on: Date | string;
      status: 'scheduled' | 'sent';
      sent_at: Date | null;
    }[]
  >`
    select payout_id, job_id, amount_cents, due_on::text as due_on, status, sent_at from rm_crm_payouts
    where contractor_id = ${contractorId}
    order by (status = 'scheduled') desc, due_on, payout_id limit ${limit}`;
  return rows.map((r) => ({
    payoutId: r.payout_id,
    jobId: r.job_id,
    amountCents: Number(r.amount_cents),
    dueOn: String(r.due_on),
    status: r.status,
    sentAt: r.sent_at,
  }));
}
