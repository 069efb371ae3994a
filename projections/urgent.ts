import type { Sql } from '../shared/db/postgres.ts';
import { URGENT_ALERT_EVENT_TYPES, type UrgentAlertEvent } from '../shared/domain/urgent/events.ts';
import { locationFsa } from '../shared/domain/work/events.ts';
import { defineFoldedProjection, foldedTable } from '../infrastructure/projections/folded-rows.ts';

/**
 * Urgent alerts: one row each, with who it reached. The customer's list, each contractor's inbox,
 * the alert page and the job process (which turns an accepted alert into its work order) read it.
 * An open alert past `expires_at` has lapsed: that is read, not projected. The place is kept to its
 * forward sortation area; the full postal code is personal data, looked up for the parties (version
 * 2 rebuilt the table without legacy events' codes).
 */
export const urgentProjection = defineFoldedProjection<UrgentAlertEvent, { alerts: UrgentAlertRecord }>({
  // The stored name (checkpoint key) and its tables keep their first spelling.
  name: 'urgent-alerts',
  version: 2,
  handles: URGENT_ALERT_EVENT_TYPES,
  schema: `
    create table if not exists rm_urgent_alerts (
      alert_id uuid primary key,
      customer_id uuid not null,
      status text not null,
      title text not null,
      description text not null,
      category text not null,
      service text,
      fsa text not null,
      city text not null,
      province text not null,
      lat double precision not null,
      lng double precision not null,
      base_cents bigint not null,
      multiplier_pct integer not null,
      price_cents bigint not null,
      premium_cents bigint not null,
      recipients uuid[] not null,
      accepted_by uuid,
      accepted_at timestamptz,
      cancelled_at timestamptz,
      sent_at timestamptz not null,
      expires_at timestamptz not null
    );
    create index if not exists rm_urgent_alerts_customer on rm_urgent_alerts (customer_id, sent_at desc);
    create index if not exists rm_urgent_alerts_recipients on rm_urgent_alerts using gin (recipients);`,
  reset: `drop table if exists rm_urgent_alerts;`,
  tables: { alerts: foldedTable<UrgentAlertRecord>('rm_urgent_alerts', ['alert_id']) },
  keys: (event) => ({ alerts: [[event.data.alertId]] }),
  fold(event, { alerts }) {
    switch (event.type) {
      case 'UrgentAlertSent': {
        const d = event.data;
        if (alerts.get([d.alertId])) return;
        alerts.put({
          alert_id: d.alertId,
          customer_id: d.customerId,
          status: 'open',
          title: d.title,
          description: d.description,
          category: d.category,
          service: d.service,
          fsa: locationFsa(d.location),
          city: d.location.city,
          province: d.location.province,
          lat: d.location.lat,
          lng: d.location.lng,
          base_cents: d.baseCents,
          multiplier_pct: d.multiplierPct,
          price_cents: d.priceCents,
          premium_cents: d.premiumCents,
          recipients: d.recipients,
          accepted_by: null,
          accepted_at: null,
          cancelled_at: null,
          sent_at: d.sentAt,
          expires_at: d.expiresAt,
        });
        return;
      }
      case 'UrgentAlertAccepted':
        alerts.update([event.data.alertId], (row) => ({
          ...row,
          status: 'accepted',
          accepted_by: event.data.contractorId,
          accepted_at: event.data.acceptedAt,
        }));
        return;
      case 'UrgentAlertCancelled':
        alerts.update([event.data.alertId], (row) => ({
          ...row,
          status: 'cancelled',
          cancelled_at: event.data.cancelledAt,
        }));
        return;
      default:
        return event satisfies never;
    }
  },
});

/** A row of rm_urgent_alerts as the fold writes it (column names; timestamps as ISO text). */
type UrgentAlertRecord = {
  alert_id: string;
  customer_id: string;
  status: UrgentAlertRow['status'];
  title: string;
  description: string;
  category: string;
  service: string | null;
  fsa: string;
  city: string;
  province: string;
  lat: number;
  lng: number;
  base_cents: number;
  multiplier_pct: number;
  price_cents: number;
  premium_cents: number;
  recipients: readonly string[];
  accepted_by: string | null;
  accepted_at: string | null;
  cancelled_at: string | null;
  sent_at: string;
  expires_at: string;
};

export type UrgentAlertRow = {
  alertId: string;
  customerId: string;
  status: 'open' | 'accepted' | 'cancelled';
  title: string;
  description: string;
  category: string;
  service: string | null;
  fsa: string;
  city: string;
  province: string;
  lat: number;
  lng: number;
  baseCents: number;
  multiplierPct: number;
  priceCents: number;
  premiumCents: number;
  recipients: string[];
  acceptedBy: string | null;
  acceptedAt: Date | null;
  cancelledAt: Date | null;
  sentAt: Date;
  expiresAt: Date;
};

const columns = (sql: Sql) => sql`
  alert_id as "alertId", customer_id as "customerId", status, title, description, category, service,
  fsa, city, province, lat, lng, base_cents::int as "baseCents",
  multiplier_pct as "multiplierPct", price_cents::int as "priceCents", premium_cents::int as "premiumCents",
  recipients::text[] as recipients, accepted_by as "acceptedBy", accepted_at as "acceptedAt",
  cancelled_at as "cancelledAt", sent_at as "sentAt", expires_at as "expiresAt"`;

export async function findUrgentAlert(sql: Sql, alertId: string): Promise<UrgentAlertRow | null> {
  const [row] = await sql<UrgentAlertRow[]>`select ${columns(sql)} from rm_urgent_alerts where alert_id = ${alertId}`;
  return row ?? null;
}

/** The customer's alerts, or the ones a contractor received, newest first. */
export async function urgentAlertsOf(
  sql: Sql,
  user: { id: string; role: string },
  limit = 50,
): Promise<UrgentAlertRow[]> {
  return user.role === 'contractor'
    ? sql<UrgentAlertRow[]>`
        select ${columns(sql)} from rm_urgent_alerts where recipients @> array[${user.id}::uuid]
        order by sent_at desc limit ${limit}`
    : sql<UrgentAlertRow[]>`
        select ${columns(sql)} from rm_urgent_alerts where customer_id = ${user.id}
        order by sent_at desc limit ${limit}`;
}

/** Accepted alerts whose work order does not exist yet (the job process creates it). */
export async function acceptedAlertsWithoutWorkOrder(sql: Sql, limit = 50): Promise<UrgentAlertRow[]> {
  return sql<UrgentAlertRow[]>`
    select ${columns(sql)} from rm_urgent_alerts a
    where a.status = 'accepted' and not exists (select 1 from rm_work_orders w where w.work_order_id = a.alert_id)
    order by a.accepted_at limit ${limit}`;
}

/**
 * Paid contractors who could answer an alert at `at`: their service area reaches it, they offer
 * the category (and the service, when one is named), nearest first. Paid means a plan row that has
 * not ended (a past-due plan still counts while its retries run).
 */
export async function nearbyPaidContractors(
  sql: Sql,
  alert: { lat: number; lng: number; category: string; service: string | null },
  limit: number,
): Promise<string[]> {
  const distance = sql`(6371 * 2 * asin(sqrt(
    power(sin(radians(d.lat - ${alert.lat}) / 2), 2) +
    cos(radians(${alert.lat})) * cos(radians(d.lat)) * power(sin(radians(d.lng - ${alert.lng}) / 2), 2))))`;
  const rows = await sql<{ id: string }[]>`
    select d.contractor_id as id from rm_contractor_directory d
    join rm_plans p on p.account_id = d.contractor_id and p.plan_id <> 'starter'
    where d.lat is not null and ${alert.category} = any(d.categories)
      and not exists (select 1 from rm_accounts a where a.account_id = d.contractor_id and a.status = 'suspended')
      and (${alert.service}::text is null or ${alert.service}::text = any(d.services))
      and ${distance} <= coalesce(d.radius_km, 50)
    order by ${distance}, d.contractor_id
    limit ${limit}`;
  return rows.map((row) => row.id);
}
