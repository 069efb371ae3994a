import { describe, expect, it } from 'vitest';
import { badgeText, formatBookingTime, formatTimestamp } from './format.ts';

const zone = { timeZone: 'America/Toronto' };
// 15:00 on 10 March 2026 in Toronto.
const now = new Date('2026-03-10T19:00:00Z');

describe('badgeText', () => {
  it('shows nothing at zero, the count up to 99 and 99+ above', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(-3)).toBeNull();
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
    expect(badgeText(5000)).toBe('99+');
  });
});

describe('formatTimestamp', () => {
  it('shows the time for today', () => {
    expect(formatTimestamp('2026-03-10T13:05:00Z', now, 'en', 'Yesterday', zone)).toMatch(/^9:05\sa\.m\.$/);
    expect(formatTimestamp('2026-03-10T13:05:00Z', now, 'fr', 'Hier', zone)).toMatch(/^9 h 05$/);
  });

  it("says 'Yesterday' for the day before, in the reader's zone", () => {
    expect(formatTimestamp('2026-03-09T12:00:00Z', now, 'en', 'Yesterday', zone)).toBe('Yesterday');
    // 02:00 UTC on the 10th is still the 9th in Toronto.
    expect(formatTimestamp('2026-03-10T02:00:00Z', now, 'en', 'Yesterday', zone)).toBe('Yesterday');
    expect(formatTimestamp('2026-03-09T12:00:00Z', now, 'fr', 'Hier', zone)).toBe('Hier');
  });

  it('shows month and day for older ones', () => {
    expect(formatTimestamp('2026-03-08T12:00:00Z', now, 'en', 'Yesterday', zone)).toBe('Mar 8');
    expect(formatTimestamp('2025-12-25T12:00:00Z', now, 'fr', 'Hier', zone)).toBe('25 déc.');
  });
});

describe('formatBookingTime', () => {
  it('gives month, day and time', () => {
    expect(formatBookingTime('2026-05-02T14:30:00Z', 'en', zone)).toMatch(/^May 2, 10:30\sa\.m\.$/);
  });
});
