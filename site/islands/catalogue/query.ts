import { isPerformanceBadge, type PerformanceBadge } from '../../../shared/domain/catalogue/badges.ts';
import {
  isCategorySlug,
  isServiceSlug,
  serviceFromText,
  type CategorySlug,
} from '../../../shared/domain/catalogue/categories.ts';
import { directorySorts, type DirectorySort } from '../../../shared/domain/catalogue/ranking.ts';
import { FSA_PATTERN, normalizePostalCode } from '../../../shared/geo/postal-code.ts';

/**
 * The directory page's state lives in its URL, so a search can be shared and the back button
 * works. The landing search sends `service` (a suggestion's slug or free text), `distanceKm`,
 * `lat` and `lng`; links may also carry `postalCode`, `city` and `category`.
 */
export type DirectoryForm = {
  /** A service slug or free text. */
  service: string;
  category: CategorySlug | '';
  postalCode: string;
  city: string;
  lat: string;
  lng: string;
  /** 0: any distance. */
  distanceKm: number;
  /** 0: any rating. */
  minRating: number;
  badges: PerformanceBadge[];
  remote: boolean;
  /** Dollars as typed; '' for no limit. */
  maxPrice: string;
  sort: DirectorySort;
  page: number;
};

export const PAGE_SIZE = 12;
export const DEFAULT_DISTANCE_KM = 25;
export const DISTANCE_CHOICES = [0, 5, 10, 25, 50, 100, 250, 500, 1000] as const;
export const RATING_CHOICES = [0, 3, 4, 4.5] as const;

export const DEFAULT_FORM: DirectoryForm = {
  service: '',
  category: '',
  postalCode: '',
  city: '',
  lat: '',
  lng: '',
  distanceKm: DEFAULT_DISTANCE_KM,
  minRating: 0,
  badges: [],
  remote: false,
  maxPrice: '',
  sort: 'relevance',
  page: 1,
};

const COORDINATE = /^-?\d{1,3}(\.\d+)?$/;
const PRICE = /^\d{1,6}(\.\d{1,2})?$/;

function wholeIn(value: string | null, min: number, max: number): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const n = Number(value);
  return n >= min && n <= max ? n : null;
}

/** Reads the page's query; anything it does not understand falls back to the default. */
export function formFromParams(params: URLSearchParams): DirectoryForm {
  const lat = params.get('lat') ?? '';
  const lng = params.get('lng') ?? '';
  const hasGps =
    COORDINATE.test(lat) && COORDINATE.test(lng) && Math.abs(Number(lat)) <= 90 && Math.abs(Number(lng)) <= 180;
  const rating = Number(params.get('minRating'));
  const sort = params.get('sort');
  const maxPrice = params.get('maxPrice')?.trim() ?? '';
  const category = params.get('category') ?? '';
  return {
    service: params.get('service')?.trim().slice(0, 100) ?? '',
    category: isCategorySlug(category) ? category : '',
    postalCode: hasGps ? '' : (params.get('postalCode')?.trim().slice(0, 10) ?? ''),
    city: hasGps || params.get('postalCode') ? '' : (params.get('city')?.trim().slice(0, 100) ?? ''),
    lat: hasGps ? lat : '',
    lng: hasGps ? lng : '',
    distanceKm: wholeIn(params.get('distanceKm'), 0, 1000) ?? DEFAULT_DISTANCE_KM,
    minRating: Number.isFinite(rating) && rating > 0 && rating <= 5 ? rating : 0,
    badges: [...new Set((params.get('badges') ?? '').split(',').filter(isPerformanceBadge))],
    remote: params.get('remote') === 'true',
    maxPrice: PRICE.test(maxPrice) ? maxPrice : '',
    sort: directorySorts.includes(sort as DirectorySort) ? (sort as DirectorySort) : 'relevance',
    page: wholeIn(params.get('page'), 1, 1000) ?? 1,
  };
}

export function hasPlace(form: DirectoryForm): boolean {
  return Boolean((form.lat && form.lng) || form.postalCode || form.city);
}

/** The page's query string: only what differs from the defaults, in a fixed order. */
export function pageQuery(form: DirectoryForm): string {
  const params = new URLSearchParams();
  const set = (key: string, value: string | number | boolean, skip: string | number | boolean) => {
    if (value !== skip && value !== '') params.set(key, String(value));
  };
  set('service', form.service.trim(), '');
  set('category', form.category, '');
  if (form.lat && form.lng) {
    params.set('lat', form.lat);
    params.set('lng', form.lng);
  } else if (form.postalCode) params.set('postalCode', form.postalCode);
  else set('city', form.city, '');
  set('distanceKm', form.distanceKm, DEFAULT_DISTANCE_KM);
  set('minRating', form.minRating, 0);
  set('badges', form.badges.join(','), '');
  set('remote', form.remote, false);
  set('maxPrice', form.maxPrice, '');
  set('sort', form.sort, 'relevance');
  set('page', form.page, 1);
  return params.toString();
}

/** The API query for `GET /api/contractors/browse`. */
export function apiQuery(form: DirectoryForm): string {
  const params = new URLSearchParams();
  const service = form.service.trim();
  if (service) {
    // A suggestion or a service's name filters by the service; other text searches.
    const slug = isServiceSlug(service) ? service : null;
    if (slug) params.set('service', slug);
    else params.set('search', service);
  }
  if (form.category) params.set('category', form.category);
  if (form.lat && form.lng) {
    params.set('lat', form.lat);
    params.set('lng', form.lng);
  } else if (form.postalCode) params.set('postalCode', form.postalCode);
  else if (form.city) params.set('city', form.city);
  if (hasPlace(form)) params.set('distanceKm', String(form.distanceKm));
  if (form.minRating > 0) params.set('minRating', String(form.minRating));
  if (form.badges.length) params.set('badges', form.badges.join(','));
  if (form.remote) params.set('remote', 'true');
  if (form.maxPrice && PRICE.test(form.maxPrice))
    params.set('maxPriceCents', String(Math.round(Number(form.maxPrice) * 100)));
  params.set('sort', form.sort);
  params.set('limit', String(PAGE_SIZE));
  params.set('offset', String((form.page - 1) * PAGE_SIZE));
  return params.toString();
}

/** What the place field shows for the form. */
export function whereText(form: DirectoryForm): string {
  return form.postalCode || form.city;
}

/**
 * Reads the place field: text that starts like a postal code (a letter and a digit) is one, and
 * must be valid (a full code or its first three characters); other text is a city.
 */
export function readWhere(text: string): { postalCode: string; city: string } | 'invalid-postal-code' {
  const value = text.trim();
  if (!value) return { postalCode: '', city: '' };
  if (/^[a-z]\d/i.test(value)) {
    const code = normalizePostalCode(value);
    if (code) return { postalCode: code, city: '' };
    const fsa = value.toUpperCase();
    if (FSA_PATTERN.test(fsa)) return { postalCode: fsa, city: '' };
    return 'invalid-postal-code';
  }
  return { postalCode: '', city: value };
}

/** The service field's text for a slug (its label), or the text itself. */
export function serviceText(service: string, label: (slug: string) => string | null): string {
  return isServiceSlug(service) ? (label(service) ?? service) : service;
}

/** The value to search for: a service's slug when the text names one (either language), else the text. */
export function resolveServiceText(text: string, labelToSlug: (text: string) => string | null): string {
  const trimmed = text.trim();
  return labelToSlug(trimmed) ?? serviceFromText(trimmed) ?? trimmed;
}

export function isValidPrice(text: string): boolean {
  return text.trim() === '' || PRICE.test(text.trim());
}
