import { DateTime } from 'luxon';
import type { z } from 'zod';
import type { AvailabilityException } from '../../../projections/availability.ts';
import type { BookableWorkOrder, BookingRow } from '../../../projections/bookings.ts';
import type { OfferingView } from '../../../projections/catalogue-offerings.ts';
import type { TimeProposalRow } from '../../../projections/time-proposals.ts';
import { localDate, SCHEDULE_LIMITS, type Availability, type Slot } from '../../../shared/domain/booking/calendar.ts';
import type { ScheduleState } from '../../../shared/domain/booking/decider.ts';
import { BOOKING_MESSAGES as M } from '../../../shared/domain/booking/messages.ts';
import {
  cancellationFeeCents,
  CANCELLATION_POLICY,
  freeCancellationUntil,
  lateFeeCents,
  offeringBookingPriceCents,
} from '../../../shared/domain/booking/policy.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../../shared/errors.ts';
import type {
  availabilityView,
  bookingTermsView,
  bookingView,
  commandAnswer,
  scheduleView,
  slotsView,
  timeProposalsView,
} from '../../../shared/http/booking.ts';
import { WORK_ORDER_MESSAGES } from './work-orders.ts';

/**
 * The booking module's views, pure: what its routes answer, built from read-model rows (and the
 * calendar's state for a command's answer). The routes read; these shape.
 */

/** What a closed account shows instead of a name (the UI translates it). */
export const FORMER_MEMBER = 'Former member';
const HOUR_MS = 3_600_000;
/** The zone of a calendar that has no availability yet. */
export const DEFAULT_TIME_ZONE = 'America/Toronto';

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const nameOf = (names: ReadonlyMap<string, string>, id: string) => names.get(id) ?? FORMER_MEMBER;

/** The booking as one of its parties sees it, with what they may do at `now`. */
export function bookingViewOf(
  row: BookingRow,
  viewer: { id: string },
  names: ReadonlyMap<string, string>,
  now: Date,
): z.output<typeof bookingView> {
  const viewerRole = viewer.id === row.contractorId ? ('contractor' as const) : ('customer' as const);
  const active = row.status === 'requested' || row.status === 'confirmed';
  const notStarted = row.startsAt.getTime() > now.getTime();
  const customerTooLateToMove =
    viewerRole === 'customer' &&
    row.status === 'confirmed' &&
    row.startsAt.getTime() - now.getTime() <= CANCELLATION_POLICY.freeHours * HOUR_MS;
  const feeNow =
    active && notStarted
      ? cancellationFeeCents({
          priceCents: row.priceCents,
          startsAt: row.startsAt,
          cancelledAt: now,
          cancelledBy: viewerRole,
          status: row.status as 'requested' | 'confirmed',
        })
      : 0;
  return {
    id: row.id,
    status: row.status,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    timeZone: row.timeZone,
    customerTimeZone: row.customerTimeZone,
    contractor: { id: row.contractorId, name: nameOf(names, row.contractorId) },
    customer: { id: row.customerId, name: nameOf(names, row.customerId) },
    viewerRole,
    workOrder: row.workOrderId ? { id: row.workOrderId, title: row.workOrderTitle } : null,
    offering: row.offeringId ? { id: row.offeringId, title: row.offeringTitle } : null,
    priceCents: row.priceCents,
    note: row.note,
    declineReason: row.declineReason,
    cancelReason: row.cancelReason,
    cancelledBy: row.cancelledBy
      ? row.cancelledBy === row.contractorId
        ? ('contractor' as const)
        : ('customer' as const)
      : null,
    lateFeeCents: row.status === 'cancelled' ? (row.lateFeeCents ?? 0) : null,
    previousStartsAt: iso(row.previousStartsAt),
    awaitingConfirmationOfNewTime: row.status === 'requested' && row.previousStartsAt !== null,
    requestedAt: row.requestedAt.toISOString(),
    confirmedAt: iso(row.confirmedAt),
    declinedAt: iso(row.declinedAt),
    cancelledAt: iso(row.cancelledAt),
    completedAt: iso(row.completedAt),
    remindedAt: iso(row.remindedAt),
    cancellation: {
      freeUntil: freeCancellationUntil(row.startsAt).toISOString(),
      feeIfCancelledNowCents: feeNow,
      lateFeeCents: lateFeeCents(row.priceCents),
    },
    actions: {
      confirm: viewerRole === 'contractor' && row.status === 'requested' && notStarted,
      decline: viewerRole === 'contractor' && row.status === 'requested',
      reschedule: active && notStarted && !customerTooLateToMove,
      cancel: active && notStarted,
      complete: viewerRole === 'contractor' && row.status === 'confirmed' && !notStarted,
    },
  };
}

/** A booking command's answer: the booking as the calendar holds it right after the write. */
export function commandAnswerOf(state: ScheduleState, bookingId: string): z.output<typeof commandAnswer> {
  const booking = state.status === 'open' ? state.bookings[bookingId] : undefined;
  if (!booking) throw new NotFoundError(M.bookingNotFound);
  return { booking: { id: bookingId, status: booking.status, startsAt: booking.startsAt, endsAt: booking.endsAt } };
}

/** The first date (in the calendar's zone) whose exceptions the availability editor shows: today. */
export function exceptionsSince(availability: Availability | null, now: Date): string {
  return localDate(now, availability?.timeZone ?? DEFAULT_TIME_ZONE);
}

/** The availability editor's view: the weekly hours and the exceptions from today on. */
export function availabilityViewOf(
  availability: Availability | null,
  exceptions: AvailabilityException[],
): z.output<typeof availabilityView> {
  return { availability, exceptions };
}

/** What the public schedule page shows of a contractor: only active offerings, priced per booking. */
export function scheduleViewOf(
  contractor: { id: string; name: string | undefined },
  availability: Availability | null,
  offerings: readonly OfferingView[],
): z.output<typeof scheduleView> {
  return {
    contractor: { id: contractor.id, name: contractor.name ?? FORMER_MEMBER },
    timeZone: availability?.timeZone ?? null,
    slotMinutes: availability?.slotMinutes ?? null,
    offerings: offerings
      .filter((o) => o.isActive)
      .map((o) => ({
        id: o.id,
        title: o.title,
        description: o.description,
        pricingModel: o.pricingModel,
        priceCents: o.priceCents,
        bookingPriceCents: availability ? offeringBookingPriceCents(o, availability.slotMinutes) : null,
      })),
    policy: { ...CANCELLATION_POLICY },
  };
}

/** The days a slots query asks for: dates in the viewer's zone `tz`, `from` inclusive, `to` exclusive. */
export type SlotRange = { tz: string; fromDay: DateTime; toDay: DateTime };

/**
 * The range of a slots query: by default the 7 days from today in `tz`; refused (400) when a date
 * does not exist, when `to` is not after `from`, or when it spans more than the limit.
 */
export function slotRangeOf(query: { from?: string; to?: string }, tz: string, now: Date): SlotRange {
  const fromDay = DateTime.fromISO(query.from ?? localDate(now, tz), { zone: tz });
  if (!fromDay.isValid) throw new ValidationError('from must be a date written YYYY-MM-DD');
  const toDay = query.to ? DateTime.fromISO(query.to, { zone: tz }) : fromDay.plus({ days: 7 });
  if (!toDay.isValid) throw new ValidationError('to must be a date written YYYY-MM-DD');
  if (toDay <= fromDay) throw new ValidationError('to must be after from');
  if (toDay.diff(fromDay, 'days').days > SCHEDULE_LIMITS.slotsRangeMaxDays) {
    throw new ValidationError(`Ask for at most ${SCHEDULE_LIMITS.slotsRangeMaxDays} days of slots at a time`);
  }
  return { tz, fromDay, toDay };
}

/** The local dates (in the calendar's zone) whose exceptions can touch the range: one day either side. */
export function exceptionDatesAround(from: Date, to: Date, zone: string): { first: string; last: string } {
  return {
    first: DateTime.fromJSDate(from, { zone }).minus({ days: 1 }).toISODate()!,
    last: DateTime.fromJSDate(to, { zone }).plus({ days: 1 }).toISODate()!,
  };
}

/** The slots answer: each open slot with its local date and start time in the viewer's zone. */
export function slotsViewOf(
  contractorId: string,
  range: SlotRange,
  calendar: { timeZone: string; slotMinutes: number; slots: readonly Slot[] } | null,
): z.output<typeof slotsView> {
  const base = {
    contractorId,
    viewerTimeZone: range.tz,
    from: range.fromDay.toISODate()!,
    to: range.toDay.toISODate()!,
  };
  if (!calendar) return { ...base, timeZone: null, slotMinutes: null, slots: [] };
  const slots = calendar.slots.map((slot) => {
    const local = DateTime.fromISO(slot.startsAt, { zone: range.tz });
    return { ...slot, date: local.toISODate()!, time: local.toFormat('HH:mm') };
  });
  return { ...base, timeZone: calendar.timeZone, slotMinutes: calendar.slotMinutes, slots };
}

/** What booking an awarded job needs, for its customer; refused while it cannot be booked. */
export function bookingTermsOf(order: BookableWorkOrder | null, customerId: string): z.output<typeof bookingTermsView> {
  if (!order) throw new NotFoundError(WORK_ORDER_MESSAGES.notFound);
  if (order.customerId !== customerId) throw new ForbiddenError(WORK_ORDER_MESSAGES.notOwner);
  if (order.status === 'cancelled') throw new ConflictError(WORK_ORDER_MESSAGES.cancelled);
  if (order.status !== 'awarded' || !order.contractorId || order.priceCents === null) {
    throw new ConflictError('This job has no contractor yet.');
  }
  return {
    workOrderId: order.workOrderId,
    jobType: 'work-order' as const,
    title: order.title,
    contractorId: order.contractorId,
    priceCents: order.priceCents,
    activeBookingId: order.activeBookingId,
  };
}

/**
 * A job's time proposals as one of its parties sees them: only those between the viewer and the
 * other party, and whether the job's contractor may still accept a time (none accepted yet, the
 * job awarded, a time at least the minimum lead ahead).
 */
export function timeProposalsViewOf(
  proposals: readonly TimeProposalRow[],
  viewerId: string,
  job: { contractorId: string | null; status: 'open' | 'awarded' | 'cancelled' },
  now: number,
): z.output<typeof timeProposalsView> {
  const isContractor = job.contractorId === viewerId;
  const earliest = now + SCHEDULE_LIMITS.minLeadMinutes * 60_000;
  const answered = proposals.some((p) => p.acceptedBookingId !== null);
  return proposals
    .filter((p) => p.customerId === viewerId || p.contractorId === viewerId)
    .map((p) => ({
      id: p.proposalId,
      times: p.times,
      proposedAt: p.proposedAt,
      accepted:
        p.acceptedBookingId && p.acceptedStartsAt
          ? { bookingId: p.acceptedBookingId, startsAt: p.acceptedStartsAt }
          : null,
      canAccept:
        isContractor &&
        p.contractorId === viewerId &&
        job.status === 'awarded' &&
        !answered &&
        p.times.some((time) => Date.parse(time) >= earliest),
    }));
}
