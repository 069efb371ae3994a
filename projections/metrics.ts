import type { MetricsView } from '../shared/http/metrics.ts';
import { DateTime } from 'luxon';
import type { Sql } from '../shared/db/postgres.ts';
import type { AccountEvent } from '../shared/domain/accounts/events.ts';
import type { EscrowEvent } from '../shared/domain/escrow/events.ts';
import { defineFoldedProjection, foldedTable } from '../infrastructure/projections/folded-rows.ts';

/** Months are the platform's (Toronto) calendar months. */
export const METRICS_ZONE = 'America/Toronto';
/** A contractor is active when paid for a job within this many days. */
export const ACTIVE_CONTRACTOR_DAYS = 90;

const monthOf = (at: string) => DateTime.fromISO(at, { zone: METRICS_ZONE }).toFormat('yyyy-MM');
const taxOf = (lines: readonly { cents: number }[]) => lines.reduce((sum, line) => sum + line.cents, 0);

/**
 * The admin dashboard's platform metrics (issue 10), kept for that screen alone:
 * - per month: GMV (money paid into escrow), platform fees and the tax collected on them (at
 *   release or arbitration), refunds to customers;
 * - the escrow held now, job by job (funded and not yet released, refunded or distributed);
 * - jobs by province (the contractor's province on the job's escrow, which every job has);
 * - contractors: open accounts, and when each was last paid (active = paid in the last 90 days).
 */
export const metricsProjection = defineFoldedProjection<
  AccountEvent | EscrowEvent,
  { months: MonthRecord; held: HeldRecord; provinces: ProvinceRecord; contractors: ContractorRecord }
>({
  name: 'platform-metrics', // the stored name (checkpoint key), kept when the file was renamed
  version: 1,
  handles: [
    'AccountRegistered',
    'AccountClosed',
    'AccountSuspended',
    'AccountRestored',
    'EscrowCreated',
    'EscrowFunded',
    'EscrowReleased',
    'EscrowRefunded',
    'EscrowDistributed',
  ],
  schema: `
    create table if not exists rm_metrics_months (
      month text primary key,
      gmv_cents bigint not null default 0,
      fees_cents bigint not null default 0,
      tax_cents bigint not null default 0,
      refunds_cents bigint not null default 0,
      jobs_funded integer not null default 0
    );
    create table if not exists rm_metrics_escrow_held (
      job_id uuid primary key,
      held_cents bigint not null
    );
    create table if not exists rm_metrics_job_provinces (
      job_id uuid primary key,
      province text not null
    );
    create table if not exists rm_metrics_contractors (
      contractor_id uuid primary key,
      status text not null,
      last_paid_at timestamptz
    );`,
  reset:
    'drop table if exists rm_metrics_months, rm_metrics_escrow_held, rm_metrics_job_provinces, rm_metrics_contractors',
  tables: {
    months: foldedTable<MonthRecord>('rm_metrics_months', ['month']),
    held: foldedTable<HeldRecord>('rm_metrics_escrow_held', ['job_id']),
    provinces: foldedTable<ProvinceRecord>('rm_metrics_job_provinces', ['job_id']),
    contractors: foldedTable<ContractorRecord>('rm_metrics_contractors', ['contractor_id']),
  },
  keys(event) {
    switch (event.type) {
      case 'AccountRegistered':
      case 'AccountClosed':
      case 'AccountSuspended':
      case 'AccountRestored':
        return { contractors: [[event.data.accountId]] };
      case 'EscrowCreated':
        return { provinces: [[event.data.jobId]] };
      case 'EscrowFunded':
        return { months: [[monthOf(event.data.fundedAt)]], held: [[event.data.jobId]] };
      case 'EscrowReleased':
        return { ...settled(event.data), months: [[monthOf(event.data.releasedAt)]] };
      case 'EscrowRefunded':
        return { ...settled(event.data), months: [[monthOf(event.data.refundedAt)]] };
      case 'EscrowDistributed':
        return { ...settled(event.data), months: [[monthOf(event.data.distributedAt)]] };
      default:
        return {};
    }
  },
  fold(event, { months, held, provinces, contractors }) {
    const setStatus = (accountId: string, status: ContractorRecord['status']) =>
      contractors.update([accountId], (row) => ({ ...row, status }));
    /** Adds to a month's totals, creating the month at zero. */
    const month = (
      key: string,
      add: { gmv?: number; fees?: number; tax?: number; refunds?: number; jobsFunded?: number },
    ) => {
      const row = months.get([key]) ?? {
        month: key,
        gmv_cents: 0,
        fees_cents: 0,
        tax_cents: 0,
        refunds_cents: 0,
        jobs_funded: 0,
      };
      months.put({
        ...row,
        gmv_cents: row.gmv_cents + (add.gmv ?? 0),
        fees_cents: row.fees_cents + (add.fees ?? 0),
        tax_cents: row.tax_cents + (add.tax ?? 0),
        refunds_cents: row.refunds_cents + (add.refunds ?? 0),
        jobs_funded: row.jobs_funded + (add.jobsFunded ?? 0),
      });
    };
    /** The escrow is no longer held; a contractor who got money was active then. */
    const settle = (jobId: string, paidContractorId: string | null, at: string) => {
      held.delete([jobId]);
      if (!paidContractorId) return;
      // greatest(coalesce(last_paid_at, at), at): the later instant.
      contractors.update([paidContractorId], (row) => ({
        ...row,
        last_paid_at:
          row.last_paid_at !== null && Date.parse(row.last_paid_at) >= Date.parse(at) ? row.last_paid_at : at,
      }));
    };
    switch (event.type) {
      case 'AccountRegistered':
        if (event.data.role === 'contractor' && !contractors.get([event.data.accountId])) {
          contractors.put({ contractor_id: event.data.accountId, status: 'active', last_paid_at: null });
        }
        return;
      case 'AccountClosed':
        setStatus(event.data.accountId, 'closed');
        return;
      case 'AccountSuspended':
        setStatus(event.data.accountId, 'suspended');
        return;
      case 'AccountRestored':
        setStatus(event.data.accountId, 'active');
        return;
      case 'EscrowCreated':
        if (!provinces.get([event.data.jobId])) {
          provinces.put({ job_id: event.data.jobId, province: event.data.contractorProvince });
        }
        return;
      case 'EscrowFunded': {
        const d = event.data;
        month(monthOf(d.fundedAt), { gmv: d.amountCents, jobsFunded: 1 });
        held.put({ job_id: d.jobId, held_cents: d.amountCents });
        return;
      }
      case 'EscrowReleased': {
        const d = event.data;
        month(monthOf(d.releasedAt), { fees: d.fee.feeCents, tax: taxOf(d.fee.taxLines) });
        settle(d.jobId, d.contractorId, d.releasedAt);
        return;
      }
      case 'EscrowRefunded': {
        const d = event.data;
        month(monthOf(d.refundedAt), { refunds: d.refund.amountCents });
        settle(d.jobId, refundPaid(d), d.refundedAt);
        return;
      }
      case 'EscrowDistributed': {
        const d = event.data;
        month(monthOf(d.distributedAt), {
          fees: d.fee.feeCents + d.platformShareCents,
          tax: taxOf(d.fee.taxLines),
          refunds: d.customerRefundCents,
        });
        settle(d.jobId, distributionPaid(d), d.distributedAt);
        return;
      }
      default:
        return;
    }
  },
});

type Refunded = Extract<EscrowEvent, { type: 'EscrowRefunded' }>['data'];
type Distributed = Extract<EscrowEvent, { type: 'EscrowDistributed' }>['data'];
/** The contractor a refund or an arbitration paid, if any. */
const refundPaid = (d: Refunded) => (d.payout && d.payout.amountCents > 0 ? d.contractorId : null);
const distributionPaid = (d: Distributed) => (d.contractorGrossCents > 0 ? d.contractorId : null);

/** The rows an escrow's closing touches: its held amount, and the contractor it paid. */
function settled(d: { jobId: string; contractorId: string }) {
  return { held: [[d.jobId]], contractors: [[d.contractorId]] };
}

/** Rows of the four tables as the fold writes them (timestamps as ISO text). */
type MonthRecord = {
  month: string;
  gmv_cents: number;
  fees_cents: number;
  tax_cents: number;
  refunds_cents: number;
  jobs_funded: number;
};
type HeldRecord = { job_id: string; held_cents: number };
type ProvinceRecord = { job_id: string; province: string };
type ContractorRecord = {
  contractor_id: string;
  status: 'active' | 'closed' | 'suspended';
  last_paid_at: string | null;
};

/** The last `months` months up to `now` (each present), all-time totals, and jobs by province. */
export async function metricsOf(sql: Sql, now: Date, months = 12): Promise<MetricsView> {
  const end = DateTime.fromJSDate(now, { zone: METRICS_ZONE }).startOf('month');
  const keys = Array.from({ length: months }, (_, i) => end.minus({ months: months - 1 - i }).toFormat('yyyy-MM'));
  const since = new Date(now.getTime() - ACTIVE_CONTRACTOR_DAYS * 86_400_000);
  const [rows, [totals], [held], [contractors], provinces] = await Promise.all([
    sql<
      {
        month: string;
        gmv_cents: string;
        fees_cents: string;
        tax_cents: string;
        refunds_cents: string;
        jobs_funded: number;
      }[]
    >`
      select * from rm_metrics_months where month >= ${keys[0]!} and month <= ${keys[keys.length - 1]!}`,
    sql<{ gmv: string | null; fees: string | null; tax: string | null; refunds: string | null }[]>`
      select sum(gmv_cents) as gmv, sum(fees_cents) as fees, sum(tax_cents) as tax, sum(refunds_cents) as refunds
      from rm_metrics_months`,
    sql<{ cents: string | null; jobs: number }[]>`
      select sum(held_cents) as cents, count(*)::int as jobs from rm_metrics_escrow_held`,
    sql<{ open: number; active: number }[]>`
      select count(*) filter (where status = 'active')::int as open,
        count(*) filter (where status = 'active' and last_paid_at >= ${since})::int as active
      from rm_metrics_contractors`,
    sql<{ province: string; jobs: number }[]>`
      select province, count(*)::int as jobs from rm_metrics_job_provinces group by province order by jobs desc, province`,
  ]);
  const byMonth = new Map(rows.map((row) => [row.month, row]));
  return {
    totals: {
      gmvCents: Number(totals?.gmv ?? 0),
      feesCents: Number(totals?.fees ?? 0),
      taxCents: Number(totals?.tax ?? 0),
      refundsCents: Number(totals?.refunds ?? 0),
      escrowHeldCents: Number(held?.cents ?? 0),
      escrowHeldJobs: held?.jobs ?? 0,
      contractors: contractors?.open ?? 0,
      activeContractors: contractors?.active ?? 0,
    },
    months: keys.map((key) => {
      const row = byMonth.get(key);
      return {
        month: key,
        gmvCents: Number(row?.gmv_cents ?? 0),
        feesCents: Number(row?.fees_cents ?? 0),
        taxCents: Number(row?.tax_cents ?? 0),
        refundsCents: Number(row?.refunds_cents ?? 0),
        jobsFunded: row?.jobs_funded ?? 0,
      };
    }),
    provinces,
  };
}
