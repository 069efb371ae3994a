import { describe, expect, it } from 'vitest';
import { offsetAt, staleTimeZoneDataWarning } from './time-zone-data.ts';

describe('the runtime’s time zone data', () => {
  it('reads an offset as Intl writes it', () => {
    expect(offsetAt('America/Toronto', new Date('2027-01-15T12:00:00Z'))).toBe('GMT-05:00');
    expect(offsetAt('America/Toronto', new Date('2027-07-15T12:00:00Z'))).toBe('GMT-04:00');
  });

  it('is called stale when British Columbia still falls back to standard time, and not otherwise', () => {
    const runtime = { version: 'v20.20.2', tz: '2025c' };
    expect(staleTimeZoneDataWarning(() => 'GMT-07:00', runtime)).toBeNull();
    expect(staleTimeZoneDataWarning(() => 'GMT-08:00', runtime)).toBe(
      'Warning: Node.js v20.20.2 carries time zone data 2025c, older than the permanent daylight time of British Columbia, Alberta, Manitoba and the Northwest Territories (from 2026-11-01): their times would be an hour off. Run Node.js 22 or 24 (time zone data 2026e or later).',
    );
  });

  it('asks this runtime about British Columbia in January 2027', () => {
    const asked: [string, string][] = [];
    staleTimeZoneDataWarning((timeZone, instant) => {
      asked.push([timeZone, instant.toISOString()]);
      return 'GMT-07:00';
    });
    expect(asked).toEqual([['America/Vancouver', '2027-01-15T12:00:00.000Z']]);
  });
});
