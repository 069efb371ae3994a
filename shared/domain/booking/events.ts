import { z } from 'zod';
import type { EventSchemas } from '../event-schema.ts';

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
export const weeklyWindowSchema = z.object({
  /** ISO weekday: 1 = Monday … 7 = Sunday. */
  weekday: z.number(),
  /** Local wall-clock time in the calendar's zone, `HH:MM`, 24 h. */
  start: z.string(),
  end: z.string(),
});
export type WeeklyWindow = z.infer<typeof weeklyWindowSchema>;

export const availabilitySetSchema = z.object({
  contractorId: z.string(),
  timeZone: z.string(),
  weekly: z.array(weeklyWindowSchema),
  /** Length of one bookable slot in minutes. */
  slotMinutes: z.number(),
  setAt: z.string(),
});
export type AvailabilitySet = { type: 'AvailabilitySet'; data: z.infer<typeof availabilitySetSchema> };

/** A date that differs from the weekly pattern: closed all day, or open only in the given windows. */
export const availabilityExceptionAddedSchema = z.object({
  contractorId: z.string(),
  /** `YYYY-MM-DD` in the calendar's zone. */
  date: z.string(),
  /** Empty: unavailable that day. */
  windows: z.array(z.object({ start: z.string(), end: z.string() })),
  note: z.string().nullable(),
  addedAt: z.string(),
});
export type AvailabilityExceptionAdded = {
  type: 'AvailabilityExceptionAdded';
  data: z.infer<typeof availabilityExceptionAddedSchema>;
};

export const availabilityExceptionRemovedSchema = z.object({
  contractorId: z.string(),
  date: z.string(),
  removedAt: z.string(),
});
export type AvailabilityExceptionRemoved = {
  type: 'AvailabilityExceptionRemoved';
  data: z.infer<typeof availabilityExceptionRemovedSchema>;
};

export const bookingRequestedSchema = z.object({
  bookingId: z.string(),
  contractorId: z.string(),
  customerId: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** The calendar's zone at request time, and the zone the customer booked from (for display). */
  timeZone: z.string(),
  customerTimeZone: z.string(),
  /** Set when booking an awarded work order (`/schedule/{contractorId}/{jobType}/{jobId}`). */
  workOrderId: z.string().nullable(),
  offeringId: z.string().nullable(),
  /** Agreed price when known (an awarded work order's, or the offering's). */
  priceCents: z.number().nullable(),
  note: z.string().nullable(),
  requestedAt: z.string(),
  /**
   * A visit of a recurring service subscription (shared/domain/recurring): the contractor agreed
   * to the schedule in the subscription's contract, so the visit is confirmed as it is booked.
   */
  recurring: z.object({ subscriptionId: z.string(), visitIndex: z.number() }).optional(),
  /**
   * The contractor accepted this time from the customer's time proposal (shared/domain/booking/
   * time-proposals.ts): agreed by both, so it is confirmed as it is booked, outside weekly hours.
   */
  proposalId: z.string().optional(),
});
export type BookingRequested = { type: 'BookingRequested'; data: z.infer<typeof bookingRequestedSchema> };

export const bookingConfirmedSchema = z.object({
  bookingId: z.string(),
  contractorId: z.string(),
  customerId: z.string(),
  startsAt: z.string(),
  confirmedAt: z.string(),
  /** Confirmed by accepting a time the customer proposed (the customer's notification says so). */
  proposalId: z.string().optional(),
});
export type BookingConfirmed = { type: 'BookingConfirmed'; data: z.infer<typeof bookingConfirmedSchema> };

export const bookingDeclinedSchema = z.object({
  bookingId: z.string(),
  contractorId: z.string(),
  customerId: z.string(),
  reason: z.string().nullable(),
  declinedAt: z.string(),
  /** The start the booking had (added for the notifications' start time; absent in older events). */
  startsAt: z.string().optional(),
});
export type BookingDeclined = { type: 'BookingDeclined'; data: z.infer<typeof bookingDeclinedSchema> };

export const bookingRescheduledSchema = z.object({
  bookingId: z.string(),
  contractorId: z.string(),
  customerId: z.string(),
  previousStartsAt: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  rescheduledBy: z.string(),
  /** A reschedule by the customer needs the contractor's confirmation again. */
  needsConfirmation: z.boolean(),
  rescheduledAt: z.string(),
});
export type BookingRescheduled = { type: 'BookingRescheduled'; data: z.infer<typeof bookingRescheduledSchema> };

export const bookingCancelledSchema = z.object({
  bookingId: z.string(),
  contractorId: z.string(),
  customerId: z.string(),
  cancelledBy: z.string(),
  /** Zero when cancelled more than 24 h before the start (the policy in booking/policy.ts). */
  lateFeeCents: z.number(),
  reason: z.string().nullable(),
  cancelledAt: z.string(),
  /** The start the booking had (added for the notifications' start time; absent in older events). */
  startsAt: z.string().optional(),
});
export type BookingCancelled = { type: 'BookingCancelled'; data: z.infer<typeof bookingCancelledSchema> };

/** Appended once, by the scheduled reminder job, about 24 h before a confirmed booking starts. */
export const bookingReminderSentSchema = z.object({
  bookingId: z.string(),
  contractorId: z.string(),
  customerId: z.string(),
  startsAt: z.string(),
  remindedAt: z.string(),
});
export type BookingReminderSent = { type: 'BookingReminderSent'; data: z.infer<typeof bookingReminderSentSchema> };

/** The work is done. Opens the reviews (and, with the escrow issue, the customer's approval). */
export const bookingCompletedSchema = z.object({
  bookingId: z.string(),
  contractorId: z.string(),
  customerId: z.string(),
  workOrderId: z.string().nullable(),
  completedBy: z.string(),
  completedAt: z.string(),
  /** The start the booking had (added for the notifications' start time; absent in older events). */
  startsAt: z.string().optional(),
});
export type BookingCompleted = { type: 'BookingCompleted'; data: z.infer<typeof bookingCompletedSchema> };

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

export const scheduleEventSchemas = {
  AvailabilitySet: availabilitySetSchema,
  AvailabilityExceptionAdded: availabilityExceptionAddedSchema,
  AvailabilityExceptionRemoved: availabilityExceptionRemovedSchema,
  BookingRequested: bookingRequestedSchema,
  BookingConfirmed: bookingConfirmedSchema,
  BookingDeclined: bookingDeclinedSchema,
  BookingRescheduled: bookingRescheduledSchema,
  BookingCancelled: bookingCancelledSchema,
  BookingReminderSent: bookingReminderSentSchema,
  BookingCompleted: bookingCompletedSchema,
} as const satisfies EventSchemas<ScheduleEvent>;

/**
 * A customer's proposed times for a job whose contractor has published no hours
 * (time-proposals.ts, which decides them): one stream per proposal, `time-proposal-<id>`.
 */
export const timesProposedSchema = z.object({
  proposalId: z.string(),
  workOrderId: z.string(),
  customerId: z.string(),
  contractorId: z.string(),
  /** The message in the job's conversation that lists the times for the contractor. */
  messageId: z.string(),
  /** ISO instants, earliest first. */
  times: z.array(z.string()),
  /** The customer's IANA time zone (absent on proposals made before it was recorded). */
  customerTimeZone: z.string().optional(),
  proposedAt: z.string(),
});
export type TimesProposed = { type: 'TimesProposed'; data: z.infer<typeof timesProposedSchema> };

export type TimeProposalEvent = TimesProposed;

export const timeProposalEventSchemas = {
  TimesProposed: timesProposedSchema,
} as const satisfies EventSchemas<TimeProposalEvent>;

export const scheduleStreamId = (contractorId: string) => `schedule-${contractorId}`;
