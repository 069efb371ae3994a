import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { frequencies, isValidRule, visitAt, visitsBetween, type RecurrenceRule } from './recurrence.ts';

const toronto = (iso: string) => DateTime.fromISO(iso, { zone: 'utc' }).setZone('America/Toronto');

describe('recurrence over daylight-saving changes', () => {
  it('keeps a weekly 9:00 visit at 9:00 local across the spring change (UTC moves by an hour)', () => {
    // 2027-03-14: clocks go forward in Toronto.
    const rule: RecurrenceRule = {
      frequency: 'weekly',
      firstVisit: '2027-03-07T09:00',
      timeZone: 'America/Toronto',
      durationMinutes: 90,
    };
    const [before, after] = [visitAt(rule, 0), visitAt(rule, 1)];
    expect(before.startsAt).toBe('2027-03-07T14:00:00.000Z');
    expect(after.startsAt).toBe('2027-03-14T13:00:00.000Z');
    expect(toronto(after.startsAt).toFormat('HH:mm')).toBe('09:00');
    expect(after.endsAt).toBe('2027-03-14T14:30:00.000Z');
  });

  it('keeps a bi-weekly visit at its hour across the autumn change, and a visit spanning it lasts its real length', () => {
    // 2026-11-01: clocks go back in Toronto at 2:00. (Not Vancouver: the western provinces keep
    // daylight time all year from that autumn in time zone data 2026e, which Node 22 and 24 ship and
    // Node 20's 2025c does not know, so a test on their clocks would depend on the runtime.)
    const rule: RecurrenceRule = {
      frequency: 'biweekly',
      firstVisit: '2026-10-18T01:30',
      timeZone: 'America/Toronto',
      durationMinutes: 120,
    };
    expect(visitAt(rule, 0).startsAt).toBe('2026-10-18T05:30:00.000Z');
    expect(visitAt(rule, 1).startsAt).toBe('2026-11-01T05:30:00.000Z'); // 01:30 EDT, before the change
    expect(visitAt(rule, 2).startsAt).toBe('2026-11-15T06:30:00.000Z'); // 01:30 EST
    const spanning = visitAt(rule, 1);
    expect(Date.parse(spanning.endsAt) - Date.parse(spanning.startsAt)).toBe(120 * 60_000);
  });

  it('refuses a first visit at a time the spring change skips, or that is not a time at all', () => {
    const base = { frequency: 'weekly' as const, timeZone: 'America/Toronto', durationMinutes: 60 };
    expect(isValidRule({ ...base, firstVisit: '2027-03-14T02:30' })).toBe(false);
    expect(isValidRule({ ...base, firstVisit: '2027-03-14T03:30' })).toBe(true);
    expect(isValidRule({ ...base, firstVisit: '2027-02-30T09:00' })).toBe(false);
    expect(isValidRule({ ...base, firstVisit: '2027-03-14T09:00', timeZone: 'Mars/Olympus' })).toBe(false);
  });
});

describe('monthly visits', () => {
  it('fall on the last day of shorter months and come back to the 31st', () => {
    const rule: RecurrenceRule = {
      frequency: 'monthly',
      firstVisit: '2027-01-31T10:00',
      timeZone: 'America/Halifax',
      durationMinutes: 60,
    };
    const days = [0, 1, 2, 3].map((i) =>
      DateTime.fromISO(visitAt(rule, i).startsAt).setZone('America/Halifax').toFormat('yyyy-MM-dd HH:mm'),
    );
    expect(days).toEqual(['2027-01-31 10:00', '2027-02-28 10:00', '2027-03-31 10:00', '2027-04-30 10:00']);
  });
});

describe('visitsBetween', () => {
  it('lists the visits starting in the window, always at the first visit’s local time, in order', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...frequencies),
        fc.constantFrom('America/Toronto', 'America/St_Johns', 'America/Regina', 'America/Vancouver'),
        fc.integer({ min: 0, max: 700 }),
        fc.integer({ min: 6, max: 20 }),
        (frequency, timeZone, dayOffset, hour) => {
          const first = DateTime.fromISO('2026-01-01T00:00', { zone: timeZone }).plus({ days: dayOffset, hours: hour });
          const rule: RecurrenceRule = {
            frequency,
            firstVisit: first.toFormat("yyyy-MM-dd'T'HH:mm"),
            timeZone,
            durationMinutes: 60,
          };
          const visits = visitsBetween(rule, new Date('2026-01-01T00:00:00Z'), new Date('2028-06-01T00:00:00Z'));
          expect(visits[0]?.index).toBe(0);
          for (let i = 1; i < visits.length; i++) {
            expect(visits[i]!.index).toBe(visits[i - 1]!.index + 1);
            expect(Date.parse(visits[i]!.startsAt)).toBeGreaterThan(Date.parse(visits[i - 1]!.startsAt));
          }
          for (const visit of visits) {
            expect(DateTime.fromISO(visit.startsAt).setZone(timeZone).toFormat('HH:mm')).toBe(first.toFormat('HH:mm'));
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
