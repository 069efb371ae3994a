/** Minimum ages: 15 for basic use, 18 for paid subscriptions (docs/product.md#roles). */
export const MINIMUM_AGE = 15;
export const MINIMUM_PAID_AGE = 18;

/** Whole years between a YYYY-MM-DD birth date and `today` (UTC calendar dates). */
export function ageOn(dateOfBirth: string, today: Date): number {
  const [year, month, day] = dateOfBirth.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - year;
  const beforeBirthday =
    today.getUTCMonth() + 1 < month || (today.getUTCMonth() + 1 === month && today.getUTCDate() < day);
  if (beforeBirthday) age -= 1;
  return age;
}

/** A real calendar date in YYYY-MM-DD form (rejects 2023-02-30). */
export function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === text;
}

/** No one alive was born longer ago than this; an older birth date is a typo (1800 for 1980). */
export const MAXIMUM_AGE_YEARS = 120;

export const FUTURE_BIRTH_DATE_MESSAGE = 'Date of birth cannot be in the future.';
export const TOO_OLD_BIRTH_DATE_MESSAGE = `Date of birth cannot be more than ${MAXIMUM_AGE_YEARS} years ago.`;

/**
 * The earliest birth date accepted on `today` (UTC): the same month and day 120 years back, or
 * 1 March when that year has no 29 February.
 */
export function earliestBirthDate(today: Date): string {
  const sameDay = `${String(today.getUTCFullYear() - MAXIMUM_AGE_YEARS).padStart(4, '0')}${today.toISOString().slice(4, 10)}`;
  return isCalendarDate(sameDay) ? sameDay : `${sameDay.slice(0, 5)}03-01`;
}

/**
 * What is wrong with a real calendar date as a birth date on `today` (UTC calendar dates, as
 * `ageOn`): after today, or more than 120 years before it. Null when it is plausible.
 */
export function birthDateProblem(dateOfBirth: string, today: Date): 'future' | 'tooOld' | null {
  // YYYY-MM-DD texts compare as the dates they name.
  if (dateOfBirth > today.toISOString().slice(0, 10)) return 'future';
  return dateOfBirth < earliestBirthDate(today) ? 'tooOld' : null;
}
