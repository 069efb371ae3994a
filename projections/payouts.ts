import type { Sql } from '../shared/db/postgres.ts';
import type { EscrowEvent, PayoutEvent, ScheduledPayout, ScheduledRefund } from '../shared/domain/escrow/events.ts';
import { defineFoldedProjection, foldedTable, withDefaults } from '../infrastructure/projections/folded-rows.ts';

/**
 * The payout outbox: one row for every transfer an escrow event schedules (a contractor's payout,
 * due on its business day; a customer's refund, due at once). The payouts job sends due rows
 * through the gateway and records `PayoutSent` in the payout's own stream, which is what makes
 * sending exactly once (projections/payouts-job.ts); this table only says what is due.
 * `reset` keeps the rows' sent status coming back from the PayoutSent events, so a rebuild never
 * resends anything.
 */
export const payoutsProjection = defineFoldedProjection<EscrowEvent | PayoutEvent, { payouts: PayoutRecord }>({
  name: 'payouts',
  version: 1,
  handles: ['EscrowReleased', 'EscrowRefunded', 'EscrowDistributed', 'PayoutSent'],
  schema: `
    create table if not exists rm_payouts (
      payout_id text primary key,
      job_id uuid not null,
      kind text not null,
      recipient_id uuid not null,
      payment_id text,
      amount_cents bigint not null,
      due_on date,
      status text not null default 'scheduled',
      gateway_reference text,
      scheduled_at timestamptz not null,
      sent_at timestamptz
    );
    create index if not exists rm_payouts_due on rm_payouts (due_on) where status = 'scheduled';
    create index if not exists rm_payouts_recipient on rm_payouts (recipient_id, scheduled_at desc);`,
  reset: 'drop table if exists rm_payouts',
  tables: { payouts: foldedTable<PayoutRecord>('rm_payouts', ['payout_id']) },
  keys(event) {
    switch (event.type) {
      case 'EscrowReleased':
        return { payouts: event.data.payout ? [[event.data.payout.payoutId]] : [] };
      case 'EscrowRefunded':
      case 'EscrowDistributed': {
        const { refund, payout } = event.data;
        return { payouts: [...(refund ? [[refund.refundId]] : []), ...(payout ? [[payout.payoutId]] : [])] };
      }
      case 'PayoutSent':
        return { payouts: [[event.data.payoutId]] };
      default:
        return {};
    }
  },
  fold(event, { payouts }) {
    const meta = event.metadata as { occurredAt?: string };
    const at = meta.occurredAt ?? new Date(0).toISOString();
    // A transfer is scheduled once: the first event that names it wins.
    const schedule = (row: PayoutRecord) => {
      if (!payouts.get([row.payout_id])) payouts.put(row);
    };
    const schedulePayout = (jobId: string, contractorId: string, payout: ScheduledPayout | null) => {
      if (!payout || payout.amountCents <= 0) return;
      schedule(
        withDefaults(SCHEDULED, {
          payout_id: payout.payoutId,
          job_id: jobId,
          kind: 'payout',
          recipient_id: contractorId,
          payment_id: null,
          amount_cents: payout.amountCents,
          due_on: payout.dueOn,
          scheduled_at: at,
        }),
      );
    };
    const scheduleRefund = (jobId: string, customerId: string, refund: ScheduledRefund | null) => {
      if (!refund || refund.amountCents <= 0) return;
      schedule(
        withDefaults(SCHEDULED, {
          payout_id: refund.refundId,
          job_id: jobId,
          kind: 'refund',
          recipient_id: customerId,
          payment_id: refund.paymentId,
          amount_cents: refund.amountCents,
          due_on: null,
          scheduled_at: at,
        }),
      );
    };
    switch (event.type) {
      case 'EscrowReleased':
        schedulePayout(event.data.jobId, event.data.contractorId, event.data.payout);
        return;
      case 'EscrowRefunded':
      case 'EscrowDistributed':
        scheduleRefund(event.data.jobId, event.data.customerId, event.data.refund);
        schedulePayout(event.data.jobId, event.data.contractorId, event.data.payout);
        return;
      case 'PayoutSent': {
        const d = event.data;
        payouts.update([d.payoutId], (row) => ({
          ...row,
          status: 'sent',
          gateway_reference: d.gatewayReference,
          sent_at: d.sentAt,
        }));
        return;
      }
    }
  },
});

/** A row of rm_payouts as the fold writes it (column names; timestamps as ISO text). */
type PayoutRecord = {
  payout_id: string;
  job_id: string;
  kind: PayoutRow['kind'];
  recipient_id: string;
  payment_id: string | null;
  amount_cents: number;
  due_on: string | null;
  status: PayoutRow['status'];
  gateway_reference: string | null;
  scheduled_at: string;
  sent_at: string | null;
};

/** What a newly scheduled transfer holds before it is sent (the table's defaults and nulls). */
const SCHEDULED = {
  status: 'scheduled',
  gateway_reference: null,
  sent_at: null,
} satisfies Partial<PayoutRecord>;

export type PayoutRow = {
  payoutId: string;
  jobId: string;
  kind: 'payout' | 'refund';
  recipientId: string;
  paymentId: string | null;
  amountCents: number;
  dueOn: string | null;
  status: 'scheduled' | 'sent';
  gatewayReference: string | null;
  scheduledAt: Date;
  sentAt: Date | null;
};

const columns = (sql: Sql) => sql`
  payout_id as "payoutId", job_id as "jobId", kind, recipient_id as "recipientId", payment_id as "paymentId",
  amount_cents::int as "amountCents", to_char(due_on, 'YYYY-MM-DD') as "dueOn", status,
  gateway_reference as "gatewayReference", scheduled_at as "scheduledAt", sent_at as "sentAt"`;

/** Transfers due on `today` (a local YYYY-MM-DD) or earlier that have not been sent. Refunds are always due. */
export async function payoutsDue(sql: Sql, today: string, limit = 100): Promise<PayoutRow[]> {
  return sql<PayoutRow[]>`
    select ${columns(sql)} from rm_payouts
    where status = 'scheduled' and (due_on is null or due_on <= ${today}::date)
    order by scheduled_at, payout_id limit ${limit}`;
}

export async function payoutsOf(sql: Sql, recipientId: string, limit = 200): Promise<PayoutRow[]> {
  return sql<PayoutRow[]>`
    select ${columns(sql)} from rm_payouts where recipient_id = ${recipientId}
    order by scheduled_at desc, payout_id limit ${limit}`;
}

export async function payoutsOfJob(sql: Sql, jobId: string): Promise<PayoutRow[]> {
  return sql<PayoutRow[]>`select ${columns(sql)} from rm_payouts where job_id = ${jobId} order by payout_id`;
}
