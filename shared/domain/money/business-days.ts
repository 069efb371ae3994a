import { DateTime } from 'luxon';

/**
 * Business days for contractor payouts.
 *
 * Money moves on the days Canada's payment system (Payments Canada) processes, so the holidays
 * here are its national non-processing days:
 *
 * | Holiday                                   | Rule                                   |
 * | ----------------------------------------- | -------------------------------------- |
 * | New Year's Day                            | January 1                              |
 * | Good Friday                               | two days before Easter Sunday          |
 * | Victoria Day                              | the Monday before May 25               |
 * | Canada Day                                | July 1                                 |
 * | Civic Holiday                             | first Monday of August                 |
 * | Labour Day                                | first Monday of September              |
 * | National Day for Truth and Reconciliation | September 30                           |
 * | Thanksgiving                              | second Monday of October               |
 * | Remembrance Day                           | November 11                            |
 * | Christmas Day                             | December 25                            |
 * | Boxing Day                                | December 26                            |
 *
 * A fixed-date holiday that falls on a Saturday or Sunday is observed on the next weekday that is
 * not itself a holiday: Christmas on a Saturday is observed Monday the 27th and Boxing Day then
 * Tuesday the 28th; Christmas on a Sunday is observed Monday the 26th and Boxing Day Tuesday the
 * 27th. No observed date ever leaves its year (the latest is Boxing Day on December 28).
 *
 * Written by hand rather than with a holiday library on purpose: those libraries' Canadian sets
 * follow the provinces' employment statutes (Family Day, Easter Monday, Saint-Jean-Baptiste,
 * Islander Day…) and usually leave out the Civic Holiday or Remembrance Day in provinces where
 * they are not statutory, while a payout date depends on the days the clearing system is closed,
 * which are the same everywhere in Canada. Easter is computed with the anonymous Gregorian
 * algorithm (Meeus/Jones/Butcher).
 *
 * Dates are YYYY-MM-DD strings (calendar days, no time zone). Everything is pure: nothing reads a
 * clock, and the only time zone is the one {@link payoutDueDate} uses to read a release instant.
 */

/** How many business days after the release day a payout is due. */
export const PAYOUT_BUSINESS_DAYS = 2;

/** The time zone a release instant is read in: where the payment system clears (Toronto). */
export const PAYOUT_TIME_ZONE = 'America/Toronto';

export type PaymentHoliday = { date: string; name: { en: string; fr: string } };

/** Gregorian years the computation is valid for (Easter algorithm from 1583; luxon to 9999). */
const FIRST_YEAR = 1583;
const LAST_YEAR = 9999;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

const day = (year: number, month: number, dayOfMonth: number) => DateTime.utc(year, month, dayOfMonth);
const iso = (date: DateTime) => date.toISODate()!;
const SATURDAY = 6;

function checkYear(year: number): void {
  if (!Number.isSafeInteger(year) || year < FIRST_YEAR || year > LAST_YEAR) {
    throw new RangeError(`not a supported year: ${year}`);
  }
}

function parse(date: string): DateTime {
  const parsed = ISO_DAY.test(date) ? DateTime.fromISO(date, { zone: 'utc' }) : null;
  if (!parsed?.isValid) throw new RangeError(`not a date: ${date}`);
  checkYear(parsed.year);
  return parsed;
}

/** The n-th given weekday (1 = Monday … 7 = Sunday) of a month. */
function nthWeekday(year: number, month: number, weekday: number, n: number): DateTime {
  const first = day(year, month, 1);
  const offset = (weekday - first.weekday + 7) % 7;
  return first.plus({ days: offset + (n - 1) * 7 });
}

/** Easter Sunday (YYYY-MM-DD) of a Gregorian year, by the anonymous Gregorian algorithm. */
export function easterSunday(year: number): string {
  checkYear(year);
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const dayOfMonth = ((h + l - 7 * m + 114) % 31) + 1;
  return iso(day(year, month, dayOfMonth));
}

function computeHolidays(year: number): PaymentHoliday[] {
  const may24 = day(year, 5, 24);
  const moving: PaymentHoliday[] = [
    {
      date: iso(DateTime.fromISO(easterSunday(year), { zone: 'utc' }).minus({ days: 2 })),
      name: { en: 'Good Friday', fr: 'Vendredi saint' },
    },
    // The Monday before May 25: May 24 itself when it is a Monday, else the Monday before it.
    { date: iso(may24.minus({ days: may24.weekday - 1 })), name: { en: 'Victoria Day', fr: 'Fête de Victoria' } },
    { date: iso(nthWeekday(year, 8, 1, 1)), name: { en: 'Civic Holiday', fr: 'Congé civique' } },
    { date: iso(nthWeekday(year, 9, 1, 1)), name: { en: 'Labour Day', fr: 'Fête du Travail' } },
    { date: iso(nthWeekday(year, 10, 1, 2)), name: { en: 'Thanksgiving', fr: 'Action de grâces' } },
  ];
  // In calendar order, so Christmas is placed before Boxing Day looks for a free weekday.
  const fixed: [month: number, dayOfMonth: number, name: PaymentHoliday['name']][] = [
    [1, 1, { en: 'New Year’s Day', fr: 'Jour de l’An' }],
    [7, 1, { en: 'Canada Day', fr: 'Fête du Canada' }],
    [
      9,
      30,
      { en: 'National Day for Truth and Reconciliation', fr: 'Journée nationale de la vérité et de la réconciliation' },
    ],
    [11, 11, { en: 'Remembrance Day', fr: 'Jour du Souvenir' }],
    [12, 25, { en: 'Christmas Day', fr: 'Noël' }],
    [12, 26, { en: 'Boxing Day', fr: 'Lendemain de Noël' }],
  ];
  const taken = new Set(moving.map((h) => h.date));
  const observed = [...moving];
  for (const [month, dayOfMonth, name] of fixed) {
    let on = day(year, month, dayOfMonth);
    while (on.weekday >= SATURDAY || taken.has(iso(on))) on = on.plus({ days: 1 });
    taken.add(iso(on));
    observed.push({ date: iso(on), name });
  }
  return observed.sort((x, y) => (x.date < y.date ? -1 : x.date > y.date ? 1 : 0));
}

const holidayCache = new Map<number, { list: readonly PaymentHoliday[]; dates: ReadonlySet<string> }>();

function holidaysOf(year: number) {
  let entry = holidayCache.get(year);
  if (!entry) {
    const list = computeHolidays(year);
    entry = { list, dates: new Set(list.map((h) => h.date)) };
    holidayCache.set(year, entry);
  }
  return entry;
}

/**
 * The payment system's holidays of a year, on the dates they are observed, sorted by date, with
 * their English and French names. Returns fresh objects on each call.
 *
 * @throws RangeError for a year outside 1583–9999 or not an integer.
 */
export function paymentHolidays(year: number): PaymentHoliday[] {
  checkYear(year);
  return holidaysOf(year).list.map((h) => ({ date: h.date, name: { ...h.name } }));
}

/**
 * Whether the payment system processes on a date: a Monday to Friday that is not an observed
 * payment holiday.
 *
 * @throws RangeError when `date` is not a valid YYYY-MM-DD date.
 */
export function isBusinessDay(date: string): boolean {
  const parsed = parse(date);
  return parsed.weekday < SATURDAY && !holidaysOf(parsed.year).dates.has(date);
}

/**
 * The date `days` business days after `date`, counting only business days strictly after it.
 * With `days` = 0: the date itself if it is a business day, else the next business day.
 *
 * @throws RangeError when `date` is invalid or `days` is not a non-negative safe integer.
 */
export function addBusinessDays(date: string, days: number): string {
  if (!Number.isSafeInteger(days) || days < 0) throw new RangeError(`days must be a non-negative integer: ${days}`);
  let current = parse(date);
  if (days === 0) {
    while (!isBusinessDay(iso(current))) current = current.plus({ days: 1 });
    return iso(current);
  }
  for (let left = days; left > 0;) {
    current = current.plus({ days: 1 });
    if (isBusinessDay(iso(current))) left -= 1;
  }
  return iso(current);
}

/**
 * The day a payout is due: the {@link PAYOUT_BUSINESS_DAYS}th (second) business day after the
 * release day, the release day being the calendar date of the release instant in Toronto.
 *
 * Why this is "2–3 business days after the release": the count starts from the release DAY, not
 * the release moment, and the release day itself never counts. The wait is therefore whatever
 * was left of the release day plus two whole business days (the due day included, since funds
 * land during it). Released on a Monday at 09:00 or at 23:00, the payout is due Wednesday: close
 * to 3 business days at 09:00, just over 2 at 23:00. A release on a weekend or holiday leaves no
 * business time on its own day, so it waits exactly 2 (Saturday → Tuesday). Never fewer than 2,
 * never 3 or more, and the due date does not depend on the hour.
 *
 * Examples: released Friday 2026-11-20 → due Tuesday 2026-11-24; released Thursday 2026-12-24 →
 * Friday 25 (Christmas), the weekend and Monday 28 (Boxing Day observed) are skipped, so due
 * Wednesday 2026-12-30.
 *
 * @throws RangeError on an invalid Date.
 */
export function payoutDueDate(releasedAt: Date): string {
  const local = DateTime.fromJSDate(releasedAt, { zone: PAYOUT_TIME_ZONE });
  const releaseDay = local.isValid ? local.toISODate() : null;
  if (releaseDay === null) throw new RangeError(`not a valid instant: ${String(releasedAt)}`);
  return addBusinessDays(releaseDay, PAYOUT_BUSINESS_DAYS);
}
