import { DateTime } from 'luxon';

/**
 * The visits of a recurring service (docs/product.md#recurring-services: weekly, bi-weekly or monthly). A rule is the
 * first visit's local date and time in the contractor's IANA time zone; visit n is computed from
 * the first one, never from the one before, so it keeps the same wall-clock time across
 * daylight-saving changes (9:00 stays 9:00 in March and November) and a monthly visit on the 31st
 * falls on the last day of shorter months and comes back to the 31st after them.
 */
export const frequencies = ['weekly', 'biweekly', 'monthly'] as const;
export type Frequency = (typeof frequencies)[number];

export type RecurrenceRule = {
  frequency: Frequency;
  /** The first visit, local wall-clock time: `YYYY-MM-DDTHH:mm`. */
  firstVisit: string;
  timeZone: string;
  durationMinutes: number;
};

export type Visit = { index: number; startsAt: string; endsAt: string };

const LOCAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** Whether the rule names a real local time in a real zone (a time skipped by DST is not one). */
export function isValidRule(rule: RecurrenceRule): boolean {
  if (!LOCAL.test(rule.firstVisit) || !(frequencies as readonly string[]).includes(rule.frequency)) return false;
  const first = DateTime.fromISO(rule.firstVisit, { zone: rule.timeZone });
  return first.isValid && first.toFormat("yyyy-MM-dd'T'HH:mm") === rule.firstVisit;
}

function startOf(rule: RecurrenceRule, index: number): DateTime {
  const first = DateTime.fromISO(rule.firstVisit, { zone: rule.timeZone });
  switch (rule.frequency) {
    case 'weekly':
      return first.plus({ weeks: index });
    case 'biweekly':
      return first.plus({ weeks: 2 * index });
    case 'monthly':
      return first.plus({ months: index });
  }
}

/** Visit `index` (0 is the first) as UTC instants. */
export function visitAt(rule: RecurrenceRule, index: number): Visit {
  const start = startOf(rule, index);
  return {
    index,
    startsAt: start.toUTC().toISO()!,
    endsAt: start.plus({ minutes: rule.durationMinutes }).toUTC().toISO()!,
  };
}

/** The visits starting in [from, to), in order. */
export function visitsBetween(rule: RecurrenceRule, from: Date, to: Date): Visit[] {
  const visits: Visit[] = [];
  for (let index = 0; index < 10_000; index++) {
    const visit = visitAt(rule, index);
    const start = Date.parse(visit.startsAt);
    if (start >= to.getTime()) break;
    if (start >= from.getTime()) visits.push(visit);
  }
  return visits;
}
