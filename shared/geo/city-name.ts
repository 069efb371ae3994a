import { frenchCityNames } from './data/french-names.ts';
import type { ProvinceCode } from './provinces.ts';

const french = new Map(frenchCityNames.map(([name, province, fr]) => [`${province}|${name}`, fr]));

/** A city's name in the reader's language: 'Québec' for Quebec City in French. Small enough for a browser. */
export function cityName(place: { city: string; province: ProvinceCode }, locale: string): string {
  if (!locale.startsWith('fr')) return place.city;
  return french.get(`${place.province}|${place.city}`) ?? place.city;
}
