import { describe, expect, it } from 'vitest';
import { addDays, formatRange, formatTime, todayIn, zoneChoices, zoneLabel } from './format.ts';

describe('booking formats', () => {
  it('steps calendar dates across month ends and DST without drifting', () => {
    expect(addDays('2026-02-27', 3)).toBe('2026-03-02');
    expect(addDays('2026-03-07', 1)).toBe('2026-03-08');
    expect(addDays('2026-03-08', 1)).toBe('2026-03-09');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
  });

  it('knows today in a zone', () => {
    const instant = new Date('2026-03-03T03:00:00Z');
    expect(todayIn('America/Vancouver', instant)).toBe('2026-03-02');
    expect(todayIn('America/St_Johns', instant)).toBe('2026-03-02');
    expect(todayIn('UTC', instant)).toBe('2026-03-03');
  });

  it('shows one instant at each zone’s wall-clock time', () => {
    const start = '2026-03-08T13:00:00.000Z';
    expect(formatTime(start, 'America/Toronto', 'en')).toMatch(/^9:00\sa\.m\.$/);
    expect(formatTime(start, 'America/St_Johns', 'en')).toMatch(/^10:30\sa\.m\.$/);
    expect(formatTime(start, 'America/Toronto', 'fr')).toMatch(/^9\sh\s00$/);
    expect(formatRange(start, '2026-03-08T14:00:00.000Z', 'America/Toronto', 'en')).toContain('March 8, 2026');
  });

  it('offers the device zone first when it is not Canadian, labelled by its id', () => {
    expect(zoneChoices('Europe/Paris', 'en')[0]).toEqual({ id: 'Europe/Paris', label: 'Europe/Paris' });
    expect(zoneChoices('America/Halifax', 'fr')[0]).toEqual({ id: 'America/Vancouver', label: 'Heure du Pacifique' });
    expect(zoneLabel('America/St_Johns', 'en')).toBe('Newfoundland Time');
    expect(zoneLabel('America/New_York', 'en')).toBe('America/New York');
  });
});
