import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { destinationAfterSignIn, isSafeReturnTo, signInUrlFor } from './destination.ts';

describe('isSafeReturnTo', () => {
  it('accepts relative paths that start with a single slash', () => {
    for (const path of ['/subscriptions', '/fr/platform?x=1', '/']) expect(isSafeReturnTo(path), path).toBe(true);
  });

  it('refuses protocol-relative, absolute, backslash and non-string values', () => {
    for (const path of ['//evil.example', 'https://evil.example', 'subscriptions', '/\\evil.example', '', null, 42]) {
      expect(isSafeReturnTo(path), String(path)).toBe(false);
    }
  });

  it('refuses paths a browser would turn into another site (tabs and newlines are dropped when parsed)', () => {
    for (const path of ['/\t/evil.example', '/\n/evil.example', '/\r\n/evil.example', '/%0A', '/\u0000x']) {
      expect(isSafeReturnTo(path), JSON.stringify(path)).toBe(path === '/%0A');
    }
  });

  it('never accepts a path that leaves the site, whatever its characters', () => {
    const base = 'https://market.example.ca';
    const tricky = fc.constantFrom(
      '/',
      '\\',
      '\t',
      '\n',
      '\r',
      '.',
      ':',
      '@',
      '%',
      '?',
      '#',
      'evil.example',
      'http:',
      ' ',
    );
    const candidate = fc.oneof(
      fc.string(),
      fc.array(fc.oneof(tricky, fc.string({ maxLength: 3 })), { maxLength: 8 }).map((parts) => parts.join('')),
    );
    fc.assert(
      fc.property(candidate, (value) => {
        if (!isSafeReturnTo(value)) return true;
        return new URL(value, base).origin === base;
      }),
      { numRuns: 5_000 },
    );
  });
});

describe('destinationAfterSignIn', () => {
  it('prefers a safe returnTo from the query, then from session storage', () => {
    expect(destinationAfterSignIn('customer', { queryReturnTo: '/a', storedReturnTo: '/b', locale: 'en' })).toBe('/a');
    expect(
      destinationAfterSignIn('customer', { queryReturnTo: '//evil.example', storedReturnTo: '/b', locale: 'en' }),
    ).toBe('/b');
  });

  it("otherwise sends each role to its home, in the visitor's language", () => {
    expect(destinationAfterSignIn('customer', { locale: 'en' })).toBe('/platform');
    expect(destinationAfterSignIn('contractor', { locale: 'en' })).toBe('/contractor-dashboard');
    expect(destinationAfterSignIn('admin', { locale: 'en' })).toBe('/admin-dashboard');
    expect(destinationAfterSignIn('customer', { queryReturnTo: '//evil.example', locale: 'fr' })).toBe('/fr/platform');
  });
});

describe('signInUrlFor', () => {
  it('keeps where the visitor was going', () => {
    expect(signInUrlFor('/subscriptions?tab=2', 'en')).toBe('/signin?returnTo=%2Fsubscriptions%3Ftab%3D2');
    expect(signInUrlFor('/fr/subscriptions', 'fr')).toBe('/fr/signin?returnTo=%2Ffr%2Fsubscriptions');
  });
});
