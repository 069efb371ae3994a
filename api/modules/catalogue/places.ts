import {
  cityName,
  fsaOf,
  lookupCity,
  lookupPostalCode,
  nearestPlace,
  POSTAL_CODE_MESSAGE,
  searchCities,
  type GeoPlace,
} from '../../../shared/geo/index.ts';
import type { ProvinceCode } from '../../../shared/geo/provinces.ts';
import { ValidationError } from '../../../shared/errors.ts';
import type { PlaceSuggestion } from '../../../shared/http/catalogue.ts';

/**
 * The directory's place lookups, from the shipped postal-code and city tables (shared/geo): no
 * database, tested in places.test.ts.
 */

/** The searched place: a GPS position, else a postal code, else a city; null when none is given. */
export function searchedPlace(query: {
  lat?: number;
  lng?: number;
  postalCode?: string;
  city?: string;
  province?: ProvinceCode;
}): GeoPlace | null {
  if (query.lat !== undefined && query.lng !== undefined) {
    // The position itself, named after the nearest FSA's municipality.
    const near = nearestPlace({ lat: query.lat, lng: query.lng });
    return { postalCode: null, fsa: null, city: near.city, province: near.province, lat: query.lat, lng: query.lng };
  }
  if (query.postalCode) {
    const place = lookupPostalCode(query.postalCode);
    // A code of the right shape whose FSA is not in use is not a Canadian postal code either.
    if (!place) throw new ValidationError(POSTAL_CODE_MESSAGE);
    return place;
  }
  if (query.city) {
    const place = lookupCity(query.city, query.province);
    if (!place) throw new ValidationError(`We do not know the city "${query.city}". Choose one from the list.`);
    return place;
  }
  return null;
}

/**
 * Suggestions for a city or postal code field: a full postal code or an FSA answers its centroid;
 * text answers the cities whose name starts with it, larger first.
 */
export function placeSuggestions(q: string, limit: number, lang: 'en' | 'fr'): { places: PlaceSuggestion[] } {
  const fsa = fsaOf(q);
  if (fsa) {
    const place = lookupPostalCode(q);
    if (!place) return { places: [] };
    const kind = place.postalCode ? ('postal-code' as const) : ('fsa' as const);
    const city = cityName(place, lang);
    return { places: [{ ...place, kind, label: `${place.postalCode ?? place.fsa} — ${city}, ${place.province}` }] };
  }
  return {
    places: searchCities(q, limit).map((place) => ({
      ...place,
      kind: 'city' as const,
      label: `${cityName(place, lang)}, ${place.province}`,
    })),
  };
}
