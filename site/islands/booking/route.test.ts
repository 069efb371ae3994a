import { describe, expect, it } from 'vitest';
import { frenchRedirect, isId, isJobId, pageLocale } from './route.ts';

describe('booking page routes', () => {
  it('accepts English and French and nothing else', () => {
    expect(pageLocale(undefined)).toBe('en');
    expect(pageLocale('fr')).toBe('fr');
    expect(pageLocale('de')).toBeNull();
    expect(pageLocale('fr/x')).toBeNull();
  });

  it('checks ids', () => {
    expect(isId('0c1c1c1e-8f4e-4b7a-9b0e-1a2b3c4d5e01')).toBe(true);
    expect(isId('nope')).toBe(false);
    expect(isJobId('job_12-ab')).toBe(true);
    expect(isJobId('../etc')).toBe(false);
  });

  it('sends a French reader of an English address to the French page', () => {
    const url = new URL('http://x/schedule/abc?slot=1');
    expect(frenchRedirect(url, undefined, 'fr')).toBe('/fr/schedule/abc?slot=1');
    expect(frenchRedirect(url, undefined, 'en')).toBeNull();
    expect(frenchRedirect(new URL('http://x/fr/schedule/abc'), 'fr', 'fr')).toBeNull();
  });
});
