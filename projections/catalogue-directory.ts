import type { Sql, TransactionSql } from '../shared/db/postgres.ts';
import type { AccountEvent } from '../shared/domain/accounts/events.ts';
import type { ScheduleEvent, WeeklyWindow } from '../shared/domain/booking/events.ts';
import {
  earnedBadges,
  ON_TIME,
  type PerformanceBadge,
  type PerformanceStats,
} from '../shared/domain/catalogue/badges.ts';
import { categoryOfService, serviceCategories, serviceFromText } from '../shared/domain/catalogue/categories.ts';
import { SERVICE_RADIUS_KM } from '../shared/domain/catalogue/decider.ts';
import type {
  ContractorEvent,
  ContractorProfile,
  OfferingEvent,
  PricingModel,
  ServiceArea,
} from '../shared/domain/catalogue/events.ts';
import { offeringChangedAt, offeringEventTypes } from '../shared/domain/catalogue/events.ts';
import {
  fold,
  rankContractors,
  textMatcher,
  type DirectorySort,
  type RankCandidate,
} from '../shared/domain/catalogue/ranking.ts';
import { PLANS } from '../shared/domain/plans/catalogue.ts';
import type { BoostEvent, PlanEvent } from '../shared/domain/plans/events.ts';
import type { EscrowDistributed, EscrowReleased } from '../shared/domain/escrow/events.ts';
import type { ReviewEvent } from '../shared/domain/reviews/events.ts';
import { distanceKm, lookupCity, type LatLng } from '../shared/geo/index.ts';
import type { ProvinceCode } from '../shared/geo/provinces.ts';
import { centsToDollarString } from './catalogue-offerings.ts';
import { defineProjection } from '../infrastructure/projections/types.ts';

/** The events this read model is built from. */
type DirectoryEvent =
  | AccountEvent
  | ContractorEvent
  | OfferingEvent
  | ReviewEvent
  | ScheduleEvent
  | PlanEvent
  | BoostEvent
  | EscrowReleased
  | EscrowDistributed;

/**
 * The public contractor directory (`GET /api/contractors/browse`, `/api/contractors/:id`,
 * `/api/service-directory`): one row per open contractor account with everything the search
 * filters and ranks on, kept by read-modify-write of one row per event:
 * - profile and active offerings (catalogue), the service area (catalogue);
 * - rating from published customer reviews, completed jobs, the contractor's own cancellations
 *   and how fast they answer booking requests (booking and reviews contracts), hence the badges;
 * - completed jobs, once per job: a booking marked completed, or an escrow released (a work order
 *   won by a bid or a direct request that never had a booking), or an arbitration that paid the
 *   contractor; a job is its work order's id, else its booking's (the escrow's `jobId`), so a
 *   booking for a work order and that order's release are one job. An arbitration that gives the
 *   contractor nothing takes the job back out (version 7, docs/decisions.md, "Completed jobs");
 * - whether they have weekly availability, and its summary;
 * - `boosted_until` and `priority_placement`, written by the plans issue.
 * `rm_service_directory` counts listed contractors per service and category, maintained here so
 * the service directory is one small read.
 */
export const catalogueDirectoryProjection = defineProjection<DirectoryEvent>({
  name: 'contractor-directory', // the stored name (checkpoint key), kept when the file was renamed
  version: 7,
  handles: [
    'AccountRegistered',
    'AccountClosed',
    'ContractorProfileUpdated',
    'ContractorServiceAreaSet',
    ...offeringEventTypes,
    'ReviewsPublished',
    'BookingRequested',
    'BookingConfirmed',
    'BookingDeclined',
    'BookingCancelled',
    'BookingCompleted',
    'BookingRescheduled',
    'EscrowReleased',
    'EscrowDistributed',
    'AvailabilitySet',
    'PlanPurchased',
    'PlanEnded',
    'BoostPurchased',
  ],
  schema: `
    create table if not exists rm_contractor_directory (
      contractor_id uuid primary key,
      location text,
      can_work_remotely boolean not null default false,
      years_of_experience integer,
      expertise_statement text,
      offerings jsonb not null default '[]',
      offering_titles text[] not null default '{}',
      service_area jsonb,
      place_source text,
      fsa text,
      city text,
      province text,
      lat double precision,
      lng double precision,
      radius_km integer,
      hourly_rate_cents bigint,
      services text[] not null default '{}',
      categories text[] not null default '{}',
      offers_remote boolean not null default false,
      min_price_cents bigint,
      rating_sum integer not null default 0,
      rating_count integer not null default 0,
      rating_average numeric(3, 2),
      completed_jobs integer not null default 0,
      contractor_cancellations integer not null default 0,
      answered_requests integer not null default 0,
      answered_within_day integer not null default 0,
      on_time_jobs integer not null default 0,
      scheduled_jobs integer not null default 0,
      availability jsonb,
      has_availability boolean not null default false,
      badges text[] not null default '{}',
      boosted_until timestamptz,
      priority_placement boolean not null default false,
      featured boolean not null default false,
      search_text text not null default '',
      search_vector tsvector generated always as (to_tsvector('simple', search_text)) stored,
      registered_at timestamptz not null,
      updated_at timestamptz not null
    );
    create index if not exists rm_contractor_directory_recent on rm_contractor_directory (updated_at desc);
    create index if not exists rm_contractor_directory_search on rm_contractor_directory using gin (search_vector);
    create index if not exists rm_contractor_directory_services on rm_contractor_directory using gin (services);
    create index if not exists rm_contractor_directory_categories on rm_contractor_directory using gin (categories);
    create index if not exists rm_contractor_directory_badges on rm_contractor_directory using gin (badges);
    create index if not exists rm_contractor_directory_place on rm_contractor_directory (lat, lng) where lat is not null;
    create index if not exists rm_contractor_directory_city on rm_contractor_directory (province, city);
    create index if not exists rm_contractor_directory_rating on rm_contractor_directory (rating_average desc nulls last);
    create table if not exists rm_directory_booking_requests (
      booking_id uuid primary key,
      contractor_id uuid not null,
      requested_at timestamptz not null
    );
    create table if not exists rm_directory_booking_ends (
      booking_id uuid primary key,
      ends_at timestamptz not null
    );
    create table if not exists rm_directory_completed_jobs (
      job_id uuid primary key,
      contractor_id uuid not null,
      counted boolean not null,
      scheduled boolean not null default false,
      on_time boolean not null default false
    );
    create table if not exists rm_service_directory (
      key text primary key,
      contractors integer not null default 0
    );`,
  reset: `
    drop table if exists rm_contractor_directory;
    drop table if exists rm_directory_booking_requests;
    drop table if exists rm_directory_booking_ends;
    drop table if exists rm_directory_completed_jobs;
    drop table if exists rm_service_directory;`,
  async apply(tx, event) {
    switch (event.type) {
      // Paid placement: the plan's flags and the boost window (the ranking reads both).
      case 'PlanPurchased': {
        const plan = PLANS[event.data.planId];
        await tx`
          update rm_contractor_directory set priority_placement = ${plan.hasPriorityPlacement},
            featured = ${plan.hasFeaturedBadge}
          where contractor_id = ${event.data.accountId}`;
        return;
      }
      case 'PlanEnded':
        await tx`
          update rm_contractor_directory set priority_placement = false, featured = false
          where contractor_id = ${event.data.accountId}`;
        return;
      case 'BoostPurchased':
        await tx`
          update rm_contractor_directory
          set boosted_until = greatest(coalesce(boosted_until, ${event.data.endsAt}), ${event.data.endsAt})
          where contractor_id = ${event.data.contractorId}`;
        return;
      case 'AccountRegistered': {
        if (event.data.role !== 'contractor') return;
        if (await load(tx, event.data.accountId)) return;
        await save(tx, null, emptyDoc(event.data.accountId, event.data.registeredAt));
        return;
      }
      case 'AccountClosed': {
        const before = await load(tx, event.data.accountId);
        if (!before) return;
        await save(tx, before, null);
        await tx`delete from rm_directory_booking_requests where contractor_id = ${event.data.accountId}`;
        return;
      }
      case 'BookingRequested': {
        const d = event.data;
        await tx`
          insert into rm_directory_booking_requests (booking_id, contractor_id, requested_at)
          values (${d.bookingId}, ${d.contractorId}, ${d.requestedAt})
          on conflict (booking_id) do nothing`;
        await tx`
          insert into rm_directory_booking_ends (booking_id, ends_at) values (${d.bookingId}, ${d.endsAt})
          on conflict (booking_id) do nothing`;
        return;
      }
      case 'BookingRescheduled':
        await tx`update rm_directory_booking_ends set ends_at = ${event.data.endsAt} where booking_id = ${event.data.bookingId}`;
        return;
      case 'BookingCompleted': {
        // On time: marked complete no later than the grace after the scheduled end (the on-time badge).
        const [booking] = await tx<{ ends_at: Date }[]>`
          delete from rm_directory_booking_ends where booking_id = ${event.data.bookingId} returning ends_at`;
        const onTime =
          booking !== undefined &&
          Date.parse(event.data.completedAt) <= booking.ends_at.getTime() + ON_TIME.graceHours * 3_600_000;
        // A booking for a work order is that order's job: its release must not count it again.
        const d = event.data;
        await countJob(tx, d.workOrderId ?? d.bookingId, d.contractorId, { scheduled: true, onTime });
        return;
      }
      case 'EscrowReleased':
        // The customer approved the work (or it was released automatically): the job is done.
        await countJob(tx, event.data.jobId, event.data.contractorId, { scheduled: false, onTime: false });
        return;
      case 'EscrowDistributed': {
        // An arbitrator's decision: a share for the contractor completes the job; nothing for them undoes it.
        const d = event.data;
        if (d.contractorGrossCents > 0) {
          await countJob(tx, d.jobId, d.contractorId, { scheduled: false, onTime: false });
        } else {
          await uncountJob(tx, d.jobId, d.contractorId);
        }
        return;
      }
      case 'BookingConfirmed':
      case 'BookingDeclined': {
        const d = event.data;
        const answeredAt = event.type === 'BookingConfirmed' ? event.data.confirmedAt : event.data.declinedAt;
        const [request] = await tx<{ requested_at: Date }[]>`
          delete from rm_directory_booking_requests where booking_id = ${d.bookingId} returning requested_at`;
        if (!request) return;
        const withinDay = Date.parse(answeredAt) - request.requested_at.getTime() <= 24 * 3_600_000;
        await change(tx, d.contractorId, (doc) => {
          doc.stats.answeredRequests += 1;
          if (withinDay) doc.stats.answeredWithinDay += 1;
        });
        return;
      }
      case 'BookingCancelled':
        // A request cancelled before any answer never counts for or against responsiveness.
        await tx`delete from rm_directory_booking_requests where booking_id = ${event.data.bookingId}`;
        await tx`delete from rm_directory_booking_ends where booking_id = ${event.data.bookingId}`;
        await change(tx, event.data.contractorId, (doc) => evolve(doc, event));
        return;
      case 'PlanRenewed':
      case 'PlanPaymentFailed':
      case 'PlanCancellationScheduled':
      case 'PlanCancellationWithdrawn':
      case 'AccountSuspended':
      case 'AccountRestored':
        // Not in `handles` (a suspension does not change the listing document).
        return;
      default:
        await change(tx, contractorOf(event), (doc) => evolve(doc, event));
    }
  },
});

// ---------------------------------------------------------------------------------------------
// The document one row holds

export type DirectoryOffering = {
  id: string;
  title: string;
  description: string;
  pricingModel: PricingModel | string;
  priceCents: number;
  price: string;
  isRemoteService: boolean;
  service: string | null;
  /** Open to barter (absent in documents from before barter: false). */
  acceptsBarter?: boolean;
};

export type AvailabilitySummary = { timeZone: string; slotMinutes: number; weekly: WeeklyWindow[] };

type Place = {
  source: 'service-area' | 'location';
  fsa: string | null;
  city: string;
  province: ProvinceCode;
  lat: number;
  lng: number;
  radiusKm: number;
};

type Doc = {
  contractorId: string;
  registeredAt: string;
  updatedAt: string;
  profile: ContractorProfile;
  offerings: DirectoryOffering[];
  serviceArea: ServiceArea | null;
  stats: PerformanceStats;
  availability: AvailabilitySummary | null;
  boostedUntil: string | null;
  priorityPlacement: boolean;
};

type DocEvent = ContractorEvent | OfferingEvent | ReviewEvent | Exclude<ScheduleEvent, { type: 'BookingCompleted' }>;

function emptyDoc(contractorId: string, registeredAt: string): Doc {
  return {
    contractorId,
    registeredAt,
    updatedAt: registeredAt,
    profile: { location: null, canWorkRemotely: false, yearsOfExperience: null, expertiseStatement: null },
    offerings: [],
    serviceArea: null,
    stats: {
      ratingSum: 0,
      ratingCount: 0,
      completedJobs: 0,
      contractorCancellations: 0,
      answeredRequests: 0,
      answeredWithinDay: 0,
      onTimeJobs: 0,
      scheduledJobs: 0,
    },
    availability: null,
    boostedUntil: null,
    priorityPlacement: false,
  };
}

const contractorOf = (event: DocEvent): string => event.data.contractorId;

const later = (a: string, b: string) => (Date.parse(b) > Date.parse(a) ? b : a);

/** One event's effect on a contractor's document (mutates it). */
function evolve(doc: Doc, event: DocEvent): void {
  switch (event.type) {
    case 'ContractorProfileUpdated': {
      const { location, canWorkRemotely, yearsOfExperience, expertiseStatement, updatedAt } = event.data;
      doc.profile = { location, canWorkRemotely, yearsOfExperience, expertiseStatement };
      doc.updatedAt = later(doc.updatedAt, updatedAt);
      return;
    }
    case 'ContractorServiceAreaSet': {
      // A legacy event's full postal code is personal data: the directory keeps the FSA only.
      const { contractorId: _id, setAt, postalCode: _postalCode, ...area } = event.data;
      doc.serviceArea = area;
      doc.updatedAt = later(doc.updatedAt, setAt);
      return;
    }
    case 'ServiceOfferingCreated':
    case 'ServiceOfferingUpdated':
    case 'ServiceOfferingPaused':
    case 'ServiceOfferingResumed':
    case 'ServiceOfferingBarterSet': {
      // Each offering event carries the whole offering: replace the copy, and list it only while active.
      const o = event.data;
      const at = offeringChangedAt(event);
      const index = doc.offerings.findIndex((existing) => existing.id === o.offeringId);
      const offering: DirectoryOffering = {
        id: o.offeringId,
        title: o.title,
        description: o.description,
        pricingModel: o.pricingModel,
        priceCents: o.priceCents,
        price: centsToDollarString(o.priceCents),
        isRemoteService: o.isRemoteService,
        // Offerings from before the taxonomy name their service in the title, if at all.
        service: o.service ?? serviceFromText(o.title),
        acceptsBarter: o.acceptsBarter ?? false,
      };
      if (index >= 0) doc.offerings.splice(index, 1, ...(o.isActive ? [offering] : []));
      else if (o.isActive) doc.offerings.push(offering);
      else return;
      doc.updatedAt = later(doc.updatedAt, at);
      return;
    }
    case 'ReviewsPublished':
      for (const review of event.data.reviews) {
        if (review.side !== 'customer') continue;
        doc.stats.ratingSum += review.rating;
        doc.stats.ratingCount += 1;
      }
      return;
    case 'BookingCancelled':
      if (event.data.cancelledBy === event.data.contractorId) doc.stats.contractorCancellations += 1;
      return;
    case 'AvailabilitySet': {
      const { timeZone, slotMinutes, weekly } = event.data;
      doc.availability = { timeZone, slotMinutes, weekly };
      return;
    }
    default:
      return;
  }
}

function placeOf(doc: Doc): Place | null {
  const area = doc.serviceArea;
  if (area) {
    return { source: 'service-area', ...area };
  }
  // Until a contractor sets a service area, a profile location that names a known city
  // ('Montréal, QC') places them there, with the default radius.
  const city = doc.profile.location ? lookupCity(doc.profile.location) : null;
  if (!city) return null;
  return { source: 'location', ...city, fsa: null, radiusKm: SERVICE_RADIUS_KM.default };
}

function derive(doc: Doc) {
  const place = placeOf(doc);
  const services = [
    ...new Set([...(doc.serviceArea?.services ?? []), ...doc.offerings.flatMap((o) => (o.service ? [o.service] : []))]),
  ];
  const categories = [...new Set(services.map(categoryOfService).filter((c): c is NonNullable<typeof c> => !!c))];
  const prices = [
    ...doc.offerings.map((o) => o.priceCents),
    ...(doc.serviceArea?.hourlyRateCents != null ? [doc.serviceArea.hourlyRateCents] : []),
  ];
  const labels = serviceCategories.flatMap((c) =>
    c.services.filter((s) => services.includes(s.slug)).flatMap((s) => [s.en, s.fr, c.en, c.fr]),
  );
  const searchText = fold(
    [
      doc.profile.location,
      doc.profile.expertiseStatement,
      place?.city,
      ...labels,
      ...doc.offerings.flatMap((o) => [o.title, o.description]),
    ]
      .filter(Boolean)
      .join(' '),
  );
  const { ratingSum, ratingCount } = doc.stats;
  return {
    place,
    services,
    categories,
    minPriceCents: prices.length ? Math.min(...prices) : null,
    offersRemote: doc.profile.canWorkRemotely || doc.offerings.some((o) => o.isRemoteService),
    ratingAverage: ratingCount ? Math.round((ratingSum / ratingCount) * 100) / 100 : null,
    badges: earnedBadges(doc.stats),
    hasAvailability: (doc.availability?.weekly.length ?? 0) > 0,
    searchText,
  };
}

// ---------------------------------------------------------------------------------------------
// Storage

type DocRow = {
  contractor_id: string;
  location: string | null;
  can_work_remotely: boolean;
  years_of_experience: number | null;
  expertise_statement: string | null;
  offerings: DirectoryOffering[];
  service_area: ServiceArea | null;
  rating_sum: number;
  rating_count: number;
  completed_jobs: number;
  contractor_cancellations: number;
  answered_requests: number;
  answered_within_day: number;
  on_time_jobs: number;
  scheduled_jobs: number;
  availability: AvailabilitySummary | null;
  boosted_until: Date | null;
  priority_placement: boolean;
  services: string[];
  registered_at: Date;
  updated_at: Date;
};

async function load(tx: TransactionSql, contractorId: string): Promise<(Doc & { listedServices: string[] }) | null> {
  const [row] = await tx<DocRow[]>`
    select contractor_id, location, can_work_remotely, years_of_experience, expertise_statement, offerings,
      service_area, rating_sum, rating_count, completed_jobs, contractor_cancellations, answered_requests,
      answered_within_day, on_time_jobs, scheduled_jobs, availability, boosted_until, priority_placement, services, registered_at, updated_at
    from rm_contractor_directory where contractor_id = ${contractorId}`;
  if (!row) return null;
  return {
    contractorId: row.contractor_id,
    registeredAt: row.registered_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    profile: {
      location: row.location,
      canWorkRemotely: row.can_work_remotely,
      yearsOfExperience: row.years_of_experience,
      expertiseStatement: row.expertise_statement,
    },
    offerings: row.offerings,
    serviceArea: row.service_area,
    stats: {
      ratingSum: row.rating_sum,
      ratingCount: row.rating_count,
      completedJobs: row.completed_jobs,
      contractorCancellations: row.contractor_cancellations,
      answeredRequests: row.answered_requests,
      answeredWithinDay: row.answered_within_day,
      onTimeJobs: row.on_time_jobs,
      scheduledJobs: row.scheduled_jobs,
    },
    availability: row.availability,
    boostedUntil: row.boosted_until?.toISOString() ?? null,
    priorityPlacement: row.priority_placement,
    listedServices: row.services,
  };
}

type CountedAs = { scheduled: boolean; onTime: boolean };

/**
 * Counts a completed job once (the first of its booking's completion, its release or a paying
 * arbitration); a job taken back out by an arbitration stays out.
 */
async function countJob(tx: TransactionSql, jobId: string, contractorId: string, as: CountedAs) {
  const [added] = await tx<{ job_id: string }[]>`
    insert into rm_directory_completed_jobs (job_id, contractor_id, counted, scheduled, on_time)
    values (${jobId}, ${contractorId}, true, ${as.scheduled}, ${as.onTime})
    on conflict (job_id) do nothing
    returning job_id`;
  if (!added) return;
  await change(tx, contractorId, (doc) => moveJob(doc, as, 1));
}

/** An arbitration that gave the contractor nothing: the job is not a completed one (now or later). */
async function uncountJob(tx: TransactionSql, jobId: string, contractorId: string) {
  const [before] = await tx<{ counted: boolean; scheduled: boolean; on_time: boolean }[]>`
    select counted, scheduled, on_time from rm_directory_completed_jobs where job_id = ${jobId} for update`;
  await tx`
    insert into rm_directory_completed_jobs (job_id, contractor_id, counted) values (${jobId}, ${contractorId}, false)
    on conflict (job_id) do update set counted = false, scheduled = false, on_time = false`;
  if (!before?.counted) return;
  await change(tx, contractorId, (doc) => moveJob(doc, { scheduled: before.scheduled, onTime: before.on_time }, -1));
}

function moveJob(doc: Doc, as: CountedAs, by: 1 | -1) {
  doc.stats.completedJobs += by;
  if (as.scheduled) doc.stats.scheduledJobs += by;
  if (as.onTime) doc.stats.onTimeJobs += by;
}

async function change(tx: TransactionSql, contractorId: string, mutate: (doc: Doc) => void) {
  const before = await load(tx, contractorId);
  // Events about an account that is closed (or not a contractor) have no row to change.
  if (!before) return;
  const after: Doc = structuredClone(before);
  mutate(after);
  await save(tx, before, after);
}

/** Writes `after` (or deletes the row) and moves the service counts by the difference. */
async function save(tx: TransactionSql, before: (Doc & { listedServices: string[] }) | null, after: Doc | null) {
  const was = before?.listedServices ?? [];
  if (!after) {
    await tx`delete from rm_contractor_directory where contractor_id = ${before!.contractorId}`;
    await moveCounts(tx, was, []);
    return;
  }
  const d = derive(after);
  const p = after.profile;
  const row = {
    contractor_id: after.contractorId,
    location: p.location,
    can_work_remotely: p.canWorkRemotely,
    years_of_experience: p.yearsOfExperience,
    expertise_statement: p.expertiseStatement,
    offerings: tx.json(after.offerings),
    offering_titles: after.offerings.map((o) => o.title),
    service_area: after.serviceArea ? tx.json(after.serviceArea) : null,
    place_source: d.place?.source ?? null,
    fsa: d.place?.fsa ?? null,
    city: d.place?.city ?? null,
    province: d.place?.province ?? null,
    lat: d.place?.lat ?? null,
    lng: d.place?.lng ?? null,
    radius_km: d.place?.radiusKm ?? null,
    hourly_rate_cents: after.serviceArea?.hourlyRateCents ?? null,
    services: d.services,
    categories: d.categories,
    offers_remote: d.offersRemote,
    min_price_cents: d.minPriceCents,
    rating_sum: after.stats.ratingSum,
    rating_count: after.stats.ratingCount,
    rating_average: d.ratingAverage,
    completed_jobs: after.stats.completedJobs,
    contractor_cancellations: after.stats.contractorCancellations,
    answered_requests: after.stats.answeredRequests,
    answered_within_day: after.stats.answeredWithinDay,
    on_time_jobs: after.stats.onTimeJobs,
    scheduled_jobs: after.stats.scheduledJobs,
    availability: after.availability ? tx.json(after.availability) : null,
    has_availability: d.hasAvailability,
    badges: d.badges,
    search_text: d.searchText,
    registered_at: after.registeredAt,
    updated_at: after.updatedAt,
  };
  // boosted_until, priority_placement and featured follow the plan and boost events above.
  await tx`
    insert into rm_contractor_directory ${tx(row)}
    on conflict (contractor_id) do update set ${tx(
      row,
      (Object.keys(row) as (keyof typeof row)[]).filter((k) => k !== 'contractor_id'),
    )}`;
  await moveCounts(tx, was, d.services);
}

function countKeys(services: readonly string[]): string[] {
  if (services.length === 0) return [];
  const categories = new Set(services.map(categoryOfService).filter(Boolean));
  return ['all', ...[...categories].map((c) => `category:${c}`), ...services.map((s) => `service:${s}`)];
}

async function moveCounts(tx: TransactionSql, before: readonly string[], after: readonly string[]) {
  const was = new Set(countKeys(before));
  const now = new Set(countKeys(after));
  const deltas = [
    ...[...now].filter((k) => !was.has(k)).map((key) => ({ key, contractors: 1 })),
    ...[...was].filter((k) => !now.has(k)).map((key) => ({ key, contractors: -1 })),
  ];
  if (deltas.length === 0) return;
  await tx`
    insert into rm_service_directory ${tx(deltas)}
    on conflict (key) do update set contractors = rm_service_directory.contractors + excluded.contractors`;
}

// ---------------------------------------------------------------------------------------------
// Queries

export type DirectoryFilters = {
  search?: string;
  category?: string;
  service?: string;
  /** The searched place, and how far from it (0: any distance). */
  near?: LatLng | null;
  distanceKm: number;
  minRating?: number;
  badges?: PerformanceBadge[];
  remote?: boolean;
  maxPriceCents?: number;
  sort: DirectorySort;
  limit: number;
  offset: number;
};

export type DirectoryEntry = {
  id: string;
  location: string | null;
  canWorkRemotely: boolean;
  yearsOfExperience: number | null;
  expertiseStatement: string | null;
  offerings: DirectoryOffering[];
  city: string | null;
  province: ProvinceCode | null;
  fsa: string | null;
  serviceRadiusKm: number | null;
  services: string[];
  categories: string[];
  remote: boolean;
  hourlyRateCents: number | null;
  minPriceCents: number | null;
  rating: { average: number | null; count: number };
  completedJobs: number;
  hasAvailability: boolean;
  badges: PerformanceBadge[];
  boosted: boolean;
  /** When the running boost ends (null: never boosted; in the past: ended). */
  boostedUntil: string | null;
  priorityPlacement: boolean;
  /** The plan's featured badge (Local and up). */
  featured: boolean;
  registeredAt: string;
  distanceKm: number | null;
};

/** More candidates than this are cut to the best-placed and most-reviewed before ranking. */
export const MAX_CANDIDATES = 5000;

const KM_PER_DEGREE = 111.32;

/** Words of a search as a prefix query for the 'simple' text index: 'Ménage rés' → 'menage:* & res:*'. */
export function prefixQuery(search: string): string | null {
  const words = fold(search).split(' ').filter(Boolean).slice(0, 8);
  return words.length ? words.map((w) => `${w}:*`).join(' & ') : null;
}

type CandidateRow = {
  contractor_id: string;
  lat: number | null;
  lng: number | null;
  rating_average: string | null;
  rating_count: number;
  completed_jobs: number;
  boosted_until: Date | null;
  priority_placement: boolean;
  services: string[];
  offering_titles: string[];
  registered_at: Date;
};

/**
 * The directory search: SQL narrows (text index, service, category, badges, rating, price,
 * remote, and a bounding box around the place), the exact distance and `rankContractors` decide
 * the rest, and only the page's rows are read in full.
 */
export async function searchDirectory(
  sql: Sql,
  filters: DirectoryFilters,
  now: Date,
): Promise<{ total: number; entries: DirectoryEntry[] }> {
  const searching = Boolean(filters.search?.trim());
  const text = searching ? prefixQuery(filters.search!) : null;
  const named = searching ? serviceFromText(filters.search!) : null;
  const near = filters.near ?? null;
  const radius = near && filters.distanceKm > 0 ? filters.distanceKm : null;
  let box: { minLat: number; maxLat: number; minLng: number; maxLng: number } | null = null;
  if (near && radius) {
    const dLat = (radius / KM_PER_DEGREE) * 1.01;
    const cos = Math.cos((Math.min(89, Math.abs(near.lat) + dLat) * Math.PI) / 180);
    const dLng = cos > 0.01 ? (radius / (KM_PER_DEGREE * cos)) * 1.01 : 180;
    box = { minLat: near.lat - dLat, maxLat: near.lat + dLat, minLng: near.lng - dLng, maxLng: near.lng + dLng };
  }
  const badges = filters.badges?.length ? filters.badges : null;
  const rows = await sql<CandidateRow[]>`
    select contractor_id, lat, lng, rating_average, rating_count, completed_jobs, boosted_until, priority_placement,
      services, offering_titles, registered_at
    from rm_contractor_directory
    where not exists (
        select 1 from rm_accounts a where a.account_id = contractor_id and a.status = 'suspended'
      )
      ${searching ? sql`and (${text ? sql`search_vector @@ to_tsquery('simple', ${text})` : sql`false`} ${named ? sql`or services @> ${[named]}::text[]` : sql``})` : sql``}
      ${filters.service ? sql`and services @> ${[filters.service]}::text[]` : sql``}
      ${filters.category ? sql`and categories @> ${[filters.category]}::text[]` : sql``}
      ${badges ? sql`and badges @> ${badges}::text[]` : sql``}
      ${filters.minRating ? sql`and rating_average >= ${filters.minRating}` : sql``}
      ${filters.maxPriceCents !== undefined ? sql`and min_price_cents <= ${filters.maxPriceCents}` : sql``}
      ${filters.remote !== undefined ? sql`and offers_remote = ${filters.remote}` : sql``}
      ${box ? sql`and lat between ${box.minLat} and ${box.maxLat} and lng between ${box.minLng} and ${box.maxLng}` : sql``}
    order by priority_placement desc, boosted_until desc nulls last, rating_count desc, contractor_id
    limit ${MAX_CANDIDATES}`;

  const matchText = textMatcher(filters.search);
  const candidates: (RankCandidate & { row: CandidateRow })[] = [];
  for (const row of rows) {
    const at = row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : null;
    const distance = near && at ? Math.round(distanceKm(near, at) * 10) / 10 : null;
    if (radius !== null && (distance === null || distance > radius)) continue;
    candidates.push({
      row,
      id: row.contractor_id,
      boostedUntil: row.boosted_until?.toISOString() ?? null,
      priorityPlacement: row.priority_placement,
      ratingAverage: row.rating_average === null ? null : Number(row.rating_average),
      ratingCount: row.rating_count,
      completedJobs: row.completed_jobs,
      distanceKm: distance,
      textMatch: matchText({ services: row.services, offeringTitles: row.offering_titles }),
      registeredAt: row.registered_at.toISOString(),
    });
  }
  const ranked = rankContractors(candidates, { sort: filters.sort, now });
  const page = ranked.slice(filters.offset, filters.offset + filters.limit);
  const details = await entriesById(
    sql,
    page.map((c) => c.id),
    now,
  );
  return {
    total: ranked.length,
    entries: page.flatMap((c) => {
      const entry = details.get(c.id);
      return entry ? [{ ...entry, distanceKm: c.distanceKm }] : [];
    }),
  };
}

type EntryRow = {
  contractor_id: string;
  location: string | null;
  can_work_remotely: boolean;
  years_of_experience: number | null;
  expertise_statement: string | null;
  offerings: DirectoryOffering[];
  city: string | null;
  province: ProvinceCode | null;
  fsa: string | null;
  radius_km: number | null;
  services: string[];
  categories: string[];
  offers_remote: boolean;
  hourly_rate_cents: string | null;
  min_price_cents: string | null;
  rating_average: string | null;
  rating_count: number;
  completed_jobs: number;
  has_availability: boolean;
  badges: PerformanceBadge[];
  boosted_until: Date | null;
  priority_placement: boolean;
  featured: boolean;
  registered_at: Date;
  availability: AvailabilitySummary | null;
};

function toEntry(row: EntryRow, now: Date): DirectoryEntry {
  return {
    id: row.contractor_id,
    location: row.location,
    canWorkRemotely: row.can_work_remotely,
    yearsOfExperience: row.years_of_experience,
    expertiseStatement: row.expertise_statement,
    offerings: row.offerings,
    city: row.city,
    province: row.province,
    fsa: row.fsa,
    serviceRadiusKm: row.radius_km,
    services: row.services,
    categories: row.categories,
    remote: row.offers_remote,
    hourlyRateCents: row.hourly_rate_cents === null ? null : Number(row.hourly_rate_cents),
    minPriceCents: row.min_price_cents === null ? null : Number(row.min_price_cents),
    rating: { average: row.rating_average === null ? null : Number(row.rating_average), count: row.rating_count },
    completedJobs: row.completed_jobs,
    hasAvailability: row.has_availability,
    badges: row.badges,
    boosted: row.boosted_until !== null && row.boosted_until.getTime() > now.getTime(),
    priorityPlacement: row.priority_placement,
    featured: row.featured,
    boostedUntil: row.boosted_until?.toISOString() ?? null,
    registeredAt: row.registered_at.toISOString(),
    distanceKm: null,
  };
}

const entryColumns = (sql: Sql) => sql`
  contractor_id, location, can_work_remotely, years_of_experience, expertise_statement, offerings, city, province,
  fsa, radius_km, services, categories, offers_remote, hourly_rate_cents, min_price_cents, rating_average,
  rating_count, completed_jobs, has_availability, badges, boosted_until, priority_placement, featured, registered_at,
  availability`;

async function entriesById(sql: Sql, ids: string[], now: Date): Promise<Map<string, DirectoryEntry>> {
  if (ids.length === 0) return new Map();
  const rows = await sql<EntryRow[]>`
    select ${entryColumns(sql)} from rm_contractor_directory where contractor_id = any(${ids}::uuid[])`;
  return new Map(rows.map((row) => [row.contractor_id, toEntry(row, now)]));
}

/** One contractor's public entry, with their availability summary; null when there is none. */
export async function directoryEntry(
  sql: Sql,
  contractorId: string,
  now: Date,
): Promise<(DirectoryEntry & { availability: AvailabilitySummary | null }) | null> {
  // A suspended contractor has no public profile until restored.
  const [row] = await sql<EntryRow[]>`
    select ${entryColumns(sql)} from rm_contractor_directory where contractor_id = ${contractorId}
      and not exists (select 1 from rm_accounts a where a.account_id = ${contractorId} and a.status = 'suspended')`;
  return row ? { ...toEntry(row, now), availability: row.availability } : null;
}

/** The contractor's own service area as they set it (its full postal code is in postal_codes), and what the directory lists now. */
export async function serviceAreaOf(
  sql: Sql,
  contractorId: string,
): Promise<{ serviceArea: ServiceArea | null; canWorkRemotely: boolean; services: string[] } | null> {
  const [row] = await sql<{ service_area: ServiceArea | null; can_work_remotely: boolean; services: string[] }[]>`
    select service_area, can_work_remotely, services from rm_contractor_directory where contractor_id = ${contractorId}`;
  return row ? { serviceArea: row.service_area, canWorkRemotely: row.can_work_remotely, services: row.services } : null;
}

/** Listed contractors per service and per category ('all', 'category:<slug>', 'service:<slug>'). */
export async function serviceDirectoryCounts(sql: Sql): Promise<Map<string, number>> {
  const rows = await sql<{ key: string; contractors: number }[]>`select key, contractors from rm_service_directory`;
  return new Map(rows.map((r) => [r.key, r.contractors]));
}
