import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ageOn, birthDateProblem, earliestBirthDate, MAXIMUM_AGE_YEARS } from './age.ts';

const at = (iso: string) => new Date(`${iso}T12:00:00.000Z`);

describe('birthDateProblem', () => {
  const today = at('2026-11-22');

  it('accepts today, yesterday and exactly 120 years ago', () => {
    expect(birthDateProblem('2026-11-22', today)).toBeNull();
    expect(birthDateProblem('2026-11-21', today)).toBeNull();
    expect(birthDateProblem('1906-11-22', today)).toBeNull();
    expect(birthDateProblem('1990-05-20', today)).toBeNull();
  });

  it('refuses tomorrow and any later date as in the future', () => {
    expect(birthDateProblem('2026-11-23', today)).toBe('future');
    expect(birthDateProblem('2999-01-01', today)).toBe('future');
  });

  it('refuses a date more than 120 years ago, 1800-01-01 among them', () => {
    expect(birthDateProblem('1906-11-21', today)).toBe('tooOld');
    expect(birthDateProblem('1800-01-01', today)).toBe('tooOld');
    expect(birthDateProblem('0001-01-01', today)).toBe('tooOld');
  });

  it('uses the UTC calendar day, as the age rule does', () => {
    // 23:30 in Toronto on 21 November is already 22 November in UTC.
    expect(birthDateProblem('2026-11-22', new Date('2026-11-22T04:30:00.000Z'))).toBeNull();
    expect(birthDateProblem('2026-11-23', new Date('2026-11-22T23:59:59.000Z'))).toBe('future');
  });

  it('earliestBirthDate is the same day 120 years back, or 1 March when that year has no 29 February', () => {
    expect(earliestBirthDate(today)).toBe('1906-11-22');
    expect(earliestBirthDate(at('2024-02-29'))).toBe('1904-02-29');
    expect(earliestBirthDate(at('2020-02-29'))).toBe('1900-03-01');
  });

  it('counts 120 years back from 29 February even when that year was not a leap year', () => {
    // 1900 was not a leap year: 28 February 1900 is more than 120 years before 29 February 2020.
    expect(birthDateProblem('1900-02-28', at('2020-02-29'))).toBe('tooOld');
    expect(birthDateProblem('1900-03-01', at('2020-02-29'))).toBeNull();
  });

  it('agrees with the age in whole years: a refused old date is never younger than 120', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1850-01-01'), max: new Date('2100-12-31'), noInvalidDate: true }),
        fc.date({ min: new Date('2000-01-01'), max: new Date('2100-12-31'), noInvalidDate: true }),
        (born, today) => {
          const dateOfBirth = born.toISOString().slice(0, 10);
          const problem = birthDateProblem(dateOfBirth, today);
          const age = ageOn(dateOfBirth, today);
          if (problem === 'tooOld') expect(age).toBeGreaterThanOrEqual(MAXIMUM_AGE_YEARS);
          if (problem === null) expect(age).toBeGreaterThanOrEqual(0);
          if (problem === null) expect(age).toBeLessThanOrEqual(MAXIMUM_AGE_YEARS);
          if (problem === 'future') expect(dateOfBirth > today.toISOString().slice(0, 10)).toBe(true);
        },
      ),
    );
  });
});
