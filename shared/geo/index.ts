import { cityTable } from './data/cities.ts';
import { fsaTable } from './data/fsa.ts';
import { fsaOf, normalizePostalCode } from './postal-code.ts';
import { provinceCodes, type ProvinceCode } from './provinces.ts';

/**
 * Canadian places for the directory: postal codes resolved to their FSA's centroid, city names in
 * English or French, and distances. The tables are generated (scripts/build-geo-data.ts) and
 * shipped, so nothing here touches the network or a package at runtime.
 */
export { cityName } from './city-name.ts';
export { FSA_PATTERN, POSTAL_CODE_MESSAGE, POSTAL_CODE_PATTERN, fsaOf, normalizePostalCode } from './postal-code.ts';

export type LatLng = { lat: number; lng: number };

export type GeoPlace = {
  postalCode: string | null;
  fsa: string | null;
  city: string;
  province: ProvinceCode;
  lat: number;
  lng: number;
};

type City = { name: string; fr: string | null; province: ProvinceCode; lat: number; lng: number; keys: string[] };

let fsaIndex: Map<string, (typeof fsaTable)[number]> | null = null;
let cities: City[] | null = null;

function fsaRows() {
  fsaIndex ??= new Map(fsaTable.map((row) => [row[0], row]));
  return fsaIndex;
}

function cityRows(): City[] {
  cities ??= cityTable.map(([name, fr, province, lat, lng]) => ({
    name,
    fr,
    province,
    lat,
    lng,
    keys: fr ? [placeKey(name), placeKey(fr)] : [placeKey(name)],
  }));
  return cities;
}

/** Comparison key: no accents, lower case, one space between words, "St."/"Ste" spelled out. */
export function placeKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .map((w) => (w === 'st' ? 'saint' : w === 'ste' ? 'sainte' : w))
    .join(' ');
}

/** The centroid of a postal code's FSA (a full code or the three-character FSA), null if unknown. */
export function lookupPostalCode(code: string): GeoPlace | null {
  const fsa = fsaOf(code);
  if (!fsa) return null;
  const row = fsaRows().get(fsa);
  if (!row) return null;
  return { postalCode: normalizePostalCode(code), fsa, city: row[3], province: row[4], lat: row[1], lng: row[2] };
}

function placeOf(city: City): GeoPlace {
  return { postalCode: null, fsa: null, city: city.name, province: city.province, lat: city.lat, lng: city.lng };
}

/**
 * A city by its English or French name, accents and case ignored ('montreal', 'Québec', 'Quebec
 * City'); "Name, XX" names the province too. Where two provinces share a name, the larger city wins
 * unless `province` says which.
 */
export function lookupCity(name: string, province?: ProvinceCode): GeoPlace | null {
  let wanted = province;
  let text = name;
  const suffix = /^(.*?),?\s+([A-Za-z]{2})\s*$/.exec(name);
  if (suffix && (provinceCodes as string[]).includes(suffix[2]!.toUpperCase())) {
    text = suffix[1]!;
    wanted ??= suffix[2]!.toUpperCase() as ProvinceCode;
  }
  const key = placeKey(text);
  if (!key) return null;
  const city = cityRows().find((c) => (!wanted || c.province === wanted) && c.keys.includes(key));
  return city ? placeOf(city) : null;
}

/** Cities whose name (or one of its words) starts with `prefix`, whole-name matches and larger cities first. */
export function searchCities(prefix: string, limit = 8): GeoPlace[] {
  const key = placeKey(prefix);
  if (!key || limit <= 0) return [];
  const starts: City[] = [];
  const words: City[] = [];
  for (const city of cityRows()) {
    if (city.keys.some((k) => k.startsWith(key))) starts.push(city);
    else if (city.keys.some((k) => k.includes(` ${key}`))) words.push(city);
    if (starts.length >= limit) break;
  }
  return [...starts, ...words].slice(0, limit).map(placeOf);
}

/** The FSA whose centroid is nearest to a position (a GPS fix), as a place; its city names the area. */
export function nearestPlace(point: LatLng): GeoPlace {
  let best = fsaTable[0]!;
  let bestKm = Infinity;
  for (const row of fsaTable) {
    const km = distanceKm(point, { lat: row[1], lng: row[2] });
    if (km < bestKm) {
      best = row;
      bestKm = km;
    }
  }
  return { postalCode: null, fsa: best[0], city: best[3], province: best[4], lat: best[1], lng: best[2] };
}

const EARTH_RADIUS_KM = 6371.0088;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in kilometres (haversine). */
export function distanceKm(a: LatLng, b: LatLng): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * A place a person typed in one field (the onboarding's "location"): a postal code or its FSA
 * ('K1A 0B1', 'K1A'), else a city, optionally with its province ('Montréal, QC'). A city is given
 * the FSA nearest its centre, so a service area made from it has one like any other. Null when
 * the text names no Canadian place this table knows.
 */
export function resolveLocation(text: string): GeoPlace | null {
  const value = text.trim();
  if (!value) return null;
  if (fsaOf(value)) return lookupPostalCode(value);
  const city = lookupCity(value);
  if (!city) return null;
  return { ...city, fsa: nearestPlace(city).fsa };
}
