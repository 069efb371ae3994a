import type { MetricsView } from '../shared/http/metrics.ts';
import { DateTime } from 'luxon';
import type { Sql, TransactionSql } from '../shared/db/postgres.ts';
import type { AccountEvent } from '../shared/domain/accounts/events.ts';
import type { EscrowEvent } from '../shared/domain/escrow/events.ts';
import { defineProjection } from '../infrastructure/projections/types.ts';

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
export const metricsProjection = defineProjection<AccountEvent | EscrowEvent>({
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
  async apply(tx, event) {
    switch (event.type) {
      case 'AccountRegistered':
        if (event.data.role === 'contractor') {
          await tx`
            insert into rm_metrics_contractors (contractor_id, status) values (${event.data.accountId}, 'active')
            on conflict do nothing`;
        }
        return;
      case 'AccountClosed':
        await tx`update rm_metrics_contractors set status = 'closed' where contractor_id = ${event.data.accountId}`;
        return;
      case 'AccountSuspended':
        await tx`update rm_metrics_contractors set status = 'suspended' where contractor_id = ${event.data.accountId}`;
        return;
      case 'AccountRestored':
        await tx`update rm_metrics_contractors set status = 'active' where contractor_id = ${event.data.accountId}`;
        return;
      case 'EscrowCreated':
        await tx`
          insert into rm_metrics_job_provinces (job_id, province) values (${event.data.jobId}, ${event.data.contractorProvince})
          on conflict do nothing`;
        return;
      case 'EscrowFunded': {
        const d = event.data;
        await month(tx, monthOf(d.fundedAt), { gmv: d.amountCents, jobsFunded: 1 });
        await tx`
          insert into rm_metrics_escrow_held (job_id, held_cents) values (${d.jobId}, ${d.amountCents})
          on conflict (job_id) do update set held_cents = excluded.held_cents`;
        return;
      }
      case 'EscrowReleased': {
        const d = event.data;
        await month(tx, monthOf(d.releasedAt), { fees: d.fee.feeCents, tax: taxOf(d.fee.taxLines) });
        await settle(tx, d.jobId, d.contractorId, d.releasedAt);
        return;
      }
      case 'EscrowRefunded': {
        const d = event.data;
        await month(tx, monthOf(d.refundedAt), { refunds: d.refund.amountCents });
        await settle(tx, d.jobId, d.payout && d.payout.amountCents > 0 ? d.contractorId : null, d.refundedAt);
        return;
      }
      case 'EscrowDistributed': {
        const d = event.data;
        await month(tx, monthOf(d.distributedAt), {
          fees: d.fee.feeCents + d.platformShareCents,
          tax: taxOf(d.fee.taxLines),
          refunds: d.customerRefundCents,
        });
        await settle(tx, d.jobId, d.contractorGrossCents > 0 ? d.contractorId : null, d.distributedAt);
        return;
      }
      default:
        return;
    }
  },
});

async function month(
  tx: TransactionSql,
  key: string,
  add: { gmv?: number; fees?: number; tax?: number; refunds?: number; jobsFunded?: number },
) {
  await tx`
    insert into rm_metrics_months (month, gmv_cents, fees_cents, tax_cents, refunds_cents, jobs_funded)
    values (${key}, ${add.gmv ?? 0}, ${add.fees ?? 0}, ${add.tax ?? 0}, ${add.refunds ?? 0}, ${add.jobsFunded ?? 0})
    on conflict (month) do update set
      gmv_cents = rm_metrics_months.gmv_cents + excluded.gmv_cents,
      fees_cents = rm_metrics_months.fees_cents + excluded.fees_cents,
      tax_cents = rm_metrics_months.tax_cents + excluded.tax_cents,
      refunds_cents = rm_metrics_months.refunds_cents + excluded.refunds_cents,
      jobs_funded = rm_metrics_months.jobs_funded + excluded.jobs_funded`;
}

/** The escrow is no longer held; a contractor who got money was active then. */
async function settle(tx: TransactionSql, jobId: string, paidContractorId: string | null, at: string) {
  await tx`delete from rm_metrics_escrow_held where job_id = ${jobId}`;
  if (paidContractorId) {
    await tx`
      update rm_metrics_contractors set last_paid_at = greatest(coalesce(last_paid_at, ${at}), ${at})
      where contractor_id = ${paidContractorId}`;
  }
}

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
