/**
 * The schedule's limits, formats and states: plain constants, no calendar maths, so that the HTTP
 * shapes (shared/http/booking.ts) and the site can name them without the decider or luxon.
 * calendar.ts and decider.ts re-export them under their old names.
 */
export const SCHEDULE_LIMITS = {
  slotMinutesMin: 30,
  slotMinutesMax: 480,
  /** A booking starts at least this long after it is requested. */
  minLeadMinutes: 60,
  /** …and at most this far ahead. */
  maxAheadDays: 180,
  windowsPerDayMax: 6,
  /** How far ahead an exception date may lie. */
  exceptionAheadDays: 366,
  noteMax: 500,
  reasonMax: 500,
  exceptionNoteMax: 200,
  /** The longest range one slots query may ask for. */
  slotsRangeMaxDays: 42,
} as const;

export const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Whether this runtime's time-zone data knows the IANA zone (what luxon's IANAZone.isValidZone checks). */
export function isValidTimeZone(zone: string): boolean {
  if (!zone) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone }).format();
    return true;
  } catch {
    return false;
  }
}

export const bookingStatuses = ['requested', 'confirmed', 'declined', 'cancelled', 'completed'] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

/** A customer's proposal of times to a contractor who has no weekly hours (time-proposals.ts). */
export const TIME_PROPOSAL_LIMITS = { timesMin: 1, timesMax: 3 } as const;

export const TIME_PROPOSAL_MESSAGES = {
  times: `Propose from ${TIME_PROPOSAL_LIMITS.timesMin} to ${TIME_PROPOSAL_LIMITS.timesMax} different times.`,
  tooSoon: 'Please propose times at least 1 hour from now.',
  tooFarAhead: 'Times can be proposed at most 180 days ahead.',
  hasHours: 'This contractor has published their hours: choose one of their open slots instead.',
  exists: 'This proposal already exists.',
  notFound: 'Time proposal not found.',
  contractorOnly: 'Only the contractor hired for this job can accept a time the customer proposed.',
  partiesOnly: 'Only the customer and the contractor of this job can see the times proposed for it.',
} as const;
