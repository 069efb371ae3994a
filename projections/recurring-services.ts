import type { Sql } from '../shared/db/postgres.ts';
import type { SubscriptionStatus } from '../shared/domain/recurring/decider.ts';
import {
  SERVICE_SUBSCRIPTION_EVENT_TYPES,
  type RecurringOfferEvent,
  type ServiceSubscriptionEvent,
} from '../shared/domain/recurring/events.ts';
import type { Frequency } from '../shared/domain/recurring/recurrence.ts';
import { defineFoldedProjection, foldedTable } from '../infrastructure/projections/folded-rows.ts';

/**
 * Recurring services as the screens read them: each contractor's offers (profile, /subscriptions),
 * each subscription with both parties (either side's list, the visits job), and what became of
 * each visit (booked with its booking, not booked and why, or skipped by whom).
 */
export const recurringServicesProjection = defineFoldedProjection<
  RecurringOfferEvent | ServiceSubscriptionEvent,
  { offers: OfferRecord; subscriptions: SubscriptionRecord; visits: VisitRecord }
>({
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
  tables: {
    offers: foldedTable<OfferRecord>('rm_recurring_offers', ['offer_id']),
    subscriptions: foldedTable<SubscriptionRecord>('rm_service_subscriptions', ['subscription_id']),
    visits: foldedTable<VisitRecord>('rm_subscription_visits', ['subscription_id', 'visit_index']),
  },
  keys(event) {
    switch (event.type) {
      case 'RecurringOfferPublished':
      case 'RecurringOfferWithdrawn':
        return { offers: [[event.data.offerId]] };
      case 'RecurringVisitBooked':
      case 'RecurringVisitNotBooked':
      case 'RecurringVisitSkipped':
        return { visits: [[event.data.subscriptionId, event.data.visitIndex]] };
      case 'ServiceSubscriptionPaused': {
        const { subscriptionId, releasedVisits } = event.data;
        return {
          subscriptions: [[subscriptionId]],
          visits: releasedVisits.map((visitIndex) => [subscriptionId, visitIndex]),
        };
      }
      default:
        return { subscriptions: [[event.data.subscriptionId]] };
    }
  },
  fold(event, { offers, subscriptions, visits }) {
    switch (event.type) {
      case 'RecurringOfferPublished': {
        const o = event.data;
        if (offers.get([o.offerId])) return;
        offers.put({
          offer_id: o.offerId,
          contractor_id: o.contractorId,
          title: o.title,
          description: o.description,
          service: o.service,
          price_per_visit_cents: o.pricePerVisitCents,
          frequencies: o.frequencies,
          status: 'active',
          published_at: o.publishedAt,
          withdrawn_at: null,
        });
        return;
      }
      case 'RecurringOfferWithdrawn':
        offers.update([event.data.offerId], (row) => ({
          ...row,
          status: 'withdrawn',
          withdrawn_at: event.data.withdrawnAt,
        }));
        return;
      case 'ServiceSubscriptionRequested': {
        const s = event.data;
        if (subscriptions.get([s.subscriptionId])) return;
        subscriptions.put({
          subscription_id: s.subscriptionId,
          offer_id: s.offerId,
          contractor_id: s.contractorId,
          customer_id: s.customerId,
          title: s.title,
          description: s.description,
          service: s.service,
          price_per_visit_cents: s.pricePerVisitCents,
          frequency: s.frequency,
          first_visit: s.firstVisit,
          time_zone: s.timeZone,
          duration_minutes: s.durationMinutes,
          customer_time_zone: s.customerTimeZone,
          payment_method_id: s.paymentMethodId,
          card_brand: s.cardBrand,
          card_last4: s.cardLast4,
          note: s.note,
          status: 'requested',
          decline_reason: null,
          cancel_reason: null,
          ended_by: null,
          contract_version: null,
          contract_text_hash: null,
          requested_at: s.requestedAt,
          activated_at: null,
          paused_at: null,
          ended_at: null,
          updated_at: s.requestedAt,
        });
        return;
      }
      case 'ServiceSubscriptionActivated': {
        const s = event.data;
        subscriptions.update([s.subscriptionId], (row) => ({
          ...row,
          status: 'active',
          activated_at: s.activatedAt,
          contract_version: s.contractVersion,
          contract_text_hash: s.contractTextHash,
          updated_at: s.activatedAt,
        }));
        return;
      }
      case 'ServiceSubscriptionDeclined': {
        const s = event.data;
        subscriptions.update([s.subscriptionId], (row) => ({
          ...row,
          status: 'declined',
          decline_reason: s.reason,
          ended_by: s.contractorId,
          ended_at: s.declinedAt,
          updated_at: s.declinedAt,
        }));
        return;
      }
      case 'ServiceSubscriptionPaused': {
        const s = event.data;
        subscriptions.update([s.subscriptionId], (row) => ({
          ...row,
          status: 'paused',
          paused_at: s.pausedAt,
          updated_at: s.pausedAt,
        }));
        // Given back: their bookings are cancelled, and they are booked again after a resume.
        for (const visitIndex of s.releasedVisits) {
          visits.update([s.subscriptionId, visitIndex], (row) => ({ ...row, status: 'released', at: s.pausedAt }));
        }
        return;
      }
      case 'ServiceSubscriptionResumed':
        subscriptions.update([event.data.subscriptionId], (row) => ({
          ...row,
          status: 'active',
          paused_at: null,
          updated_at: event.data.resumedAt,
        }));
        return;
      case 'ServiceSubscriptionCancelled': {
        const s = event.data;
        subscriptions.update([s.subscriptionId], (row) => ({
          ...row,
          status: 'cancelled',
          cancel_reason: s.reason,
          ended_by: s.cancelledBy,
          ended_at: s.cancelledAt,
          updated_at: s.cancelledAt,
        }));
        return;
      }
      case 'RecurringVisitBooked': {
        const v = event.data;
        visits.put({
          subscription_id: v.subscriptionId,
          visit_index: v.visitIndex,
          status: 'booked',
          booking_id: v.bookingId,
          starts_at: v.startsAt,
          reason: null,
          actor_id: null,
          at: v.bookedAt,
        });
        return;
      }
      case 'RecurringVisitNotBooked': {
        const v = event.data;
        // A visit seen before keeps its booking id, start and actor; only the outcome changes.
        const visit = visits.get([v.subscriptionId, v.visitIndex]);
        visits.put({
          subscription_id: v.subscriptionId,
          visit_index: v.visitIndex,
          booking_id: null,
          starts_at: v.startsAt,
          actor_id: null,
          ...visit,
          status: 'not-booked',
          reason: v.reason,
          at: v.at,
        });
        return;
      }
      case 'RecurringVisitSkipped': {
        const v = event.data;
        // A skipped visit that was booked keeps its booking id (its booking is cancelled on the calendar).
        const visit = visits.get([v.subscriptionId, v.visitIndex]);
        visits.put({
          subscription_id: v.subscriptionId,
          visit_index: v.visitIndex,
          booking_id: null,
          starts_at: v.startsAt,
          reason: null,
          ...visit,
          status: 'skipped',
          actor_id: v.skippedBy,
          at: v.skippedAt,
        });
        return;
      }
      default:
        return event satisfies never;
    }
  },
});

/** A row of rm_recurring_offers as the fold writes it (column names; timestamps as ISO text). */
type OfferRecord = {
  offer_id: string;
  contractor_id: string;
  title: string;
  description: string;
  service: string;
  price_per_visit_cents: number;
  frequencies: readonly Frequency[];
  status: RecurringOfferRow['status'];
  published_at: string;
  withdrawn_at: string | null;
};

/** A row of rm_service_subscriptions as the fold writes it. */
type SubscriptionRecord = {
  subscription_id: string;
  offer_id: string;
  contractor_id: string;
  customer_id: string;
  title: string;
  description: string;
  service: string;
  price_per_visit_cents: number;
  frequency: Frequency;
  first_visit: string;
  time_zone: string;
  duration_minutes: number;
  customer_time_zone: string;
  payment_method_id: string;
  card_brand: string;
  card_last4: string;
  note: string | null;
  status: SubscriptionStatus;
  decline_reason: string | null;
  cancel_reason: string | null;
  ended_by: string | null;
  contract_version: number | null;
  contract_text_hash: string | null;
  requested_at: string;
  activated_at: string | null;
  paused_at: string | null;
  ended_at: string | null;
  updated_at: string;
};

/** A row of rm_subscription_visits as the fold writes it. */
type VisitRecord = {
  subscription_id: string;
  visit_index: number;
  status: VisitRow['status'];
  booking_id: string | null;
  starts_at: string;
  reason: string | null;
  actor_id: string | null;
  at: string;
};

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
