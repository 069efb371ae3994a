import { SCHEDULE_LIMITS } from '../../../shared/domain/booking/limits.ts';
import type { Availability, AvailabilityAnswer } from './api.ts';
import { isCanadianZone } from './format.ts';

/** The availability editor's form: one list of windows per ISO weekday (1 = Monday … 7 = Sunday). */
export type Window = { start: string; end: string };
export type Days = Record<number, Window[]>;
export type Draft = { timeZone: string; slotMinutes: number; days: Days };

export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export const SLOT_LENGTHS = [30, 45, 60, 90, 120, 180, 240, 480] as const;
export const DEFAULT_WINDOW: Window = { start: '09:00', end: '17:00' };
/** The most windows one day may have (the server's rule). */
export const WINDOWS_PER_DAY_MAX = SCHEDULE_LIMITS.windowsPerDayMax;

/** The editor's form from what the server has, or a weekday 9-to-5 in the device's zone. */
export function draftFrom(answer: AvailabilityAnswer, deviceZone: string): Draft {
  const days: Days = Object.fromEntries(WEEKDAYS.map((d) => [d, [] as Window[]]));
  if (!answer.availability) {
    for (const d of [1, 2, 3, 4, 5]) days[d] = [{ ...DEFAULT_WINDOW }];
    return { timeZone: isCanadianZone(deviceZone) ? deviceZone : 'America/Toronto', slotMinutes: 60, days };
  }
  for (const w of answer.availability.weekly) days[w.weekday]!.push({ start: w.start, end: w.end });
  return { timeZone: answer.availability.timeZone, slotMinutes: answer.availability.slotMinutes, days };
}

/** What PUT /api/contractor/availability takes: the windows weekday by weekday. */
export function availabilityOf(draft: Draft): Availability {
  const weekly = WEEKDAYS.flatMap((weekday) => draft.days[weekday]!.map((w) => ({ weekday, ...w })));
  return { timeZone: draft.timeZone, slotMinutes: draft.slotMinutes, weekly };
}

/** Every day gets Monday's windows. */
export function copyMondayToAll(draft: Draft): Draft {
  return { ...draft, days: Object.fromEntries(WEEKDAYS.map((d) => [d, draft.days[1]!.map((w) => ({ ...w }))])) };
}
