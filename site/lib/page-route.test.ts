import { describe, expect, it } from 'vitest';
import { frenchRedirect, isId, isJobId, pageLocale, requestedPageLocale } from './page-route.ts';

describe('pages rendered per request: language and ids', () => {
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

function astro(lang: string | undefined, cookie?: string) {
  return {
    params: { lang },
    url: new URL('http://localhost/contractor-dashboard?tab=leads'),
    cookies: { get: (name: string) => (name === 'lang' && cookie ? { value: cookie } : undefined) },
    response: { status: 200 },
  } as unknown as Parameters<typeof requestedPageLocale>[0];
}

describe('requestedPageLocale', () => {
  it('sends a visitor who chose French to the French address, query kept', () => {
    expect(requestedPageLocale(astro(undefined, 'fr'))).toEqual({ redirect: '/fr/contractor-dashboard?tab=leads' });
  });

  it('answers the locale of an English or French address', () => {
    expect(requestedPageLocale(astro(undefined))).toEqual({ locale: 'en' });
    expect(requestedPageLocale(astro(undefined, 'en'))).toEqual({ locale: 'en' });
    expect(requestedPageLocale(astro('fr', 'fr'))).toEqual({ locale: 'fr' });
  });

  it('answers null with a 404 for an address that is not a page', () => {
    const page = astro('de');
    expect(requestedPageLocale(page)).toEqual({ locale: null });
    expect(page.response.status).toBe(404);
  });
});
