import { DateTime } from 'luxon';
import type { Sql } from '../shared/db/postgres.ts';
import type { AccountEvent } from '../shared/domain/accounts/events.ts';
import type { BarterTradeEvent } from '../shared/domain/barter/events.ts';
import type { ScheduleEvent } from '../shared/domain/booking/events.ts';
import { offeringEventTypes, type OfferingEvent } from '../shared/domain/catalogue/events.ts';
import type { ClientNoteEvent } from '../shared/domain/crm/events.ts';
import type { EscrowEvent, PayoutSent, ScheduledPayout } from '../shared/domain/escrow/events.ts';
import type { MessagingEvent } from '../shared/domain/messaging/events.ts';
import type { UrgentAlertEvent } from '../shared/domain/urgent/events.ts';
import type { WorkOrderEvent } from '../shared/domain/work/events.ts';
import {
  defineFoldedProjection,
  foldedTable,
  type FoldedRows,
  type JsonRow,
  type RowKey,
} from '../infrastructure/projections/folded-rows.ts';

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

// Rows as the fold sees them (column names; timestamps as ISO text, bigints as numbers).
type ContractorRecord = { contractor_id: string };
type TitleRecord = { id: string; title: string };
type LeadRecord = {
  lead_id: string;
  contractor_id: string;
  kind: LeadKind;
  customer_id: string;
  source_id: string;
  title: string;
  amount_cents: number | null;
  status: LeadStatus;
  at: string;
  updated_at: string;
};
type PipelineRecord = {
  job_id: string;
  contractor_id: string;
  customer_id: string;
  title: string;
  stage: PipelineStage;
  amount_cents: number | null;
  paid_cents: number | null;
  starts_at: string | null;
  ends_at: string | null;
  updated_at: string;
};
type ClientRecord = {
  contractor_id: string;
  customer_id: string;
  jobs: number;
  completed_jobs: number;
  earned_cents: number;
  note: string | null;
  note_updated_at: string | null;
  first_at: string;
  last_at: string;
};
type EarningsRecord = {
  contractor_id: string;
  month: string;
  gross_cents: number;
  fee_cents: number;
  tax_cents: number;
  net_cents: number;
  jobs: number;
};
type PayoutRecord = {
  payout_id: string;
  contractor_id: string;
  job_id: string;
  amount_cents: number;
  due_on: string;
  status: 'scheduled' | 'sent';
  sent_at: string | null;
};
type JobContractorsRecord = { job_id: string; contractor_ids: string[] };
type AlertLeadsRecord = { alert_id: string; lead_ids: string[] };

type CrmTables = {
  contractors: ContractorRecord;
  titles: TitleRecord;
  leads: LeadRecord;
  pipeline: PipelineRecord;
  clients: ClientRecord;
  earnings: EarningsRecord;
  payouts: PayoutRecord;
  jobContractors: JobContractorsRecord;
  alertLeads: AlertLeadsRecord;
};
type CrmRows = { [Name in keyof CrmTables]: FoldedRows<CrmTables[Name]> };
type CrmKeys = { [Name in keyof CrmTables]?: RowKey[] };

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
 * Titles of offerings and work orders are kept in `rm_crm_titles` so rows can name their job, and
 * contractors in `rm_crm_contractors` so a message tells a customer's first word from a reply.
 *
 * Version 2: a pipeline row keeps `paid_cents`, what the contractor was actually paid (gross,
 * before the platform fee): the whole price on a release, the contractor's share after an
 * arbitration, the late-cancellation fee after a refund; and its price follows what the escrow
 * was funded with (docs/decisions.md, "Dashboards tell the truth").
 *
 * Version 3: a fold (folded-rows.ts), so batches and rebuilds are set-based. Two events reach rows
 * by ids they do not carry: a cancelled work order loses every contractor's pipeline row of it,
 * and an accepted or cancelled urgent alert settles every recipient's lead. Two lookup tables,
 * read by no one else, list those rows by the id the event carries (`followedKeys`):
 * `rm_crm_job_contractors` the contractors with a pipeline row of a job, `rm_crm_alert_leads`
 * the leads of an urgent alert. Rows are never removed from either, as the fold's `followedKeys` needs.
 */
export const crmProjection = defineFoldedProjection<CrmEvent, CrmTables>({
  name: 'contractor-crm', // the stored name (checkpoint key), kept when the file was renamed
  version: 3,
  rebuildWeight: 13.4,
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
    create index if not exists rm_crm_payouts_contractor on rm_crm_payouts (contractor_id, due_on);
    create table if not exists rm_crm_job_contractors (job_id uuid primary key, contractor_ids uuid[] not null);
    create table if not exists rm_crm_alert_leads (alert_id uuid primary key, lead_ids text[] not null);`,
  reset: `drop table if exists rm_crm_contractors, rm_crm_titles, rm_crm_leads, rm_crm_pipeline, rm_crm_clients,
    rm_crm_earnings, rm_crm_payouts, rm_crm_job_contractors, rm_crm_alert_leads`,
  tables: {
    contractors: foldedTable<ContractorRecord>('rm_crm_contractors', ['contractor_id']),
    titles: foldedTable<TitleRecord>('rm_crm_titles', ['id']),
    leads: foldedTable<LeadRecord>('rm_crm_leads', ['lead_id']),
    pipeline: foldedTable<PipelineRecord>('rm_crm_pipeline', ['job_id', 'contractor_id']),
    clients: foldedTable<ClientRecord>('rm_crm_clients', ['contractor_id', 'customer_id']),
    earnings: foldedTable<EarningsRecord>('rm_crm_earnings', ['contractor_id', 'month']),
    payouts: foldedTable<PayoutRecord>('rm_crm_payouts', ['payout_id']),
    jobContractors: foldedTable<JobContractorsRecord>('rm_crm_job_contractors', ['job_id']),
    alertLeads: foldedTable<AlertLeadsRecord>('rm_crm_alert_leads', ['alert_id']),
  },
  keys: keysOf,
  followedKeys(event, { jobContractors, alertLeads }) {
    switch (event.type) {
      case 'WorkOrderCancelled': {
        const jobId = event.data.workOrderId;
        return { pipeline: jobContractors.get([jobId])?.contractor_ids.map((id) => [jobId, id]) ?? [] };
      }
      case 'UrgentAlertAccepted':
      case 'UrgentAlertCancelled':
        return { leads: alertLeads.get([event.data.alertId])?.lead_ids.map((id) => [id]) ?? [] };
      default:
        return {};
    }
  },
  fold: foldCrm,
});

const monthOf = (at: string) => DateTime.fromISO(at, { zone: EARNINGS_ZONE }).toFormat('yyyy-MM');

/**
 * The rows a job's pipeline row may be created with: the row, the job's lookup row (which lists
 * the row's contractor) and the client's row (which counts the job).
 */
const newJob = (jobId: string, contractorId: string, customerId: string): CrmKeys => ({
  pipeline: [[jobId, contractorId]],
  jobContractors: [[jobId]],
  clients: [[contractorId, customerId]],
});

const payoutKeys = (payout: ScheduledPayout | null): RowKey[] =>
  payout && payout.amountCents > 0 ? [[payout.payoutId]] : [];

function keysOf(event: CrmEvent): CrmKeys {
  switch (event.type) {
    case 'AccountRegistered':
      return { contractors: [[event.data.accountId]] };
    case 'ServiceOfferingCreated':
    case 'ServiceOfferingUpdated':
    case 'ServiceOfferingPaused':
    case 'ServiceOfferingResumed':
    case 'ServiceOfferingBarterSet':
      return { titles: [[event.data.offeringId]] };
    case 'WorkOrderPosted': {
      const d = event.data;
      if (!d.directContractorId) return { titles: [[d.workOrderId]] };
      return {
        titles: [[d.workOrderId]],
        leads: [[`direct:${d.workOrderId}`]],
        ...newJob(d.workOrderId, d.directContractorId, d.customerId),
      };
    }
    case 'WorkOrderEdited':
      return { titles: [[event.data.workOrderId]] };
    case 'DirectRequestAccepted':
    case 'DirectRequestDeclined':
      return {
        leads: [[`direct:${event.data.workOrderId}`]],
        pipeline: [[event.data.workOrderId, event.data.contractorId]],
      };
    case 'WorkOrderCancelled':
      // The pipeline rows are the job's contractors', which `followedKeys` names from the lookup row.
      return { leads: [[`direct:${event.data.workOrderId}`]], jobContractors: [[event.data.workOrderId]] };
    case 'ProposalSubmitted': {
      const d = event.data;
      return {
        titles: [[d.workOrderId]],
        leads: [[`bid:${d.proposalId}`]],
        ...newJob(d.workOrderId, d.contractorId, d.customerId),
      };
    }
    case 'ProposalWithdrawn':
    case 'ProposalAccepted':
    case 'ProposalDeclined':
      return {
        leads: [[`bid:${event.data.proposalId}`]],
        pipeline: [[event.data.workOrderId, event.data.contractorId]],
      };
    case 'WorkOrderAwarded': {
      const d = event.data;
      return { titles: [[d.workOrderId]], ...newJob(d.workOrderId, d.contractorId, d.customerId) };
    }
    case 'BookingRequested': {
      const d = event.data;
      if (d.workOrderId) return { pipeline: [[d.workOrderId, d.contractorId]] };
      return {
        titles: d.offeringId ? [[d.offeringId]] : [],
        leads: d.recurring ? [] : [[`booking:${d.bookingId}`]],
        ...newJob(d.bookingId, d.contractorId, d.customerId),
      };
    }
    case 'BookingConfirmed':
    case 'BookingDeclined':
    case 'BookingCancelled':
      return {
        leads: [[`booking:${event.data.bookingId}`]],
        pipeline: [[event.data.bookingId, event.data.contractorId]],
      };
    case 'BookingRescheduled':
    case 'BookingCompleted':
      return { pipeline: [[event.data.bookingId, event.data.contractorId]] };
    case 'UrgentAlertSent': {
      const d = event.data;
      return {
        leads: d.recipients.map((contractorId) => [`urgent:${d.alertId}:${contractorId}`]),
        alertLeads: [[d.alertId]],
      };
    }
    case 'UrgentAlertAccepted':
    case 'UrgentAlertCancelled':
      // The leads are the recipients', which `followedKeys` names from the lookup row.
      return { alertLeads: [[event.data.alertId]] };
    case 'MessagePosted': {
      const d = event.data;
      return { contractors: [[d.recipientId], [d.senderId]], leads: [[`message:${d.recipientId}:${d.senderId}`]] };
    }
    case 'BarterTradeProposed':
    case 'BarterTradeAccepted':
    case 'BarterTradeDeclined':
    case 'BarterTradeWithdrawn':
      return { leads: [[`barter:${event.data.tradeId}`]] };
    case 'EscrowFunded':
    case 'WorkMarkedComplete':
      return { pipeline: [[event.data.jobId, event.data.contractorId]] };
    case 'EscrowReleased': {
      const d = event.data;
      return {
        pipeline: [[d.jobId, d.contractorId]],
        clients: [[d.contractorId, d.customerId]],
        earnings: [[d.contractorId, monthOf(d.releasedAt)]],
        payouts: payoutKeys(d.payout),
      };
    }
    case 'EscrowDistributed': {
      const d = event.data;
      if (d.contractorGrossCents <= 0) return { pipeline: [[d.jobId, d.contractorId]] };
      return {
        pipeline: [[d.jobId, d.contractorId]],
        clients: [[d.contractorId, d.customerId]],
        earnings: [[d.contractorId, monthOf(d.distributedAt)]],
        payouts: payoutKeys(d.payout),
      };
    }
    case 'EscrowRefunded': {
      const d = event.data;
      const payout = payoutKeys(d.payout);
      if (payout.length === 0) return { pipeline: [[d.jobId, d.contractorId]] };
      return {
        pipeline: [[d.jobId, d.contractorId]],
        earnings: [[d.contractorId, monthOf(d.refundedAt)]],
        payouts: payout,
      };
    }
    case 'PayoutSent':
      return event.data.kind === 'payout' ? { payouts: [[event.data.payoutId]] } : {};
    case 'ClientNoteSaved':
      return { clients: [[event.data.contractorId, event.data.customerId]] };
    default:
      return {};
  }
}

/** Puts the row unless `next` returns it as it was (a row left alone is not written back). */
function change<Row extends JsonRow>(rows: FoldedRows<Row>, key: RowKey, next: (row: Row) => Row) {
  const row = rows.get(key);
  if (!row) return;
  const changed = next(row);
  if (changed !== row) rows.put(changed);
}

const titleOf = (rows: CrmRows, id: string | null) => (id ? (rows.titles.get([id])?.title ?? '') : '');

function lead(
  rows: CrmRows,
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
  if (rows.leads.get([row.leadId])) return;
  rows.leads.put({
    lead_id: row.leadId,
    contractor_id: row.contractorId,
    kind: row.kind,
    customer_id: row.customerId,
    source_id: row.sourceId,
    title: row.title,
    amount_cents: row.amountCents,
    status: 'open',
    at: row.at,
    updated_at: row.at,
  });
}

function settleLead(rows: CrmRows, leadId: string, status: LeadStatus, at: string) {
  change(rows.leads, [leadId], (row): LeadRecord => (row.status === 'open' ? { ...row, status, updated_at: at } : row));
}

/** Moves a job forward on the line (never back; `lost` only from before completion). */
function stage(
  rows: CrmRows,
  jobId: string,
  contractorId: string,
  to: PipelineStage,
  at: string,
  extra: {
    customerId?: string;
    title?: string;
    amountCents?: number | null;
    startsAt?: string;
    endsAt?: string;
  } = {},
) {
  const current = rows.pipeline.get([jobId, contractorId]);
  if (!current) {
    if (!extra.customerId) return;
    rows.pipeline.put({
      job_id: jobId,
      contractor_id: contractorId,
      customer_id: extra.customerId,
      title: extra.title ?? '',
      stage: to,
      amount_cents: extra.amountCents ?? null,
      paid_cents: null,
      starts_at: extra.startsAt ?? null,
      ends_at: extra.endsAt ?? null,
      updated_at: at,
    });
    listContractor(rows, jobId, contractorId);
    touchClient(rows, contractorId, extra.customerId, at, { newJob: true });
    return;
  }
  const forward =
    to === 'lost' ? stageRank(current.stage) < stageRank('completed') : stageRank(to) > stageRank(current.stage);
  rows.pipeline.put({
    ...current,
    stage: forward ? to : current.stage,
    amount_cents: extra.amountCents ?? current.amount_cents,
    starts_at: extra.startsAt ?? current.starts_at,
    ends_at: extra.endsAt ?? current.ends_at,
    updated_at: at,
  });
}

/** Adds the contractor to the job's lookup row (ids as PostgreSQL keeps a uuid, in lower case). */
function listContractor(rows: CrmRows, jobId: string, contractorId: string) {
  const id = contractorId.toLowerCase();
  const row = rows.jobContractors.get([jobId]);
  if (!row) rows.jobContractors.put({ job_id: jobId, contractor_ids: [id] });
  else if (!row.contractor_ids.includes(id))
    rows.jobContractors.put({ ...row, contractor_ids: [...row.contractor_ids, id] });
}

/** What the contractor was actually paid for a job (gross, before the platform fee). */
function paid(rows: CrmRows, jobId: string, contractorId: string, cents: number) {
  change(rows.pipeline, [jobId, contractorId], (row) => ({ ...row, paid_cents: cents }));
}

/** The later of two instants, as `greatest` compares timestamps (not their text). */
const later = (a: string, b: string) => (Date.parse(b) > Date.parse(a) ? b : a);

function touchClient(
  rows: CrmRows,
  contractorId: string,
  customerId: string,
  at: string,
  counts: { newJob?: boolean; completed?: boolean; earnedCents?: number } = {},
) {
  const jobs = counts.newJob ? 1 : 0;
  const completed = counts.completed ? 1 : 0;
  const earned = counts.earnedCents ?? 0;
  const row = rows.clients.get([contractorId, customerId]);
  rows.clients.put(
    row
      ? {
          ...row,
          jobs: row.jobs + jobs,
          completed_jobs: row.completed_jobs + completed,
          earned_cents: row.earned_cents + earned,
          last_at: later(row.last_at, at),
        }
      : {
          contractor_id: contractorId,
          customer_id: customerId,
          jobs,
          completed_jobs: completed,
          earned_cents: earned,
          note: null,
          note_updated_at: null,
          first_at: at,
          last_at: at,
        },
  );
}

function earn(
  rows: CrmRows,
  contractorId: string,
  at: string,
  amounts: { grossCents: number; feeCents: number; taxCents: number; netCents: number },
) {
  const month = monthOf(at);
  const row = rows.earnings.get([contractorId, month]) ?? {
    contractor_id: contractorId,
    month,
    gross_cents: 0,
    fee_cents: 0,
    tax_cents: 0,
    net_cents: 0,
    jobs: 0,
  };
  rows.earnings.put({
    ...row,
    gross_cents: row.gross_cents + amounts.grossCents,
    fee_cents: row.fee_cents + amounts.feeCents,
    tax_cents: row.tax_cents + amounts.taxCents,
    net_cents: row.net_cents + amounts.netCents,
    jobs: row.jobs + 1,
  });
}

function schedulePayout(rows: CrmRows, contractorId: string, jobId: string, payout: ScheduledPayout | null) {
  if (!payout || payout.amountCents <= 0 || rows.payouts.get([payout.payoutId])) return;
  rows.payouts.put({
    payout_id: payout.payoutId,
    contractor_id: contractorId,
    job_id: jobId,
    amount_cents: payout.amountCents,
    due_on: payout.dueOn,
    status: 'scheduled',
    sent_at: null,
  });
}

const taxOf = (lines: readonly { cents: number }[]) => lines.reduce((sum, line) => sum + line.cents, 0);

/** Ids compared as PostgreSQL compares uuids (an event may write one in capitals). */
const sameId = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * A message's first characters as PostgreSQL receives them from a parameter: a cut through an
 * emoji leaves half a surrogate pair, which the UTF-8 encoding of a parameter turns into U+FFFD
 * and which JSON (how the fold writes rows) would reject.
 */
const wellFormed = (text: string) =>
  text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

const ACTIVE_STAGES: readonly PipelineStage[] = ['lead', 'quoted', 'booked', 'in_progress'];

function foldCrm(event: CrmEvent, rows: CrmRows) {
  switch (event.type) {
    case 'AccountRegistered':
      if (event.data.role === 'contractor' && !rows.contractors.get([event.data.accountId])) {
        rows.contractors.put({ contractor_id: event.data.accountId });
      }
      return;
    case 'ServiceOfferingCreated':
    case 'ServiceOfferingUpdated':
    case 'ServiceOfferingPaused':
    case 'ServiceOfferingResumed':
    case 'ServiceOfferingBarterSet':
      rows.titles.put({ id: event.data.offeringId, title: event.data.title });
      return;
    case 'WorkOrderPosted':
    case 'WorkOrderEdited': {
      const d = event.data;
      rows.titles.put({ id: d.workOrderId, title: d.title });
      if (event.type === 'WorkOrderPosted' && event.data.directContractorId) {
        const p = event.data;
        lead(rows, {
          leadId: `direct:${p.workOrderId}`,
          contractorId: p.directContractorId!,
          kind: 'direct_request',
          customerId: p.customerId,
          sourceId: p.workOrderId,
          title: p.title,
          amountCents: p.budgetMaxCents,
          at: p.postedAt,
        });
        stage(rows, p.workOrderId, p.directContractorId!, 'lead', p.postedAt, {
          customerId: p.customerId,
          title: p.title,
          amountCents: p.budgetMaxCents,
        });
      }
      return;
    }
    case 'DirectRequestAccepted': {
      const d = event.data;
      settleLead(rows, `direct:${d.workOrderId}`, 'won', d.acceptedAt);
      stage(rows, d.workOrderId, d.contractorId, 'booked', d.acceptedAt);
      return;
    }
    case 'DirectRequestDeclined': {
      const d = event.data;
      settleLead(rows, `direct:${d.workOrderId}`, 'lost', d.declinedAt);
      stage(rows, d.workOrderId, d.contractorId, 'lost', d.declinedAt);
      return;
    }
    case 'WorkOrderCancelled': {
      const d = event.data;
      settleLead(rows, `direct:${d.workOrderId}`, 'lost', d.cancelledAt);
      // Every contractor's row of the job still on the line, as listed by the lookup row.
      for (const contractorId of rows.jobContractors.get([d.workOrderId])?.contractor_ids ?? []) {
        change(rows.pipeline, [d.workOrderId, contractorId], (row): PipelineRecord =>
          ACTIVE_STAGES.includes(row.stage) ? { ...row, stage: 'lost', updated_at: d.cancelledAt } : row,
        );
      }
      return;
    }
    case 'ProposalSubmitted': {
      const d = event.data;
      const name = titleOf(rows, d.workOrderId);
      lead(rows, {
        leadId: `bid:${d.proposalId}`,
        contractorId: d.contractorId,
        kind: 'bid',
        customerId: d.customerId,
        sourceId: d.workOrderId,
        title: name,
        amountCents: d.priceCents,
        at: d.submittedAt,
      });
      stage(rows, d.workOrderId, d.contractorId, 'quoted', d.submittedAt, {
        customerId: d.customerId,
        title: name,
        amountCents: d.priceCents,
      });
      return;
    }
    case 'ProposalWithdrawn': {
      const d = event.data;
      settleLead(rows, `bid:${d.proposalId}`, 'withdrawn', d.withdrawnAt);
      stage(rows, d.workOrderId, d.contractorId, 'lost', d.withdrawnAt);
      return;
    }
    case 'ProposalAccepted': {
      const d = event.data;
      settleLead(rows, `bid:${d.proposalId}`, 'won', d.acceptedAt);
      stage(rows, d.workOrderId, d.contractorId, 'booked', d.acceptedAt, { amountCents: d.priceCents });
      return;
    }
    case 'ProposalDeclined': {
      const d = event.data;
      settleLead(rows, `bid:${d.proposalId}`, 'lost', d.declinedAt);
      stage(rows, d.workOrderId, d.contractorId, 'lost', d.declinedAt);
      return;
    }
    case 'WorkOrderAwarded': {
      // Bids were on the line already; a direct post or an urgent job joins it here.
      const d = event.data;
      stage(rows, d.workOrderId, d.contractorId, 'booked', d.awardedAt, {
        customerId: d.customerId,
        title: titleOf(rows, d.workOrderId),
        amountCents: d.priceCents,
      });
      return;
    }
    case 'BookingRequested': {
      const d = event.data;
      if (d.workOrderId) {
        // Scheduling an awarded work order: the work order's row gets its dates.
        stage(rows, d.workOrderId, d.contractorId, 'booked', d.requestedAt, { startsAt: d.startsAt, endsAt: d.endsAt });
        return;
      }
      const name = titleOf(rows, d.offeringId);
      if (!d.recurring) {
        lead(rows, {
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
      stage(rows, d.bookingId, d.contractorId, d.recurring ? 'booked' : 'lead', d.requestedAt, {
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
      settleLead(rows, `booking:${d.bookingId}`, 'won', d.confirmedAt);
      stage(rows, d.bookingId, d.contractorId, 'booked', d.confirmedAt);
      return;
    }
    case 'BookingDeclined': {
      const d = event.data;
      settleLead(rows, `booking:${d.bookingId}`, 'lost', d.declinedAt);
      stage(rows, d.bookingId, d.contractorId, 'lost', d.declinedAt);
      return;
    }
    case 'BookingCancelled': {
      const d = event.data;
      settleLead(rows, `booking:${d.bookingId}`, 'lost', d.cancelledAt);
      stage(rows, d.bookingId, d.contractorId, 'lost', d.cancelledAt);
      return;
    }
    case 'BookingRescheduled': {
      const d = event.data;
      change(rows.pipeline, [d.bookingId, d.contractorId], (row) => ({
        ...row,
        starts_at: d.startsAt,
        ends_at: d.endsAt,
      }));
      return;
    }
    case 'BookingCompleted': {
      const d = event.data;
      stage(rows, d.bookingId, d.contractorId, 'completed', d.completedAt);
      return;
    }
    case 'UrgentAlertSent': {
      const d = event.data;
      const leadIds: string[] = [];
      for (const contractorId of d.recipients) {
        const leadId = `urgent:${d.alertId}:${contractorId}`;
        leadIds.push(leadId);
        lead(rows, {
          leadId,
          contractorId,
          kind: 'urgent_alert',
          customerId: d.customerId,
          sourceId: d.alertId,
          title: d.title,
          amountCents: d.priceCents,
          at: d.sentAt,
        });
      }
      listLeads(rows, d.alertId, leadIds);
      return;
    }
    case 'UrgentAlertAccepted': {
      const d = event.data;
      for (const leadId of rows.alertLeads.get([d.alertId])?.lead_ids ?? []) {
        change(rows.leads, [leadId], (row): LeadRecord =>
          row.kind === 'urgent_alert' && row.status === 'open'
            ? { ...row, status: sameId(row.contractor_id, d.contractorId) ? 'won' : 'lost', updated_at: d.acceptedAt }
            : row,
        );
      }
      return;
    }
    case 'UrgentAlertCancelled': {
      const d = event.data;
      for (const leadId of rows.alertLeads.get([d.alertId])?.lead_ids ?? []) {
        change(rows.leads, [leadId], (row): LeadRecord =>
          row.kind === 'urgent_alert' && row.status === 'open'
            ? { ...row, status: 'withdrawn', updated_at: d.cancelledAt }
            : row,
        );
      }
      return;
    }
    case 'MessagePosted': {
      // A conversation a customer starts with a contractor is a lead: one per pair, the first message.
      const d = event.data;
      if (!rows.contractors.get([d.recipientId]) || rows.contractors.get([d.senderId])) return;
      lead(rows, {
        leadId: `message:${d.recipientId}:${d.senderId}`,
        contractorId: d.recipientId,
        kind: 'message',
        customerId: d.senderId,
        sourceId: d.messageId,
        title: wellFormed(d.body.slice(0, 120)),
        amountCents: null,
        at: d.postedAt,
      });
      return;
    }
    case 'BarterTradeProposed': {
      const d = event.data;
      lead(rows, {
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
      settleLead(rows, `barter:${event.data.tradeId}`, 'won', event.data.acceptedAt);
      return;
    case 'BarterTradeDeclined':
      settleLead(rows, `barter:${event.data.tradeId}`, 'lost', event.data.declinedAt);
      return;
    case 'BarterTradeWithdrawn':
      settleLead(rows, `barter:${event.data.tradeId}`, 'withdrawn', event.data.withdrawnAt);
      return;
    case 'EscrowFunded': {
      const d = event.data;
      stage(rows, d.jobId, d.contractorId, 'in_progress', d.fundedAt, { amountCents: d.amountCents });
      return;
    }
    case 'WorkMarkedComplete': {
      const d = event.data;
      stage(rows, d.jobId, d.contractorId, 'completed', d.completedAt);
      return;
    }
    case 'EscrowReleased': {
      const d = event.data;
      stage(rows, d.jobId, d.contractorId, 'paid', d.releasedAt);
      paid(rows, d.jobId, d.contractorId, d.amountCents);
      touchClient(rows, d.contractorId, d.customerId, d.releasedAt, {
        completed: true,
        earnedCents: d.contractorNetCents,
      });
      earn(rows, d.contractorId, d.releasedAt, {
        grossCents: d.amountCents,
        feeCents: d.fee.feeCents,
        taxCents: taxOf(d.fee.taxLines),
        netCents: d.contractorNetCents,
      });
      schedulePayout(rows, d.contractorId, d.jobId, d.payout);
      return;
    }
    case 'EscrowDistributed': {
      const d = event.data;
      paid(rows, d.jobId, d.contractorId, Math.max(0, d.contractorGrossCents));
      if (d.contractorGrossCents <= 0) {
        stage(rows, d.jobId, d.contractorId, 'lost', d.distributedAt);
        return;
      }
      stage(rows, d.jobId, d.contractorId, 'paid', d.distributedAt);
      touchClient(rows, d.contractorId, d.customerId, d.distributedAt, {
        completed: true,
        earnedCents: d.contractorNetCents,
      });
      earn(rows, d.contractorId, d.distributedAt, {
        grossCents: d.contractorGrossCents,
        feeCents: d.fee.feeCents,
        taxCents: taxOf(d.fee.taxLines),
        netCents: d.contractorNetCents,
      });
      schedulePayout(rows, d.contractorId, d.jobId, d.payout);
      return;
    }
    case 'EscrowRefunded': {
      // A cancellation: the job is lost; a late-cancellation fee is the contractor's, without a platform fee.
      const d = event.data;
      stage(rows, d.jobId, d.contractorId, 'lost', d.refundedAt);
      paid(rows, d.jobId, d.contractorId, d.lateFeeCents);
      if (d.payout && d.payout.amountCents > 0) {
        earn(rows, d.contractorId, d.refundedAt, {
          grossCents: d.payout.amountCents,
          feeCents: 0,
          taxCents: 0,
          netCents: d.payout.amountCents,
        });
        schedulePayout(rows, d.contractorId, d.jobId, d.payout);
      }
      return;
    }
    case 'PayoutSent':
      if (event.data.kind !== 'payout') return;
      change(rows.payouts, [event.data.payoutId], (row): PayoutRecord => ({
        ...row,
        status: 'sent',
        sent_at: event.data.sentAt,
      }));
      return;
    case 'ClientNoteSaved': {
      const d = event.data;
      change(rows.clients, [d.contractorId, d.customerId], (row) => ({
        ...row,
        note: d.note,
        note_updated_at: d.savedAt,
      }));
      return;
    }
    default:
      return;
  }
}

/** Adds an urgent alert's leads to its lookup row. */
function listLeads(rows: CrmRows, alertId: string, leadIds: readonly string[]) {
  const row = rows.alertLeads.get([alertId]);
  const listed = new Set(row?.lead_ids);
  const added = [...new Set(leadIds)].filter((id) => !listed.has(id));
  if (added.length === 0) return;
  rows.alertLeads.put({ alert_id: row?.alert_id ?? alertId, lead_ids: [...(row?.lead_ids ?? []), ...added] });
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
