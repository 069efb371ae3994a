import type { Sql } from '../shared/db/postgres.ts';
import type { PlanId } from '../shared/domain/plans/catalogue.ts';
import { BOOST_EVENT_TYPES, PLAN_EVENT_TYPES, type BoostEvent, type PlanEvent } from '../shared/domain/plans/events.ts';
import type { PlanStatus } from '../shared/domain/plans/decider.ts';
import { defineFoldedProjection, foldedTable } from '../infrastructure/projections/folded-rows.ts';

/**
 * Plans, boosts and the billing history. `rm_plans` holds each paying account's plan now (no row
 * means Starter); `rm_billing` holds every charge and free boost as a receipt line; `rm_boosts`
 * each contractor's boost window. The /subscriptions page, the limit checks and the renewal
 * timer read them.
 */
export const plansProjection = defineFoldedProjection<
  PlanEvent | BoostEvent,
  { plans: PlanRecord; billing: BillingRecord; boosts: BoostRecord }
>({
  name: 'plans',
  version: 1,
  handles: [...PLAN_EVENT_TYPES, ...BOOST_EVENT_TYPES],
  schema: `
    create table if not exists rm_plans (
      account_id uuid primary key,
      plan_id text not null,
      status text not null,
      period integer not null,
      period_start timestamptz not null,
      period_end timestamptz not null,
      card_brand text,
      card_last4 text,
      payment_method_id text,
      renewal_failures integer not null default 0,
      retry_at timestamptz,
      last_failure_code text,
      updated_at timestamptz not null
    );
    create index if not exists rm_plans_due on rm_plans (period_end) where status in ('active', 'cancelling');
    create table if not exists rm_billing (
      receipt_id text primary key,
      account_id uuid not null,
      kind text not null,
      item text not null,
      amount_cents bigint not null,
      payment_id text,
      card_brand text,
      card_last4 text,
      covers_from timestamptz,
      covers_to timestamptz,
      charged_at timestamptz not null
    );
    create index if not exists rm_billing_account on rm_billing (account_id, charged_at desc);
    create table if not exists rm_boosts (
      contractor_id uuid primary key,
      active_until timestamptz not null,
      used_free_boost boolean not null,
      purchases integer not null,
      updated_at timestamptz not null
    );`,
  reset: `
    drop table if exists rm_plans;
    drop table if exists rm_billing;
    drop table if exists rm_boosts;`,
  tables: {
    plans: foldedTable<PlanRecord>('rm_plans', ['account_id']),
    billing: foldedTable<BillingRecord>('rm_billing', ['receipt_id']),
    boosts: foldedTable<BoostRecord>('rm_boosts', ['contractor_id']),
  },
  keys(event) {
    const receipt = [[receiptIdOf(event)]];
    switch (event.type) {
      case 'BoostPurchased':
        return { boosts: [[event.data.contractorId]], billing: receipt };
      case 'PlanPurchased':
      case 'PlanRenewed':
        return { plans: [[event.data.accountId]], billing: receipt };
      default:
        return { plans: [[event.data.accountId]] };
    }
  },
  fold(event, { plans, billing, boosts }) {
    // A receipt line is written once: the event's place in its stream names it.
    const bill = (line: Omit<BillingRecord, 'receipt_id'>) => {
      const receiptId = receiptIdOf(event);
      if (!billing.get([receiptId])) billing.put({ receipt_id: receiptId, ...line });
    };
    switch (event.type) {
      case 'PlanPurchased': {
        const d = event.data;
        plans.put({
          account_id: d.accountId,
          plan_id: d.planId,
          status: 'active',
          period: 1,
          period_start: d.periodStart,
          period_end: d.periodEnd,
          card_brand: d.cardBrand,
          card_last4: d.cardLast4,
          payment_method_id: d.paymentMethodId,
          renewal_failures: 0,
          retry_at: null,
          last_failure_code: null,
          updated_at: d.purchasedAt,
        });
        bill({
          account_id: d.accountId,
          kind: 'plan',
          item: d.planId,
          amount_cents: d.amountCents,
          payment_id: d.paymentId,
          card_brand: d.cardBrand,
          card_last4: d.cardLast4,
          covers_from: d.periodStart,
          covers_to: d.periodEnd,
          charged_at: d.purchasedAt,
        });
        return;
      }
      case 'PlanRenewed': {
        const d = event.data;
        plans.update([d.accountId], (row) => ({
          ...row,
          status: 'active',
          period: d.period,
          period_start: d.periodStart,
          period_end: d.periodEnd,
          renewal_failures: 0,
          retry_at: null,
          last_failure_code: null,
          updated_at: d.renewedAt,
        }));
        bill({
          account_id: d.accountId,
          kind: 'plan',
          item: d.planId,
          amount_cents: d.amountCents,
          payment_id: d.paymentId,
          card_brand: d.cardBrand,
          card_last4: d.cardLast4,
          covers_from: d.periodStart,
          covers_to: d.periodEnd,
          charged_at: d.renewedAt,
        });
        return;
      }
      case 'PlanPaymentFailed': {
        const d = event.data;
        if (d.attempt === 'purchase') return;
        plans.update([d.accountId], (row) => ({
          ...row,
          status: 'past-due',
          renewal_failures: row.renewal_failures + 1,
          retry_at: d.retryAt,
          last_failure_code: d.code,
          updated_at: d.failedAt,
        }));
        return;
      }
      case 'PlanCancellationScheduled':
        plans.update([event.data.accountId], (row) => ({
          ...row,
          status: 'cancelling',
          updated_at: event.data.scheduledAt,
        }));
        return;
      case 'PlanCancellationWithdrawn':
        plans.update([event.data.accountId], (row) => ({
          ...row,
          status: 'active',
          updated_at: event.data.withdrawnAt,
        }));
        return;
      case 'PlanEnded':
        plans.delete([event.data.accountId]);
        return;
      case 'BoostPurchased': {
        const d = event.data;
        const boost = boosts.get([d.contractorId]);
        boosts.put({
          contractor_id: d.contractorId,
          // The later of the two ends (compared as instants: the stored one has an offset, the event's a Z).
          active_until: boost && Date.parse(boost.active_until) >= Date.parse(d.endsAt) ? boost.active_until : d.endsAt,
          used_free_boost: (boost?.used_free_boost ?? false) || d.amountCents === 0,
          purchases: (boost?.purchases ?? 0) + 1,
          updated_at: d.purchasedAt,
        });
        bill({
          account_id: d.contractorId,
          kind: 'boost',
          item: d.boostId,
          amount_cents: d.amountCents,
          payment_id: d.paymentId,
          card_brand: d.cardBrand,
          card_last4: d.cardLast4,
          covers_from: d.startsAt,
          covers_to: d.endsAt,
          charged_at: d.purchasedAt,
        });
        return;
      }
      default:
        return event satisfies never;
    }
  },
});

const receiptIdOf = (event: { streamId: string; revision: bigint }) => `${event.streamId}:${event.revision}`;

/** A row of rm_plans as the fold writes it (column names; timestamps as ISO text). */
type PlanRecord = {
  account_id: string;
  plan_id: PlanId;
  status: PlanStatus;
  period: number;
  period_start: string;
  period_end: string;
  card_brand: string | null;
  card_last4: string | null;
  payment_method_id: string | null;
  renewal_failures: number;
  retry_at: string | null;
  last_failure_code: string | null;
  updated_at: string;
};

/** A row of rm_billing as the fold writes it. */
type BillingRecord = {
  receipt_id: string;
  account_id: string;
  kind: BillingRow['kind'];
  item: string;
  amount_cents: number;
  payment_id: string | null;
  card_brand: string | null;
  card_last4: string | null;
  covers_from: string | null;
  covers_to: string | null;
  charged_at: string;
};

/** A row of rm_boosts as the fold writes it. */
type BoostRecord = {
  contractor_id: string;
  active_until: string;
  used_free_boost: boolean;
  purchases: number;
  updated_at: string;
};

export type PlanRow = {
  accountId: string;
  planId: PlanId;
  status: PlanStatus;
  period: number;
  periodStart: Date;
  periodEnd: Date;
  cardBrand: string | null;
  cardLast4: string | null;
  paymentMethodId: string | null;
  renewalFailures: number;
  retryAt: Date | null;
  lastFailureCode: string | null;
};

const planColumns = (sql: Sql) => sql`
  account_id as "accountId", plan_id as "planId", status, period, period_start as "periodStart",
  period_end as "periodEnd", card_brand as "cardBrand", card_last4 as "cardLast4",
  payment_method_id as "paymentMethodId", renewal_failures as "renewalFailures", retry_at as "retryAt",
  last_failure_code as "lastFailureCode"`;

export async function findPlan(sql: Sql, accountId: string): Promise<PlanRow | null> {
  const [row] = await sql<PlanRow[]>`select ${planColumns(sql)} from rm_plans where account_id = ${accountId}`;
  return row ?? null;
}

/** The plan whose limits apply to the account now: Starter without a running paid plan. */
export async function currentPlanId(sql: Sql, accountId: string): Promise<PlanId> {
  return (await findPlan(sql, accountId))?.planId ?? 'starter';
}

/** Plans whose period ended: due for renewal, a retry, or (set to end) their end. */
export async function plansDue(sql: Sql, now: Date, limit = 50): Promise<PlanRow[]> {
  return sql<PlanRow[]>`
    select ${planColumns(sql)} from rm_plans
    where (status in ('active', 'cancelling') and period_end <= ${now})
       or (status = 'past-due' and retry_at is not null and retry_at <= ${now})
    order by period_end limit ${limit}`;
}

export type BillingRow = {
  receiptId: string;
  kind: 'plan' | 'boost';
  item: string;
  amountCents: number;
  paymentId: string | null;
  cardBrand: string | null;
  cardLast4: string | null;
  coversFrom: Date | null;
  coversTo: Date | null;
  chargedAt: Date;
};

export async function billingHistory(sql: Sql, accountId: string, limit = 100): Promise<BillingRow[]> {
  return sql<BillingRow[]>`
    select receipt_id as "receiptId", kind, item, amount_cents::int as "amountCents", payment_id as "paymentId",
      card_brand as "cardBrand", card_last4 as "cardLast4", covers_from as "coversFrom", covers_to as "coversTo",
      charged_at as "chargedAt"
    from rm_billing where account_id = ${accountId} order by charged_at desc, receipt_id desc limit ${limit}`;
}

export async function findBoost(
  sql: Sql,
  contractorId: string,
): Promise<{ activeUntil: Date; usedFreeBoost: boolean; purchases: number } | null> {
  const [row] = await sql<{ activeUntil: Date; usedFreeBoost: boolean; purchases: number }[]>`
    select active_until as "activeUntil", used_free_boost as "usedFreeBoost", purchases
    from rm_boosts where contractor_id = ${contractorId}`;
  return row ?? null;
}
