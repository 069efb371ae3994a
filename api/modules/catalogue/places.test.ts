import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../../shared/errors.ts';
import { POSTAL_CODE_MESSAGE } from '../../../shared/geo/index.ts';
import { placeSuggestions, searchedPlace } from './places.ts';

describe('the directory place lookups', () => {
  it('searches from a GPS position first, named after the nearest municipality', () => {
    const place = searchedPlace({ lat: 45.4215, lng: -75.6972, postalCode: 'H2X 1Y4', city: 'Toronto' });
    expect(place).toMatchObject({ postalCode: null, fsa: null, lat: 45.4215, lng: -75.6972 });
    expect(place!.city).toBeTruthy();
  });

  it('then from a postal code, then from a city, and from nowhere when none is given', () => {
    expect(searchedPlace({ postalCode: 'K1A 0B1', city: 'Toronto' })).toMatchObject({ fsa: 'K1A' });
    expect(searchedPlace({ city: 'Toronto', province: 'ON' })).toMatchObject({ province: 'ON' });
    expect(searchedPlace({})).toBeNull();
  });

  it('refuses a postal code whose FSA is not in use, and a city it does not know', () => {
    expect(() => searchedPlace({ postalCode: 'X0X 0X0' })).toThrow(new ValidationError(POSTAL_CODE_MESSAGE));
    expect(() => searchedPlace({ city: 'Atlantis' })).toThrow(
      'We do not know the city "Atlantis". Choose one from the list.',
    );
  });

  it('suggests a postal code or an FSA as its centre, labelled with the city', () => {
    const [full] = placeSuggestions('K1A 0B1', 8, 'en').places;
    expect(full).toMatchObject({ kind: 'postal-code', postalCode: 'K1A 0B1' });
    expect(full!.label).toMatch(/^K1A 0B1 — .+, ON$/);
    const [fsa] = placeSuggestions('K1A', 8, 'en').places;
    expect(fsa).toMatchObject({ kind: 'fsa', fsa: 'K1A' });
    expect(fsa!.label).toMatch(/^K1A — .+, ON$/);
  });

  it('suggests cities by prefix, up to the limit, in the asked language', () => {
    const { places } = placeSuggestions('Mont', 3, 'fr');
    expect(places.length).toBeGreaterThan(0);
    expect(places.length).toBeLessThanOrEqual(3);
    for (const place of places) {
      expect(place.kind).toBe('city');
      expect(place.label).toMatch(/^Mont.*, [A-Z]{2}$/);
    }
  });
});
