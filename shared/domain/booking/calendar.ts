import { DateTime } from 'luxon';
import type { WeeklyWindow } from './events.ts';
import { HHMM, ISO_DATE, SCHEDULE_LIMITS } from './limits.ts';

/**
 * Calendar maths, pure: which instants a contractor's availability offers, and which of those are
 * still free. Availability is wall-clock time in the calendar's IANA zone; bookings are UTC
 * instants. A window runs from its local start to its local end *as instants*, and slots step
 * through it in real minutes, so a DST night is handled without special cases: 01:00–04:00 on the
 * spring-forward night is two real hours (two 60-minute slots), on the fall-back night four.
 */
// The limits and formats are a leaf of their own, so the HTTP shapes (shared/http/booking.ts) can name them.
export { HHMM, ISO_DATE, isValidTimeZone, SCHEDULE_LIMITS } from './limits.ts';

export type TimeWindow = { start: string; end: string };

export type Availability = { timeZone: string; weekly: WeeklyWindow[]; slotMinutes: number };

/** What the slot maths needs of a booking: its interval and whether it still holds the time. */
export type BookedInterval = { bookingId: string; startsAt: string; endsAt: string; status: string };

/** The part of a calendar `openSlots` reads: the decider's state and the read model both give it. */
export type CalendarView = {
  availability: Availability;
  /** By local date `YYYY-MM-DD`: the windows of that day (empty: closed). */
  exceptions: Readonly<Record<string, readonly TimeWindow[]>>;
  bookings: readonly BookedInterval[];
};

export type Slot = { startsAt: string; endsAt: string };

/** Requested and confirmed bookings hold their time; declined, cancelled and completed ones do not. */
export const HOLDS_TIME: ReadonlySet<string> = new Set(['requested', 'confirmed']);

export function minutesOfDay(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

export function isValidDate(date: string): boolean {
  return ISO_DATE.test(date) && DateTime.fromISO(date, { zone: 'UTC' }).isValid;
}

/** Why a set of windows is not usable, or null: well-formed, start before end, no overlaps. */
export function windowsProblem(windows: readonly TimeWindow[]): string | null {
  for (const w of windows) {
    if (!HHMM.test(w.start) || !HHMM.test(w.end)) return 'Times must be written HH:MM (24-hour clock)';
    if (minutesOfDay(w.start) >= minutesOfDay(w.end)) return 'Each window must end after it starts';
  }
  const sorted = [...windows].sort((a, b) => minutesOfDay(a.start) - minutesOfDay(b.start));
  for (let i = 1; i < sorted.length; i++) {
    if (minutesOfDay(sorted[i]!.start) < minutesOfDay(sorted[i - 1]!.end)) {
      return 'Availability windows on one day must not overlap';
    }
  }
  return null;
}

/** The windows open on a local date: the exception's if there is one, else the weekly pattern's. */
export function windowsOn(view: Pick<CalendarView, 'availability' | 'exceptions'>, date: string): TimeWindow[] {
  const exception = view.exceptions[date];
  if (exception) return [...exception];
  const weekday = DateTime.fromISO(date, { zone: view.availability.timeZone }).weekday;
  return view.availability.weekly
    .filter((w) => w.weekday === weekday)
    .map(({ start, end }) => ({ start, end }))
    .sort((a, b) => minutesOfDay(a.start) - minutesOfDay(b.start));
}

/**
 * The instant of a local wall-clock time. A time the spring-forward skips resolves to the same
 * moment an hour later (02:30 → 03:30); a time the fall-back repeats is ambiguous, and a window
 * takes the earliest reading for its start and the latest for its end, so it covers all its hours.
 */
export function wallClockInstant(date: string, time: string, zone: string, pick: 'earliest' | 'latest'): number {
  const candidates = DateTime.fromISO(`${date}T${time}`, { zone })
    .getPossibleOffsets()
    .map((dt) => dt.toMillis());
  return pick === 'earliest' ? Math.min(...candidates) : Math.max(...candidates);
}

/** Every slot availability offers on one local date, bookings ignored, as epoch milliseconds. */
export function slotsOnDate(
  view: Pick<CalendarView, 'availability' | 'exceptions'>,
  date: string,
): { start: number; end: number }[] {
  const { timeZone, slotMinutes } = view.availability;
  const step = slotMinutes * 60_000;
  const slots: { start: number; end: number }[] = [];
  for (const window of windowsOn(view, date)) {
    const from = wallClockInstant(date, window.start, timeZone, 'earliest');
    const until = wallClockInstant(date, window.end, timeZone, 'latest');
    for (let start = from; start + step <= until; start += step) slots.push({ start, end: start + step });
  }
  return slots;
}

/** The local date (`YYYY-MM-DD`) of an instant in a zone. */
export function localDate(instant: Date | number, zone: string): string {
  const dt =
    typeof instant === 'number' ? DateTime.fromMillis(instant, { zone }) : DateTime.fromJSDate(instant, { zone });
  return dt.toISODate()!;
}

/**
 * The availability slot that starts exactly at `startsAt`, bookings ignored; null when that instant
 * is not the start of a slot (outside every window, or off the slot grid).
 */
export function slotStartingAt(
  view: Pick<CalendarView, 'availability' | 'exceptions'>,
  startsAt: Date,
): { start: number; end: number } | null {
  const at = startsAt.getTime();
  const zone = view.availability.timeZone;
  const day = DateTime.fromMillis(at, { zone }).startOf('day');
  // A window belongs to its local date; the day before is checked too for windows that a DST
  // shift pushes over midnight.
  for (const date of [day.minus({ days: 1 }).toISODate()!, day.toISODate()!]) {
    const found = slotsOnDate(view, date).find((slot) => slot.start === at);
    if (found) return found;
  }
  return null;
}

export function overlaps(a: { start: number; end: number }, b: { start: number; end: number }): boolean {
  return a.start < b.end && b.start < a.end;
}

/** The bookings that hold time and overlap the interval (optionally leaving one booking out). */
export function conflictingBookings(
  bookings: readonly BookedInterval[],
  interval: { start: number; end: number },
  except?: string,
): BookedInterval[] {
  return bookings.filter(
    (b) =>
      b.bookingId !== except &&
      HOLDS_TIME.has(b.status) &&
      overlaps(interval, { start: Date.parse(b.startsAt), end: Date.parse(b.endsAt) }),
  );
}

/** The earliest and latest instants a booking requested at `now` may start. */
export function bookingHorizon(now: Date): { earliest: number; latest: number } {
  return {
    earliest: now.getTime() + SCHEDULE_LIMITS.minLeadMinutes * 60_000,
    latest: now.getTime() + SCHEDULE_LIMITS.maxAheadDays * 86_400_000,
  };
}

/**
 * The free slots starting in [from, to): availability (with its exceptions) minus the time held by
 * requested and confirmed bookings, limited to what can be booked at `now` (at least an hour
 * ahead, at most 180 days). Sorted by start.
 */
export function openSlots(view: CalendarView, from: Date, to: Date, now: Date): Slot[] {
  const { earliest, latest } = bookingHorizon(now);
  const lower = Math.max(from.getTime(), earliest);
  const upper = Math.min(to.getTime(), latest + 1);
  if (lower >= upper) return [];
  const zone = view.availability.timeZone;
  const held = view.bookings
    .filter((b) => HOLDS_TIME.has(b.status))
    .map((b) => ({ start: Date.parse(b.startsAt), end: Date.parse(b.endsAt) }));
  const slots: Slot[] = [];
  let day = DateTime.fromMillis(lower, { zone }).startOf('day').minus({ days: 1 });
  const lastDay = DateTime.fromMillis(upper, { zone }).startOf('day');
  for (; day <= lastDay; day = day.plus({ days: 1 })) {
    for (const slot of slotsOnDate(view, day.toISODate()!)) {
      if (slot.start < lower || slot.start >= upper) continue;
      if (held.some((h) => overlaps(slot, h))) continue;
      slots.push({ startsAt: new Date(slot.start).toISOString(), endsAt: new Date(slot.end).toISOString() });
    }
  }
  return slots.sort((a, b) => a.startsAt.localeCompare(b.startsAt));
}
