import { z } from 'zod';
import { canadianTimeZoneIds } from '../geo/provinces.ts';
import {
  bookingStatuses,
  HHMM,
  isValidTimeZone,
  ISO_DATE,
  SCHEDULE_LIMITS,
  TIME_PROPOSAL_LIMITS,
  TIME_PROPOSAL_MESSAGES,
} from '../domain/booking/limits.ts';
import { BOOKING_MESSAGES as M } from '../domain/booking/messages.ts';
import { MESSAGE_LIMITS, MESSAGING_MESSAGES } from '../domain/messaging/limits.ts';

/**
 * The booking module's HTTP shapes (api/modules/booking/): availability, public schedule and
 * slots, booking requests and their answers, and the times a customer proposes. The API validates
 * with them; the islands (site/islands/booking/) take their types and check their forms with them.
 */

const TIME_MESSAGE = 'Times must be written HH:MM (24-hour clock)';
const STARTS_AT_MESSAGE = 'startsAt must be a date and time with its offset, such as 2026-03-03T15:00:00Z';

export const uuidParams = (what: string) => z.strictObject({ id: z.uuid({ error: `The ${what} id is not valid` }) });

const time = z.string({ error: TIME_MESSAGE }).regex(HHMM, { error: TIME_MESSAGE });
export const timeWindow = z.strictObject({ start: time, end: time });

/** An IANA zone name that this server's time-zone data knows. */
export const viewerTimeZone = z
  .string({ error: M.viewerTimeZone })
  .max(64, { error: M.viewerTimeZone })
  .refine(isValidTimeZone, { error: M.viewerTimeZone });

export const availabilityBody = z.strictObject({
  timeZone: z.enum(canadianTimeZoneIds, { error: M.timeZone }),
  weekly: z
    .array(
      z.strictObject({
        weekday: z.number({ error: M.weekday }).int({ error: M.weekday }).min(1, { error: M.weekday }).max(7, {
          error: M.weekday,
        }),
        start: time,
        end: time,
      }),
      { error: 'weekly must be a list of windows' },
    )
    .max(7 * SCHEDULE_LIMITS.windowsPerDayMax, { error: M.tooManyWindows }),
  slotMinutes: z
    .number({ error: M.slotMinutes })
    .int({ error: M.slotMinutes })
    .min(SCHEDULE_LIMITS.slotMinutesMin, { error: M.slotMinutes })
    .max(SCHEDULE_LIMITS.slotMinutesMax, { error: M.slotMinutes }),
});

export const exceptionParams = z.strictObject({
  date: z.string({ error: M.exceptionDate }).regex(ISO_DATE, { error: M.exceptionDate }),
});

export const exceptionBody = z.strictObject({
  windows: z
    .array(timeWindow, { error: 'windows must be a list of { start, end } (empty: closed all day)' })
    .max(SCHEDULE_LIMITS.windowsPerDayMax, { error: M.tooManyWindows }),
  note: z
    .string({ error: M.exceptionNote })
    .max(SCHEDULE_LIMITS.exceptionNoteMax, { error: M.exceptionNote })
    .nullable()
    .optional(),
});

const weeklyView = z.object({ weekday: z.number().int(), start: z.string(), end: z.string() });
export const availabilityView = z.object({
  availability: z
    .object({ timeZone: z.string(), weekly: z.array(weeklyView), slotMinutes: z.number().int() })
    .nullable(),
  exceptions: z.array(
    z.object({
      date: z.string(),
      windows: z.array(z.object({ start: z.string(), end: z.string() })),
      note: z.string().nullable(),
    }),
  ),
});

export const slotsQuery = z.strictObject({
  from: z
    .string({ error: 'from must be a date written YYYY-MM-DD' })
    .regex(ISO_DATE, {
      error: 'from must be a date written YYYY-MM-DD',
    })
    .optional(),
  to: z
    .string({ error: 'to must be a date written YYYY-MM-DD' })
    .regex(ISO_DATE, {
      error: 'to must be a date written YYYY-MM-DD',
    })
    .optional(),
  tz: viewerTimeZone.optional(),
});

export const slotView = z.object({
  startsAt: z.string(),
  endsAt: z.string(),
  /** The slot's local date and start time in the viewer's zone. */
  date: z.string(),
  time: z.string(),
});

export const slotsView = z.object({
  contractorId: z.uuid(),
  /** The contractor's calendar zone; null when they have not set availability. */
  timeZone: z.string().nullable(),
  viewerTimeZone: z.string(),
  slotMinutes: z.number().int().nullable(),
  from: z.string(),
  to: z.string(),
  slots: z.array(slotView),
});

export const policyView = z.object({
  freeHours: z.number(),
  lateFeePercent: z.number(),
  minimumFeeCents: z.number().int(),
  noPriceFeeCents: z.number().int(),
});

export const scheduleView = z.object({
  contractor: z.object({ id: z.uuid(), name: z.string() }),
  timeZone: z.string().nullable(),
  slotMinutes: z.number().int().nullable(),
  offerings: z.array(
    z.object({
      id: z.uuid(),
      title: z.string(),
      description: z.string(),
      pricingModel: z.enum(['hourly', 'fixed']),
      priceCents: z.number().int(),
      /** What one booking of this offering costs (an hourly rate times the slot length). */
      bookingPriceCents: z.number().int().nullable(),
    }),
  ),
  policy: policyView,
});

export const jobTypes = ['work-order'] as const;

export const bookingTermsView = z.object({
  workOrderId: z.string(),
  jobType: z.enum(jobTypes),
  title: z.string(),
  contractorId: z.uuid(),
  priceCents: z.number().int(),
  /** The job's booking that is still requested or confirmed, if it has one. */
  activeBookingId: z.uuid().nullable(),
});

export const workOrderParams = z.strictObject({
  id: z
    .string()
    .min(1)
    .max(100, { error: 'The job id is not valid' })
    .regex(/^[A-Za-z0-9_-]+$/, {
      error: 'The job id is not valid',
    }),
});

const reason = z.string({ error: M.reason }).max(SCHEDULE_LIMITS.reasonMax, { error: M.reason }).nullable().optional();

export const requestBody = z.strictObject({
  contractorId: z.uuid({ error: 'contractorId must be a contractor id' }),
  startsAt: z.iso.datetime({ offset: true, error: STARTS_AT_MESSAGE }),
  /** The zone the customer books from (shown back to them); the contractor's zone by default. */
  timeZone: viewerTimeZone.optional(),
  workOrderId: workOrderParams.shape.id.optional(),
  jobType: z.enum(jobTypes, { error: 'jobType must be work-order' }).optional(),
  offeringId: z.uuid({ error: 'offeringId must be a service offering id' }).optional(),
  note: z.string({ error: M.note }).max(SCHEDULE_LIMITS.noteMax, { error: M.note }).nullable().optional(),
});

// The client sends no body at all when there is no reason (docs/product.md#api): Fastify then has null.
export const reasonBody = z.strictObject({ reason }).nullish();
export const rescheduleBody = z.strictObject({ startsAt: z.iso.datetime({ offset: true, error: STARTS_AT_MESSAGE }) });

export const mineQuery = z.strictObject({
  when: z.enum(['upcoming', 'past'], { error: 'when must be upcoming or past' }).default('upcoming'),
});

const party = z.object({ id: z.uuid(), name: z.string() });

export const bookingView = z.object({
  id: z.uuid(),
  status: z.enum(bookingStatuses),
  startsAt: z.string(),
  endsAt: z.string(),
  /** The contractor's calendar zone, and the zone the customer booked from. */
  timeZone: z.string(),
  customerTimeZone: z.string(),
  contractor: party,
  customer: party,
  viewerRole: z.enum(['customer', 'contractor']),
  workOrder: z.object({ id: z.string(), title: z.string().nullable() }).nullable(),
  offering: z.object({ id: z.uuid(), title: z.string().nullable() }).nullable(),
  priceCents: z.number().int().nullable(),
  note: z.string().nullable(),
  declineReason: z.string().nullable(),
  cancelReason: z.string().nullable(),
  cancelledBy: z.enum(['customer', 'contractor']).nullable(),
  /** The fee charged when it was cancelled (0 when free); null while not cancelled. */
  lateFeeCents: z.number().int().nullable(),
  previousStartsAt: z.string().nullable(),
  /** A reschedule by the customer waits for the contractor's confirmation. */
  awaitingConfirmationOfNewTime: z.boolean(),
  requestedAt: z.string(),
  confirmedAt: z.string().nullable(),
  declinedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  remindedAt: z.string().nullable(),
  cancellation: z.object({
    /** Cancelling before this instant is free (for the customer of a confirmed booking). */
    freeUntil: z.string(),
    /** What the viewer would pay if they cancelled now. */
    feeIfCancelledNowCents: z.number().int(),
    /** What a late cancellation of this booking costs the customer. */
    lateFeeCents: z.number().int(),
  }),
  /** What the viewer may do now (the server checks again on each command). */
  actions: z.object({
    confirm: z.boolean(),
    decline: z.boolean(),
    reschedule: z.boolean(),
    cancel: z.boolean(),
    complete: z.boolean(),
  }),
});

export const commandAnswer = z.object({
  booking: z.object({ id: z.uuid(), status: z.enum(bookingStatuses), startsAt: z.string(), endsAt: z.string() }),
});

/**
 * The schedule step's way on when the contractor has no weekly hours: a few proposed times and the
 * message that lists them in the job's conversation (written in the customer's language).
 */
export const timeProposalBody = z.strictObject({
  times: z
    .array(z.iso.datetime({ offset: true, error: STARTS_AT_MESSAGE }), { error: TIME_PROPOSAL_MESSAGES.times })
    .min(TIME_PROPOSAL_LIMITS.timesMin, { error: TIME_PROPOSAL_MESSAGES.times })
    .max(TIME_PROPOSAL_LIMITS.timesMax, { error: TIME_PROPOSAL_MESSAGES.times }),
  // The exact rule (trimmed, plain text, 1–2000 characters) is the messaging decider's.
  message: z
    .string({ error: MESSAGING_MESSAGES.body })
    .max(MESSAGE_LIMITS.bodyMax * 4, { error: MESSAGING_MESSAGES.body }),
  /** The customer's time zone: the booking made from an accepted time is told to them in it. */
  timeZone: viewerTimeZone.optional(),
});

export const timeProposalAnswer = z.object({
  proposal: z.object({ id: z.uuid(), messageId: z.uuid(), contractorId: z.uuid(), times: z.array(z.string()) }),
});

export const timeProposalParams = z.strictObject({
  id: z.uuid({ error: 'The work order id is not valid' }),
  proposalId: z.uuid({ error: 'The time proposal id is not valid' }),
});

export const proposalsOfWorkOrderParams = z.strictObject({ id: z.uuid({ error: 'The work order id is not valid' }) });

/** The contractor picks one of the proposed times; their device's zone names a calendar that has no hours yet. */
export const acceptProposedTimeBody = z.strictObject({
  startsAt: z.iso.datetime({ offset: true, error: STARTS_AT_MESSAGE }),
  timeZone: viewerTimeZone.optional(),
});

export const timeProposalsView = z.array(
  z.object({
    id: z.uuid(),
    times: z.array(z.string()),
    proposedAt: z.string(),
    /** The booking the contractor's acceptance made, if they accepted one of the times. */
    accepted: z.object({ bookingId: z.uuid(), startsAt: z.string() }).nullable(),
    /** Whether this viewer may accept a time now (the job's contractor, not yet accepted, a time still ahead). */
    canAccept: z.boolean(),
  }),
);
