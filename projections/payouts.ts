import type { Sql } from '../shared/db/postgres.ts';
import type { EscrowEvent, PayoutEvent, ScheduledPayout, ScheduledRefund } from '../shared/domain/escrow/events.ts';
import { defineProjection } from '../infrastructure/projections/types.ts';

/**
 * The payout outbox: one row for every transfer an escrow event schedules (a contractor's payout,
 * due on its business day; a customer's refund, due at once). The payouts job sends due rows
 * through the gateway and records `PayoutSent` in the payout's own stream, which is what makes
 * sending exactly once (projections/payouts-job.ts); this table only says what is due.
 * `reset` keeps the rows' sent status coming back from the PayoutSent events, so a rebuild never
 * resends anything.
 */
export const payoutsProjection = defineProjection<EscrowEvent | PayoutEvent>({
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
  async apply(tx, event) {
    const meta = event.metadata as { occurredAt?: string };
    const at = meta.occurredAt ?? new Date(0).toISOString();
    const schedulePayout = async (jobId: string, contractorId: string, payout: ScheduledPayout | null) => {
      if (!payout || payout.amountCents <= 0) return;
      await tx`
        insert into rm_payouts (payout_id, job_id, kind, recipient_id, amount_cents, due_on, scheduled_at)
        values (${payout.payoutId}, ${jobId}, 'payout', ${contractorId}, ${payout.amountCents}, ${payout.dueOn}, ${at})
        on conflict (payout_id) do nothing`;
    };
    const scheduleRefund = async (jobId: string, customerId: string, refund: ScheduledRefund | null) => {
      if (!refund || refund.amountCents <= 0) return;
      await tx`
        insert into rm_payouts (payout_id, job_id, kind, recipient_id, payment_id, amount_cents, due_on, scheduled_at)
        values (${refund.refundId}, ${jobId}, 'refund', ${customerId}, ${refund.paymentId}, ${refund.amountCents},
          null, ${at})
        on conflict (payout_id) do nothing`;
    };
    switch (event.type) {
      case 'EscrowReleased':
        await schedulePayout(event.data.jobId, event.data.contractorId, event.data.payout);
        return;
      case 'EscrowRefunded':
      case 'EscrowDistributed':
        await scheduleRefund(event.data.jobId, event.data.customerId, event.data.refund);
        await schedulePayout(event.data.jobId, event.data.contractorId, event.data.payout);
        return;
      case 'PayoutSent': {
        const d = event.data;
        await tx`
          update rm_payouts set status = 'sent', gateway_reference = ${d.gatewayReference}, sent_at = ${d.sentAt}
          where payout_id = ${d.payoutId}`;
        return;
      }
    }
  },
});

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
