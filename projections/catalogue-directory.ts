import type { Sql } from '../shared/db/postgres.ts';
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
import type { ContractorEvent, OfferingEvent, PricingModel, ServiceArea } from '../shared/domain/catalogue/events.ts';
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
import type { RecordedEventOf } from '../shared/eventstore/typed.ts';
import { distanceKm, lookupCity, type LatLng } from '../shared/geo/index.ts';
import type { ProvinceCode } from '../shared/geo/provinces.ts';
import { centsToDollarString } from './catalogue-offerings.ts';
import {
  defineFoldedProjection,
  foldedTable,
  type FoldedRows,
  type RowKey,
} from '../infrastructure/projections/folded-rows.ts';

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
 * filters and ranks on, written as a fold (infrastructure/projections/folded-rows.ts):
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
 * The derived columns (place, services, categories, prices, search text, rating average, badges)
 * are computed in the fold from the row's own columns whenever those change.
 *
 * Every row a fold touches must be named by an id the event carries, hence the side tables:
 * unanswered booking requests per contractor (an account's closing drops its own), scheduled
 * ends per booking, counted jobs per job, and the listed contractors per service and category in
 * one row (`rm_service_directory_counts`, read whole by the service directory): a contractor's
 * change moves the counts of the services they had and have, which the event does not name.
 * Version 8: the fold, with those two tables replacing rm_directory_booking_requests and
 * rm_service_directory (one row per count key).
 */
export const catalogueDirectoryProjection = defineFoldedProjection<
  DirectoryEvent,
  {
    directory: DirectoryRow;
    requests: OpenRequestsRow;
    ends: BookingEndRow;
    jobs: CompletedJobRow;
    counts: ServiceCountsRow;
  }
>({
  name: 'contractor-directory', // the stored name (checkpoint key), kept when the file was renamed
  version: 8,
  rebuildWeight: 8.9,
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
    create table if not exists rm_directory_open_requests (
      contractor_id uuid primary key,
      requested_at jsonb not null
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
    create table if not exists rm_service_directory_counts (
      id smallint primary key,
      contractors jsonb not null
    );`,
  reset: `
    drop table if exists rm_contractor_directory;
    drop table if exists rm_directory_open_requests;
    drop table if exists rm_directory_booking_requests;
    drop table if exists rm_directory_booking_ends;
    drop table if exists rm_directory_completed_jobs;
    drop table if exists rm_service_directory_counts;
    drop table if exists rm_service_directory;`,
  tables: {
    directory: foldedTable<DirectoryRow>('rm_contractor_directory', ['contractor_id']),
    requests: foldedTable<OpenRequestsRow>('rm_directory_open_requests', ['contractor_id']),
    ends: foldedTable<BookingEndRow>('rm_directory_booking_ends', ['booking_id']),
    jobs: foldedTable<CompletedJobRow>('rm_directory_completed_jobs', ['job_id']),
    counts: foldedTable<ServiceCountsRow>('rm_service_directory_counts', ['id']),
  },
  keys: keysOf,
  fold: foldEvent,
});

// ---------------------------------------------------------------------------------------------
// The rows

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

/** A row of rm_contractor_directory as the fold sees it (timestamps as ISO text, numbers as JSON numbers). */
type DirectoryRow = {
  contractor_id: string;
  location: string | null;
  can_work_remotely: boolean;
  years_of_experience: number | null;
  expertise_statement: string | null;
  offerings: DirectoryOffering[];
  offering_titles: string[];
  service_area: ServiceArea | null;
  place_source: Place['source'] | null;
  fsa: string | null;
  city: string | null;
  province: ProvinceCode | null;
  lat: number | null;
  lng: number | null;
  radius_km: number | null;
  hourly_rate_cents: number | null;
  services: string[];
  categories: string[];
  offers_remote: boolean;
  min_price_cents: number | null;
  rating_sum: number;
  rating_count: number;
  rating_average: number | null;
  completed_jobs: number;
  contractor_cancellations: number;
  answered_requests: number;
  answered_within_day: number;
  on_time_jobs: number;
  scheduled_jobs: number;
  availability: AvailabilitySummary | null;
  has_availability: boolean;
  badges: PerformanceBadge[];
  boosted_until: string | null;
  priority_placement: boolean;
  featured: boolean;
  search_text: string;
  registered_at: string;
  updated_at: string;
};

/** A contractor's booking requests not answered (nor cancelled) yet: booking id (lower case) → requested at. */
type OpenRequestsRow = { contractor_id: string; requested_at: Record<string, string> };

type BookingEndRow = { booking_id: string; ends_at: string };

type CompletedJobRow = {
  job_id: string;
  contractor_id: string;
  counted: boolean;
  scheduled: boolean;
  on_time: boolean;
};

/** The one row of listed contractors per count key ('all', 'category:<slug>', 'service:<slug>'). */
type ServiceCountsRow = { id: number; contractors: Record<string, number> };

const COUNTS_KEY: RowKey = [1];

type Rows = {
  directory: FoldedRows<DirectoryRow>;
  requests: FoldedRows<OpenRequestsRow>;
  ends: FoldedRows<BookingEndRow>;
  jobs: FoldedRows<CompletedJobRow>;
  counts: FoldedRows<ServiceCountsRow>;
};

type Event = RecordedEventOf<DirectoryEvent>;

/** Events that change what a contractor lists (services, place, prices, search text). */
const LISTING_EVENTS = new Set<string>(['ContractorProfileUpdated', 'ContractorServiceAreaSet', ...offeringEventTypes]);

/** Every row the event's fold may read or write, by the ids it carries. */
function keysOf(event: Event): { [Name in keyof Rows]?: readonly RowKey[] } {
  switch (event.type) {
    case 'AccountRegistered':
      return event.data.role === 'contractor' ? { directory: [[event.data.accountId]] } : {};
    case 'AccountClosed':
      return {
        directory: [[event.data.accountId]],
        requests: [[event.data.accountId]],
        counts: [COUNTS_KEY],
      };
    case 'PlanPurchased':
    case 'PlanEnded':
      return { directory: [[event.data.accountId]] };
    case 'BookingRequested':
      return { requests: [[event.data.contractorId]], ends: [[event.data.bookingId]] };
    case 'BookingRescheduled':
      return { ends: [[event.data.bookingId]] };
    case 'BookingConfirmed':
    case 'BookingDeclined':
      return { directory: [[event.data.contractorId]], requests: [[event.data.contractorId]] };
    case 'BookingCancelled':
      return {
        directory: [[event.data.contractorId]],
        requests: [[event.data.contractorId]],
        ends: [[event.data.bookingId]],
      };
    case 'BookingCompleted':
      return {
        directory: [[event.data.contractorId]],
        ends: [[event.data.bookingId]],
        jobs: [[event.data.workOrderId ?? event.data.bookingId]],
      };
    case 'EscrowReleased':
    case 'EscrowDistributed':
      return { directory: [[event.data.contractorId]], jobs: [[event.data.jobId]] };
    default:
      if (!('contractorId' in event.data)) return {};
      return LISTING_EVENTS.has(event.type)
        ? { directory: [[event.data.contractorId]], counts: [COUNTS_KEY] }
        : { directory: [[event.data.contractorId]] };
  }
}

const later = (a: string, b: string) => (Date.parse(b) > Date.parse(a) ? b : a);

function foldEvent(event: Event, rows: Rows): void {
  const { directory } = rows;
  switch (event.type) {
    // Paid placement: the plan's flags and the boost window (the ranking reads both).
    case 'PlanPurchased': {
      const plan = PLANS[event.data.planId];
      directory.update([event.data.accountId], (row) => ({
        ...row,
        priority_placement: plan.hasPriorityPlacement,
        featured: plan.hasFeaturedBadge,
      }));
      return;
    }
    case 'PlanEnded':
      directory.update([event.data.accountId], (row) => ({ ...row, priority_placement: false, featured: false }));
      return;
    case 'BoostPurchased': {
      const { endsAt } = event.data;
      directory.update([event.data.contractorId], (row) => ({
        ...row,
        boosted_until: later(row.boosted_until ?? endsAt, endsAt),
      }));
      return;
    }
    case 'AccountRegistered': {
      const d = event.data;
      if (d.role !== 'contractor' || directory.get([d.accountId])) return;
      directory.put(newContractor(d.accountId, d.registeredAt));
      return;
    }
    case 'AccountClosed': {
      const before = directory.get([event.data.accountId]);
      if (!before) return;
      directory.delete([event.data.accountId]);
      moveCounts(rows.counts, before.services, []);
      rows.requests.delete([event.data.accountId]);
      return;
    }
    case 'BookingRequested': {
      const d = event.data;
      const bookingId = d.bookingId.toLowerCase();
      const open = rows.requests.get([d.contractorId]);
      if (!open?.requested_at[bookingId]) {
        rows.requests.put({
          contractor_id: d.contractorId,
          requested_at: { ...open?.requested_at, [bookingId]: d.requestedAt },
        });
      }
      if (!rows.ends.get([d.bookingId])) rows.ends.put({ booking_id: d.bookingId, ends_at: d.endsAt });
      return;
    }
    case 'BookingRescheduled':
      rows.ends.update([event.data.bookingId], (row) => ({ ...row, ends_at: event.data.endsAt }));
      return;
    case 'BookingCompleted': {
      // On time: marked complete no later than the grace after the scheduled end (the on-time badge).
      const d = event.data;
      const booking = rows.ends.get([d.bookingId]);
      rows.ends.delete([d.bookingId]);
      const onTime =
        booking !== undefined &&
        Date.parse(d.completedAt) <= Date.parse(booking.ends_at) + ON_TIME.graceHours * 3_600_000;
      // A booking for a work order is that order's job: its release must not count it again.
      countJob(rows, d.workOrderId ?? d.bookingId, d.contractorId, { scheduled: true, onTime });
      return;
    }
    case 'EscrowReleased':
      // The customer approved the work (or it was released automatically): the job is done.
      countJob(rows, event.data.jobId, event.data.contractorId, { scheduled: false, onTime: false });
      return;
    case 'EscrowDistributed': {
      // An arbitrator's decision: a share for the contractor completes the job; nothing for them undoes it.
      const d = event.data;
      if (d.contractorGrossCents > 0) countJob(rows, d.jobId, d.contractorId, { scheduled: false, onTime: false });
      else uncountJob(rows, d.jobId, d.contractorId);
      return;
    }
    case 'BookingConfirmed':
    case 'BookingDeclined': {
      // The open request is looked up under the event's contractor: every event of a booking
      // names the booking's one contractor (its stream's decider), so this finds what a lookup
      // by booking id alone would.
      const d = event.data;
      const answeredAt = event.type === 'BookingConfirmed' ? event.data.confirmedAt : event.data.declinedAt;
      const requestedAt = takeRequest(rows.requests, d.contractorId, d.bookingId);
      if (requestedAt === undefined) return;
      const withinDay = Date.parse(answeredAt) - Date.parse(requestedAt) <= 24 * 3_600_000;
      directory.update([d.contractorId], (row) =>
        withStats({
          ...row,
          answered_requests: row.answered_requests + 1,
          answered_within_day: row.answered_within_day + (withinDay ? 1 : 0),
        }),
      );
      return;
    }
    case 'BookingCancelled': {
      // A request cancelled before any answer never counts for or against responsiveness.
      const d = event.data;
      takeRequest(rows.requests, d.contractorId, d.bookingId);
      rows.ends.delete([d.bookingId]);
      if (d.cancelledBy !== d.contractorId) return;
      directory.update([d.contractorId], (row) =>
        withStats({ ...row, contractor_cancellations: row.contractor_cancellations + 1 }),
      );
      return;
    }
    case 'ReviewsPublished': {
      const customerReviews = event.data.reviews.filter((review) => review.side === 'customer');
      if (customerReviews.length === 0) return;
      directory.update([event.data.contractorId], (row) =>
        withStats({
          ...row,
          rating_sum: row.rating_sum + customerReviews.reduce((sum, review) => sum + review.rating, 0),
          rating_count: row.rating_count + customerReviews.length,
        }),
      );
      return;
    }
    case 'AvailabilitySet': {
      const { timeZone, slotMinutes, weekly } = event.data;
      directory.update([event.data.contractorId], (row) => ({
        ...row,
        availability: { timeZone, slotMinutes, weekly },
        has_availability: weekly.length > 0,
      }));
      return;
    }
    case 'ContractorProfileUpdated': {
      const { location, canWorkRemotely, yearsOfExperience, expertiseStatement, updatedAt } = event.data;
      changeListing(rows, event.data.contractorId, (row) => ({
        ...row,
        location,
        can_work_remotely: canWorkRemotely,
        years_of_experience: yearsOfExperience,
        expertise_statement: expertiseStatement,
        updated_at: later(row.updated_at, updatedAt),
      }));
      return;
    }
    case 'ContractorServiceAreaSet': {
      // A legacy event's full postal code is personal data: the directory keeps the FSA only.
      const { contractorId, setAt, postalCode: _postalCode, ...area } = event.data;
      changeListing(rows, contractorId, (row) => ({
        ...row,
        service_area: area,
        updated_at: later(row.updated_at, setAt),
      }));
      return;
    }
    case 'ServiceOfferingCreated':
    case 'ServiceOfferingUpdated':
    case 'ServiceOfferingPaused':
    case 'ServiceOfferingResumed':
    case 'ServiceOfferingBarterSet': {
      // Each offering event carries the whole offering: replace the copy, and list it only while active.
      const o = event.data;
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
      const listed = directory.get([o.contractorId])?.offerings;
      const index = listed?.findIndex((existing) => existing.id === o.offeringId) ?? -1;
      if (index < 0 && !o.isActive) return;
      changeListing(rows, o.contractorId, (row) => {
        const offerings = [...row.offerings];
        if (index >= 0) offerings.splice(index, 1, ...(o.isActive ? [offering] : []));
        else offerings.push(offering);
        return { ...row, offerings, updated_at: later(row.updated_at, offeringChangedAt(event)) };
      });
      return;
    }
    default:
      // Not in `handles`: plan renewals and payment failures, suspensions (a suspension does not change the listing).
      return;
  }
}

/** Removes a booking's open request and returns when it was made (undefined: it was not open). */
function takeRequest(requests: FoldedRows<OpenRequestsRow>, contractorId: string, bookingId: string) {
  const open = requests.get([contractorId]);
  const key = bookingId.toLowerCase();
  const requestedAt = open?.requested_at[key];
  if (!open || requestedAt === undefined) return undefined;
  const { [key]: _answered, ...rest } = open.requested_at;
  if (Object.keys(rest).length === 0) requests.delete([contractorId]);
  else requests.put({ ...open, requested_at: rest });
  return requestedAt;
}

type CountedAs = { scheduled: boolean; onTime: boolean };

/**
 * Counts a completed job once (the first of its booking's completion, its release or a paying
 * arbitration); a job taken back out by an arbitration stays out.
 */
function countJob(rows: Rows, jobId: string, contractorId: string, as: CountedAs) {
  if (rows.jobs.get([jobId])) return;
  rows.jobs.put({
    job_id: jobId,
    contractor_id: contractorId,
    counted: true,
    scheduled: as.scheduled,
    on_time: as.onTime,
  });
  rows.directory.update([contractorId], (row) => moveJob(row, as, 1));
}

/** An arbitration that gave the contractor nothing: the job is not a completed one (now or later). */
function uncountJob(rows: Rows, jobId: string, contractorId: string) {
  const before = rows.jobs.get([jobId]);
  rows.jobs.put({
    job_id: jobId,
    contractor_id: before?.contractor_id ?? contractorId,
    counted: false,
    scheduled: false,
    on_time: false,
  });
  if (!before?.counted) return;
  const as = { scheduled: before.scheduled, onTime: before.on_time };
  rows.directory.update([contractorId], (row) => moveJob(row, as, -1));
}

function moveJob(row: DirectoryRow, as: CountedAs, by: 1 | -1): DirectoryRow {
  return withStats({
    ...row,
    completed_jobs: row.completed_jobs + by,
    scheduled_jobs: row.scheduled_jobs + (as.scheduled ? by : 0),
    on_time_jobs: row.on_time_jobs + (as.onTime ? by : 0),
  });
}

function statsOf(row: DirectoryRow): PerformanceStats {
  return {
    ratingSum: row.rating_sum,
    ratingCount: row.rating_count,
    completedJobs: row.completed_jobs,
    contractorCancellations: row.contractor_cancellations,
    answeredRequests: row.answered_requests,
    answeredWithinDay: row.answered_within_day,
    onTimeJobs: row.on_time_jobs,
    scheduledJobs: row.scheduled_jobs,
  };
}

/** The row with its columns derived from the stats (the rating average, the badges) brought up to date. */
function withStats(row: DirectoryRow): DirectoryRow {
  const { rating_sum: sum, rating_count: count } = row;
  row.rating_average = count ? Math.round((sum / count) * 100) / 100 : null;
  row.badges = earnedBadges(statsOf(row));
  return row;
}

/** Changes what the contractor lists, derives the listing's columns again and moves the service counts. */
function changeListing(rows: Rows, contractorId: string, change: (row: DirectoryRow) => DirectoryRow) {
  const before = rows.directory.get([contractorId]);
  // Events about an account that is closed (or not a contractor) have no row to change.
  if (!before) return;
  const after = withListing(change(before));
  rows.directory.put(after);
  moveCounts(rows.counts, before.services, after.services);
}

function newContractor(contractorId: string, registeredAt: string): DirectoryRow {
  return withStats(
    withListing({
      contractor_id: contractorId,
      location: null,
      can_work_remotely: false,
      years_of_experience: null,
      expertise_statement: null,
      offerings: [],
      offering_titles: [],
      service_area: null,
      place_source: null,
      fsa: null,
      city: null,
      province: null,
      lat: null,
      lng: null,
      radius_km: null,
      hourly_rate_cents: null,
      services: [],
      categories: [],
      offers_remote: false,
      min_price_cents: null,
      rating_sum: 0,
      rating_count: 0,
      rating_average: null,
      completed_jobs: 0,
      contractor_cancellations: 0,
      answered_requests: 0,
      answered_within_day: 0,
      on_time_jobs: 0,
      scheduled_jobs: 0,
      availability: null,
      has_availability: false,
      badges: [],
      boosted_until: null,
      priority_placement: false,
      featured: false,
      search_text: '',
      registered_at: registeredAt,
      updated_at: registeredAt,
    }),
  );
}

function placeOf(row: DirectoryRow): Place | null {
  const area = row.service_area;
  if (area) {
    return { source: 'service-area', ...area };
  }
  // Until a contractor sets a service area, a profile location that names a known city
  // ('Montréal, QC') places them there, with the default radius.
  const city = row.location ? lookupCity(row.location) : null;
  if (!city) return null;
  return { source: 'location', ...city, fsa: null, radiusKm: SERVICE_RADIUS_KM.default };
}

/** The row with the columns derived from its profile, service area and offerings brought up to date. */
function withListing(row: DirectoryRow): DirectoryRow {
  const place = placeOf(row);
  const area = row.service_area;
  const services = [
    ...new Set([...(area?.services ?? []), ...row.offerings.flatMap((o) => (o.service ? [o.service] : []))]),
  ];
  const prices = [
    ...row.offerings.map((o) => o.priceCents),
    ...(area?.hourlyRateCents != null ? [area.hourlyRateCents] : []),
  ];
  const labels = serviceCategories.flatMap((c) =>
    c.services.filter((s) => services.includes(s.slug)).flatMap((s) => [s.en, s.fr, c.en, c.fr]),
  );
  const searchText = fold(
    [
      row.location,
      row.expertise_statement,
      place?.city,
      ...labels,
      ...row.offerings.flatMap((o) => [o.title, o.description]),
    ]
      .filter(Boolean)
      .join(' '),
  );
  return {
    ...row,
    offering_titles: row.offerings.map((o) => o.title),
    place_source: place?.source ?? null,
    fsa: place?.fsa ?? null,
    city: place?.city ?? null,
    province: place?.province ?? null,
    lat: place?.lat ?? null,
    lng: place?.lng ?? null,
    radius_km: place?.radiusKm ?? null,
    hourly_rate_cents: area?.hourlyRateCents ?? null,
    services,
    categories: [...new Set(services.map(categoryOfService).filter((c): c is NonNullable<typeof c> => !!c))],
    offers_remote: row.can_work_remotely || row.offerings.some((o) => o.isRemoteService),
    min_price_cents: prices.length ? Math.min(...prices) : null,
    search_text: searchText,
  };
}

function countKeys(services: readonly string[]): string[] {
  if (services.length === 0) return [];
  const categories = new Set(services.map(categoryOfService).filter(Boolean));
  return ['all', ...[...categories].map((c) => `category:${c}`), ...services.map((s) => `service:${s}`)];
}

/** Moves the listed contractors per key from the services a contractor had to those they have (a key at zero stays). */
function moveCounts(counts: FoldedRows<ServiceCountsRow>, before: readonly string[], after: readonly string[]) {
  const was = new Set(countKeys(before));
  const now = new Set(countKeys(after));
  const added = [...now].filter((key) => !was.has(key));
  const removed = [...was].filter((key) => !now.has(key));
  if (added.length === 0 && removed.length === 0) return;
  const contractors = { ...counts.get(COUNTS_KEY)?.contractors };
  for (const key of added) contractors[key] = (contractors[key] ?? 0) + 1;
  for (const key of removed) contractors[key] = (contractors[key] ?? 0) - 1;
  counts.put({ id: 1, contractors });
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
): Promise<{ total: number; entries: DirectoryEntry[]; changesAt: number | null }> {
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
  // Time alone changes this answer only when a boost among the candidates ends: the ranking
  // puts active boosts first, and an entry says whether it is boosted.
  let changesAt: number | null = null;
  for (const { boostedUntil } of candidates) {
    const ends = boostedUntil === null ? NaN : Date.parse(boostedUntil);
    if (ends > now.getTime() && (changesAt === null || ends < changesAt)) changesAt = ends;
  }
  const details = await entriesById(
    sql,
    page.map((c) => c.id),
    now,
  );
  return {
    total: ranked.length,
    changesAt,
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
  const [row] = await sql<{ contractors: Record<string, number> }[]>`
    select contractors from rm_service_directory_counts where id = 1`;
  return new Map(Object.entries(row?.contractors ?? {}));
}
