/**
 * Scheduling and bookings. A contractor's calendar is one stream, `schedule-<contractorId>`: their
 * availability and every booking on it. "No two bookings overlap" is an invariant over the whole
 * calendar, so it is decided on one state and enforced by the append's expected revision: two
 * requests for one slot at the same instant cannot both be appended.
 *
 * Times are ISO-8601 UTC instants; `timeZone` names the contractor's IANA zone that availability
 * is expressed in. This file is the contract other modules read (messaging, reviews, work orders'
 * status, dashboards, seed): add events or optional fields, never change an existing meaning.
 */
export type WeeklyWindow = {
  /** ISO weekday: 1 = Monday … 7 = Sunday. */
  weekday: number;
  /** Local wall-clock time in the calendar's zone, `HH:MM`, 24 h. */
  start: string;
  end: string;
};

export type AvailabilitySet = {
  type: 'AvailabilitySet';
  data: {
    contractorId: string;
    timeZone: string;
    weekly: WeeklyWindow[];
    /** Length of one bookable slot in minutes. */
    slotMinutes: number;
    setAt: string;
  };
};

/** A date that differs from the weekly pattern: closed all day, or open only in the given windows. */
export type AvailabilityExceptionAdded = {
  type: 'AvailabilityExceptionAdded';
  data: {
    contractorId: string;
    /** `YYYY-MM-DD` in the calendar's zone. */
    date: string;
    /** Empty: unavailable that day. */
    windows: { start: string; end: string }[];
    note: string | null;
    addedAt: string;
  };
};

export type AvailabilityExceptionRemoved = {
  type: 'AvailabilityExceptionRemoved';
  data: { contractorId: string; date: string; removedAt: string };
};

export type BookingRequested = {
  type: 'BookingRequested';
  data: {
    bookingId: string;
    contractorId: string;
    customerId: string;
    startsAt: string;
    endsAt: string;
    /** The calendar's zone at request time, and the zone the customer booked from (for display). */
    timeZone: string;
    customerTimeZone: string;
    /** Set when booking an awarded work order (`/schedule/{contractorId}/{jobType}/{jobId}`). */
    workOrderId: string | null;
    offeringId: string | null;
    /** Agreed price when known (an awarded work order's, or the offering's). */
    priceCents: number | null;
    note: string | null;
    requestedAt: string;
    /**
     * A visit of a recurring service subscription (shared/domain/recurring): the contractor agreed
     * to the schedule in the subscription's contract, so the visit is confirmed as it is booked.
     */
    recurring?: { subscriptionId: string; visitIndex: number };
  };
};

export type BookingConfirmed = {
  type: 'BookingConfirmed';
  data: { bookingId: string; contractorId: string; customerId: string; startsAt: string; confirmedAt: string };
};

export type BookingDeclined = {
  type: 'BookingDeclined';
  data: {
    bookingId: string;
    contractorId: string;
    customerId: string;
    reason: string | null;
    declinedAt: string;
    /** The start the booking had (added for the notifications' start time; absent in older events). */
    startsAt?: string;
  };
};

export type BookingRescheduled = {
  type: 'BookingRescheduled';
  data: {
    bookingId: string;
    contractorId: string;
    customerId: string;
    previousStartsAt: string;
    startsAt: string;
    endsAt: string;
    rescheduledBy: string;
    /** A reschedule by the customer needs the contractor's confirmation again. */
    needsConfirmation: boolean;
    rescheduledAt: string;
  };
};

export type BookingCancelled = {
  type: 'BookingCancelled';
  data: {
    bookingId: string;
    contractorId: string;
    customerId: string;
    cancelledBy: string;
    /** Zero when cancelled more than 24 h before the start (the policy in booking/policy.ts). */
    lateFeeCents: number;
    reason: string | null;
    cancelledAt: string;
    /** The start the booking had (added for the notifications' start time; absent in older events). */
    startsAt?: string;
  };
};

/** Appended once, by the scheduled reminder job, about 24 h before a confirmed booking starts. */
export type BookingReminderSent = {
  type: 'BookingReminderSent';
  data: { bookingId: string; contractorId: string; customerId: string; startsAt: string; remindedAt: string };
};

/** The work is done. Opens the reviews (and, with the escrow issue, the customer's approval). */
export type BookingCompleted = {
  type: 'BookingCompleted';
  data: {
    bookingId: string;
    contractorId: string;
    customerId: string;
    workOrderId: string | null;
    completedBy: string;
    completedAt: string;
    /** The start the booking had (added for the notifications' start time; absent in older events). */
    startsAt?: string;
  };
};

export type ScheduleEvent =
  | AvailabilitySet
  | AvailabilityExceptionAdded
  | AvailabilityExceptionRemoved
  | BookingRequested
  | BookingConfirmed
  | BookingDeclined
  | BookingRescheduled
  | BookingCancelled
  | BookingReminderSent
  | BookingCompleted;

export const scheduleStreamId = (contractorId: string) => `schedule-${contractorId}`;
