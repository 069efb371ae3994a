import type { Sql, TransactionSql } from '../shared/db/postgres.ts';
import type { ScheduleEvent } from '../shared/domain/booking/events.ts';
import type { ContractEvent } from '../shared/domain/contracts/events.ts';
import type { EscrowEvent } from '../shared/domain/escrow/events.ts';
import {
  locationFsa,
  type WorkMode,
  type WorkOrderDetails,
  type WorkOrderEvent,
} from '../shared/domain/work/events.ts';
import { defineProjection } from '../infrastructure/projections/types.ts';
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

export const workOrdersProjection = defineProjection<WorkOrderEvent | ScheduleEvent | ContractEvent | EscrowEvent>({
  name: WORK_ORDERS_READ_MODEL,
  version: 5,
  handles: [
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
  ],
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
    create index if not exists rm_work_proposals_contractor on rm_work_proposals (contractor_id, submitted_at desc);`,
  reset: 'drop table if exists rm_work_orders, rm_work_proposals',
  async apply(tx, event) {
    switch (event.type) {
      case 'WorkOrderPosted': {
        const o = event.data;
        const place = placeColumns(o);
        await tx`
          insert into rm_work_orders (work_order_id, customer_id, mode, status, direct_contractor_id, title, description,
            category, service, remote, fsa, city, province, lat, lng, budget_min_cents, budget_max_cents,
            preferred_dates, photos, urgent_alert_id, posted_at, updated_at)
          values (${o.workOrderId}, ${o.customerId}, ${o.mode}, 'open', ${o.directContractorId}, ${o.title},
            ${o.description}, ${o.category}, ${o.service}, ${o.remote}, ${place.fsa},
            ${place.city}, ${place.province}, ${place.lat}, ${place.lng}, ${o.budgetMinCents}, ${o.budgetMaxCents},
            ${o.preferredDates}, ${o.photos}, ${o.urgentAlertId ?? null}, ${o.postedAt}, ${o.postedAt})
          on conflict (work_order_id) do nothing`;
        return;
      }
      case 'WorkOrderEdited': {
        const o = event.data;
        const place = placeColumns(o);
        await tx`
          update rm_work_orders set title = ${o.title}, description = ${o.description}, category = ${o.category},
            service = ${o.service}, remote = ${o.remote}, fsa = ${place.fsa},
            city = ${place.city}, province = ${place.province}, lat = ${place.lat}, lng = ${place.lng},
            budget_min_cents = ${o.budgetMinCents}, budget_max_cents = ${o.budgetMaxCents},
            preferred_dates = ${o.preferredDates}, photos = ${o.photos}, updated_at = ${o.editedAt}
          where work_order_id = ${o.workOrderId}`;
        return;
      }
      case 'WorkOrderCancelled':
        await tx`
          update rm_work_orders set status = 'cancelled', cancel_reason = ${event.data.reason},
            updated_at = ${event.data.cancelledAt}
          where work_order_id = ${event.data.workOrderId}`;
        return;
      case 'DirectRequestAccepted':
        // WorkOrderAwarded follows in the same append and sets the status.
        return;
      case 'DirectRequestDeclined':
        await tx`
          update rm_work_orders set status = 'declined', decline_reason = ${event.data.reason},
            updated_at = ${event.data.declinedAt}
          where work_order_id = ${event.data.workOrderId}`;
        return;
      case 'WorkOrderAwarded': {
        const a = event.data;
        await tx`
          update rm_work_orders set status = 'awarded', awarded_contractor_id = ${a.contractorId},
            awarded_proposal_id = ${a.proposalId}, awarded_price_cents = ${a.priceCents},
            agreed_price_cents = ${a.priceCents}, awarded_at = ${a.awardedAt},
            updated_at = ${a.awardedAt}
          where work_order_id = ${a.workOrderId}`;
        return;
      }
      case 'ProposalSubmitted': {
        const p = event.data;
        await tx`
          insert into rm_work_proposals (proposal_id, work_order_id, customer_id, contractor_id, price_cents,
            duration_hours, earliest_start, message, status, submitted_at, updated_at)
          values (${p.proposalId}, ${p.workOrderId}, ${p.customerId}, ${p.contractorId}, ${p.priceCents},
            ${p.durationHours}, ${p.earliestStart}, ${p.message}, 'live', ${p.submittedAt}, ${p.submittedAt})
          on conflict (proposal_id) do nothing`;
        await recount(tx, p.workOrderId);
        return;
      }
      case 'ProposalWithdrawn':
        await setProposalStatus(tx, event.data.workOrderId, event.data.proposalId, 'withdrawn', event.data.withdrawnAt);
        return;
      case 'ProposalAccepted':
        await setProposalStatus(tx, event.data.workOrderId, event.data.proposalId, 'accepted', event.data.acceptedAt);
        return;
      case 'ProposalDeclined':
        await setProposalStatus(tx, event.data.workOrderId, event.data.proposalId, 'declined', event.data.declinedAt);
        return;
      case 'BookingRequested': {
        const b = event.data;
        if (!b.workOrderId) return;
        await tx`
          update rm_work_orders set status = 'scheduled', booking_id = ${b.bookingId}, updated_at = ${b.requestedAt}
          where work_order_id = ${b.workOrderId} and status in ('awarded', 'scheduled')`;
        return;
      }
      case 'BookingDeclined':
      case 'BookingCancelled': {
        const at = event.type === 'BookingDeclined' ? event.data.declinedAt : event.data.cancelledAt;
        await tx`
          update rm_work_orders set status = 'awarded', booking_id = null, updated_at = ${at}
          where booking_id = ${event.data.bookingId} and status = 'scheduled'`;
        return;
      }
      case 'BookingCompleted': {
        const b = event.data;
        if (!b.workOrderId) return;
        await tx`
          update rm_work_orders set status = 'completed', updated_at = ${b.completedAt}
          where work_order_id = ${b.workOrderId} and status in ('awarded', 'scheduled')`;
        return;
      }
      // The job's money (the contract and escrow of a work order share its id; other jobs match no row).
      case 'ContractGenerated':
      case 'ContractRevised': {
        const { terms } = event.data;
        if (terms.jobKind !== 'work-order' || terms.priceCents === null) return;
        await tx`
          update rm_work_orders set agreed_price_cents = ${terms.priceCents} where work_order_id = ${terms.jobId}`;
        return;
      }
      case 'EscrowCreated':
        await tx`
          update rm_work_orders set agreed_price_cents = ${event.data.amountCents}, money_status = 'awaiting-payment',
            updated_at = ${event.data.createdAt}
          where work_order_id = ${event.data.jobId}`;
        return;
      case 'EscrowFunded':
        await setMoneyStatus(tx, event.data.jobId, 'funded', event.data.fundedAt);
        return;
      case 'WorkMarkedComplete':
        await setMoneyStatus(tx, event.data.jobId, 'completed', event.data.completedAt);
        return;
      case 'ChangesRequested':
        await setMoneyStatus(tx, event.data.jobId, 'funded', event.data.requestedAt);
        return;
      case 'EscrowReleased':
        await setMoneyStatus(tx, event.data.jobId, 'released', event.data.releasedAt);
        return;
      case 'EscrowCancelled':
        await setMoneyStatus(tx, event.data.jobId, 'cancelled', event.data.cancelledAt);
        return;
      case 'EscrowRefunded':
        await setMoneyStatus(tx, event.data.jobId, 'refunded', event.data.refundedAt);
        return;
      case 'EscrowFrozen':
        await setMoneyStatus(tx, event.data.jobId, 'disputed', event.data.frozenAt);
        return;
      case 'EscrowDistributed':
        await setMoneyStatus(tx, event.data.jobId, 'decided', event.data.distributedAt);
        return;
    }
  },
});

async function setMoneyStatus(tx: TransactionSql, jobId: string, status: WorkOrderMoneyStatus, at: string) {
  await tx`update rm_work_orders set money_status = ${status}, updated_at = ${at} where work_order_id = ${jobId}`;
}

function placeColumns(details: WorkOrderDetails) {
  const l = details.location;
  return {
    fsa: l ? locationFsa(l) : null,
    city: l?.city ?? null,
    province: l?.province ?? null,
    lat: l?.lat ?? null,
    lng: l?.lng ?? null,
  };
}

async function setProposalStatus(
  tx: TransactionSql,
  workOrderId: string,
  proposalId: string,
  status: ProposalReadStatus,
  at: string,
) {
  await tx`update rm_work_proposals set status = ${status}, updated_at = ${at} where proposal_id = ${proposalId}`;
  await recount(tx, workOrderId);
}

/** Live and accepted proposals: what a bidder sees as "n proposals so far". */
async function recount(tx: TransactionSql, workOrderId: string) {
  await tx`
    update rm_work_orders set proposal_count = (
      select count(*) from rm_work_proposals where work_order_id = ${workOrderId} and status in ('live', 'accepted'))
    where work_order_id = ${workOrderId}`;
}

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
  const rows = await sql<(OrderSqlRow & { total: string })[]>`
    select *, case when remote or lat is null then null else ${distance} end as distance_km,
      count(*) over () as total
    from rm_work_orders ${filters}
    order by ${order}
    limit ${query.limit} offset ${query.offset}`;
  const [counted] =
    rows.length === 0 && query.offset > 0
      ? await sql<{ total: string }[]>`select count(*) as total from rm_work_orders ${filters}`
      : [];
  return {
    total: rows.length > 0 ? Number(rows[0]!.total) : Number(counted?.total ?? 0),
    orders: rows.map(toOrder),
  };
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
