import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import {
  PAYOUT_BUSINESS_DAYS,
  addBusinessDays,
  easterSunday,
  isBusinessDay,
  paymentHolidays,
  payoutDueDate,
} from './business-days.ts';

const dates = (year: number) => paymentHolidays(year).map((h) => h.date);
const named = (year: number) => paymentHolidays(year).map((h) => [h.date, h.name.en]);

describe('payment business days', () => {
  it.each([
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2027, '2027-03-28'],
    // Edges of the possible range: March 22 and April 25.
    [1818, '1818-03-22'],
    [2038, '2038-04-25'],
  ])('Easter %s is %s', (year, date) => expect(easterSunday(year)).toBe(date));

  it('lists the 2026 holidays on their observed dates', () => {
    expect(named(2026)).toEqual([
      ['2026-01-01', 'New Year’s Day'],
      ['2026-04-03', 'Good Friday'],
      ['2026-05-18', 'Victoria Day'],
      ['2026-07-01', 'Canada Day'],
      ['2026-08-03', 'Civic Holiday'],
      ['2026-09-07', 'Labour Day'],
      ['2026-09-30', 'National Day for Truth and Reconciliation'],
      ['2026-10-12', 'Thanksgiving'],
      ['2026-11-11', 'Remembrance Day'],
      ['2026-12-25', 'Christmas Day'],
      // Boxing Day falls on a Saturday: observed Monday.
      ['2026-12-28', 'Boxing Day'],
    ]);
  });

  it('lists the 2027 holidays on their observed dates', () => {
    expect(named(2027)).toEqual([
      ['2027-01-01', 'New Year’s Day'],
      ['2027-03-26', 'Good Friday'],
      // May 24 is itself a Monday.
      ['2027-05-24', 'Victoria Day'],
      ['2027-07-01', 'Canada Day'],
      ['2027-08-02', 'Civic Holiday'],
      ['2027-09-06', 'Labour Day'],
      ['2027-09-30', 'National Day for Truth and Reconciliation'],
      ['2027-10-11', 'Thanksgiving'],
      ['2027-11-11', 'Remembrance Day'],
      // Christmas on a Saturday → Monday the 27th; Boxing Day (Sunday) → Tuesday the 28th.
      ['2027-12-27', 'Christmas Day'],
      ['2027-12-28', 'Boxing Day'],
    ]);
  });

  it('moves other weekend holidays to the next free weekday', () => {
    // Canada Day 2029 is a Sunday.
    expect(dates(2029)).toContain('2029-07-02');
    expect(dates(2029)).not.toContain('2029-07-01');
    // 2022: New Year's Day on a Saturday → Monday Jan 3; Christmas on a Sunday → Monday 26, Boxing Day → Tuesday 27.
    expect(dates(2022)).toEqual(expect.arrayContaining(['2022-01-03', '2022-12-26', '2022-12-27']));
    // 2028: Truth and Reconciliation (Sep 30) is a Saturday → Monday Oct 2.
    expect(dates(2028)).toContain('2028-10-02');
    // 2029: Remembrance Day is a Sunday → Monday Nov 12.
    expect(dates(2029)).toContain('2029-11-12');
  });

  it('gives eleven distinct weekdays a year, sorted, named in both languages (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1900, max: 2200 }), (year) => {
        const holidays = paymentHolidays(year);
        expect(holidays).toHaveLength(11);
        const ds = holidays.map((h) => h.date);
        expect(new Set(ds).size).toBe(11);
        expect([...ds].sort()).toEqual(ds);
        for (const h of holidays) {
          const d = DateTime.fromISO(h.date, { zone: 'utc' });
          expect(d.year).toBe(year);
          expect(d.weekday).toBeLessThanOrEqual(5);
          expect(h.name.en.length).toBeGreaterThan(0);
          expect(h.name.fr.length).toBeGreaterThan(0);
        }
        // Good Friday is a Friday, the moving holidays are Mondays.
        const weekdayOf = (en: string) =>
          DateTime.fromISO(holidays.find((h) => h.name.en === en)!.date, { zone: 'utc' }).weekday;
        expect(weekdayOf('Good Friday')).toBe(5);
        for (const en of ['Victoria Day', 'Civic Holiday', 'Labour Day', 'Thanksgiving']) expect(weekdayOf(en)).toBe(1);
      }),
    );
  });

  it('names the holidays in French too, and hands out copies', () => {
    const holidays = paymentHolidays(2026);
    expect(holidays.find((h) => h.date === '2026-12-25')!.name).toEqual({ en: 'Christmas Day', fr: 'Noël' });
    holidays[0]!.date = '2026-01-02';
    holidays[0]!.name.fr = 'changé';
    expect(paymentHolidays(2026)[0]).toEqual({
      date: '2026-01-01',
      name: { en: 'New Year’s Day', fr: 'Jour de l’An' },
    });
    expect(isBusinessDay('2026-01-01')).toBe(false);
  });

  it('knows a business day', () => {
    expect(isBusinessDay('2026-11-20')).toBe(true); // Friday
    expect(isBusinessDay('2026-11-21')).toBe(false); // Saturday
    expect(isBusinessDay('2026-11-22')).toBe(false); // Sunday
    expect(isBusinessDay('2026-11-11')).toBe(false); // Remembrance Day, a Wednesday
    expect(isBusinessDay('2026-04-03')).toBe(false); // Good Friday
    expect(isBusinessDay('2026-04-06')).toBe(true); // Easter Monday is not a payment holiday
    expect(isBusinessDay('2026-02-16')).toBe(true); // nor Family Day
    expect(isBusinessDay('2026-06-24')).toBe(true); // nor Saint-Jean-Baptiste
    expect(isBusinessDay('2027-12-27')).toBe(false); // Christmas observed
  });

  it('adds business days', () => {
    expect(addBusinessDays('2026-11-20', 0)).toBe('2026-11-20');
    expect(addBusinessDays('2026-11-21', 0)).toBe('2026-11-23');
    expect(addBusinessDays('2026-12-25', 0)).toBe('2026-12-29');
    expect(addBusinessDays('2026-11-20', 1)).toBe('2026-11-23');
    expect(addBusinessDays('2026-11-21', 1)).toBe('2026-11-23');
    expect(addBusinessDays('2026-11-16', 5)).toBe('2026-11-23');
    // Across the new year: Dec 31, 2026 (Thursday) → Jan 1 is a holiday → Monday Jan 4.
    expect(addBusinessDays('2026-12-31', 1)).toBe('2027-01-04');
  });

  it('refuses bad input', () => {
    expect(() => addBusinessDays('2026-02-30', 1)).toThrow(RangeError);
    expect(() => addBusinessDays('2026-11-20', -1)).toThrow(RangeError);
    expect(() => addBusinessDays('2026-11-20', 1.5)).toThrow(RangeError);
    expect(() => isBusinessDay('20261120')).toThrow(RangeError);
    expect(() => isBusinessDay('2026-11-20T10:00')).toThrow(RangeError);
    expect(() => paymentHolidays(2026.5)).toThrow(RangeError);
    expect(() => paymentHolidays(1000)).toThrow(RangeError);
    expect(() => payoutDueDate(new Date(Number.NaN))).toThrow(RangeError);
  });

  it('pays the second business day after the release day', () => {
    expect(PAYOUT_BUSINESS_DAYS).toBe(2);
    // Across a weekend: released Friday afternoon in Toronto → Monday, then Tuesday.
    expect(payoutDueDate(new Date('2026-11-20T18:00:00Z'))).toBe('2026-11-24');
    // Released late Friday evening Toronto time (already Saturday in UTC): still a Friday release.
    expect(payoutDueDate(new Date('2026-11-21T04:59:59Z'))).toBe('2026-11-24');
    // One second later it is Saturday in Toronto: Monday, Tuesday all the same.
    expect(payoutDueDate(new Date('2026-11-21T05:00:00Z'))).toBe('2026-11-24');
    // Monday morning and Monday night: both due Wednesday.
    expect(payoutDueDate(new Date('2026-11-23T14:00:00Z'))).toBe('2026-11-25');
    expect(payoutDueDate(new Date('2026-11-24T04:00:00Z'))).toBe('2026-11-25');
    // Across Good Friday 2026 (April 3): Thursday the 2nd → Monday the 6th, Tuesday the 7th.
    expect(payoutDueDate(new Date('2026-04-02T15:00:00Z'))).toBe('2026-04-07');
    // Across Christmas 2026: Thursday Dec 24 → Friday 25 Christmas, weekend, Monday 28 Boxing Day
    // observed → Tuesday 29, Wednesday 30.
    expect(payoutDueDate(new Date('2026-12-24T15:00:00Z'))).toBe('2026-12-30');
    // Across Christmas 2027: Friday Dec 24 → weekend, Monday 27 and Tuesday 28 observed → Wed 29, Thu 30.
    expect(payoutDueDate(new Date('2027-12-24T15:00:00Z'))).toBe('2027-12-30');
  });

  it('always pays on a business day, exactly two business days after the release day (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2040, 0, 1) }), (time) => {
        const released = new Date(time);
        const releaseDay = DateTime.fromJSDate(released, { zone: 'America/Toronto' }).toISODate()!;
        const due = payoutDueDate(released);
        expect(isBusinessDay(due)).toBe(true);
        expect(due > releaseDay).toBe(true);
        // Business days in (releaseDay, due]: exactly PAYOUT_BUSINESS_DAYS, the last one being `due`.
        let count = 0;
        for (
          let d = DateTime.fromISO(releaseDay, { zone: 'utc' }).plus({ days: 1 });
          d.toISODate()! <= due;
          d = d.plus({ days: 1 })
        ) {
          if (isBusinessDay(d.toISODate()!)) count += 1;
        }
        expect(count).toBe(PAYOUT_BUSINESS_DAYS);
      }),
      { numRuns: 1_000 },
    );
  });
});
