import { format } from '../../i18n/index.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import type { SliderRange } from './slider.ts';

/**
 * The landing search card (docs/product.md#site). The original only logged its values; here the
 * search goes to /platform with them in the query, so the platform page can start from them.
 */
export const searchModes = ['contractors', 'work-orders'] as const;
export type SearchMode = (typeof searchModes)[number];

export const DISTANCE_KM = { min: 0, max: 1000, step: 5, default: 25 } as const satisfies SliderRange & {
  default: number;
};
/** At this distance or less the label reads 'Near you'. */
export const NEAR_YOU_MAX_KM = 5;

/** The 12 suggestions, by stable value (the label is translated, the value sent is not). */
export const SERVICE_SUGGESTIONS = [
  'house-cleaning',
  'yard-work',
  'moving-help',
  'pet-care',
  'home-repair',
  'window-cleaning',
  'painting',
  'pressure-washing',
  'furniture-assembly',
  'grocery-shopping',
  'handyman-services',
  'dog-walking',
] as const;
export type ServiceSuggestion = (typeof SERVICE_SUGGESTIONS)[number];

export type Suggestion = { value: ServiceSuggestion; label: string };

export function distanceLabel(km: number, labels: { nearYou: string; withinKm: string }): string {
  return km <= NEAR_YOU_MAX_KM ? labels.nearYou : format(labels.withinKm, { n: km });
}

/** Case- and accent-insensitive, so 'peint' finds 'Peinture' and 'epic' finds 'Épicerie'. */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

/** The suggestions containing `text`: those starting with it first, then the rest, each in list order. */
export function filterSuggestions(text: string, suggestions: readonly Suggestion[]): Suggestion[] {
  const query = fold(text);
  if (!query) return [...suggestions];
  const starts = suggestions.filter((s) => fold(s.label).startsWith(query));
  const contains = suggestions.filter((s) => !fold(s.label).startsWith(query) && fold(s.label).includes(query));
  return [...starts, ...contains];
}

/** The value to search for: a suggestion's stable value when the text names one, else the text itself. */
export function resolveService(text: string, suggestions: readonly Suggestion[]): string {
  const query = fold(text);
  return suggestions.find((s) => fold(s.label) === query)?.value ?? text.trim();
}

export type SearchValues = {
  mode: SearchMode;
  service: string;
  distanceKm: number;
  lat?: string;
  lng?: string;
};

/** The query string for /platform, in a fixed order, leaving out empty values. */
export function searchQuery(values: SearchValues): string {
  const params = new URLSearchParams();
  const entries: [string, string | number | undefined][] = [
    ['mode', values.mode],
    ['service', values.service.trim()],
    ['distanceKm', Number.isFinite(values.distanceKm) ? values.distanceKm : undefined],
    ['lat', values.lat],
    ['lng', values.lng],
  ];
  for (const [key, value] of entries) {
    if (value === undefined || value === '') continue;
    params.set(key, String(value));
  }
  return params.toString();
}

export function searchHref(values: SearchValues, locale: Locale): string {
  const query = searchQuery(values);
  return localizePath('/platform', locale) + (query ? `?${query}` : '');
}
