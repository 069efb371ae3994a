import { describe, expect, it } from 'vitest';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../errors.ts';
import { foldEvents } from '../decider.ts';
import { deciderSpec } from '../testing.ts';
import type { ScheduleCommand } from './commands.ts';
import { scheduleDecider, type ScheduleState } from './decider.ts';
import type { BookingRequested, ScheduleEvent, WeeklyWindow } from './events.ts';
import { BOOKING_MESSAGES as M } from './messages.ts';

const contractor = '0c1c1c1e-8f4e-4b7a-9b0e-1a2b3c4d5e01';
const contractorId = contractor;
const customer = '0c1c1c1e-8f4e-4b7a-9b0e-1a2b3c4d5e02';
const stranger = '0c1c1c1e-8f4e-4b7a-9b0e-1a2b3c4d5e03';
const otherCustomer = '0c1c1c1e-8f4e-4b7a-9b0e-1a2b3c4d5e04';
const bookingId = 'b0000000-8f4e-4b7a-9b0e-1a2b3c4d5e01';
const secondBooking = 'b0000000-8f4e-4b7a-9b0e-1a2b3c4d5e02';
const workOrderId = 'a0000000-8f4e-4b7a-9b0e-1a2b3c4d5e01';

const HOUR = 3_600_000;
/** Monday 2 March 2026, 07:00 in Toronto (EST, UTC−5). */
const now = new Date('2026-03-02T12:00:00.000Z');
const at = now.toISOString();
/** Tuesday 3 March 2026, 10:00 in Toronto. */
const tuesday10 = new Date('2026-03-03T15:00:00.000Z');

const spec = deciderSpec(scheduleDecider);

const weekdays9to5: WeeklyWindow[] = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '17:00' }));

const availabilitySet = (
  overrides: Partial<{ timeZone: string; weekly: WeeklyWindow[]; slotMinutes: number }> = {},
): ScheduleEvent => ({
  type: 'AvailabilitySet',
  data: {
    contractorId,
    timeZone: 'America/Toronto',
    weekly: weekdays9to5,
    slotMinutes: 60,
    setAt: at,
    ...overrides,
  },
});

const requested = (
  overrides: Partial<BookingRequested['data']> = {},
): Extract<ScheduleEvent, { type: 'BookingRequested' }> => ({
  type: 'BookingRequested',
  data: {
    bookingId,
    contractorId,
    customerId: customer,
    startsAt: tuesday10.toISOString(),
    endsAt: new Date(tuesday10.getTime() + HOUR).toISOString(),
    timeZone: 'America/Toronto',
    customerTimeZone: 'America/Vancouver',
    workOrderId: null,
    offeringId: null,
    priceCents: 10_000,
    note: null,
    requestedAt: at,
    ...overrides,
  },
});

const confirmed = (id = bookingId, startsAt = tuesday10.toISOString()): ScheduleEvent => ({
  type: 'BookingConfirmed',
  data: { bookingId: id, contractorId, customerId: customer, startsAt, confirmedAt: at },
});

const request = (overrides: Partial<Extract<ScheduleCommand, { type: 'RequestBooking' }>> = {}): ScheduleCommand => ({
  type: 'RequestBooking',
  bookingId,
  contractorId,
  customerId: customer,
  startsAt: tuesday10,
  customerTimeZone: 'America/Vancouver',
  workOrderId: null,
  offeringId: null,
  priceCents: 10_000,
  note: null,
  now,
  ...overrides,
});

const state = (events: ScheduleEvent[]): ScheduleState => foldEvents(scheduleDecider, events);

// ─── Availability ────────────────────────────────────────────────────────────────────────────

describe('SetAvailability', () => {
  const set = (overrides: Partial<Extract<ScheduleCommand, { type: 'SetAvailability' }>> = {}): ScheduleCommand => ({
    type: 'SetAvailability',
    contractorId,
    timeZone: 'America/Toronto',
    weekly: weekdays9to5,
    slotMinutes: 60,
    now,
    ...overrides,
  });

  it('records weekly windows in a Canadian zone, sorted by weekday and start', () => {
    const weekly = [
      { weekday: 3, start: '13:00', end: '17:00' },
      { weekday: 1, start: '09:00', end: '12:00' },
      { weekday: 3, start: '08:00', end: '12:00' },
    ];
    spec([])
      .when(set({ weekly, timeZone: 'America/St_Johns', slotMinutes: 90 }))
      .then([
        availabilitySet({
          timeZone: 'America/St_Johns',
          slotMinutes: 90,
          weekly: [
            { weekday: 1, start: '09:00', end: '12:00' },
            { weekday: 3, start: '08:00', end: '12:00' },
            { weekday: 3, start: '13:00', end: '17:00' },
          ],
        }),
      ]);
  });

  it('accepts slot lengths of exactly 30 and 480 minutes and refuses 29, 481 and fractions', () => {
    for (const slotMinutes of [30, 480]) {
      spec([])
        .when(set({ slotMinutes }))
        .then([availabilitySet({ slotMinutes })]);
    }
    for (const slotMinutes of [29, 481, 45.5, 0]) {
      spec([]).when(set({ slotMinutes })).thenThrows(ValidationError, M.slotMinutes);
    }
  });

  it('refuses a zone outside Canada and a name that is not a zone', () => {
    for (const timeZone of ['Europe/Paris', 'America/New_York', 'Mars/Olympus', 'EST']) {
      spec([]).when(set({ timeZone })).thenThrows(ValidationError, M.timeZone);
    }
  });

  it('refuses malformed times, a window that ends before it starts, overlaps and bad weekdays', () => {
    const cases: [WeeklyWindow[], string][] = [
      [[{ weekday: 1, start: '9:00', end: '17:00' }], 'Times must be written HH:MM (24-hour clock)'],
      [[{ weekday: 1, start: '09:00', end: '24:00' }], 'Times must be written HH:MM (24-hour clock)'],
      [[{ weekday: 1, start: '17:00', end: '09:00' }], 'Each window must end after it starts'],
      [[{ weekday: 1, start: '09:00', end: '09:00' }], 'Each window must end after it starts'],
      [
        [
          { weekday: 2, start: '09:00', end: '12:00' },
          { weekday: 2, start: '11:59', end: '14:00' },
        ],
        'Availability windows on one day must not overlap',
      ],
      [[{ weekday: 0, start: '09:00', end: '12:00' }], M.weekday],
      [[{ weekday: 8, start: '09:00', end: '12:00' }], M.weekday],
    ];
    for (const [weekly, message] of cases) {
      spec([]).when(set({ weekly })).thenThrows(ValidationError, message);
    }
  });

  it('allows back-to-back windows and at most six per day', () => {
    const backToBack = [
      { weekday: 2, start: '09:00', end: '12:00' },
      { weekday: 2, start: '12:00', end: '14:00' },
    ];
    spec([])
      .when(set({ weekly: backToBack }))
      .then([availabilitySet({ weekly: backToBack })]);
    const seven = Array.from({ length: 7 }, (_, i) => ({
      weekday: 4,
      start: `${String(8 + i).padStart(2, '0')}:00`,
      end: `${String(8 + i).padStart(2, '0')}:30`,
    }));
    spec([])
      .when(set({ weekly: seven }))
      .thenThrows(ValidationError, M.tooManyWindows);
  });

  it('lets a contractor close the whole week (no windows) and change the zone later', () => {
    spec([availabilitySet()])
      .when(set({ weekly: [], timeZone: 'America/Vancouver' }))
      .then([availabilitySet({ weekly: [], timeZone: 'America/Vancouver' })]);
  });

  it("refuses to write someone else's calendar", () => {
    spec([availabilitySet()])
      .when(set({ contractorId: stranger }))
      .thenThrows(ForbiddenError);
  });
});

describe('AddAvailabilityException / RemoveAvailabilityException', () => {
  const add = (date: string, windows: { start: string; end: string }[] = [], note: string | null = null) =>
    ({ type: 'AddAvailabilityException', contractorId, date, windows, note, now }) as const;

  it('closes a day, with a trimmed note', () => {
    spec([availabilitySet()])
      .when(add('2026-03-03', [], '  Family day '))
      .then([
        {
          type: 'AvailabilityExceptionAdded',
          data: { contractorId, date: '2026-03-03', windows: [], note: 'Family day', addedAt: at },
        },
      ]);
  });

  it('accepts today in the calendar zone but refuses a date that has passed there', () => {
    // 12:00 UTC on 2 March is still 2 March in Toronto; 1 March has passed.
    spec([availabilitySet()])
      .when(add('2026-03-02'))
      .then([
        {
          type: 'AvailabilityExceptionAdded',
          data: { contractorId, date: '2026-03-02', windows: [], note: null, addedAt: at },
        },
      ]);
    spec([availabilitySet()]).when(add('2026-03-01')).thenThrows(ValidationError, M.exceptionPast);
  });

  it('refuses an impossible date, a date over a year ahead, bad windows and a long note', () => {
    spec([availabilitySet()]).when(add('2026-02-30')).thenThrows(ValidationError, M.exceptionDate);
    spec([availabilitySet()]).when(add('2027-03-04')).thenThrows(ValidationError, M.exceptionTooFar);
    spec([availabilitySet()])
      .when(add('2026-03-10', [{ start: '12:00', end: '10:00' }]))
      .thenThrows(ValidationError, 'Each window must end after it starts');
    spec([availabilitySet()])
      .when(add('2026-03-10', [], 'x'.repeat(201)))
      .thenThrows(ValidationError, M.exceptionNote);
  });

  it('needs weekly availability first', () => {
    spec([]).when(add('2026-03-10')).thenThrows(ValidationError, M.noAvailabilityYet);
  });

  it('removes an exception, and refuses to remove one that does not exist', () => {
    const added: ScheduleEvent = {
      type: 'AvailabilityExceptionAdded',
      data: { contractorId, date: '2026-03-10', windows: [], note: null, addedAt: at },
    };
    spec([availabilitySet(), added])
      .when({ type: 'RemoveAvailabilityException', contractorId, date: '2026-03-10', now })
      .then([{ type: 'AvailabilityExceptionRemoved', data: { contractorId, date: '2026-03-10', removedAt: at } }]);
    spec([availabilitySet()])
      .when({ type: 'RemoveAvailabilityException', contractorId, date: '2026-03-10', now })
      .thenThrows(NotFoundError, M.exceptionNotFound);
  });
});

// ─── Requests ────────────────────────────────────────────────────────────────────────────────

describe('RequestBooking', () => {
  it('books a free slot inside availability; the slot length gives the end', () => {
    spec([availabilitySet()]).when(request()).then([requested()]);
  });

  it('confirms a recurring service’s visit as it is booked: the contractor agreed to it in the signed agreement', () => {
    const recurring = { subscriptionId: 'sub-1', visitIndex: 2 };
    spec([availabilitySet()])
      .when(request({ recurring }))
      .then([requested({ recurring }), confirmed()]);
    // The calendar's rules still hold: a taken slot is refused like any other request.
    spec([availabilitySet(), requested({ bookingId: secondBooking })])
      .when(request({ recurring }))
      .thenThrows(ConflictError);
  });

  it('trims the note and keeps the work order and price it was given', () => {
    spec([availabilitySet()])
      .when(request({ note: '  Side door, please ', workOrderId, priceCents: 45_000 }))
      .then([requested({ note: 'Side door, please', workOrderId, priceCents: 45_000 })]);
  });

  it('refuses a time outside availability with a clear message', () => {
    const outside = [
      '2026-03-07T15:00:00.000Z', // Saturday 10:00: no window
      '2026-03-03T13:00:00.000Z', // Tuesday 08:00: before the window
      '2026-03-03T22:00:00.000Z', // Tuesday 17:00: the window has ended
      '2026-03-03T15:30:00.000Z', // Tuesday 10:30: off the hourly slot grid
    ];
    for (const startsAt of outside) {
      spec([availabilitySet()])
        .when(request({ startsAt: new Date(startsAt) }))
        .thenThrows(ValidationError, M.outsideAvailability);
    }
    spec([availabilitySet()])
      .when(request({ startsAt: new Date('2026-03-03T14:00:00.000Z') }))
      .then([requested({ startsAt: '2026-03-03T14:00:00.000Z', endsAt: '2026-03-03T15:00:00.000Z' })]);
  });

  it('refuses a slot that would run past the end of its window', () => {
    const ninetyMinutes = availabilitySet({
      slotMinutes: 90,
      weekly: [{ weekday: 2, start: '09:00', end: '12:00' }],
    });
    // Slots 09:00 and 10:30; 12:00 would end at 13:30.
    spec([ninetyMinutes])
      .when(request({ startsAt: new Date('2026-03-03T15:30:00.000Z') }))
      .then([requested({ startsAt: '2026-03-03T15:30:00.000Z', endsAt: '2026-03-03T17:00:00.000Z' })]);
    spec([ninetyMinutes])
      .when(request({ startsAt: new Date('2026-03-03T17:00:00.000Z') }))
      .thenThrows(ValidationError, M.outsideAvailability);
  });

  it('follows exceptions: a closed day refuses, an extra open day accepts', () => {
    const closedTuesday: ScheduleEvent = {
      type: 'AvailabilityExceptionAdded',
      data: { contractorId, date: '2026-03-03', windows: [], note: null, addedAt: at },
    };
    spec([availabilitySet(), closedTuesday]).when(request()).thenThrows(ValidationError, M.outsideAvailability);
    const openSaturday: ScheduleEvent = {
      type: 'AvailabilityExceptionAdded',
      data: { contractorId, date: '2026-03-07', windows: [{ start: '10:00', end: '12:00' }], note: null, addedAt: at },
    };
    spec([availabilitySet(), openSaturday])
      .when(request({ startsAt: new Date('2026-03-07T15:00:00.000Z') }))
      .then([requested({ startsAt: '2026-03-07T15:00:00.000Z', endsAt: '2026-03-07T16:00:00.000Z' })]);
    const removed: ScheduleEvent = {
      type: 'AvailabilityExceptionRemoved',
      data: { contractorId, date: '2026-03-03', removedAt: at },
    };
    spec([availabilitySet(), closedTuesday, removed]).when(request()).then([requested()]);
  });

  it('needs at least one hour of notice: exactly one hour is fine, a minute less is not', () => {
    // Monday 09:00 Toronto = 14:00Z; now 13:00Z is exactly an hour before.
    const mondayNine = new Date('2026-03-02T14:00:00.000Z');
    spec([availabilitySet()])
      .when(request({ startsAt: mondayNine, now: new Date(mondayNine.getTime() - HOUR) }))
      .then([
        requested({
          startsAt: mondayNine.toISOString(),
          endsAt: '2026-03-02T15:00:00.000Z',
          requestedAt: new Date(mondayNine.getTime() - HOUR).toISOString(),
        }),
      ]);
    spec([availabilitySet()])
      .when(request({ startsAt: mondayNine, now: new Date(mondayNine.getTime() - HOUR + 60_000) }))
      .thenThrows(ValidationError, M.tooSoon);
    spec([availabilitySet()])
      .when(request({ startsAt: new Date('2026-03-02T10:00:00.000Z') }))
      .thenThrows(ValidationError, M.tooSoon);
  });

  it('books at most 180 days ahead', () => {
    const start = new Date('2026-06-02T13:00:00.000Z'); // a Tuesday, 09:00 EDT
    const justInTime = new Date(start.getTime() - 180 * 24 * HOUR);
    spec([availabilitySet()])
      .when(request({ startsAt: start, now: justInTime }))
      .then([
        requested({
          startsAt: start.toISOString(),
          endsAt: '2026-06-02T14:00:00.000Z',
          requestedAt: justInTime.toISOString(),
        }),
      ]);
    spec([availabilitySet()])
      .when(request({ startsAt: start, now: new Date(justInTime.getTime() - 1) }))
      .thenThrows(ValidationError, M.tooFarAhead);
  });

  it('refuses a slot held by a requested or confirmed booking, whoever asks', () => {
    spec([availabilitySet(), requested()])
      .when(request({ bookingId: secondBooking, customerId: otherCustomer }))
      .thenThrows(ConflictError, M.slotTaken);
    spec([availabilitySet(), requested(), confirmed()])
      .when(request({ bookingId: secondBooking }))
      .thenThrows(ConflictError, M.slotTaken);
  });

  it('refuses a slot that only partly overlaps a booking (slot length changed since)', () => {
    const halfHours = availabilitySet({ slotMinutes: 30 });
    // The 60-minute booking at 10:00 still holds 10:30.
    spec([availabilitySet(), requested(), halfHours])
      .when(request({ bookingId: secondBooking, startsAt: new Date('2026-03-03T15:30:00.000Z') }))
      .thenThrows(ConflictError, M.slotTaken);
    spec([availabilitySet(), requested(), halfHours])
      .when(request({ bookingId: secondBooking, startsAt: new Date('2026-03-03T16:00:00.000Z') }))
      .then([
        requested({
          bookingId: secondBooking,
          startsAt: '2026-03-03T16:00:00.000Z',
          endsAt: '2026-03-03T16:30:00.000Z',
        }),
      ]);
  });

  it('frees the time of a declined or cancelled booking', () => {
    const declined: ScheduleEvent = {
      type: 'BookingDeclined',
      data: { bookingId, contractorId, customerId: customer, reason: null, declinedAt: at },
    };
    spec([availabilitySet(), requested(), declined])
      .when(request({ bookingId: secondBooking }))
      .then([requested({ bookingId: secondBooking })]);
    const cancelled: ScheduleEvent = {
      type: 'BookingCancelled',
      data: {
        bookingId,
        contractorId,
        customerId: customer,
        cancelledBy: customer,
        lateFeeCents: 0,
        reason: null,
        cancelledAt: at,
      },
    };
    spec([availabilitySet(), requested(), cancelled])
      .when(request({ bookingId: secondBooking }))
      .then([requested({ bookingId: secondBooking })]);
  });

  it('refuses a contractor booking their own calendar', () => {
    spec([availabilitySet()])
      .when(request({ customerId: contractor }))
      .thenThrows(ValidationError, M.ownCalendar);
  });

  it('refuses a calendar without availability', () => {
    spec([]).when(request()).thenThrows(ValidationError, M.notTakingBookings);
  });

  it('refuses the same booking id twice, a long note and a zone that does not exist', () => {
    spec([availabilitySet(), requested()]).when(request()).thenThrows(ConflictError, M.bookingExists);
    spec([availabilitySet()])
      .when(request({ note: 'x'.repeat(501) }))
      .thenThrows(ValidationError, M.note);
    spec([availabilitySet()])
      .when(request({ customerTimeZone: 'Nowhere/Special' }))
      .thenThrows(ValidationError, M.viewerTimeZone);
  });

  it('books a work order once while its booking is active', () => {
    const wednesday10 = new Date('2026-03-04T15:00:00.000Z');
    spec([availabilitySet(), requested({ workOrderId })])
      .when(request({ bookingId: secondBooking, startsAt: wednesday10, workOrderId }))
      .thenThrows(ConflictError, M.workOrderBooked);
    const declined: ScheduleEvent = {
      type: 'BookingDeclined',
      data: { bookingId, contractorId, customerId: customer, reason: null, declinedAt: at },
    };
    spec([availabilitySet(), requested({ workOrderId }), declined])
      .when(request({ bookingId: secondBooking, startsAt: wednesday10, workOrderId }))
      .then([
        requested({
          bookingId: secondBooking,
          startsAt: wednesday10.toISOString(),
          endsAt: '2026-03-04T16:00:00.000Z',
          workOrderId,
        }),
      ]);
  });
});

describe('RequestBooking of a time the customer proposed (accepted by the contractor)', () => {
  const proposalId = 'c0000000-8f4e-4b7a-9b0e-1a2b3c4d5e01';
  /** Saturday 7 March 2026, 19:00 in Toronto: outside any weekly hours. */
  const saturday19 = new Date('2026-03-08T00:00:00.000Z');
  const times = [tuesday10.toISOString(), saturday19.toISOString()];
  const proposal = { proposalId, times };
  const accept = (overrides: Partial<Extract<ScheduleCommand, { type: 'RequestBooking' }>> = {}) =>
    request({ workOrderId, priceCents: 45_000, customerTimeZone: 'America/Toronto', proposal, ...overrides });
  const booked = (startsAt: Date, overrides: Partial<BookingRequested['data']> = {}) => [
    requested({
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + HOUR).toISOString(),
      customerTimeZone: 'America/Toronto',
      workOrderId,
      priceCents: 45_000,
      proposalId,
      ...overrides,
    }),
    {
      type: 'BookingConfirmed' as const,
      data: {
        bookingId,
        contractorId,
        customerId: customer,
        startsAt: startsAt.toISOString(),
        confirmedAt: at,
        proposalId,
      },
    },
  ];

  it('books and confirms a proposed time on a calendar without hours (an hour long, in the customer’s zone)', () => {
    spec([])
      .when(accept({ startsAt: saturday19 }))
      .then(booked(saturday19));
  });

  it('books outside weekly hours on a calendar that has them, with the calendar’s slot length and zone', () => {
    spec([availabilitySet({ slotMinutes: 90 })])
      .when(accept({ startsAt: saturday19, customerTimeZone: 'America/Vancouver' }))
      .then(
        booked(saturday19, {
          endsAt: new Date(saturday19.getTime() + 90 * 60_000).toISOString(),
          customerTimeZone: 'America/Vancouver',
        }),
      );
  });

  it('keeps the booking on a calendar without hours: a second booking of the work order is refused', () => {
    const after = state(booked(saturday19));
    expect(after).toMatchObject({ status: 'open', availability: { weekly: [], timeZone: 'America/Toronto' } });
    spec(booked(saturday19))
      .when(accept({ bookingId: secondBooking, startsAt: tuesday10 }))
      .thenThrows(ConflictError, M.workOrderBooked);
    spec(booked(saturday19))
      .when(accept({ bookingId: secondBooking, startsAt: saturday19 }))
      .thenThrows(ConflictError);
  });

  it('accepts only one of the proposed times', () => {
    spec([])
      .when(accept({ startsAt: new Date(saturday19.getTime() + HOUR) }))
      .thenThrows(ValidationError, M.notProposedTime);
    spec([])
      .when(accept({ startsAt: new Date('not a date') }))
      .thenThrows(ValidationError, M.notProposedTime);
  });

  it('refuses a proposed time less than an hour away, or one that has passed', () => {
    spec([])
      .when(accept({ startsAt: tuesday10, now: new Date(tuesday10.getTime() - HOUR + 60_000) }))
      .thenThrows(ConflictError, M.proposedTimePassed);
    spec([])
      .when(accept({ startsAt: tuesday10, now: new Date(tuesday10.getTime() + HOUR) }))
      .thenThrows(ConflictError, M.proposedTimePassed);
  });

  it('refuses a proposed time that overlaps another booking, and the customer’s own calendar', () => {
    spec([availabilitySet(), requested({ bookingId: secondBooking })])
      .when(accept({ startsAt: tuesday10 }))
      .thenThrows(ConflictError, M.slotTaken);
    spec([])
      .when(accept({ startsAt: saturday19, customerId: contractor }))
      .thenThrows(ValidationError, M.ownCalendar);
  });

  it('still refuses an ordinary request on a calendar without hours that holds an accepted time', () => {
    spec(booked(saturday19))
      .when(request({ bookingId: secondBooking }))
      .thenThrows(ValidationError, M.outsideAvailability);
  });
});

// ─── Daylight saving time ────────────────────────────────────────────────────────────────────

describe('time zones and daylight saving time', () => {
  const everyDay = (start: string, end: string): WeeklyWindow[] =>
    [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start, end }));
  const earlier = new Date('2026-03-01T12:00:00.000Z');

  it('keeps 09:00 at 09:00 local across the spring-forward night in Toronto (UTC−5 → UTC−4)', () => {
    const cal = availabilitySet({ weekly: everyDay('09:00', '10:00') });
    // Saturday 7 March: EST, 09:00 = 14:00Z. Sunday 8 March: EDT, 09:00 = 13:00Z.
    for (const startsAt of ['2026-03-07T14:00:00.000Z', '2026-03-08T13:00:00.000Z']) {
      const end = new Date(Date.parse(startsAt) + HOUR).toISOString();
      spec([cal])
        .when(request({ startsAt: new Date(startsAt), now: earlier }))
        .then([requested({ startsAt, endsAt: end, requestedAt: earlier.toISOString() })]);
    }
    spec([cal])
      .when(request({ startsAt: new Date('2026-03-08T14:00:00.000Z'), now: earlier }))
      .thenThrows(ValidationError, M.outsideAvailability);
  });

  it("keeps 09:00 at 09:00 local in St. John's, half an hour off the hour (UTC−3:30 → UTC−2:30)", () => {
    const cal = availabilitySet({ timeZone: 'America/St_Johns', weekly: everyDay('09:00', '10:00') });
    for (const startsAt of ['2026-03-07T12:30:00.000Z', '2026-03-08T11:30:00.000Z']) {
      const end = new Date(Date.parse(startsAt) + HOUR).toISOString();
      spec([cal])
        .when(request({ startsAt: new Date(startsAt), now: earlier }))
        .then([
          requested({
            startsAt,
            endsAt: end,
            timeZone: 'America/St_Johns',
            requestedAt: earlier.toISOString(),
          }),
        ]);
    }
    for (const wrong of ['2026-03-08T12:30:00.000Z', '2026-03-08T12:00:00.000Z']) {
      spec([cal])
        .when(request({ startsAt: new Date(wrong), now: earlier }))
        .thenThrows(ValidationError, M.outsideAvailability);
    }
  });

  it('a window across the skipped hour lasts the real time it spans', () => {
    // 01:00–04:00 on the spring-forward night: 01:00 EST (06:00Z), then 03:00 EDT (07:00Z); no 02:00.
    const cal = availabilitySet({ weekly: everyDay('01:00', '04:00') });
    spec([cal])
      .when(request({ startsAt: new Date('2026-03-08T07:00:00.000Z'), now: earlier }))
      .then([
        requested({
          startsAt: '2026-03-08T07:00:00.000Z',
          endsAt: '2026-03-08T08:00:00.000Z',
          requestedAt: earlier.toISOString(),
        }),
      ]);
    spec([cal])
      .when(request({ startsAt: new Date('2026-03-08T08:00:00.000Z'), now: earlier }))
      .thenThrows(ValidationError, M.outsideAvailability);
  });
});

// ─── Answers ─────────────────────────────────────────────────────────────────────────────────

describe('ConfirmBooking / DeclineBooking', () => {
  it('lets the contractor confirm a request', () => {
    spec([availabilitySet(), requested()])
      .when({ type: 'ConfirmBooking', bookingId, actorId: contractor, now })
      .then([confirmed()]);
  });

  it('lets the contractor decline with a reason', () => {
    spec([availabilitySet(), requested()])
      .when({ type: 'DeclineBooking', bookingId, actorId: contractor, reason: ' Booked that week ', now })
      .then([
        {
          type: 'BookingDeclined',
          data: {
            bookingId,
            contractorId,
            customerId: customer,
            reason: 'Booked that week',
            declinedAt: at,
            startsAt: tuesday10.toISOString(),
          },
        },
      ]);
  });

  it('refuses the customer (contractor only) and anyone else (not a party)', () => {
    spec([availabilitySet(), requested()])
      .when({ type: 'ConfirmBooking', bookingId, actorId: customer, now })
      .thenThrows(ForbiddenError, M.contractorOnly);
    spec([availabilitySet(), requested()])
      .when({ type: 'DeclineBooking', bookingId, actorId: customer, reason: null, now })
      .thenThrows(ForbiddenError, M.contractorOnly);
    spec([availabilitySet(), requested()])
      .when({ type: 'ConfirmBooking', bookingId, actorId: stranger, now })
      .thenThrows(ForbiddenError, M.notAParty);
  });

  it('answers a request only once', () => {
    spec([availabilitySet(), requested(), confirmed()])
      .when({ type: 'ConfirmBooking', bookingId, actorId: contractor, now })
      .thenThrows(ConflictError, M.notRequested);
    spec([availabilitySet(), requested(), confirmed()])
      .when({ type: 'DeclineBooking', bookingId, actorId: contractor, reason: null, now })
      .thenThrows(ConflictError, M.notRequested);
  });

  it('cannot confirm a request whose time has come', () => {
    spec([availabilitySet(), requested()])
      .when({ type: 'ConfirmBooking', bookingId, actorId: contractor, now: tuesday10 })
      .thenThrows(ConflictError, M.alreadyStarted);
  });

  it('answers 404 for a booking that is not on this calendar', () => {
    spec([availabilitySet()])
      .when({ type: 'ConfirmBooking', bookingId, actorId: contractor, now })
      .thenThrows(NotFoundError, M.bookingNotFound);
    spec([])
      .when({ type: 'ConfirmBooking', bookingId, actorId: contractor, now })
      .thenThrows(NotFoundError, M.bookingNotFound);
  });
});

describe('RescheduleBooking', () => {
  const wednesday10 = new Date('2026-03-04T15:00:00.000Z');
  const move = (actorId: string, startsAt = wednesday10, when = now): ScheduleCommand => ({
    type: 'RescheduleBooking',
    bookingId,
    actorId,
    startsAt,
    now: when,
  });
  const rescheduled = (by: string, needsConfirmation: boolean): ScheduleEvent => ({
    type: 'BookingRescheduled',
    data: {
      bookingId,
      contractorId,
      customerId: customer,
      previousStartsAt: tuesday10.toISOString(),
      startsAt: wednesday10.toISOString(),
      endsAt: '2026-03-04T16:00:00.000Z',
      rescheduledBy: by,
      needsConfirmation,
      rescheduledAt: at,
    },
  });

  it("by the customer: needs the contractor's confirmation again", () => {
    spec([availabilitySet(), requested(), confirmed()])
      .when(move(customer))
      .then([rescheduled(customer, true)]);
    const after = state([availabilitySet(), requested(), confirmed(), rescheduled(customer, true)]);
    expect(after.status === 'open' && after.bookings[bookingId]!.status).toBe('requested');
  });

  it('by the contractor: stands confirmed', () => {
    spec([availabilitySet(), requested(), confirmed()])
      .when(move(contractor))
      .then([rescheduled(contractor, false)]);
    const after = state([availabilitySet(), requested(), rescheduled(contractor, false)]);
    expect(after.status === 'open' && after.bookings[bookingId]!.status).toBe('confirmed');
  });

  it('frees the old time and holds the new one', () => {
    const events = [availabilitySet(), requested(), rescheduled(customer, true)];
    spec(events)
      .when(request({ bookingId: secondBooking, customerId: otherCustomer }))
      .then([requested({ bookingId: secondBooking, customerId: otherCustomer })]);
    spec(events)
      .when(request({ bookingId: secondBooking, customerId: otherCustomer, startsAt: wednesday10 }))
      .thenThrows(ConflictError, M.slotTaken);
  });

  it('refuses a new time that is taken, outside availability, or the same time', () => {
    const other = requested({
      bookingId: secondBooking,
      customerId: otherCustomer,
      startsAt: wednesday10.toISOString(),
      endsAt: '2026-03-04T16:00:00.000Z',
    });
    spec([availabilitySet(), requested(), other]).when(move(customer)).thenThrows(ConflictError, M.slotTaken);
    spec([availabilitySet(), requested()])
      .when(move(customer, new Date('2026-03-07T15:00:00.000Z')))
      .thenThrows(ValidationError, M.outsideAvailability);
    spec([availabilitySet(), requested()])
      .when(move(customer, tuesday10))
      .thenThrows(ValidationError, M.rescheduleSameTime);
  });

  it('may move to the very next slot, which only its own old time touched', () => {
    const tuesday11 = new Date('2026-03-03T16:00:00.000Z');
    spec([availabilitySet(), requested()])
      .when(move(contractor, tuesday11))
      .then([
        {
          type: 'BookingRescheduled',
          data: {
            ...(rescheduled(contractor, false).data as object),
            startsAt: tuesday11.toISOString(),
            endsAt: '2026-03-03T17:00:00.000Z',
          } as Extract<ScheduleEvent, { type: 'BookingRescheduled' }>['data'],
        },
      ]);
  });

  it('lets the customer move a confirmed booking only more than 24 h ahead (no dodging the fee)', () => {
    const events = [availabilitySet(), requested(), confirmed()];
    const dayBefore = new Date(tuesday10.getTime() - 24 * HOUR);
    spec(events)
      .when(move(customer, wednesday10, dayBefore))
      .thenThrows(ConflictError, M.rescheduleTooLate);
    spec(events)
      .when(move(customer, wednesday10, new Date(dayBefore.getTime() - 1)))
      .then([
        {
          ...rescheduled(customer, true),
          data: {
            ...(rescheduled(customer, true).data as object),
            rescheduledAt: new Date(dayBefore.getTime() - 1).toISOString(),
          },
        } as ScheduleEvent,
      ]);
    // The contractor may still move it.
    spec(events)
      .when(move(contractor, wednesday10, dayBefore))
      .then([
        {
          ...rescheduled(contractor, false),
          data: { ...(rescheduled(contractor, false).data as object), rescheduledAt: dayBefore.toISOString() },
        } as ScheduleEvent,
      ]);
  });

  it('refuses strangers, finished bookings and bookings that have started', () => {
    spec([availabilitySet(), requested()]).when(move(stranger)).thenThrows(ForbiddenError, M.notAParty);
    const declined: ScheduleEvent = {
      type: 'BookingDeclined',
      data: { bookingId, contractorId, customerId: customer, reason: null, declinedAt: at },
    };
    spec([availabilitySet(), requested(), declined]).when(move(customer)).thenThrows(ConflictError, M.notActive);
    spec([availabilitySet(), requested(), confirmed()])
      .when(move(contractor, wednesday10, tuesday10))
      .thenThrows(ConflictError, M.alreadyStarted);
  });
});

describe('CancelBooking', () => {
  const cancel = (actorId: string, when: Date, reason: string | null = null): ScheduleCommand => ({
    type: 'CancelBooking',
    bookingId,
    actorId,
    reason,
    now: when,
  });
  const cancelled = (by: string, lateFeeCents: number, when: Date, reason: string | null = null): ScheduleEvent => ({
    type: 'BookingCancelled',
    data: {
      bookingId,
      contractorId,
      customerId: customer,
      cancelledBy: by,
      lateFeeCents,
      reason,
      cancelledAt: when.toISOString(),
      startsAt: tuesday10.toISOString(),
    },
  });
  const confirmedBooking = [availabilitySet(), requested(), confirmed()];
  const dayBefore = new Date(tuesday10.getTime() - 24 * HOUR);

  it('is free for the customer more than 24 h before the start (one millisecond is enough)', () => {
    const justInTime = new Date(dayBefore.getTime() - 1);
    spec(confirmedBooking)
      .when(cancel(customer, justInTime, ' Plans changed '))
      .then([cancelled(customer, 0, justInTime, 'Plans changed')]);
  });

  it('costs the customer the late fee at exactly 24 h and after', () => {
    spec(confirmedBooking)
      .when(cancel(customer, dayBefore))
      .then([cancelled(customer, 2_000, dayBefore)]);
    const hourBefore = new Date(tuesday10.getTime() - HOUR);
    spec(confirmedBooking)
      .when(cancel(customer, hourBefore))
      .then([cancelled(customer, 2_000, hourBefore)]);
  });

  it('uses the flat fee when no price was agreed, and caps the fee at a small price', () => {
    const noPrice = [availabilitySet(), requested({ priceCents: null }), confirmed()];
    spec(noPrice)
      .when(cancel(customer, dayBefore))
      .then([cancelled(customer, 2_500, dayBefore)]);
    const cheap = [availabilitySet(), requested({ priceCents: 1_000 }), confirmed()];
    spec(cheap)
      .when(cancel(customer, dayBefore))
      .then([cancelled(customer, 1_000, dayBefore)]);
  });

  it('is free when the contractor cancels, and for a request not yet confirmed', () => {
    spec(confirmedBooking)
      .when(cancel(contractor, dayBefore))
      .then([cancelled(contractor, 0, dayBefore)]);
    spec([availabilitySet(), requested()])
      .when(cancel(customer, dayBefore))
      .then([cancelled(customer, 0, dayBefore)]);
  });

  it('refuses strangers, a second cancellation and a booking that has started', () => {
    spec(confirmedBooking).when(cancel(stranger, now)).thenThrows(ForbiddenError, M.notAParty);
    spec([...confirmedBooking, cancelled(customer, 0, now)])
      .when(cancel(customer, now))
      .thenThrows(ConflictError, M.notActive);
    spec(confirmedBooking).when(cancel(customer, tuesday10)).thenThrows(ConflictError, M.alreadyStarted);
  });
});

describe('SendReminder', () => {
  const remind = (when: Date): ScheduleCommand => ({ type: 'SendReminder', bookingId, now: when });
  const reminded = (when: Date, startsAt = tuesday10.toISOString()): ScheduleEvent => ({
    type: 'BookingReminderSent',
    data: { bookingId, contractorId, customerId: customer, startsAt, remindedAt: when.toISOString() },
  });
  const dayBefore = new Date(tuesday10.getTime() - 24 * HOUR);

  it('reminds of a confirmed booking starting within 24 h', () => {
    spec([availabilitySet(), requested(), confirmed()])
      .when(remind(dayBefore))
      .then([reminded(dayBefore)]);
  });

  it('is a no-op the second time', () => {
    spec([availabilitySet(), requested(), confirmed(), reminded(dayBefore)])
      .when(remind(new Date(dayBefore.getTime() + HOUR)))
      .then([]);
  });

  it('refuses a booking more than 24 h away, one not confirmed, and one that has started', () => {
    spec([availabilitySet(), requested(), confirmed()])
      .when(remind(new Date(dayBefore.getTime() - 1)))
      .thenThrows(ConflictError, M.reminderNotDue);
    spec([availabilitySet(), requested()]).when(remind(dayBefore)).thenThrows(ConflictError, M.reminderNotDue);
    spec([availabilitySet(), requested(), confirmed()])
      .when(remind(tuesday10))
      .thenThrows(ConflictError, M.reminderNotDue);
  });

  it('is due again for the new time after a reschedule', () => {
    const wednesday10 = '2026-03-04T15:00:00.000Z';
    const moved: ScheduleEvent = {
      type: 'BookingRescheduled',
      data: {
        bookingId,
        contractorId,
        customerId: customer,
        previousStartsAt: tuesday10.toISOString(),
        startsAt: wednesday10,
        endsAt: '2026-03-04T16:00:00.000Z',
        rescheduledBy: contractor,
        needsConfirmation: false,
        rescheduledAt: at,
      },
    };
    const later = new Date(Date.parse(wednesday10) - 2 * HOUR);
    spec([availabilitySet(), requested(), confirmed(), reminded(dayBefore), moved])
      .when(remind(later))
      .then([reminded(later, wednesday10)]);
  });
});

describe('CompleteBooking', () => {
  const complete = (actorId: string, when: Date): ScheduleCommand => ({
    type: 'CompleteBooking',
    bookingId,
    actorId,
    now: when,
  });

  it('lets the contractor complete a confirmed booking once it has started', () => {
    spec([availabilitySet(), requested({ workOrderId }), confirmed()])
      .when(complete(contractor, tuesday10))
      .then([
        {
          type: 'BookingCompleted',
          data: {
            bookingId,
            contractorId,
            customerId: customer,
            workOrderId,
            completedBy: contractor,
            completedAt: tuesday10.toISOString(),
            startsAt: tuesday10.toISOString(),
          },
        },
      ]);
  });

  it('refuses before the start, the customer, and a booking not confirmed', () => {
    spec([availabilitySet(), requested(), confirmed()])
      .when(complete(contractor, new Date(tuesday10.getTime() - 1)))
      .thenThrows(ValidationError, M.notStartedYet);
    spec([availabilitySet(), requested(), confirmed()])
      .when(complete(customer, tuesday10))
      .thenThrows(ForbiddenError, M.contractorOnly);
    spec([availabilitySet(), requested()])
      .when(complete(contractor, tuesday10))
      .thenThrows(ConflictError, M.notConfirmed);
  });
});
