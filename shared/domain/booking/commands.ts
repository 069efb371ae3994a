import type { TimeWindow } from './calendar.ts';
import type { WeeklyWindow } from './events.ts';

/**
 * What can be asked of a contractor's calendar. Times, ids and looked-up facts (the agreed price,
 * the work order) arrive in the command; the decider checks them against the calendar's state.
 * `actorId` is the signed-in person; the decider checks which party they are.
 */
export type SetAvailability = {
  type: 'SetAvailability';
  contractorId: string;
  timeZone: string;
  weekly: WeeklyWindow[];
  slotMinutes: number;
  now: Date;
};

export type AddAvailabilityException = {
  type: 'AddAvailabilityException';
  contractorId: string;
  /** `YYYY-MM-DD` in the calendar's zone. */
  date: string;
  /** Empty: closed that day. */
  windows: TimeWindow[];
  note: string | null;
  now: Date;
};

export type RemoveAvailabilityException = {
  type: 'RemoveAvailabilityException';
  contractorId: string;
  date: string;
  now: Date;
};

export type RequestBooking = {
  type: 'RequestBooking';
  bookingId: string;
  contractorId: string;
  customerId: string;
  startsAt: Date;
  /** The zone the customer booked from (validated IANA name), kept for display. */
  customerTimeZone: string;
  workOrderId: string | null;
  offeringId: string | null;
  priceCents: number | null;
  note: string | null;
  /** Set only by the recurring-visits job: the visit is pre-agreed and confirmed at once. */
  recurring?: { subscriptionId: string; visitIndex: number };
  /**
   * Set only when the contractor accepts a time the customer proposed (the route read the proposal
   * from its stream): the start must be one of `times`; it needs no weekly hours, only a free time.
   */
  proposal?: { proposalId: string; times: readonly string[] };
  now: Date;
};

export type ConfirmBooking = { type: 'ConfirmBooking'; bookingId: string; actorId: string; now: Date };

export type DeclineBooking = {
  type: 'DeclineBooking';
  bookingId: string;
  actorId: string;
  reason: string | null;
  now: Date;
};

export type RescheduleBooking = {
  type: 'RescheduleBooking';
  bookingId: string;
  actorId: string;
  startsAt: Date;
  now: Date;
};

export type CancelBooking = {
  type: 'CancelBooking';
  bookingId: string;
  actorId: string;
  reason: string | null;
  now: Date;
};

/** Issued by the scheduled reminder job, not by a person. */
export type SendReminder = { type: 'SendReminder'; bookingId: string; now: Date };

export type CompleteBooking = { type: 'CompleteBooking'; bookingId: string; actorId: string; now: Date };

export type ScheduleCommand =
  | SetAvailability
  | AddAvailabilityException
  | RemoveAvailabilityException
  | RequestBooking
  | ConfirmBooking
  | DeclineBooking
  | RescheduleBooking
  | CancelBooking
  | SendReminder
  | CompleteBooking;
