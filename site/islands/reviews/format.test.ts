import { describe, expect, it } from 'vitest';
import { formatAverage, formatDate } from './format.ts';

describe('review formats', () => {
  it('shows an average with one decimal in the reader language', () => {
    expect(formatAverage(4.25, 'en')).toBe('4.3');
    expect(formatAverage(4, 'fr')).toBe('4,0');
  });

  it('shows a long date, and nothing for a missing or broken one', () => {
    expect(formatDate('2026-06-08T12:00:00.000Z', 'en')).toBe('June 8, 2026');
    expect(formatDate('2026-06-08T12:00:00.000Z', 'fr')).toBe('8 juin 2026');
    expect(formatDate(null, 'en')).toBe('');
    expect(formatDate('nope', 'en')).toBe('');
  });
});
