import type { Sql } from '../shared/db/postgres.ts';
import type { BookingStatus } from '../shared/domain/booking/decider.ts';
import type { ScheduleEvent } from '../shared/domain/booking/events.ts';
import type { WorkOrderEvent } from '../shared/domain/work/events.ts';
import { defineFoldedProjection, foldedTable, withDefaults } from '../infrastructure/projections/folded-rows.ts';

const BOOKINGS_HANDLES = [
  'BookingRequested',
  'BookingConfirmed',
  'BookingDeclined',
  'BookingRescheduled',
  'BookingCancelled',
  'BookingReminderSent',
  'BookingCompleted',
  'WorkOrderPosted',
  'WorkOrderEdited',
  'WorkOrderAwarded',
  'WorkOrderCancelled',
] as const;

/** The events this read model is built from (the availability and bidding events are not). */
type BookingsEvent = Extract<ScheduleEvent | WorkOrderEvent, { type: (typeof BOOKINGS_HANDLES)[number] }>;

/**
 * Bookings with both parties, for the booking page, "my bookings" of either role (indexed by
 * contractor and by customer), the slots query (the time bookings hold) and the reminder job
 * (confirmed bookings by start). Ids only; names come from the accounts module at read time.
 *
 * It also keeps, from the work-order contract (shared/domain/work/events.ts), what booking an
 * awarded job needs: its customer, title, status, contractor and agreed price
 * (`rm_booking_work_orders`). That is the scheduling screen's own read model, so it does not
 * depend on the shape of the work module's tables.
 */
export const bookingsProjection = defineFoldedProjection<
  BookingsEvent,
  { bookings: BookingRecord; workOrders: BookingWorkOrderRecord }
>({
  name: 'bookings',
  // v2: a recurring service's visits carry their subscription and visit number.
  version: 2,
  rebuildWeight: 4.4,
  handles: BOOKINGS_HANDLES,
  schema: `
    create table if not exists rm_bookings (
      booking_id uuid primary key,
      contractor_id uuid not null,
      customer_id uuid not null,
      status text not null,
      starts_at timestamptz not null,
      ends_at timestamptz not null,
      time_zone text not null,
      customer_time_zone text not null,
      work_order_id text,
      offering_id uuid,
      price_cents integer,
      note text,
      decline_reason text,
      cancel_reason text,
      cancelled_by uuid,
      late_fee_cents integer,
      previous_starts_at timestamptz,
      rescheduled_by uuid,
      reminded_for timestamptz,
      requested_at timestamptz not null,
      confirmed_at timestamptz,
      declined_at timestamptz,
      rescheduled_at timestamptz,
      cancelled_at timestamptz,
      reminded_at timestamptz,
      completed_at timestamptz,
      updated_at timestamptz not null,
      subscription_id uuid,
      visit_index integer
    );
    create index if not exists rm_bookings_subscription on rm_bookings (subscription_id, visit_index)
      where subscription_id is not null;
    create index if not exists rm_bookings_contractor on rm_bookings (contractor_id, starts_at);
    create index if not exists rm_bookings_customer on rm_bookings (customer_id, starts_at);
    create index if not exists rm_bookings_confirmed_by_start on rm_bookings (starts_at) where status = 'confirmed';
    create index if not exists rm_bookings_work_order on rm_bookings (work_order_id) where work_order_id is not null;
    create table if not exists rm_booking_work_orders (
      work_order_id text primary key,
      customer_id uuid not null,
      title text not null,
      status text not null,
      contractor_id uuid,
      price_cents integer,
      updated_at timestamptz not null
    );`,
  reset: 'drop table if exists rm_bookings, rm_booking_work_orders',
  tables: {
    bookings: foldedTable<BookingRecord>('rm_bookings', ['booking_id']),
    workOrders: foldedTable<BookingWorkOrderRecord>('rm_booking_work_orders', ['work_order_id']),
  },
  keys(event) {
    switch (event.type) {
      case 'WorkOrderPosted':
      case 'WorkOrderEdited':
      case 'WorkOrderAwarded':
      case 'WorkOrderCancelled':
        return { workOrders: [[event.data.workOrderId]] };
      default:
        return { bookings: [[event.data.bookingId]] };
    }
  },
  fold(event, { bookings, workOrders }) {
    switch (event.type) {
      case 'BookingRequested': {
        const b = event.data;
        if (bookings.get([b.bookingId])) return;
        bookings.put(
          withDefaults(NEW_BOOKING, {
            booking_id: b.bookingId,
            contractor_id: b.contractorId,
            customer_id: b.customerId,
            status: 'requested',
            starts_at: b.startsAt,
            ends_at: b.endsAt,
            time_zone: b.timeZone,
            customer_time_zone: b.customerTimeZone,
            work_order_id: b.workOrderId,
            offering_id: b.offeringId,
            price_cents: b.priceCents,
            note: b.note,
            requested_at: b.requestedAt,
            updated_at: b.requestedAt,
            subscription_id: b.recurring?.subscriptionId ?? null,
            visit_index: b.recurring?.visitIndex ?? null,
          }),
        );
        return;
      }
      case 'BookingConfirmed': {
        const b = event.data;
        bookings.update([b.bookingId], (row) => ({
          ...row,
          status: 'confirmed',
          confirmed_at: b.confirmedAt,
          updated_at: b.confirmedAt,
        }));
        return;
      }
      case 'BookingDeclined': {
        const b = event.data;
        bookings.update([b.bookingId], (row) => ({
          ...row,
          status: 'declined',
          decline_reason: b.reason,
          declined_at: b.declinedAt,
          updated_at: b.declinedAt,
        }));
        return;
      }
      case 'BookingRescheduled': {
        const b = event.data;
        bookings.update([b.bookingId], (row) => ({
          ...row,
          status: b.needsConfirmation ? 'requested' : 'confirmed',
          previous_starts_at: b.previousStartsAt,
          starts_at: b.startsAt,
          ends_at: b.endsAt,
          rescheduled_by: b.rescheduledBy,
          rescheduled_at: b.rescheduledAt,
          updated_at: b.rescheduledAt,
        }));
        return;
      }
      case 'BookingCancelled': {
        const b = event.data;
        bookings.update([b.bookingId], (row) => ({
          ...row,
          status: 'cancelled',
          cancelled_by: b.cancelledBy,
          late_fee_cents: b.lateFeeCents,
          cancel_reason: b.reason,
          cancelled_at: b.cancelledAt,
          updated_at: b.cancelledAt,
        }));
        return;
      }
      case 'BookingReminderSent': {
        const b = event.data;
        bookings.update([b.bookingId], (row) => ({ ...row, reminded_for: b.startsAt, reminded_at: b.remindedAt }));
        return;
      }
      case 'BookingCompleted': {
        const b = event.data;
        bookings.update([b.bookingId], (row) => ({
          ...row,
          status: 'completed',
          completed_at: b.completedAt,
          updated_at: b.completedAt,
        }));
        return;
      }
      case 'WorkOrderPosted': {
        const w = event.data;
        if (workOrders.get([w.workOrderId])) return;
        workOrders.put({
          work_order_id: w.workOrderId,
          customer_id: w.customerId,
          title: w.title,
          status: 'open',
          contractor_id: null,
          price_cents: null,
          updated_at: w.postedAt,
        });
        return;
      }
      case 'WorkOrderEdited': {
        const w = event.data;
        workOrders.update([w.workOrderId], (row) => ({ ...row, title: w.title, updated_at: w.editedAt }));
        return;
      }
      case 'WorkOrderAwarded': {
        const w = event.data;
        workOrders.update([w.workOrderId], (row) => ({
          ...row,
          status: 'awarded',
          contractor_id: w.contractorId,
          price_cents: w.priceCents,
          updated_at: w.awardedAt,
        }));
        return;
      }
      case 'WorkOrderCancelled': {
        const w = event.data;
        workOrders.update([w.workOrderId], (row) => ({ ...row, status: 'cancelled', updated_at: w.cancelledAt }));
        return;
      }
      default:
        return event satisfies never;
    }
  },
});

/** A row of rm_bookings as the fold writes it (column names; timestamps as ISO text). */
type BookingRecord = {
  booking_id: string;
  contractor_id: string;
  customer_id: string;
  status: BookingStatus;
  starts_at: string;
  ends_at: string;
  time_zone: string;
  customer_time_zone: string;
  work_order_id: string | null;
  offering_id: string | null;
  price_cents: number | null;
  note: string | null;
  decline_reason: string | null;
  cancel_reason: string | null;
  cancelled_by: string | null;
  late_fee_cents: number | null;
  previous_starts_at: string | null;
  rescheduled_by: string | null;
  reminded_for: string | null;
  requested_at: string;
  confirmed_at: string | null;
  declined_at: string | null;
  rescheduled_at: string | null;
  cancelled_at: string | null;
  reminded_at: string | null;
  completed_at: string | null;
  updated_at: string;
  subscription_id: string | null;
  visit_index: number | null;
};

/** What a new booking holds before anything happens to it (the table's nulls). */
const NEW_BOOKING = {
  decline_reason: null,
  cancel_reason: null,
  cancelled_by: null,
  late_fee_cents: null,
  previous_starts_at: null,
  rescheduled_by: null,
  reminded_for: null,
  confirmed_at: null,
  declined_at: null,
  rescheduled_at: null,
  cancelled_at: null,
  reminded_at: null,
  completed_at: null,
} satisfies Partial<BookingRecord>;

/** A row of rm_booking_work_orders as the fold writes it. */
type BookingWorkOrderRecord = {
  work_order_id: string;
  customer_id: string;
  title: string;
  status: BookableWorkOrder['status'];
  contractor_id: string | null;
  price_cents: number | null;
  updated_at: string;
};

// ─── Queries ─────────────────────────────────────────────────────────────────────────────────

export type BookingRow = {
  id: string;
  contractorId: string;
  customerId: string;
  status: BookingStatus;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  customerTimeZone: string;
  workOrderId: string | null;
  workOrderTitle: string | null;
  offeringId: string | null;
  offeringTitle: string | null;
  priceCents: number | null;
  note: string | null;
  declineReason: string | null;
  cancelReason: string | null;
  cancelledBy: string | null;
  lateFeeCents: number | null;
  previousStartsAt: Date | null;
  rescheduledBy: string | null;
  remindedAt: Date | null;
  requestedAt: Date;
  confirmedAt: Date | null;
  declinedAt: Date | null;
  cancelledAt: Date | null;
  completedAt: Date | null;
};

type SqlBookingRow = {
  booking_id: string;
  contractor_id: string;
  customer_id: string;
  status: BookingStatus;
  starts_at: Date;
  ends_at: Date;
  time_zone: string;
  customer_time_zone: string;
  work_order_id: string | null;
  work_order_title: string | null;
  offering_id: string | null;
  offering_title: string | null;
  price_cents: number | null;
  note: string | null;
  decline_reason: string | null;
  cancel_reason: string | null;
  cancelled_by: string | null;
  late_fee_cents: number | null;
  previous_starts_at: Date | null;
  rescheduled_by: string | null;
  reminded_at: Date | null;
  requested_at: Date;
  confirmed_at: Date | null;
  declined_at: Date | null;
  cancelled_at: Date | null;
  completed_at: Date | null;
};

const toBooking = (r: SqlBookingRow): BookingRow => ({
  id: r.booking_id,
  contractorId: r.contractor_id,
  customerId: r.customer_id,
  status: r.status,
  startsAt: r.starts_at,
  endsAt: r.ends_at,
  timeZone: r.time_zone,
  customerTimeZone: r.customer_time_zone,
  workOrderId: r.work_order_id,
  workOrderTitle: r.work_order_title,
  offeringId: r.offering_id,
  offeringTitle: r.offering_title,
  priceCents: r.price_cents,
  note: r.note,
  declineReason: r.decline_reason,
  cancelReason: r.cancel_reason,
  cancelledBy: r.cancelled_by,
  lateFeeCents: r.late_fee_cents,
  previousStartsAt: r.previous_starts_at,
  rescheduledBy: r.rescheduled_by,
  remindedAt: r.reminded_at,
  requestedAt: r.requested_at,
  confirmedAt: r.confirmed_at,
  declinedAt: r.declined_at,
  cancelledAt: r.cancelled_at,
  completedAt: r.completed_at,
});

/** The booking with the titles of its job and offering (one query, no N+1). */
export async function findBooking(sql: Sql, bookingId: string): Promise<BookingRow | null> {
  const [row] = await sql<SqlBookingRow[]>`
    select b.*, w.title as work_order_title, o.title as offering_title
    from rm_bookings b
    left join rm_booking_work_orders w on w.work_order_id = b.work_order_id
    left join rm_service_offerings o on o.offering_id = b.offering_id
    where b.booking_id = ${bookingId}`;
  return row ? toBooking(row) : null;
}

export const BOOKINGS_LIST_LIMIT = 100;

/**
 * A person's bookings as customer or as contractor. Upcoming: still requested or confirmed and not
 * yet ended, soonest first. Past: ended, completed, declined or cancelled, latest first.
 */
export async function bookingsOf(
  sql: Sql,
  userId: string,
  side: 'customer' | 'contractor',
  when: 'upcoming' | 'past',
  now: Date,
  limit = BOOKINGS_LIST_LIMIT,
): Promise<BookingRow[]> {
  const party = side === 'customer' ? sql`b.customer_id = ${userId}` : sql`b.contractor_id = ${userId}`;
  const rows =
    when === 'upcoming'
      ? await sql<SqlBookingRow[]>`
          select b.*, w.title as work_order_title, o.title as offering_title
          from rm_bookings b
          left join rm_booking_work_orders w on w.work_order_id = b.work_order_id
          left join rm_service_offerings o on o.offering_id = b.offering_id
          where ${party} and b.status in ('requested', 'confirmed') and b.ends_at > ${now}
          order by b.starts_at, b.booking_id limit ${limit}`
      : await sql<SqlBookingRow[]>`
          select b.*, w.title as work_order_title, o.title as offering_title
          from rm_bookings b
          left join rm_booking_work_orders w on w.work_order_id = b.work_order_id
          left join rm_service_offerings o on o.offering_id = b.offering_id
          where ${party} and (b.status not in ('requested', 'confirmed') or b.ends_at <= ${now})
          order by b.starts_at desc, b.booking_id limit ${limit}`;
  return rows.map(toBooking);
}

/** The time a contractor's requested and confirmed bookings hold between two instants (for slots). */
export async function heldIntervals(
  sql: Sql,
  contractorId: string,
  from: Date,
  to: Date,
): Promise<{ bookingId: string; startsAt: string; endsAt: string; status: string }[]> {
  const rows = await sql<{ booking_id: string; starts_at: Date; ends_at: Date; status: string }[]>`
    select booking_id, starts_at, ends_at, status from rm_bookings
    where contractor_id = ${contractorId} and status in ('requested', 'confirmed')
      and starts_at < ${to} and ends_at > ${from}`;
  return rows.map((r) => ({
    bookingId: r.booking_id,
    startsAt: r.starts_at.toISOString(),
    endsAt: r.ends_at.toISOString(),
    status: r.status,
  }));
}

/** Confirmed bookings starting in (now, now + 24 h] that have had no reminder for their start. */
export async function bookingsDueForReminder(
  sql: Sql,
  now: Date,
  limit = 500,
): Promise<{ bookingId: string; contractorId: string }[]> {
  const until = new Date(now.getTime() + 24 * 3_600_000);
  const rows = await sql<{ booking_id: string; contractor_id: string }[]>`
    select booking_id, contractor_id from rm_bookings
    where status = 'confirmed' and starts_at > ${now} and starts_at <= ${until}
      and reminded_for is distinct from starts_at
    order by starts_at limit ${limit}`;
  return rows.map((r) => ({ bookingId: r.booking_id, contractorId: r.contractor_id }));
}

export type BookableWorkOrder = {
  workOrderId: string;
  customerId: string;
  title: string;
  status: 'open' | 'awarded' | 'cancelled';
  contractorId: string | null;
  priceCents: number | null;
  /** The job's active (requested or confirmed) booking, if it has one. */
  activeBookingId: string | null;
};

export async function findBookableWorkOrder(sql: Sql, workOrderId: string): Promise<BookableWorkOrder | null> {
  const [row] = await sql<
    {
      work_order_id: string;
      customer_id: string;
      title: string;
      status: BookableWorkOrder['status'];
      contractor_id: string | null;
      price_cents: number | null;
      active_booking_id: string | null;
    }[]
  >`
    select w.*, (
      select b.booking_id from rm_bookings b
      where b.work_order_id = w.work_order_id and b.status in ('requested', 'confirmed')
      order by b.requested_at desc limit 1
    ) as active_booking_id
    from rm_booking_work_orders w where w.work_order_id = ${workOrderId}`;
  if (!row) return null;
  return {
    workOrderId: row.work_order_id,
    customerId: row.customer_id,
    title: row.title,
    status: row.status,
    contractorId: row.contractor_id,
    priceCents: row.price_cents,
    activeBookingId: row.active_booking_id,
  };
}

/**
 * The late-cancellation fees a work order keeps when it is cancelled: those of its bookings that
 * its customer cancelled late (a contractor's cancellation costs the customer nothing).
 */
export async function lateFeesKept(sql: Sql, workOrderId: string): Promise<number> {
  const [row] = await sql<{ cents: number }[]>`
    select coalesce(sum(b.late_fee_cents), 0)::int as cents
    from rm_bookings b join rm_work_orders w on w.work_order_id::text = b.work_order_id
    where b.work_order_id = ${workOrderId} and b.status = 'cancelled' and b.cancelled_by = w.customer_id`;
  return row?.cents ?? 0;
}
