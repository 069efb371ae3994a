import type { Sql } from '../shared/db/postgres.ts';
import type { ScheduleEvent } from '../shared/domain/booking/events.ts';
import type { ContractEvent } from '../shared/domain/contracts/events.ts';
import type { EscrowEvent } from '../shared/domain/escrow/events.ts';
import {
  locationFsa,
  type WorkMode,
  type WorkOrderDetails,
  type WorkOrderEvent,
} from '../shared/domain/work/events.ts';
import { defineFoldedProjection, foldedTable, type FoldedRows } from '../infrastructure/projections/folded-rows.ts';
import type {
  BrowseSort,
  ProposalReadStatus,
  WorkOrderMoneyStatus,
  WorkOrderReadStatus,
} from '../shared/domain/work/read-states.ts';

/**
 * Work orders and their proposals: the customer's list, the contractors' browse (open orders by
 * distance, category and budget), direct requests, my proposals and the comparison table. The
 * order's status also follows the booking contract: a booking for the order makes it 'scheduled'
 * (back to 'awarded' if that booking is declined or cancelled), a completed booking 'completed'.
 * User ids only: names are looked up at read time from the accounts module. Places are kept to
 * their forward sortation area: the full postal code is personal data, looked up for the parties
 * (shared/personal-data/postal-codes.ts); version 3 rebuilt the table without legacy events' codes.
 *
 * Version 5 follows the job's money too (docs/decisions.md, "Dashboards tell the truth"): the
 * agreed price is the accepted bid, then the contract's price (a revision changes it), then what
 * the escrow holds; `money_status` is where that money stands (awaiting payment, funded, work
 * completed, released, disputed, decided by an arbitrator, refunded), null before an escrow opens.
 */
export {
  browseSorts,
  proposalStatuses,
  workOrderMoneyStatuses,
  workOrderStatuses,
  type BrowseSort,
  type ProposalReadStatus,
  type WorkOrderMoneyStatus,
  type WorkOrderReadStatus,
} from '../shared/domain/work/read-states.ts';

export const WORK_ORDERS_READ_MODEL = 'work-orders';

const WORK_ORDERS_HANDLES = [
  'WorkOrderPosted',
  'WorkOrderEdited',
  'WorkOrderCancelled',
  'DirectRequestAccepted',
  'DirectRequestDeclined',
  'ProposalSubmitted',
  'ProposalWithdrawn',
  'ProposalAccepted',
  'ProposalDeclined',
  'WorkOrderAwarded',
  'BookingRequested',
  'BookingDeclined',
  'BookingCancelled',
  'BookingCompleted',
  'ContractGenerated',
  'ContractRevised',
  'EscrowCreated',
  'EscrowFunded',
  'WorkMarkedComplete',
  'ChangesRequested',
  'EscrowReleased',
  'EscrowCancelled',
  'EscrowRefunded',
  'EscrowFrozen',
  'EscrowDistributed',
] as const;

/** The events this read model is built from. */
type WorkOrdersEvent = Extract<
  WorkOrderEvent | ScheduleEvent | ContractEvent | EscrowEvent,
  { type: (typeof WORK_ORDERS_HANDLES)[number] }
>;

/** Where the job's money stands after each escrow event (EscrowCreated also sets the price). */
const MONEY_STATUS_AFTER = {
  EscrowFunded: 'funded',
  WorkMarkedComplete: 'completed',
  ChangesRequested: 'funded',
  EscrowReleased: 'released',
  EscrowCancelled: 'cancelled',
  EscrowRefunded: 'refunded',
  EscrowFrozen: 'disputed',
  EscrowDistributed: 'decided',
} as const satisfies Partial<Record<WorkOrdersEvent['type'], WorkOrderMoneyStatus>>;

/**
 * A fold (infrastructure/projections/folded-rows.ts): each event names the order and proposal rows
 * it touches by id, so a batch or a rebuild loads them once, folds in memory and writes them back
 * once. Two things the per-event SQL reached through other rows are kept where a key reaches them:
 *
 * - "n proposals so far" was a recount of the order's live and accepted proposals after each
 *   proposal event; the fold moves `proposal_count` by the change the event makes instead. Equal,
 *   because a proposal's events are the order's (its stream), after the order was posted, and name
 *   the order the proposal was submitted to.
 * - A declined or cancelled booking names only itself, and set its order back to 'awarded'
 *   (`where booking_id = ...`): `rm_work_order_bookings` keeps the order of each booking requested
 *   for one, and `followedKeys` loads that order. A booking is requested once (its id is unique in
 *   the contractor's calendar), so it leads to one order; its lookup is dropped once it is declined
 *   or cancelled, after which no event of that booking changes the order again.
 *
 * Version 6 made the read model a fold and added the bookings lookup table.
 */
export const workOrdersProjection = defineFoldedProjection<
  WorkOrdersEvent,
  { orders: WorkOrderRecord; proposals: ProposalRecord; bookings: WorkOrderBookingRecord }
>({
  name: WORK_ORDERS_READ_MODEL,
  version: 6,
  rebuildWeight: 9.1,
  handles: WORK_ORDERS_HANDLES,
  schema: `
    create table if not exists rm_work_orders (
      work_order_id uuid primary key,
      customer_id uuid not null,
      mode text not null,
      status text not null,
      direct_contractor_id uuid,
      awarded_contractor_id uuid,
      awarded_proposal_id uuid,
      awarded_price_cents integer,
      agreed_price_cents integer,
      money_status text,
      awarded_at timestamptz,
      booking_id uuid,
      title text not null,
      description text not null,
      category text not null,
      service text,
      remote boolean not null,
      fsa text,
      city text,
      province text,
      lat double precision,
      lng double precision,
      budget_min_cents integer not null,
      budget_max_cents integer not null,
      preferred_dates text[] not null default '{}',
      photos text[] not null default '{}',
      proposal_count integer not null default 0,
      cancel_reason text,
      decline_reason text,
      urgent_alert_id uuid,
      posted_at timestamptz not null,
      updated_at timestamptz not null
    );
    create index if not exists rm_work_orders_customer on rm_work_orders (customer_id, posted_at desc);
    create index if not exists rm_work_orders_direct on rm_work_orders (direct_contractor_id, posted_at desc)
      where direct_contractor_id is not null;
    create index if not exists rm_work_orders_awarded on rm_work_orders (awarded_contractor_id)
      where awarded_contractor_id is not null;
    create index if not exists rm_work_orders_open_recent on rm_work_orders (posted_at desc)
      where status = 'open' and mode = 'bids';
    create index if not exists rm_work_orders_open_category on rm_work_orders (category, posted_at desc)
      where status = 'open' and mode = 'bids';
    create index if not exists rm_work_orders_open_budget on rm_work_orders (budget_max_cents desc)
      where status = 'open' and mode = 'bids';
    create index if not exists rm_work_orders_open_place on rm_work_orders (lat, lng)
      where status = 'open' and mode = 'bids';
    -- The job board's "remote, or inside the box around the place" reads these two as one BitmapOr.
    create index if not exists rm_work_orders_open_category_place on rm_work_orders (category, lat, lng)
      where status = 'open' and mode = 'bids';
    create index if not exists rm_work_orders_open_remote on rm_work_orders (posted_at desc)
      where status = 'open' and mode = 'bids' and remote;
    create index if not exists rm_work_orders_booking on rm_work_orders (booking_id) where booking_id is not null;
    create table if not exists rm_work_proposals (
      proposal_id uuid primary key,
      work_order_id uuid not null,
      customer_id uuid not null,
      contractor_id uuid not null,
      price_cents integer not null,
      duration_hours double precision not null,
      earliest_start text not null,
      message text not null,
      status text not null,
      submitted_at timestamptz not null,
      updated_at timestamptz not null
    );
    create index if not exists rm_work_proposals_order on rm_work_proposals (work_order_id, submitted_at);
    create index if not exists rm_work_proposals_contractor on rm_work_proposals (contractor_id, submitted_at desc);
    create table if not exists rm_work_order_bookings (
      booking_id uuid primary key,
      work_order_id uuid not null
    );`,
  reset: 'drop table if exists rm_work_orders, rm_work_proposals, rm_work_order_bookings',
  tables: {
    orders: foldedTable<WorkOrderRecord>('rm_work_orders', ['work_order_id']),
    proposals: foldedTable<ProposalRecord>('rm_work_proposals', ['proposal_id']),
    bookings: foldedTable<WorkOrderBookingRecord>('rm_work_order_bookings', ['booking_id']),
  },
  keys(event) {
    switch (event.type) {
      case 'WorkOrderPosted':
      case 'WorkOrderEdited':
      case 'WorkOrderCancelled':
      case 'DirectRequestDeclined':
      case 'WorkOrderAwarded':
        return { orders: [[event.data.workOrderId]] };
      case 'DirectRequestAccepted':
        return {};
      case 'ProposalSubmitted':
      case 'ProposalWithdrawn':
      case 'ProposalAccepted':
      case 'ProposalDeclined':
        return { orders: [[event.data.workOrderId]], proposals: [[event.data.proposalId]] };
      case 'BookingRequested':
      case 'BookingCompleted':
        return event.data.workOrderId ? { orders: [[event.data.workOrderId]] } : {};
      case 'BookingDeclined':
      case 'BookingCancelled':
        return { bookings: [[event.data.bookingId]] };
      case 'ContractGenerated':
      case 'ContractRevised': {
        const { terms } = event.data;
        return isWorkOrderPrice(terms) ? { orders: [[terms.jobId]] } : {};
      }
      default:
        // The escrow's events: a work order's escrow has its id (another job's matches no row).
        return { orders: [[event.data.jobId]] };
    }
  },
  followedKeys(event, { bookings }) {
    if (event.type !== 'BookingDeclined' && event.type !== 'BookingCancelled') return {};
    const booked = bookings.get([event.data.bookingId]);
    return booked ? { orders: [[booked.work_order_id]] } : {};
  },
  fold(event, { orders, proposals, bookings }) {
    switch (event.type) {
      case 'WorkOrderPosted': {
        const o = event.data;
        if (orders.get([o.workOrderId])) return;
        orders.put({
          work_order_id: o.workOrderId,
          customer_id: o.customerId,
          mode: o.mode,
          status: 'open',
          direct_contractor_id: o.directContractorId,
          awarded_contractor_id: null,
          awarded_proposal_id: null,
          awarded_price_cents: null,
          agreed_price_cents: null,
          money_status: null,
          awarded_at: null,
          booking_id: null,
          ...detailColumns(o),
          proposal_count: 0,
          cancel_reason: null,
          decline_reason: null,
          urgent_alert_id: o.urgentAlertId ?? null,
          posted_at: o.postedAt,
          updated_at: o.postedAt,
        });
        return;
      }
      case 'WorkOrderEdited': {
        const o = event.data;
        orders.update([o.workOrderId], (row) => ({ ...row, ...detailColumns(o), updated_at: o.editedAt }));
        return;
      }
      case 'WorkOrderCancelled': {
        const c = event.data;
        orders.update([c.workOrderId], (row) => ({
          ...row,
          status: 'cancelled',
          cancel_reason: c.reason,
          updated_at: c.cancelledAt,
        }));
        return;
      }
      case 'DirectRequestAccepted':
        // WorkOrderAwarded follows in the same append and sets the status.
        return;
      case 'DirectRequestDeclined': {
        const d = event.data;
        orders.update([d.workOrderId], (row) => ({
          ...row,
          status: 'declined',
          decline_reason: d.reason,
          updated_at: d.declinedAt,
        }));
        return;
      }
      case 'WorkOrderAwarded': {
        const a = event.data;
        orders.update([a.workOrderId], (row) => ({
          ...row,
          status: 'awarded',
          awarded_contractor_id: a.contractorId,
          awarded_proposal_id: a.proposalId,
          awarded_price_cents: a.priceCents,
          agreed_price_cents: a.priceCents,
          awarded_at: a.awardedAt,
          updated_at: a.awardedAt,
        }));
        return;
      }
      case 'ProposalSubmitted': {
        const p = event.data;
        if (proposals.get([p.proposalId])) return;
        proposals.put({
          proposal_id: p.proposalId,
          work_order_id: p.workOrderId,
          customer_id: p.customerId,
          contractor_id: p.contractorId,
          price_cents: p.priceCents,
          duration_hours: p.durationHours,
          earliest_start: p.earliestStart,
          message: p.message,
          status: 'live',
          submitted_at: p.submittedAt,
          updated_at: p.submittedAt,
        });
        countProposals(orders, p.workOrderId, 1);
        return;
      }
      case 'ProposalWithdrawn':
      case 'ProposalAccepted':
      case 'ProposalDeclined': {
        const [status, at] =
          event.type === 'ProposalWithdrawn'
            ? (['withdrawn', event.data.withdrawnAt] as const)
            : event.type === 'ProposalAccepted'
              ? (['accepted', event.data.acceptedAt] as const)
              : (['declined', event.data.declinedAt] as const);
        const proposal = proposals.get([event.data.proposalId]);
        if (!proposal) return;
        proposals.put({ ...proposal, status, updated_at: at });
        if (sameId(proposal.work_order_id, event.data.workOrderId)) {
          countProposals(orders, event.data.workOrderId, counted(status) - counted(proposal.status));
        }
        return;
      }
      case 'BookingRequested': {
        const b = event.data;
        if (!b.workOrderId) return;
        bookings.put({ booking_id: b.bookingId, work_order_id: b.workOrderId });
        const order = orders.get([b.workOrderId]);
        if (order && (order.status === 'awarded' || order.status === 'scheduled')) {
          orders.put({ ...order, status: 'scheduled', booking_id: b.bookingId, updated_at: b.requestedAt });
        }
        return;
      }
      case 'BookingDeclined':
      case 'BookingCancelled': {
        const { bookingId } = event.data;
        const at = event.type === 'BookingDeclined' ? event.data.declinedAt : event.data.cancelledAt;
        const booked = bookings.get([bookingId]);
        if (!booked) return;
        bookings.delete([bookingId]);
        const order = orders.get([booked.work_order_id]);
        if (order && order.status === 'scheduled' && sameId(order.booking_id, bookingId)) {
          orders.put({ ...order, status: 'awarded', booking_id: null, updated_at: at });
        }
        return;
      }
      case 'BookingCompleted': {
        const b = event.data;
        if (!b.workOrderId) return;
        const order = orders.get([b.workOrderId]);
        if (order && (order.status === 'awarded' || order.status === 'scheduled')) {
          orders.put({ ...order, status: 'completed', updated_at: b.completedAt });
        }
        return;
      }
      // The job's money (the contract and escrow of a work order share its id; other jobs match no row).
      case 'ContractGenerated':
      case 'ContractRevised': {
        const { terms } = event.data;
        if (!isWorkOrderPrice(terms)) return;
        orders.update([terms.jobId], (row) => ({ ...row, agreed_price_cents: terms.priceCents }));
        return;
      }
      case 'EscrowCreated': {
        const e = event.data;
        orders.update([e.jobId], (row) => ({
          ...row,
          agreed_price_cents: e.amountCents,
          money_status: 'awaiting-payment',
          updated_at: e.createdAt,
        }));
        return;
      }
      default: {
        const at = moneyEventTime(event);
        orders.update([event.data.jobId], (row) => ({
          ...row,
          money_status: MONEY_STATUS_AFTER[event.type],
          updated_at: at,
        }));
        return;
      }
    }
  },
});

/** A contract's price the order follows: a work order's, when the terms have one. */
function isWorkOrderPrice<Terms extends { jobKind: string; priceCents: number | null }>(
  terms: Terms,
): terms is Terms & { priceCents: number } {
  return terms.jobKind === 'work-order' && terms.priceCents !== null;
}

type MoneyEvent = Extract<WorkOrdersEvent, { type: keyof typeof MONEY_STATUS_AFTER }>;

function moneyEventTime(event: MoneyEvent): string {
  switch (event.type) {
    case 'EscrowFunded':
      return event.data.fundedAt;
    case 'WorkMarkedComplete':
      return event.data.completedAt;
    case 'ChangesRequested':
      return event.data.requestedAt;
    case 'EscrowReleased':
      return event.data.releasedAt;
    case 'EscrowCancelled':
      return event.data.cancelledAt;
    case 'EscrowRefunded':
      return event.data.refundedAt;
    case 'EscrowFrozen':
      return event.data.frozenAt;
    case 'EscrowDistributed':
      return event.data.distributedAt;
    default:
      return event satisfies never;
  }
}

/** The columns an order's details (posted or edited) set. */
function detailColumns(details: WorkOrderDetails) {
  const l = details.location;
  return {
    title: details.title,
    description: details.description,
    category: details.category,
    service: details.service,
    remote: details.remote,
    fsa: l ? locationFsa(l) : null,
    city: l?.city ?? null,
    province: l?.province ?? null,
    lat: l?.lat ?? null,
    lng: l?.lng ?? null,
    budget_min_cents: details.budgetMinCents,
    budget_max_cents: details.budgetMaxCents,
    preferred_dates: details.preferredDates,
    photos: details.photos,
  };
}

/** Live and accepted proposals: what a bidder sees as "n proposals so far". */
const counted = (status: ProposalReadStatus) => (status === 'live' || status === 'accepted' ? 1 : 0);

function countProposals(orders: FoldedRows<WorkOrderRecord>, workOrderId: string, change: number) {
  if (change !== 0) orders.update([workOrderId], (row) => ({ ...row, proposal_count: row.proposal_count + change }));
}

/** Ids as PostgreSQL compares uuids: an event may write one in capitals, the table keeps lower case. */
const sameId = (a: string | null, b: string) => a !== null && a.toLowerCase() === b.toLowerCase();

/** A row of rm_work_orders as the fold sees it (column names; timestamps as ISO text). */
type WorkOrderRecord = {
  work_order_id: string;
  customer_id: string;
  mode: WorkMode;
  status: WorkOrderReadStatus;
  direct_contractor_id: string | null;
  awarded_contractor_id: string | null;
  awarded_proposal_id: string | null;
  awarded_price_cents: number | null;
  agreed_price_cents: number | null;
  money_status: WorkOrderMoneyStatus | null;
  awarded_at: string | null;
  booking_id: string | null;
  title: string;
  description: string;
  category: string;
  service: string | null;
  remote: boolean;
  fsa: string | null;
  city: string | null;
  province: string | null;
  lat: number | null;
  lng: number | null;
  budget_min_cents: number;
  budget_max_cents: number;
  preferred_dates: string[];
  photos: string[];
  proposal_count: number;
  cancel_reason: string | null;
  decline_reason: string | null;
  urgent_alert_id: string | null;
  posted_at: string;
  updated_at: string;
};

/** A row of rm_work_proposals as the fold sees it. */
type ProposalRecord = {
  proposal_id: string;
  work_order_id: string;
  customer_id: string;
  contractor_id: string;
  price_cents: number;
  duration_hours: number;
  earliest_start: string;
  message: string;
  status: ProposalReadStatus;
  submitted_at: string;
  updated_at: string;
};

/** A booking requested for a work order, until it is declined or cancelled: which order it is for. */
type WorkOrderBookingRecord = {
  booking_id: string;
  work_order_id: string;
};

// ─── Queries ─────────────────────────────────────────────────────────────────────────────────

export type WorkOrderRow = {
  id: string;
  customerId: string;
  mode: WorkMode;
  status: WorkOrderReadStatus;
  directContractorId: string | null;
  awardedContractorId: string | null;
  awardedProposalId: string | null;
  awardedPriceCents: number | null;
  /** The accepted bid, then the contract's price, then what the escrow holds. */
  agreedPriceCents: number | null;
  moneyStatus: WorkOrderMoneyStatus | null;
  bookingId: string | null;
  title: string;
  description: string;
  category: string;
  service: string | null;
  remote: boolean;
  fsa: string | null;
  city: string | null;
  province: string | null;
  lat: number | null;
  lng: number | null;
  budgetMinCents: number;
  budgetMaxCents: number;
  preferredDates: string[];
  photos: string[];
  proposalCount: number;
  cancelReason: string | null;
  declineReason: string | null;
  postedAt: string;
  updatedAt: string;
  /** Kilometres from the point the list was measured from; null without one or for remote work. */
  distanceKm: number | null;
};

type OrderSqlRow = {
  work_order_id: string;
  customer_id: string;
  mode: WorkMode;
  status: WorkOrderReadStatus;
  direct_contractor_id: string | null;
  awarded_contractor_id: string | null;
  awarded_proposal_id: string | null;
  awarded_price_cents: number | null;
  agreed_price_cents: number | null;
  money_status: WorkOrderMoneyStatus | null;
  booking_id: string | null;
  title: string;
  description: string;
  category: string;
  service: string | null;
  remote: boolean;
  fsa: string | null;
  city: string | null;
  province: string | null;
  lat: number | null;
  lng: number | null;
  budget_min_cents: number;
  budget_max_cents: number;
  preferred_dates: string[];
  photos: string[];
  proposal_count: number;
  cancel_reason: string | null;
  decline_reason: string | null;
  posted_at: Date;
  updated_at: Date;
  distance_km?: number | null;
};

const toOrder = (row: OrderSqlRow): WorkOrderRow => ({
  id: row.work_order_id,
  customerId: row.customer_id,
  mode: row.mode,
  status: row.status,
  directContractorId: row.direct_contractor_id,
  awardedContractorId: row.awarded_contractor_id,
  awardedProposalId: row.awarded_proposal_id,
  awardedPriceCents: row.awarded_price_cents,
  agreedPriceCents: row.agreed_price_cents,
  moneyStatus: row.money_status,
  bookingId: row.booking_id,
  title: row.title,
  description: row.description,
  category: row.category,
  service: row.service,
  remote: row.remote,
  fsa: row.fsa,
  city: row.city,
  province: row.province,
  lat: row.lat,
  lng: row.lng,
  budgetMinCents: row.budget_min_cents,
  budgetMaxCents: row.budget_max_cents,
  preferredDates: row.preferred_dates,
  photos: row.photos,
  proposalCount: row.proposal_count,
  cancelReason: row.cancel_reason,
  declineReason: row.decline_reason,
  postedAt: row.posted_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
  distanceKm: row.distance_km ?? null,
});

export async function findWorkOrder(sql: Sql, workOrderId: string): Promise<WorkOrderRow | null> {
  const [row] = await sql<OrderSqlRow[]>`select * from rm_work_orders where work_order_id = ${workOrderId}`;
  return row ? toOrder(row) : null;
}

/** A customer's orders, newest first. */
export async function workOrdersOfCustomer(sql: Sql, customerId: string, limit = 200): Promise<WorkOrderRow[]> {
  const rows = await sql<OrderSqlRow[]>`
    select * from rm_work_orders where customer_id = ${customerId} order by posted_at desc, work_order_id limit ${limit}`;
  return rows.map(toOrder);
}

/** Direct posts sent to a contractor, newest first. */
export async function directRequestsFor(sql: Sql, contractorId: string, limit = 200): Promise<WorkOrderRow[]> {
  const rows = await sql<OrderSqlRow[]>`
    select * from rm_work_orders where direct_contractor_id = ${contractorId}
    order by posted_at desc, work_order_id limit ${limit}`;
  return rows.map(toOrder);
}

export type BrowseQuery = {
  /** The point distances are measured from (a postal code's or city's centroid, GPS, or the contractor's own). */
  origin: { lat: number; lng: number } | null;
  radiusKm: number | null;
  /** Remote work matches any distance (it can be done from anywhere). */
  includeRemote: boolean;
  category: string | null;
  service: string | null;
  /** The order's budget range overlaps [min, max]. */
  budgetMinCents: number | null;
  budgetMaxCents: number | null;
  sort: BrowseSort;
  limit: number;
  offset: number;
};

/** Great-circle kilometres between a row and a point, in SQL (haversine, mean Earth radius). */
function distanceSql(sql: Sql, origin: { lat: number; lng: number }) {
  return sql`(2 * 6371.0088 * asin(least(1, sqrt(
    power(sin(radians(lat - ${origin.lat}::float8) / 2), 2)
    + cos(radians(${origin.lat}::float8)) * cos(radians(lat)) * power(sin(radians(lng - ${origin.lng}::float8) / 2), 2)))))`;
}

/**
 * Open orders that take proposals (mode bids), filtered by distance, category, service and budget.
 * A radius first narrows to a latitude/longitude box the partial index serves, then the exact
 * distance decides.
 */
export async function browseOpenWorkOrders(
  sql: Sql,
  query: BrowseQuery,
): Promise<{ total: number; orders: WorkOrderRow[] }> {
  const { origin, radiusKm } = query;
  const distance = origin ? distanceSql(sql, origin) : sql`null::float8`;
  let near = sql`true`;
  if (origin && radiusKm !== null) {
    const dLat = radiusKm / 111.32;
    const dLng = radiusKm / (111.32 * Math.max(0.05, Math.cos((origin.lat * Math.PI) / 180)));
    const local = sql`(lat between ${origin.lat - dLat} and ${origin.lat + dLat}
      and lng between ${origin.lng - dLng} and ${origin.lng + dLng} and ${distance} <= ${radiusKm})`;
    near = query.includeRemote ? sql`(remote or ${local})` : local;
  }
  const order = {
    newest: sql`posted_at desc, work_order_id`,
    budget: sql`budget_max_cents desc, posted_at desc, work_order_id`,
    distance: origin
      ? sql`distance_km asc nulls last, posted_at desc, work_order_id`
      : sql`posted_at desc, work_order_id`,
  }[query.sort];
  const filters = sql`
    where status = 'open' and mode = 'bids'
      and ${near}
      and (${query.category}::text is null or category = ${query.category})
      and (${query.service}::text is null or service = ${query.service})
      and (${query.budgetMinCents}::int is null or budget_max_cents >= ${query.budgetMinCents})
      and (${query.budgetMaxCents}::int is null or budget_min_cents <= ${query.budgetMaxCents})`;
  // The page and the count apart: `count(*) over ()` on the page's query made PostgreSQL read and
  // sort every matching order in full (thousands in a city's box at 200,000 open orders) to return
  // twenty-four; alone, the page stops at its last row in the index's order and the count reads
  // only the index.
  const [rows, [counted]] = await Promise.all([
    sql<OrderSqlRow[]>`
      select *, case when remote or lat is null then null else ${distance} end as distance_km
      from rm_work_orders ${filters}
      order by ${order}
      limit ${query.limit} offset ${query.offset}`,
    sql<{ total: string }[]>`select count(*) as total from rm_work_orders ${filters}`,
  ]);
  return { total: Number(counted?.total ?? 0), orders: rows.map(toOrder) };
}

export type ProposalRow = {
  id: string;
  workOrderId: string;
  customerId: string;
  contractorId: string;
  priceCents: number;
  durationHours: number;
  earliestStart: string;
  message: string;
  status: ProposalReadStatus;
  submittedAt: string;
  updatedAt: string;
};

type ProposalSqlRow = {
  proposal_id: string;
  work_order_id: string;
  customer_id: string;
  contractor_id: string;
  price_cents: number;
  duration_hours: number;
  earliest_start: string;
  message: string;
  status: ProposalReadStatus;
  submitted_at: Date;
  updated_at: Date;
};

const toProposal = (row: ProposalSqlRow): ProposalRow => ({
  id: row.proposal_id,
  workOrderId: row.work_order_id,
  customerId: row.customer_id,
  contractorId: row.contractor_id,
  priceCents: row.price_cents,
  durationHours: row.duration_hours,
  earliestStart: row.earliest_start,
  message: row.message,
  status: row.status,
  submittedAt: row.submitted_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

export async function findProposal(sql: Sql, proposalId: string): Promise<ProposalRow | null> {
  const [row] = await sql<ProposalSqlRow[]>`select * from rm_work_proposals where proposal_id = ${proposalId}`;
  return row ? toProposal(row) : null;
}

export async function proposalsOfWorkOrder(sql: Sql, workOrderId: string): Promise<ProposalRow[]> {
  const rows = await sql<ProposalSqlRow[]>`
    select * from rm_work_proposals where work_order_id = ${workOrderId} order by submitted_at, proposal_id`;
  return rows.map(toProposal);
}

/** A contractor's proposals with their orders, newest first. */
export async function proposalsOfContractor(
  sql: Sql,
  contractorId: string,
  limit = 200,
): Promise<{ proposal: ProposalRow; order: WorkOrderRow }[]> {
  const rows = await sql<(ProposalSqlRow & { order: OrderSqlRow & { posted_at: string; updated_at: string } })[]>`
    select p.*, to_jsonb(o) as order
    from rm_work_proposals p join rm_work_orders o on o.work_order_id = p.work_order_id
    where p.contractor_id = ${contractorId}
    order by p.submitted_at desc, p.proposal_id limit ${limit}`;
  return rows.map((row) => ({
    proposal: toProposal(row),
    order: toOrder({
      ...row.order,
      posted_at: new Date(row.order.posted_at),
      updated_at: new Date(row.order.updated_at),
    }),
  }));
}

/** The live proposal ids of one contractor on a set of orders (for "you already bid" on a list). */
export async function myProposalsOn(
  sql: Sql,
  contractorId: string,
  workOrderIds: readonly string[],
): Promise<Map<string, ProposalRow>> {
  if (workOrderIds.length === 0) return new Map();
  const rows = await sql<ProposalSqlRow[]>`
    select * from rm_work_proposals
    where contractor_id = ${contractorId} and work_order_id = any(${workOrderIds}::uuid[])
    order by submitted_at`;
  // The latest proposal per order wins (a withdrawn one is followed by its replacement).
  return new Map(rows.map((row) => [row.work_order_id, toProposal(row)]));
}

/**
 * What a contractor used of their plan's monthly allowances since `since` (the month's start):
 * proposals submitted (bid projects) and direct requests they accepted (direct-hire connections).
 */
/** Whether the contractor already bid on this order since `since` (a new bid there is no new project). */
export async function hasBidOnSince(
  sql: Sql,
  contractorId: string,
  workOrderId: string,
  since: Date,
): Promise<boolean> {
  const [row] = await sql<{ found: boolean }[]>`
    select exists (select 1 from rm_work_proposals where contractor_id = ${contractorId}
      and work_order_id = ${workOrderId} and submitted_at >= ${since}) as found`;
  return row!.found;
}

export async function monthlyPlanUsage(
  sql: Sql,
  contractorId: string,
  since: Date,
): Promise<{ bidProjects: number; directHires: number }> {
  const [row] = await sql<{ bidProjects: number; directHires: number }[]>`
    select
      (select count(distinct work_order_id)::int from rm_work_proposals
        where contractor_id = ${contractorId} and submitted_at >= ${since}) as "bidProjects",
      (select count(*)::int from rm_work_orders
        where direct_contractor_id = ${contractorId} and awarded_contractor_id = ${contractorId}
          and awarded_at >= ${since}) as "directHires"`;
  return row!;
}
