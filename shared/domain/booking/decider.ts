import { scheduleEventSchemas } from './events.ts';
import { DateTime } from 'luxon';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../errors.ts';
import { canadianTimeZoneIds } from '../../geo/provinces.ts';
import type { Decider } from '../decider.ts';
import {
  bookingHorizon,
  conflictingBookings,
  isValidDate,
  isValidTimeZone,
  localDate,
  SCHEDULE_LIMITS,
  slotStartingAt,
  windowsProblem,
  type Availability,
  type BookedInterval,
  type CalendarView,
  type TimeWindow,
} from './calendar.ts';
import type {
  AddAvailabilityException,
  CancelBooking,
  CompleteBooking,
  ConfirmBooking,
  DeclineBooking,
  RemoveAvailabilityException,
  RequestBooking,
  RescheduleBooking,
  ScheduleCommand,
  SendReminder,
  SetAvailability,
} from './commands.ts';
import type { ScheduleEvent, WeeklyWindow } from './events.ts';
import type { BookingStatus } from './limits.ts';
import { BOOKING_MESSAGES as M } from './messages.ts';
import { cancellationFeeCents, CANCELLATION_POLICY } from './policy.ts';

/**
 * One contractor's calendar (stream `schedule-<contractorId>`): availability, exceptions and every
 * booking. Deciding a booking on the whole calendar is what makes "no overlap" hold: the append's
 * expected revision turns a simultaneous second request into a retry that sees the first.
 */
export { bookingStatuses, type BookingStatus } from './limits.ts';

export type CalendarBooking = {
  bookingId: string;
  customerId: string;
  startsAt: string;
  endsAt: string;
  status: BookingStatus;
  workOrderId: string | null;
  priceCents: number | null;
  /** The start time the reminder went out for; a reschedule makes a new reminder due. */
  remindedFor: string | null;
};

export type ScheduleState =
  | { status: 'unset' }
  | {
      status: 'open';
      contractorId: string;
      availability: Availability;
      exceptions: Readonly<Record<string, readonly TimeWindow[]>>;
      bookings: Readonly<Record<string, CalendarBooking>>;
    };

type OpenSchedule = Extract<ScheduleState, { status: 'open' }>;

/** The calendar as the slot maths reads it (see calendar.ts `openSlots`). */
export function calendarView(state: OpenSchedule): CalendarView {
  return {
    availability: state.availability,
    exceptions: state.exceptions,
    bookings: Object.values(state.bookings) as BookedInterval[],
  };
}

const HOUR_MS = 3_600_000;
const trimmedOrNull = (text: string | null) => {
  const trimmed = text?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

function checkWindows(windows: readonly TimeWindow[]) {
  if (windows.length > SCHEDULE_LIMITS.windowsPerDayMax) throw new ValidationError(M.tooManyWindows);
  const problem = windowsProblem(windows);
  if (problem) throw new ValidationError(problem);
}

function openCalendar(state: ScheduleState): OpenSchedule {
  if (state.status !== 'open') throw new ValidationError(M.notTakingBookings);
  return state;
}

function bookingOf(state: ScheduleState, bookingId: string): { calendar: OpenSchedule; booking: CalendarBooking } {
  const booking = state.status === 'open' ? state.bookings[bookingId] : undefined;
  if (!booking) throw new NotFoundError(M.bookingNotFound);
  return { calendar: state as OpenSchedule, booking };
}

function partyOf(calendar: OpenSchedule, booking: CalendarBooking, actorId: string): 'customer' | 'contractor' {
  if (actorId === calendar.contractorId) return 'contractor';
  if (actorId === booking.customerId) return 'customer';
  throw new ForbiddenError(M.notAParty);
}

/** The start must be bookable at `now`, inside availability, and free (other than `except`). */
export function checkSlot(calendar: OpenSchedule, startsAt: Date, now: Date, except?: string): { endsAt: Date } {
  const { earliest, latest } = bookingHorizon(now);
  if (Number.isNaN(startsAt.getTime())) throw new ValidationError(M.outsideAvailability);
  if (startsAt.getTime() < earliest) throw new ValidationError(M.tooSoon);
  if (startsAt.getTime() > latest) throw new ValidationError(M.tooFarAhead);
  const slot = slotStartingAt(calendar, startsAt);
  if (!slot) throw new ValidationError(M.outsideAvailability);
  if (conflictingBookings(calendarView(calendar).bookings, slot, except).length > 0) {
    throw new ConflictError(M.slotTaken);
  }
  return { endsAt: new Date(slot.end) };
}

const parties = (calendar: OpenSchedule, booking: CalendarBooking) => ({
  bookingId: booking.bookingId,
  contractorId: calendar.contractorId,
  customerId: booking.customerId,
});

// ─── Availability ────────────────────────────────────────────────────────────────────────────

export function setAvailability(command: SetAvailability, state: ScheduleState): ScheduleEvent[] {
  if (state.status === 'open' && state.contractorId !== command.contractorId) throw new ForbiddenError();
  if (!(canadianTimeZoneIds as readonly string[]).includes(command.timeZone)) throw new ValidationError(M.timeZone);
  const { slotMinutes } = command;
  if (
    !Number.isInteger(slotMinutes) ||
    slotMinutes < SCHEDULE_LIMITS.slotMinutesMin ||
    slotMinutes > SCHEDULE_LIMITS.slotMinutesMax
  ) {
    throw new ValidationError(M.slotMinutes);
  }
  for (const w of command.weekly) {
    if (!Number.isInteger(w.weekday) || w.weekday < 1 || w.weekday > 7) throw new ValidationError(M.weekday);
  }
  for (let weekday = 1; weekday <= 7; weekday++) checkWindows(command.weekly.filter((w) => w.weekday === weekday));
  const weekly: WeeklyWindow[] = command.weekly
    .map(({ weekday, start, end }) => ({ weekday, start, end }))
    .sort((a, b) => a.weekday - b.weekday || a.start.localeCompare(b.start));
  return [
    {
      type: 'AvailabilitySet',
      data: {
        contractorId: command.contractorId,
        timeZone: command.timeZone,
        weekly,
        slotMinutes,
        setAt: command.now.toISOString(),
      },
    },
  ];
}

export function addAvailabilityException(command: AddAvailabilityException, state: ScheduleState): ScheduleEvent[] {
  if (state.status !== 'open') throw new ValidationError(M.noAvailabilityYet);
  if (state.contractorId !== command.contractorId) throw new ForbiddenError();
  if (!isValidDate(command.date)) throw new ValidationError(M.exceptionDate);
  const zone = state.availability.timeZone;
  const today = localDate(command.now, zone);
  if (command.date < today) throw new ValidationError(M.exceptionPast);
  const last = DateTime.fromISO(today, { zone }).plus({ days: SCHEDULE_LIMITS.exceptionAheadDays }).toISODate()!;
  if (command.date > last) throw new ValidationError(M.exceptionTooFar);
  checkWindows(command.windows);
  const note = trimmedOrNull(command.note);
  if (note && note.length > SCHEDULE_LIMITS.exceptionNoteMax) throw new ValidationError(M.exceptionNote);
  const windows = command.windows
    .map(({ start, end }) => ({ start, end }))
    .sort((a, b) => a.start.localeCompare(b.start));
  return [
    {
      type: 'AvailabilityExceptionAdded',
      data: { contractorId: state.contractorId, date: command.date, windows, note, addedAt: command.now.toISOString() },
    },
  ];
}

export function removeAvailabilityException(
  command: RemoveAvailabilityException,
  state: ScheduleState,
): ScheduleEvent[] {
  if (state.status !== 'open' || !state.exceptions[command.date]) throw new NotFoundError(M.exceptionNotFound);
  if (state.contractorId !== command.contractorId) throw new ForbiddenError();
  return [
    {
      type: 'AvailabilityExceptionRemoved',
      data: { contractorId: state.contractorId, date: command.date, removedAt: command.now.toISOString() },
    },
  ];
}

// ─── Bookings ────────────────────────────────────────────────────────────────────────────────

/** How long a booking at a proposed time lasts when the calendar has no slot length of its own. */
export const PROPOSED_BOOKING_MINUTES = 60;

/**
 * A time the customer proposed, accepted by the contractor: one of the proposal's times, still at
 * least the minimum lead ahead, free on the calendar. Weekly hours do not apply (the contractor has
 * none, or agreed to this time outside them); a calendar without hours yet is an empty one.
 */
function checkProposedTime(
  command: RequestBooking & { proposal: NonNullable<RequestBooking['proposal']> },
  state: ScheduleState,
): { calendar: OpenSchedule; endsAt: Date } {
  const calendar: OpenSchedule =
    state.status === 'open'
      ? state
      : {
          status: 'open',
          contractorId: command.contractorId,
          availability: { timeZone: command.customerTimeZone, weekly: [], slotMinutes: PROPOSED_BOOKING_MINUTES },
          exceptions: {},
          bookings: {},
        };
  const start = command.startsAt.getTime();
  if (Number.isNaN(start) || !command.proposal.times.some((time) => Date.parse(time) === start)) {
    throw new ValidationError(M.notProposedTime);
  }
  const { earliest, latest } = bookingHorizon(command.now);
  if (start < earliest) throw new ConflictError(M.proposedTimePassed);
  if (start > latest) throw new ValidationError(M.tooFarAhead);
  const end = start + calendar.availability.slotMinutes * 60_000;
  if (conflictingBookings(calendarView(calendar).bookings, { start, end }).length > 0) {
    throw new ConflictError(M.slotTaken);
  }
  return { calendar, endsAt: new Date(end) };
}

export function requestBooking(command: RequestBooking, state: ScheduleState): ScheduleEvent[] {
  if (!isValidTimeZone(command.customerTimeZone)) throw new ValidationError(M.viewerTimeZone);
  const { proposal } = command;
  const { calendar, endsAt } = proposal
    ? checkProposedTime({ ...command, proposal }, state)
    : { calendar: openCalendar(state), endsAt: null };
  if (command.customerId === calendar.contractorId) throw new ValidationError(M.ownCalendar);
  if (calendar.bookings[command.bookingId]) throw new ConflictError(M.bookingExists);
  const note = trimmedOrNull(command.note);
  if (note && note.length > SCHEDULE_LIMITS.noteMax) throw new ValidationError(M.note);
  const ends = endsAt ?? checkSlot(calendar, command.startsAt, command.now).endsAt;
  if (
    command.workOrderId &&
    Object.values(calendar.bookings).some(
      (b) => b.workOrderId === command.workOrderId && (b.status === 'requested' || b.status === 'confirmed'),
    )
  ) {
    throw new ConflictError(M.workOrderBooked);
  }
  return [
    {
      type: 'BookingRequested',
      data: {
        bookingId: command.bookingId,
        contractorId: calendar.contractorId,
        customerId: command.customerId,
        startsAt: command.startsAt.toISOString(),
        endsAt: ends.toISOString(),
        timeZone: calendar.availability.timeZone,
        customerTimeZone: command.customerTimeZone,
        workOrderId: command.workOrderId,
        offeringId: command.offeringId,
        priceCents: command.priceCents,
        note,
        requestedAt: command.now.toISOString(),
        ...(command.recurring ? { recurring: command.recurring } : {}),
        ...(proposal ? { proposalId: proposal.proposalId } : {}),
      },
    },
    // A subscription's visit was agreed in its signed contract, a proposed time by the contractor
    // accepting it: nothing left for the contractor to confirm.
    ...(command.recurring || proposal
      ? [
          {
            type: 'BookingConfirmed' as const,
            data: {
              bookingId: command.bookingId,
              contractorId: calendar.contractorId,
              customerId: command.customerId,
              startsAt: command.startsAt.toISOString(),
              confirmedAt: command.now.toISOString(),
              ...(proposal ? { proposalId: proposal.proposalId } : {}),
            },
          },
        ]
      : []),
  ];
}

export function confirmBooking(command: ConfirmBooking, state: ScheduleState): ScheduleEvent[] {
  const { calendar, booking } = bookingOf(state, command.bookingId);
  if (partyOf(calendar, booking, command.actorId) !== 'contractor') throw new ForbiddenError(M.contractorOnly);
  if (booking.status !== 'requested') throw new ConflictError(M.notRequested);
  if (Date.parse(booking.startsAt) <= command.now.getTime()) throw new ConflictError(M.alreadyStarted);
  return [
    {
      type: 'BookingConfirmed',
      data: { ...parties(calendar, booking), startsAt: booking.startsAt, confirmedAt: command.now.toISOString() },
    },
  ];
}

export function declineBooking(command: DeclineBooking, state: ScheduleState): ScheduleEvent[] {
  const { calendar, booking } = bookingOf(state, command.bookingId);
  if (partyOf(calendar, booking, command.actorId) !== 'contractor') throw new ForbiddenError(M.contractorOnly);
  if (booking.status !== 'requested') throw new ConflictError(M.notRequested);
  const reason = trimmedOrNull(command.reason);
  if (reason && reason.length > SCHEDULE_LIMITS.reasonMax) throw new ValidationError(M.reason);
  return [
    {
      type: 'BookingDeclined',
      data: {
        ...parties(calendar, booking),
        reason,
        declinedAt: command.now.toISOString(),
        startsAt: booking.startsAt,
      },
    },
  ];
}

export function rescheduleBooking(command: RescheduleBooking, state: ScheduleState): ScheduleEvent[] {
  const { calendar, booking } = bookingOf(state, command.bookingId);
  const party = partyOf(calendar, booking, command.actorId);
  if (booking.status !== 'requested' && booking.status !== 'confirmed') throw new ConflictError(M.notActive);
  const now = command.now.getTime();
  const currentStart = Date.parse(booking.startsAt);
  if (currentStart <= now) throw new ConflictError(M.alreadyStarted);
  // Moving a confirmed booking at the last minute would dodge the late-cancellation fee.
  if (
    party === 'customer' &&
    booking.status === 'confirmed' &&
    currentStart - now <= CANCELLATION_POLICY.freeHours * HOUR_MS
  ) {
    throw new ConflictError(M.rescheduleTooLate);
  }
  if (command.startsAt.getTime() === currentStart) throw new ValidationError(M.rescheduleSameTime);
  const { endsAt } = checkSlot(calendar, command.startsAt, command.now, booking.bookingId);
  return [
    {
      type: 'BookingRescheduled',
      data: {
        ...parties(calendar, booking),
        previousStartsAt: booking.startsAt,
        startsAt: command.startsAt.toISOString(),
        endsAt: endsAt.toISOString(),
        rescheduledBy: command.actorId,
        // The customer's new time is a new request; the contractor's own move stands confirmed.
        needsConfirmation: party === 'customer',
        rescheduledAt: command.now.toISOString(),
      },
    },
  ];
}

export function cancelBooking(command: CancelBooking, state: ScheduleState): ScheduleEvent[] {
  const { calendar, booking } = bookingOf(state, command.bookingId);
  const party = partyOf(calendar, booking, command.actorId);
  if (booking.status !== 'requested' && booking.status !== 'confirmed') throw new ConflictError(M.notActive);
  const startsAt = new Date(booking.startsAt);
  if (startsAt.getTime() <= command.now.getTime()) throw new ConflictError(M.alreadyStarted);
  const reason = trimmedOrNull(command.reason);
  if (reason && reason.length > SCHEDULE_LIMITS.reasonMax) throw new ValidationError(M.reason);
  const lateFeeCents = cancellationFeeCents({
    priceCents: booking.priceCents,
    startsAt,
    cancelledAt: command.now,
    cancelledBy: party,
    status: booking.status,
  });
  return [
    {
      type: 'BookingCancelled',
      data: {
        ...parties(calendar, booking),
        cancelledBy: command.actorId,
        lateFeeCents,
        reason,
        cancelledAt: command.now.toISOString(),
        startsAt: booking.startsAt,
      },
    },
  ];
}

export function sendReminder(command: SendReminder, state: ScheduleState): ScheduleEvent[] {
  const { calendar, booking } = bookingOf(state, command.bookingId);
  // Exactly once per start time: a second reminder (another worker, an overlapping tick) is a no-op.
  if (booking.status === 'confirmed' && booking.remindedFor === booking.startsAt) return [];
  const untilStart = Date.parse(booking.startsAt) - command.now.getTime();
  if (booking.status !== 'confirmed' || untilStart <= 0 || untilStart > CANCELLATION_POLICY.freeHours * HOUR_MS) {
    throw new ConflictError(M.reminderNotDue);
  }
  return [
    {
      type: 'BookingReminderSent',
      data: { ...parties(calendar, booking), startsAt: booking.startsAt, remindedAt: command.now.toISOString() },
    },
  ];
}

export function completeBooking(command: CompleteBooking, state: ScheduleState): ScheduleEvent[] {
  const { calendar, booking } = bookingOf(state, command.bookingId);
  if (partyOf(calendar, booking, command.actorId) !== 'contractor') throw new ForbiddenError(M.contractorOnly);
  if (booking.status !== 'confirmed') throw new ConflictError(M.notConfirmed);
  if (Date.parse(booking.startsAt) > command.now.getTime()) throw new ValidationError(M.notStartedYet);
  return [
    {
      type: 'BookingCompleted',
      data: {
        ...parties(calendar, booking),
        workOrderId: booking.workOrderId,
        completedBy: command.actorId,
        completedAt: command.now.toISOString(),
        startsAt: booking.startsAt,
      },
    },
  ];
}

// ─── Evolve ──────────────────────────────────────────────────────────────────────────────────

function withBooking(
  state: ScheduleState,
  bookingId: string,
  change: (booking: CalendarBooking) => CalendarBooking,
): ScheduleState {
  if (state.status !== 'open') return state;
  const booking = state.bookings[bookingId];
  if (!booking) return state;
  return { ...state, bookings: { ...state.bookings, [bookingId]: change(booking) } };
}

export function evolve(state: ScheduleState, event: ScheduleEvent): ScheduleState {
  switch (event.type) {
    case 'AvailabilitySet': {
      const { contractorId, timeZone, weekly, slotMinutes } = event.data;
      const availability = { timeZone, weekly, slotMinutes };
      return state.status === 'open'
        ? { ...state, availability }
        : { status: 'open', contractorId, availability, exceptions: {}, bookings: {} };
    }
    case 'AvailabilityExceptionAdded':
      if (state.status !== 'open') return state;
      return { ...state, exceptions: { ...state.exceptions, [event.data.date]: event.data.windows } };
    case 'AvailabilityExceptionRemoved': {
      if (state.status !== 'open') return state;
      const { [event.data.date]: _removed, ...exceptions } = state.exceptions;
      return { ...state, exceptions };
    }
    case 'BookingRequested': {
      const b = event.data;
      // Only an accepted proposed time is booked on a calendar without hours: it opens an empty one.
      if (state.status !== 'open' && !b.proposalId) return state;
      const calendar: OpenSchedule =
        state.status === 'open'
          ? state
          : {
              status: 'open',
              contractorId: b.contractorId,
              availability: { timeZone: b.timeZone, weekly: [], slotMinutes: PROPOSED_BOOKING_MINUTES },
              exceptions: {},
              bookings: {},
            };
      const booking: CalendarBooking = {
        bookingId: b.bookingId,
        customerId: b.customerId,
        startsAt: b.startsAt,
        endsAt: b.endsAt,
        status: 'requested',
        workOrderId: b.workOrderId,
        priceCents: b.priceCents,
        remindedFor: null,
      };
      return { ...calendar, bookings: { ...calendar.bookings, [b.bookingId]: booking } };
    }
    case 'BookingConfirmed':
      return withBooking(state, event.data.bookingId, (b) => ({ ...b, status: 'confirmed' }));
    case 'BookingDeclined':
      return withBooking(state, event.data.bookingId, (b) => ({ ...b, status: 'declined' }));
    case 'BookingRescheduled': {
      const { startsAt, endsAt, needsConfirmation } = event.data;
      return withBooking(state, event.data.bookingId, (b) => ({
        ...b,
        startsAt,
        endsAt,
        status: needsConfirmation ? 'requested' : 'confirmed',
      }));
    }
    case 'BookingCancelled':
      return withBooking(state, event.data.bookingId, (b) => ({ ...b, status: 'cancelled' }));
    case 'BookingReminderSent':
      return withBooking(state, event.data.bookingId, (b) => ({ ...b, remindedFor: event.data.startsAt }));
    case 'BookingCompleted':
      return withBooking(state, event.data.bookingId, (b) => ({ ...b, status: 'completed' }));
    default:
      return state;
  }
}

export const scheduleDecider: Decider<ScheduleState, ScheduleCommand, ScheduleEvent> = {
  eventSchemas: scheduleEventSchemas,
  initialState: () => ({ status: 'unset' }),
  evolve,
  decide(command, state) {
    switch (command.type) {
      case 'SetAvailability':
        return setAvailability(command, state);
      case 'AddAvailabilityException':
        return addAvailabilityException(command, state);
      case 'RemoveAvailabilityException':
        return removeAvailabilityException(command, state);
      case 'RequestBooking':
        return requestBooking(command, state);
      case 'ConfirmBooking':
        return confirmBooking(command, state);
      case 'DeclineBooking':
        return declineBooking(command, state);
      case 'RescheduleBooking':
        return rescheduleBooking(command, state);
      case 'CancelBooking':
        return cancelBooking(command, state);
      case 'SendReminder':
        return sendReminder(command, state);
      case 'CompleteBooking':
        return completeBooking(command, state);
      default: {
        const unknown: never = command;
        throw new Error(`Unknown command ${String((unknown as { type: string }).type)}`);
      }
    }
  },
};
