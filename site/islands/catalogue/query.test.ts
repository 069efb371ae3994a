import { describe, expect, it } from 'vitest';
import { apiQuery, DEFAULT_FORM, formFromParams, pageQuery, readWhere, resolveServiceText } from './query.ts';

const form = (query: string) => formFromParams(new URLSearchParams(query));

describe('formFromParams', () => {
  it('starts from the defaults', () => {
    expect(form('')).toEqual(DEFAULT_FORM);
  });

  it('reads the landing search (service slug, distance, GPS position)', () => {
    expect(form('mode=contractors&service=house-cleaning&distanceKm=40&lat=45.4215&lng=-75.6972')).toMatchObject({
      service: 'house-cleaning',
      distanceKm: 40,
      lat: '45.4215',
      lng: '-75.6972',
    });
  });

  it('reads a postal code, a city and a category, and prefers GPS, then the postal code', () => {
    expect(form('postalCode=K1A%200B1&city=Ottawa&category=cleaning')).toMatchObject({
      postalCode: 'K1A 0B1',
      city: '',
      category: 'cleaning',
    });
    expect(form('city=Montr%C3%A9al')).toMatchObject({ city: 'Montréal' });
    expect(form('lat=45&lng=-73&postalCode=K1A0B1')).toMatchObject({ lat: '45', postalCode: '' });
  });

  it('ignores values it does not understand', () => {
    expect(
      form(
        'category=space&distanceKm=5000&minRating=9&badges=famous,reliable&sort=cheapest&page=0&maxPrice=abc&lat=x&lng=1',
      ),
    ).toEqual({ ...DEFAULT_FORM, badges: ['reliable'] });
  });
});

describe('pageQuery', () => {
  it('keeps only what differs from the defaults, so a shared URL stays short', () => {
    expect(pageQuery(DEFAULT_FORM)).toBe('');
    expect(
      pageQuery({ ...DEFAULT_FORM, service: 'painting', postalCode: 'K1A 0B1', minRating: 4, sort: 'distance' }),
    ).toBe('service=painting&postalCode=K1A+0B1&minRating=4&sort=distance');
  });

  it('round-trips through formFromParams', () => {
    const full = {
      ...DEFAULT_FORM,
      service: 'deck staining',
      category: 'painting' as const,
      city: 'Québec',
      distanceKm: 50,
      minRating: 4.5,
      badges: ['top-rated' as const, 'responsive' as const],
      remote: true,
      maxPrice: '60',
      sort: 'rating' as const,
      page: 3,
    };
    expect(form(pageQuery(full))).toEqual(full);
  });
});

describe('apiQuery', () => {
  it('filters by service for a slug and searches other text', () => {
    expect(new URLSearchParams(apiQuery({ ...DEFAULT_FORM, service: 'dog-walking' })).get('service')).toBe(
      'dog-walking',
    );
    const text = new URLSearchParams(apiQuery({ ...DEFAULT_FORM, service: 'deck staining' }));
    expect(text.get('search')).toBe('deck staining');
    expect(text.get('service')).toBeNull();
  });

  it('sends the distance only with a place, the price in cents, and the page as an offset', () => {
    const none = new URLSearchParams(apiQuery(DEFAULT_FORM));
    expect(none.get('distanceKm')).toBeNull();
    const params = new URLSearchParams(
      apiQuery({ ...DEFAULT_FORM, city: 'Halifax', distanceKm: 10, maxPrice: '59.50', page: 2, remote: true }),
    );
    expect(Object.fromEntries(params)).toEqual({
      city: 'Halifax',
      distanceKm: '10',
      remote: 'true',
      maxPriceCents: '5950',
      sort: 'relevance',
      limit: '12',
      offset: '12',
    });
  });
});

describe('readWhere', () => {
  it('reads postal codes, FSAs and cities', () => {
    expect(readWhere('k1a0b1')).toEqual({ postalCode: 'K1A 0B1', city: '' });
    expect(readWhere('v6b')).toEqual({ postalCode: 'V6B', city: '' });
    expect(readWhere('Toronto, ON')).toEqual({ postalCode: '', city: 'Toronto, ON' });
    expect(readWhere('  ')).toEqual({ postalCode: '', city: '' });
  });

  it('refuses text that starts like a postal code but is not one', () => {
    expect(readWhere('K1O 0B1')).toBe('invalid-postal-code');
    expect(readWhere('D1A')).toBe('invalid-postal-code');
  });
});

describe('resolveServiceText', () => {
  it('turns a suggestion label or a service name into its slug', () => {
    const labels = (text: string) => (text.toLowerCase() === 'menus travaux' ? 'handyman-services' : null);
    expect(resolveServiceText('Menus travaux', labels)).toBe('handyman-services');
    expect(resolveServiceText('Snow Removal', () => null)).toBe('snow-removal');
    expect(resolveServiceText(' gutter cleaning ', () => null)).toBe('gutter cleaning');
  });
});
