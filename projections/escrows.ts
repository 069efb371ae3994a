import type { Sql } from '../shared/db/postgres.ts';
import { ESCROW_EVENT_TYPES, type EscrowEvent } from '../shared/domain/escrow/events.ts';
import type { TaxLine } from '../shared/domain/money/sales-tax.ts';
import { defineFoldedProjection, foldedTable, withDefaults } from '../infrastructure/projections/folded-rows.ts';

/**
 * One row per escrow: where it stands, and where every cent went once it closed. The dashboards,
 * the receipts and the timers (auto-release, the 90-day limit) read it.
 */
export const escrowsProjection = defineFoldedProjection<EscrowEvent, { escrows: EscrowRecord }>({
  name: 'escrows',
  version: 1,
  handles: ESCROW_EVENT_TYPES,
  schema: `
    create table if not exists rm_escrows (
      job_id uuid primary key,
      customer_id uuid not null,
      contractor_id uuid not null,
      status text not null,
      amount_cents bigint not null,
      contractor_province text not null,
      quoted_fee jsonb not null,
      starts_at timestamptz,
      payment_id text,
      card_brand text,
      card_last4 text,
      funded_at timestamptz,
      failed_attempts integer not null default 0,
      last_failure_code text,
      completed_at timestamptz,
      completion_note text,
      auto_release_at timestamptz,
      changes_note text,
      changes_requested_at timestamptz,
      release_trigger text,
      fee_rate_bps integer,
      fee_reading text,
      fee_cents bigint not null default 0,
      tax_lines jsonb not null default '[]',
      tax_cents bigint not null default 0,
      contractor_net_cents bigint not null default 0,
      customer_refund_cents bigint not null default 0,
      platform_share_cents bigint not null default 0,
      late_fee_cents bigint not null default 0,
      payout_id text,
      payout_due_on date,
      refund_id text,
      dispute_id text,
      frozen_at timestamptz,
      escalated_at timestamptz,
      closed_at timestamptz,
      created_at timestamptz not null,
      updated_at timestamptz not null
    );
    create index if not exists rm_escrows_customer on rm_escrows (customer_id, updated_at desc);
    create index if not exists rm_escrows_contractor on rm_escrows (contractor_id, updated_at desc);
    create index if not exists rm_escrows_auto_release on rm_escrows (auto_release_at) where status = 'completed';
    create index if not exists rm_escrows_held on rm_escrows (funded_at)
      where status in ('funded', 'completed', 'frozen') and escalated_at is null;
    -- The timers start from the escrows still open, never from the settled ones of past years.
    create index if not exists rm_escrows_open on rm_escrows (job_id) where status in ('awaiting-funding', 'funded', 'frozen');`,
  reset: 'drop table if exists rm_escrows',
  tables: { escrows: foldedTable<EscrowRecord>('rm_escrows', ['job_id']) },
  keys: (event) => ({ escrows: [[event.data.jobId]] }),
  fold(event, { escrows }) {
    const taxCents = (lines: TaxLine[]) => lines.reduce((sum, line) => sum + line.cents, 0);
    const key = [event.data.jobId];
    switch (event.type) {
      case 'EscrowCreated': {
        const d = event.data;
        if (escrows.get(key)) return;
        escrows.put(
          withDefaults(OPEN_ESCROW, {
            job_id: d.jobId,
            customer_id: d.customerId,
            contractor_id: d.contractorId,
            status: 'awaiting-funding',
            amount_cents: d.amountCents,
            contractor_province: d.contractorProvince,
            quoted_fee: d.fee,
            starts_at: d.startsAt,
            created_at: d.createdAt,
            updated_at: d.createdAt,
          }),
        );
        return;
      }
      case 'EscrowFundingFailed': {
        const d = event.data;
        escrows.update(key, (row) => ({
          ...row,
          failed_attempts: row.failed_attempts + 1,
          last_failure_code: d.code,
          updated_at: d.failedAt,
        }));
        return;
      }
      case 'EscrowFunded': {
        const d = event.data;
        escrows.update(key, (row) => ({
          ...row,
          status: 'funded',
          payment_id: d.paymentId,
          card_brand: d.cardBrand,
          card_last4: d.cardLast4,
          funded_at: d.fundedAt,
          last_failure_code: null,
          updated_at: d.fundedAt,
        }));
        return;
      }
      case 'WorkMarkedComplete': {
        const d = event.data;
        escrows.update(key, (row) => ({
          ...row,
          status: 'completed',
          completed_at: d.completedAt,
          completion_note: d.note,
          auto_release_at: d.autoReleaseAt,
          updated_at: d.completedAt,
        }));
        return;
      }
      case 'ChangesRequested': {
        const d = event.data;
        escrows.update(key, (row) => ({
          ...row,
          status: 'funded',
          changes_note: d.note,
          changes_requested_at: d.requestedAt,
          completed_at: null,
          auto_release_at: null,
          updated_at: d.requestedAt,
        }));
        return;
      }
      case 'EscrowReleased': {
        const d = event.data;
        escrows.update(key, (row) => ({
          ...row,
          status: 'released',
          release_trigger: d.trigger,
          fee_reading: d.fee.reading,
          fee_rate_bps: d.fee.rateBps,
          fee_cents: d.fee.feeCents,
          tax_lines: d.fee.taxLines,
          tax_cents: taxCents(d.fee.taxLines),
          contractor_net_cents: d.contractorNetCents,
          payout_id: d.payout.payoutId,
          payout_due_on: d.payout.dueOn,
          closed_at: d.releasedAt,
          updated_at: d.releasedAt,
        }));
        return;
      }
      case 'EscrowCancelled': {
        const d = event.data;
        escrows.update(key, (row) => ({
          ...row,
          status: 'cancelled',
          closed_at: d.cancelledAt,
          updated_at: d.cancelledAt,
        }));
        return;
      }
      case 'EscrowRefunded': {
        const d = event.data;
        escrows.update(key, (row) => ({
          ...row,
          status: 'refunded',
          customer_refund_cents: d.refund.amountCents,
          refund_id: d.refund.refundId,
          late_fee_cents: d.lateFeeCents,
          contractor_net_cents: d.lateFeeCents,
          payout_id: d.payout?.payoutId ?? null,
          payout_due_on: d.payout?.dueOn ?? null,
          closed_at: d.refundedAt,
          updated_at: d.refundedAt,
        }));
        return;
      }
      case 'EscrowFrozen': {
        const d = event.data;
        escrows.update(key, (row) => ({
          ...row,
          status: 'frozen',
          dispute_id: d.disputeId,
          frozen_at: d.frozenAt,
          updated_at: d.frozenAt,
        }));
        return;
      }
      case 'EscrowDistributed': {
        const d = event.data;
        escrows.update(key, (row) => ({
          ...row,
          status: 'distributed',
          fee_reading: d.fee.reading,
          fee_rate_bps: d.fee.rateBps,
          fee_cents: d.fee.feeCents,
          tax_lines: d.fee.taxLines,
          tax_cents: taxCents(d.fee.taxLines),
          contractor_net_cents: d.contractorNetCents,
          customer_refund_cents: d.customerRefundCents,
          platform_share_cents: d.platformShareCents,
          refund_id: d.refund?.refundId ?? null,
          payout_id: d.payout?.payoutId ?? null,
          payout_due_on: d.payout?.dueOn ?? null,
          closed_at: d.distributedAt,
          updated_at: d.distributedAt,
        }));
        return;
      }
      case 'EscrowEscalated':
        escrows.update(key, (row) => ({ ...row, escalated_at: event.data.escalatedAt }));
        return;
      default:
        return event satisfies never;
    }
  },
});

/** A row of rm_escrows as the fold writes it (column names; timestamps as ISO text). */
type EscrowRecord = {
  job_id: string;
  customer_id: string;
  contractor_id: string;
  status: EscrowRow['status'];
  amount_cents: number;
  contractor_province: string;
  quoted_fee: unknown;
  starts_at: string | null;
  payment_id: string | null;
  card_brand: string | null;
  card_last4: string | null;
  funded_at: string | null;
  failed_attempts: number;
  last_failure_code: string | null;
  completed_at: string | null;
  completion_note: string | null;
  auto_release_at: string | null;
  changes_note: string | null;
  changes_requested_at: string | null;
  release_trigger: string | null;
  fee_rate_bps: number | null;
  fee_reading: string | null;
  fee_cents: number;
  tax_lines: TaxLine[];
  tax_cents: number;
  contractor_net_cents: number;
  customer_refund_cents: number;
  platform_share_cents: number;
  late_fee_cents: number;
  payout_id: string | null;
  payout_due_on: string | null;
  refund_id: string | null;
  dispute_id: string | null;
  frozen_at: string | null;
  escalated_at: string | null;
  closed_at: string | null;
  created_at: string;
  updated_at: string;
};

/** What a new escrow holds before anything happens to it (the table's defaults and nulls). */
const OPEN_ESCROW = {
  payment_id: null,
  card_brand: null,
  card_last4: null,
  funded_at: null,
  failed_attempts: 0,
  last_failure_code: null,
  completed_at: null,
  completion_note: null,
  auto_release_at: null,
  changes_note: null,
  changes_requested_at: null,
  release_trigger: null,
  fee_rate_bps: null,
  fee_reading: null,
  fee_cents: 0,
  tax_lines: [],
  tax_cents: 0,
  contractor_net_cents: 0,
  customer_refund_cents: 0,
  platform_share_cents: 0,
  late_fee_cents: 0,
  payout_id: null,
  payout_due_on: null,
  refund_id: null,
  dispute_id: null,
  frozen_at: null,
  escalated_at: null,
  closed_at: null,
} satisfies Partial<EscrowRecord>;

export type EscrowRow = {
  jobId: string;
  customerId: string;
  contractorId: string;
  status:
    'awaiting-funding' | 'funded' | 'completed' | 'frozen' | 'released' | 'refunded' | 'cancelled' | 'distributed';
  amountCents: number;
  contractorProvince: string;
  quotedFee: { reading: string; tierId: string; rateBps: number; feeCents: number; taxLines: TaxLine[] };
  startsAt: Date | null;
  paymentId: string | null;
  cardBrand: string | null;
  cardLast4: string | null;
  fundedAt: Date | null;
  failedAttempts: number;
  lastFailureCode: string | null;
  completedAt: Date | null;
  completionNote: string | null;
  autoReleaseAt: Date | null;
  changesNote: string | null;
  changesRequestedAt: Date | null;
  releaseTrigger: string | null;
  feeReading: string | null;
  feeRateBps: number | null;
  feeCents: number;
  taxLines: TaxLine[];
  taxCents: number;
  contractorNetCents: number;
  customerRefundCents: number;
  platformShareCents: number;
  lateFeeCents: number;
  payoutId: string | null;
  payoutDueOn: string | null;
  refundId: string | null;
  disputeId: string | null;
  frozenAt: Date | null;
  escalatedAt: Date | null;
  closedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

const columns = (sql: Sql) => sql`
  job_id as "jobId", customer_id as "customerId", contractor_id as "contractorId", status,
  amount_cents::int as "amountCents", contractor_province as "contractorProvince", quoted_fee as "quotedFee",
  starts_at as "startsAt", payment_id as "paymentId", card_brand as "cardBrand", card_last4 as "cardLast4",
  funded_at as "fundedAt", failed_attempts as "failedAttempts", last_failure_code as "lastFailureCode",
  completed_at as "completedAt", completion_note as "completionNote", auto_release_at as "autoReleaseAt",
  changes_note as "changesNote", changes_requested_at as "changesRequestedAt", release_trigger as "releaseTrigger",
  fee_reading as "feeReading", fee_rate_bps as "feeRateBps", fee_cents::int as "feeCents", tax_lines as "taxLines",
  tax_cents::int as "taxCents", contractor_net_cents::int as "contractorNetCents",
  customer_refund_cents::int as "customerRefundCents", platform_share_cents::int as "platformShareCents",
  late_fee_cents::int as "lateFeeCents", payout_id as "payoutId", to_char(payout_due_on, 'YYYY-MM-DD') as "payoutDueOn",
  refund_id as "refundId", dispute_id as "disputeId", frozen_at as "frozenAt", escalated_at as "escalatedAt",
  closed_at as "closedAt", created_at as "createdAt", updated_at as "updatedAt"`;

export async function findEscrow(sql: Sql, jobId: string): Promise<EscrowRow | null> {
  const [row] = await sql<EscrowRow[]>`select ${columns(sql)} from rm_escrows where job_id = ${jobId}`;
  return row ?? null;
}

/** The status of each job's escrow, for the jobs that have one (the contracts list shows it). */
export async function escrowStatusesOf(sql: Sql, jobIds: readonly string[]): Promise<Map<string, string>> {
  if (jobIds.length === 0) return new Map();
  const rows = await sql<{ jobId: string; status: string }[]>`
    select job_id as "jobId", status from rm_escrows where job_id = any(${jobIds as string[]}::uuid[])`;
  return new Map(rows.map((row) => [row.jobId, row.status]));
}

export async function escrowsOf(sql: Sql, userId: string, limit = 200): Promise<EscrowRow[]> {
  return sql<EscrowRow[]>`
    select ${columns(sql)} from rm_escrows where customer_id = ${userId} or contractor_id = ${userId}
    order by updated_at desc, job_id limit ${limit}`;
}

/** Every escrow for administrators: escalated holds first, then money still held, newest first. */
export async function allEscrows(sql: Sql, filter: { status: string | null; escalatedOnly: boolean; limit: number }) {
  return sql<EscrowRow[]>`
    select ${columns(sql)} from rm_escrows
    where (${filter.status}::text is null or status = ${filter.status})
      and (not ${filter.escalatedOnly} or escalated_at is not null)
    order by (escalated_at is not null and status in ('funded', 'completed', 'frozen')) desc,
      (status in ('funded', 'completed', 'frozen')) desc, updated_at desc, job_id
    limit ${filter.limit}`;
}

/** Completed work whose 14 days have passed without an answer. */
export async function escrowsDueForAutoRelease(sql: Sql, now: Date, limit = 200) {
  return sql<{ jobId: string }[]>`
    select job_id as "jobId" from rm_escrows
    where status = 'completed' and auto_release_at <= ${now} order by auto_release_at limit ${limit}`;
}

/** Money held since before `since` that no administrator has looked at yet. */
export async function heldSince(sql: Sql, since: Date, limit = 200) {
  return sql<{ jobId: string }[]>`
    select job_id as "jobId" from rm_escrows
    where status in ('funded', 'completed', 'frozen') and escalated_at is null and funded_at <= ${since}
    order by funded_at limit ${limit}`;
}

/** A contractor's earnings so far: gross, fee, tax and net of released money, and what is not paid out yet. */
export async function contractorEarnings(sql: Sql, contractorId: string) {
  const [row] = await sql<
    { grossCents: number; feeCents: number; taxCents: number; netCents: number; heldCents: number; jobs: number }[]
  >`
    select
      coalesce(sum(case when status = 'released' then amount_cents
                        when status = 'distributed' then contractor_net_cents + fee_cents + tax_cents
                        when status = 'refunded' then late_fee_cents else 0 end), 0)::int as "grossCents",
      coalesce(sum(fee_cents), 0)::int as "feeCents",
      coalesce(sum(tax_cents), 0)::int as "taxCents",
      coalesce(sum(contractor_net_cents), 0)::int as "netCents",
      coalesce(sum(case when status in ('funded', 'completed', 'frozen') then amount_cents else 0 end), 0)::int as "heldCents",
      count(*) filter (where status in ('released', 'distributed'))::int as jobs
    from rm_escrows where contractor_id = ${contractorId}`;
  return row!;
}
