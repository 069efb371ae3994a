/** Minimum ages from the spec: 15 for basic use, 18 for paid subscriptions. */
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
