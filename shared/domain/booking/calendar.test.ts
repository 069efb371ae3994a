import { describe, expect, it } from 'vitest';
import { openSlots, slotStartingAt, windowsOn, windowsProblem, type CalendarView } from './calendar.ts';
import type { WeeklyWindow } from './events.ts';

const HOUR = 3_600_000;
const everyDay = (start: string, end: string): WeeklyWindow[] =>
  [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start, end }));

const view = (overrides: Partial<CalendarView> = {}, availability: Partial<CalendarView['availability']> = {}) =>
  ({
    availability: { timeZone: 'America/Toronto', weekly: everyDay('09:00', '12:00'), slotMinutes: 60, ...availability },
    exceptions: {},
    bookings: [],
    ...overrides,
  }) satisfies CalendarView;

const starts = (slots: { startsAt: string }[]) => slots.map((s) => s.startsAt);
/** Long before the dates below, so the one-hour notice and the 180-day horizon do not cut. */
const now = new Date('2026-02-20T12:00:00.000Z');

describe('openSlots', () => {
  it('lists every slot of the windows in the range, in UTC, sorted', () => {
    const slots = openSlots(
      view(),
      new Date('2026-03-03T05:00:00.000Z'), // Tuesday 00:00 EST
      new Date('2026-03-04T05:00:00.000Z'),
      now,
    );
    expect(slots).toEqual([
      { startsAt: '2026-03-03T14:00:00.000Z', endsAt: '2026-03-03T15:00:00.000Z' },
      { startsAt: '2026-03-03T15:00:00.000Z', endsAt: '2026-03-03T16:00:00.000Z' },
      { startsAt: '2026-03-03T16:00:00.000Z', endsAt: '2026-03-03T17:00:00.000Z' },
    ]);
  });

  it('leaves out what requested and confirmed bookings hold, not what declined or cancelled ones held', () => {
    const bookings = [
      { bookingId: 'a', startsAt: '2026-03-03T14:00:00.000Z', endsAt: '2026-03-03T15:00:00.000Z', status: 'requested' },
      // A booking made with 30-minute slots overlaps the 16:00 slot by half.
      { bookingId: 'b', startsAt: '2026-03-03T16:30:00.000Z', endsAt: '2026-03-03T17:00:00.000Z', status: 'confirmed' },
      { bookingId: 'c', startsAt: '2026-03-03T15:00:00.000Z', endsAt: '2026-03-03T16:00:00.000Z', status: 'cancelled' },
    ];
    const slots = openSlots(
      view({ bookings }),
      new Date('2026-03-03T05:00:00.000Z'),
      new Date('2026-03-04T05:00:00.000Z'),
      now,
    );
    expect(starts(slots)).toEqual(['2026-03-03T15:00:00.000Z']);
  });

  it('follows exceptions: a closed day has no slots, an exception day has its own windows', () => {
    const exceptions = { '2026-03-03': [], '2026-03-04': [{ start: '13:00', end: '15:00' }] };
    const slots = openSlots(
      view({ exceptions }),
      new Date('2026-03-03T05:00:00.000Z'),
      new Date('2026-03-05T05:00:00.000Z'),
      now,
    );
    expect(starts(slots)).toEqual(['2026-03-04T18:00:00.000Z', '2026-03-04T19:00:00.000Z']);
  });

  it('offers nothing sooner than an hour from now, and nothing past 180 days', () => {
    const tuesdayNineOClock = new Date('2026-03-03T14:00:00.000Z');
    const soon = openSlots(
      view(),
      new Date('2026-03-03T05:00:00.000Z'),
      new Date('2026-03-04T05:00:00.000Z'),
      new Date(tuesdayNineOClock.getTime() + 1), // just after 09:00: 10:00 is < 1 h away
    );
    expect(starts(soon)).toEqual(['2026-03-03T16:00:00.000Z']);
    const exactlyAnHour = openSlots(
      view(),
      new Date('2026-03-03T05:00:00.000Z'),
      new Date('2026-03-04T05:00:00.000Z'),
      new Date(tuesdayNineOClock.getTime() - HOUR),
    );
    expect(starts(exactlyAnHour)[0]).toBe('2026-03-03T14:00:00.000Z');
    const far = openSlots(
      view(),
      new Date('2026-09-01T04:00:00.000Z'),
      new Date('2026-09-10T04:00:00.000Z'),
      now, // 20 Feb + 180 days = 19 August
    );
    expect(far).toEqual([]);
  });

  it('is empty for a range that ends before it starts', () => {
    expect(openSlots(view(), new Date('2026-03-04T00:00:00Z'), new Date('2026-03-03T00:00:00Z'), now)).toEqual([]);
  });

  it('keeps local wall-clock times across spring-forward in Toronto', () => {
    const slots = openSlots(
      view({}, { weekly: everyDay('09:00', '10:00') }),
      new Date('2026-03-07T00:00:00.000Z'),
      new Date('2026-03-09T00:00:00.000Z'),
      now,
    );
    expect(starts(slots)).toEqual(['2026-03-07T14:00:00.000Z', '2026-03-08T13:00:00.000Z']);
  });

  it("keeps local wall-clock times across spring-forward in St. John's (half-hour offsets)", () => {
    const slots = openSlots(
      view({}, { timeZone: 'America/St_Johns', weekly: everyDay('09:00', '10:00'), slotMinutes: 30 }),
      new Date('2026-03-07T00:00:00.000Z'),
      new Date('2026-03-09T00:00:00.000Z'),
      now,
    );
    expect(starts(slots)).toEqual([
      '2026-03-07T12:30:00.000Z',
      '2026-03-07T13:00:00.000Z',
      '2026-03-08T11:30:00.000Z',
      '2026-03-08T12:00:00.000Z',
    ]);
  });

  it('has two hourly slots in 01:00–04:00 on the spring-forward night and four on the fall-back night', () => {
    const night = view({}, { weekly: everyDay('01:00', '04:00') });
    const spring = openSlots(night, new Date('2026-03-08T05:00:00Z'), new Date('2026-03-08T10:00:00Z'), now);
    expect(starts(spring)).toEqual(['2026-03-08T06:00:00.000Z', '2026-03-08T07:00:00.000Z']);
    const fall = openSlots(
      night,
      new Date('2026-11-01T04:00:00Z'),
      new Date('2026-11-01T10:00:00Z'),
      new Date('2026-10-01T00:00:00Z'),
    );
    // 01:00 EDT, 01:00 EST (the repeated hour), 02:00 EST, 03:00 EST.
    expect(starts(fall)).toEqual([
      '2026-11-01T05:00:00.000Z',
      '2026-11-01T06:00:00.000Z',
      '2026-11-01T07:00:00.000Z',
      '2026-11-01T08:00:00.000Z',
    ]);
  });

  it('finds the slot of a window in a zone west of UTC whose local evening is the next UTC day', () => {
    const evening = view({}, { timeZone: 'America/Vancouver', weekly: [{ weekday: 2, start: '18:00', end: '20:00' }] });
    // Tuesday 18:00 PST = Wednesday 02:00Z.
    expect(slotStartingAt(evening, new Date('2026-03-04T02:00:00.000Z'))).not.toBeNull();
    expect(slotStartingAt(evening, new Date('2026-03-04T04:00:00.000Z'))).toBeNull();
  });
});

describe('windowsOn / windowsProblem', () => {
  it('takes the weekday pattern in the calendar zone unless the date has an exception', () => {
    const v = view(
      { exceptions: { '2026-03-05': [{ start: '10:00', end: '11:00' }] } },
      {
        weekly: [
          { weekday: 4, start: '13:00', end: '14:00' },
          { weekday: 4, start: '08:00', end: '09:00' },
        ],
      },
    );
    expect(windowsOn(v, '2026-03-12')).toEqual([
      { start: '08:00', end: '09:00' },
      { start: '13:00', end: '14:00' },
    ]);
    expect(windowsOn(v, '2026-03-05')).toEqual([{ start: '10:00', end: '11:00' }]);
    expect(windowsOn(v, '2026-03-06')).toEqual([]);
  });

  it('names the first problem of a set of windows', () => {
    expect(windowsProblem([{ start: '08:00', end: '12:00' }])).toBeNull();
    expect(windowsProblem([{ start: '8:00', end: '12:00' }])).toMatch(/HH:MM/);
    expect(windowsProblem([{ start: '12:00', end: '08:00' }])).toMatch(/end after/);
    expect(
      windowsProblem([
        { start: '10:00', end: '12:00' },
        { start: '08:00', end: '10:30' },
      ]),
    ).toMatch(/overlap/);
  });
});
