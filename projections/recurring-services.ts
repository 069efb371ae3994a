import type { Sql } from '../shared/db/postgres.ts';
import type { SubscriptionStatus } from '../shared/domain/recurring/decider.ts';
import {
  SERVICE_SUBSCRIPTION_EVENT_TYPES,
  type RecurringOfferEvent,
  type ServiceSubscriptionEvent,
} from '../shared/domain/recurring/events.ts';
import type { Frequency } from '../shared/domain/recurring/recurrence.ts';
import { defineProjection } from '../infrastructure/projections/types.ts';

/**
 * Recurring services as the screens read them: each contractor's offers (profile, /subscriptions),
 * each subscription with both parties (either side's list, the visits job), and what became of
 * each visit (booked with its booking, not booked and why, or skipped by whom).
 */
export const recurringServicesProjection = defineProjection<RecurringOfferEvent | ServiceSubscriptionEvent>({
  name: 'recurring-services',
  version: 1,
  handles: ['RecurringOfferPublished', 'RecurringOfferWithdrawn', ...SERVICE_SUBSCRIPTION_EVENT_TYPES],
  schema: `
    create table if not exists rm_recurring_offers (
      offer_id uuid primary key,
      contractor_id uuid not null,
      title text not null,
      description text not null,
      service text not null,
      price_per_visit_cents integer not null,
      frequencies text[] not null,
      status text not null,
      published_at timestamptz not null,
      withdrawn_at timestamptz
    );
    create index if not exists rm_recurring_offers_contractor on rm_recurring_offers (contractor_id, published_at);
    create table if not exists rm_service_subscriptions (
      subscription_id uuid primary key,
      offer_id uuid not null,
      contractor_id uuid not null,
      customer_id uuid not null,
      title text not null,
      description text not null,
      service text not null,
      price_per_visit_cents integer not null,
      frequency text not null,
      first_visit text not null,
      time_zone text not null,
      duration_minutes integer not null,
      customer_time_zone text not null,
      payment_method_id text not null,
      card_brand text not null,
      card_last4 text not null,
      note text,
      status text not null,
      decline_reason text,
      cancel_reason text,
      ended_by uuid,
      contract_version integer,
      contract_text_hash text,
      requested_at timestamptz not null,
      activated_at timestamptz,
      paused_at timestamptz,
      ended_at timestamptz,
      updated_at timestamptz not null
    );
    create index if not exists rm_service_subscriptions_customer on rm_service_subscriptions (customer_id, requested_at);
    create index if not exists rm_service_subscriptions_contractor on rm_service_subscriptions (contractor_id, requested_at);
    create index if not exists rm_service_subscriptions_live on rm_service_subscriptions (status)
      where status in ('requested', 'active', 'paused');
    create table if not exists rm_subscription_visits (
      subscription_id uuid not null,
      visit_index integer not null,
      status text not null,
      booking_id uuid,
      starts_at timestamptz not null,
      reason text,
      actor_id uuid,
      at timestamptz not null,
      primary key (subscription_id, visit_index)
    );`,
  reset: 'drop table if exists rm_recurring_offers, rm_service_subscriptions, rm_subscription_visits',
  async apply(tx, event) {
    switch (event.type) {
      case 'RecurringOfferPublished': {
        const o = event.data;
        await tx`
          insert into rm_recurring_offers (offer_id, contractor_id, title, description, service,
            price_per_visit_cents, frequencies, status, published_at)
          values (${o.offerId}, ${o.contractorId}, ${o.title}, ${o.description}, ${o.service},
            ${o.pricePerVisitCents}, ${o.frequencies}, 'active', ${o.publishedAt})
          on conflict (offer_id) do nothing`;
        return;
      }
      case 'RecurringOfferWithdrawn':
        await tx`
          update rm_recurring_offers set status = 'withdrawn', withdrawn_at = ${event.data.withdrawnAt}
          where offer_id = ${event.data.offerId}`;
        return;
      case 'ServiceSubscriptionRequested': {
        const s = event.data;
        await tx`
          insert into rm_service_subscriptions (subscription_id, offer_id, contractor_id, customer_id, title,
            description, service, price_per_visit_cents, frequency, first_visit, time_zone, duration_minutes,
            customer_time_zone, payment_method_id, card_brand, card_last4, note, status, requested_at, updated_at)
          values (${s.subscriptionId}, ${s.offerId}, ${s.contractorId}, ${s.customerId}, ${s.title},
            ${s.description}, ${s.service}, ${s.pricePerVisitCents}, ${s.frequency}, ${s.firstVisit}, ${s.timeZone},
            ${s.durationMinutes}, ${s.customerTimeZone}, ${s.paymentMethodId}, ${s.cardBrand}, ${s.cardLast4},
            ${s.note}, 'requested', ${s.requestedAt}, ${s.requestedAt})
          on conflict (subscription_id) do nothing`;
        return;
      }
      case 'ServiceSubscriptionActivated': {
        const s = event.data;
        await tx`
          update rm_service_subscriptions set status = 'active', activated_at = ${s.activatedAt},
            contract_version = ${s.contractVersion}, contract_text_hash = ${s.contractTextHash}, updated_at = ${s.activatedAt}
          where subscription_id = ${s.subscriptionId}`;
        return;
      }
      case 'ServiceSubscriptionDeclined': {
        const s = event.data;
        await tx`
          update rm_service_subscriptions set status = 'declined', decline_reason = ${s.reason},
            ended_by = ${s.contractorId}, ended_at = ${s.declinedAt}, updated_at = ${s.declinedAt}
          where subscription_id = ${s.subscriptionId}`;
        return;
      }
      case 'ServiceSubscriptionPaused':
        await tx`
          update rm_service_subscriptions set status = 'paused', paused_at = ${event.data.pausedAt},
            updated_at = ${event.data.pausedAt}
          where subscription_id = ${event.data.subscriptionId}`;
        // Given back: their bookings are cancelled, and they are booked again after a resume.
        await tx`
          update rm_subscription_visits set status = 'released', at = ${event.data.pausedAt}
          where subscription_id = ${event.data.subscriptionId} and visit_index = any(${event.data.releasedVisits}::int[])`;
        return;
      case 'ServiceSubscriptionResumed':
        await tx`
          update rm_service_subscriptions set status = 'active', paused_at = null, updated_at = ${event.data.resumedAt}
          where subscription_id = ${event.data.subscriptionId}`;
        return;
      case 'ServiceSubscriptionCancelled': {
        const s = event.data;
        await tx`
          update rm_service_subscriptions set status = 'cancelled', cancel_reason = ${s.reason},
            ended_by = ${s.cancelledBy}, ended_at = ${s.cancelledAt}, updated_at = ${s.cancelledAt}
          where subscription_id = ${s.subscriptionId}`;
        return;
      }
      case 'RecurringVisitBooked': {
        const v = event.data;
        await tx`
          insert into rm_subscription_visits (subscription_id, visit_index, status, booking_id, starts_at, at)
          values (${v.subscriptionId}, ${v.visitIndex}, 'booked', ${v.bookingId}, ${v.startsAt}, ${v.bookedAt})
          on conflict (subscription_id, visit_index) do update set status = 'booked', booking_id = excluded.booking_id,
            starts_at = excluded.starts_at, reason = null, actor_id = null, at = excluded.at`;
        return;
      }
      case 'RecurringVisitNotBooked': {
        const v = event.data;
        await tx`
          insert into rm_subscription_visits (subscription_id, visit_index, status, starts_at, reason, at)
          values (${v.subscriptionId}, ${v.visitIndex}, 'not-booked', ${v.startsAt}, ${v.reason}, ${v.at})
          on conflict (subscription_id, visit_index) do update set status = 'not-booked', reason = excluded.reason,
            at = excluded.at`;
        return;
      }
      case 'RecurringVisitSkipped': {
        const v = event.data;
        // A skipped visit that was booked keeps its booking id (its booking is cancelled on the calendar).
        await tx`
          insert into rm_subscription_visits (subscription_id, visit_index, status, starts_at, actor_id, at)
          values (${v.subscriptionId}, ${v.visitIndex}, 'skipped', ${v.startsAt}, ${v.skippedBy}, ${v.skippedAt})
          on conflict (subscription_id, visit_index) do update set status = 'skipped', actor_id = excluded.actor_id,
            at = excluded.at`;
        return;
      }
    }
  },
});

export type RecurringOfferRow = {
  offerId: string;
  contractorId: string;
  title: string;
  description: string;
  service: string;
  pricePerVisitCents: number;
  frequencies: Frequency[];
  status: 'active' | 'withdrawn';
  publishedAt: Date;
};

const offerColumns = (sql: Sql) => sql`
  offer_id as "offerId", contractor_id as "contractorId", title, description, service,
  price_per_visit_cents as "pricePerVisitCents", frequencies, status, published_at as "publishedAt"`;

export async function offersOf(sql: Sql, contractorId: string, activeOnly: boolean): Promise<RecurringOfferRow[]> {
  return sql<RecurringOfferRow[]>`
    select ${offerColumns(sql)} from rm_recurring_offers
    where contractor_id = ${contractorId} and (${!activeOnly} or status = 'active')
    order by status, published_at desc limit 100`;
}

export type SubscriptionRow = {
  subscriptionId: string;
  offerId: string;
  contractorId: string;
  customerId: string;
  title: string;
  description: string;
  service: string;
  pricePerVisitCents: number;
  frequency: Frequency;
  firstVisit: string;
  timeZone: string;
  durationMinutes: number;
  customerTimeZone: string;
  paymentMethodId: string;
  cardBrand: string;
  cardLast4: string;
  note: string | null;
  status: SubscriptionStatus;
  declineReason: string | null;
  cancelReason: string | null;
  endedBy: string | null;
  contractVersion: number | null;
  requestedAt: Date;
  activatedAt: Date | null;
  pausedAt: Date | null;
  endedAt: Date | null;
};

const subscriptionColumns = (sql: Sql) => sql`
  subscription_id as "subscriptionId", offer_id as "offerId", contractor_id as "contractorId",
  customer_id as "customerId", title, description, service, price_per_visit_cents as "pricePerVisitCents",
  frequency, first_visit as "firstVisit", time_zone as "timeZone", duration_minutes as "durationMinutes",
  customer_time_zone as "customerTimeZone", payment_method_id as "paymentMethodId", card_brand as "cardBrand",
  card_last4 as "cardLast4", note, status, decline_reason as "declineReason", cancel_reason as "cancelReason",
  ended_by as "endedBy", contract_version as "contractVersion", requested_at as "requestedAt",
  activated_at as "activatedAt", paused_at as "pausedAt", ended_at as "endedAt"`;

export async function subscriptionById(sql: Sql, subscriptionId: string): Promise<SubscriptionRow | null> {
  const [row] = await sql<SubscriptionRow[]>`
    select ${subscriptionColumns(sql)} from rm_service_subscriptions where subscription_id = ${subscriptionId}`;
  return row ?? null;
}

/** The subscriptions a user buys or sells, live ones first, newest first. */
export async function subscriptionsOf(
  sql: Sql,
  userId: string,
  side: 'customer' | 'contractor',
): Promise<SubscriptionRow[]> {
  const column = side === 'customer' ? sql`customer_id` : sql`contractor_id`;
  return sql<SubscriptionRow[]>`
    select ${subscriptionColumns(sql)} from rm_service_subscriptions where ${column} = ${userId}
    order by (status in ('requested', 'active', 'paused')) desc, requested_at desc limit 200`;
}

/** Subscriptions the visits job looks at: live ones (it books, activates and stops visits). */
export async function liveSubscriptions(sql: Sql, limit = 200): Promise<SubscriptionRow[]> {
  return sql<SubscriptionRow[]>`
    select ${subscriptionColumns(sql)} from rm_service_subscriptions
    where status in ('requested', 'active', 'paused') order by updated_at limit ${limit}`;
}

export type VisitRow = {
  visitIndex: number;
  /** `released`: given back by a pause, to be booked again after a resume (shown as upcoming). */
  status: 'booked' | 'not-booked' | 'skipped' | 'released';
  bookingId: string | null;
  startsAt: Date;
  reason: string | null;
  actorId: string | null;
  /** The booking's own status when the visit was booked (a visit may be rescheduled or cancelled on the calendar). */
  bookingStatus: string | null;
  bookingStartsAt: Date | null;
};

export async function visitsOf(sql: Sql, subscriptionIds: string[]): Promise<Map<string, VisitRow[]>> {
  const rows = await sql<(VisitRow & { subscriptionId: string })[]>`
    select v.subscription_id as "subscriptionId", v.visit_index as "visitIndex", v.status,
      v.booking_id as "bookingId", v.starts_at as "startsAt", v.reason,
      v.actor_id as "actorId", b.status as "bookingStatus", b.starts_at as "bookingStartsAt"
    from rm_subscription_visits v
    left join rm_bookings b on b.booking_id = v.booking_id
    where v.subscription_id = any(${subscriptionIds}::uuid[])
    order by v.visit_index`;
  const bySubscription = new Map<string, VisitRow[]>();
  for (const { subscriptionId, ...visit } of rows) {
    bySubscription.set(subscriptionId, [...(bySubscription.get(subscriptionId) ?? []), visit]);
  }
  return bySubscription;
}
