import type { Sql } from '../shared/db/postgres.ts';
import type { PlanId } from '../shared/domain/plans/catalogue.ts';
import { BOOST_EVENT_TYPES, PLAN_EVENT_TYPES, type BoostEvent, type PlanEvent } from '../shared/domain/plans/events.ts';
import type { PlanStatus } from '../shared/domain/plans/decider.ts';
import { defineProjection } from '../infrastructure/projections/types.ts';

/**
 * Plans, boosts and the billing history. `rm_plans` holds each paying account's plan now (no row
 * means Starter); `rm_billing` holds every charge and free boost as a receipt line; `rm_boosts`
 * each contractor's boost window. The /subscriptions page, the limit checks and the renewal
 * timer read them.
 */
export const plansProjection = defineProjection<PlanEvent | BoostEvent>({
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
  async apply(tx, event) {
    const receiptId = `${event.streamId}:${event.revision}`;
    switch (event.type) {
      case 'PlanPurchased': {
        const d = event.data;
        await tx`
          insert into rm_plans (account_id, plan_id, status, period, period_start, period_end, card_brand, card_last4,
            payment_method_id, updated_at)
          values (${d.accountId}, ${d.planId}, 'active', 1, ${d.periodStart}, ${d.periodEnd}, ${d.cardBrand},
            ${d.cardLast4}, ${d.paymentMethodId}, ${d.purchasedAt})
          on conflict (account_id) do update set plan_id = excluded.plan_id, status = 'active', period = 1,
            period_start = excluded.period_start, period_end = excluded.period_end, card_brand = excluded.card_brand,
            card_last4 = excluded.card_last4, payment_method_id = excluded.payment_method_id, renewal_failures = 0,
            retry_at = null, last_failure_code = null, updated_at = excluded.updated_at`;
        await tx`
          insert into rm_billing (receipt_id, account_id, kind, item, amount_cents, payment_id, card_brand, card_last4,
            covers_from, covers_to, charged_at)
          values (${receiptId}, ${d.accountId}, 'plan', ${d.planId}, ${d.amountCents}, ${d.paymentId}, ${d.cardBrand},
            ${d.cardLast4}, ${d.periodStart}, ${d.periodEnd}, ${d.purchasedAt})
          on conflict (receipt_id) do nothing`;
        return;
      }
      case 'PlanRenewed': {
        const d = event.data;
        await tx`
          update rm_plans set status = 'active', period = ${d.period}, period_start = ${d.periodStart},
            period_end = ${d.periodEnd}, renewal_failures = 0, retry_at = null, last_failure_code = null,
            updated_at = ${d.renewedAt}
          where account_id = ${d.accountId}`;
        await tx`
          insert into rm_billing (receipt_id, account_id, kind, item, amount_cents, payment_id, card_brand, card_last4,
            covers_from, covers_to, charged_at)
          values (${receiptId}, ${d.accountId}, 'plan', ${d.planId}, ${d.amountCents}, ${d.paymentId}, ${d.cardBrand},
            ${d.cardLast4}, ${d.periodStart}, ${d.periodEnd}, ${d.renewedAt})
          on conflict (receipt_id) do nothing`;
        return;
      }
      case 'PlanPaymentFailed': {
        const d = event.data;
        if (d.attempt === 'purchase') return;
        await tx`
          update rm_plans set status = 'past-due', renewal_failures = renewal_failures + 1, retry_at = ${d.retryAt},
            last_failure_code = ${d.code}, updated_at = ${d.failedAt}
          where account_id = ${d.accountId}`;
        return;
      }
      case 'PlanCancellationScheduled':
        await tx`
          update rm_plans set status = 'cancelling', updated_at = ${event.data.scheduledAt}
          where account_id = ${event.data.accountId}`;
        return;
      case 'PlanCancellationWithdrawn':
        await tx`
          update rm_plans set status = 'active', updated_at = ${event.data.withdrawnAt}
          where account_id = ${event.data.accountId}`;
        return;
      case 'PlanEnded':
        await tx`delete from rm_plans where account_id = ${event.data.accountId}`;
        return;
      case 'BoostPurchased': {
        const d = event.data;
        await tx`
          insert into rm_boosts (contractor_id, active_until, used_free_boost, purchases, updated_at)
          values (${d.contractorId}, ${d.endsAt}, ${d.amountCents === 0}, 1, ${d.purchasedAt})
          on conflict (contractor_id) do update set active_until = greatest(rm_boosts.active_until, excluded.active_until),
            used_free_boost = rm_boosts.used_free_boost or excluded.used_free_boost,
            purchases = rm_boosts.purchases + 1, updated_at = excluded.updated_at`;
        await tx`
          insert into rm_billing (receipt_id, account_id, kind, item, amount_cents, payment_id, card_brand, card_last4,
            covers_from, covers_to, charged_at)
          values (${receiptId}, ${d.contractorId}, 'boost', ${d.boostId}, ${d.amountCents}, ${d.paymentId},
            ${d.cardBrand}, ${d.cardLast4}, ${d.startsAt}, ${d.endsAt}, ${d.purchasedAt})
          on conflict (receipt_id) do nothing`;
        return;
      }
    }
  },
});

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
