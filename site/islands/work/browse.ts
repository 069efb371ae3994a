import {
  categoryOfService,
  isServiceSlug,
  serviceCategories,
  serviceFromText,
} from '../../../shared/domain/catalogue/categories.ts';
import { dollarsToCents } from '../../../shared/domain/work/rules.ts';
import { normalizePostalCode, POSTAL_CODE_MESSAGE } from '../../../shared/geo/postal-code.ts';
import { centsToInput } from './format.ts';

/** The job board's filters (JobBrowser): the page's query, and the API query they make. */
export type Near = 'postal' | 'gps' | 'me' | 'anywhere';
export type Sort = 'newest' | 'budget' | 'distance';

export type Filters = {
  near: Near;
  postalCode: string;
  lat: string;
  lng: string;
  radiusKm: number;
  category: string;
  service: string;
  budgetFrom: string;
  budgetTo: string;
  includeRemote: boolean;
  sort: Sort;
};

export const RADII = [5, 10, 25, 50, 100, 250, 500, 1000] as const;

const defaults: Filters = {
  near: 'anywhere',
  postalCode: '',
  lat: '',
  lng: '',
  radiusKm: 25,
  category: '',
  service: '',
  budgetFrom: '',
  budgetTo: '',
  includeRemote: true,
  sort: 'newest',
};

/**
 * Filters from the page's query: this list's own parameters, and the landing search's (`service`
 * as a slug or text, `distanceKm`, `lat`, `lng`) when /platform sends a visitor on.
 */
export function filtersFromQuery(query: URLSearchParams): Filters {
  const filters = { ...defaults };
  const radius = Number(query.get('radiusKm') ?? query.get('distanceKm'));
  if (Number.isFinite(radius) && radius > 0) filters.radiusKm = Math.min(1000, Math.max(1, Math.round(radius)));
  const service = query.get('service')?.trim() ?? '';
  const slug = isServiceSlug(service) ? service : serviceFromText(service);
  if (slug) {
    filters.service = slug;
    filters.category = categoryOfService(slug) ?? '';
  }
  const category = query.get('category');
  if (category && serviceCategories.some((c) => c.slug === category)) {
    filters.category = category;
    if (filters.service && categoryOfService(filters.service) !== category) filters.service = '';
  }
  const postal = query.get('postalCode');
  const lat = query.get('lat');
  const lng = query.get('lng');
  if (query.get('near') === 'me') filters.near = 'me';
  else if (postal) {
    filters.near = 'postal';
    filters.postalCode = postal;
  } else if (lat && lng && Number.isFinite(Number(lat)) && Number.isFinite(Number(lng))) {
    filters.near = 'gps';
    filters.lat = lat;
    filters.lng = lng;
  }
  const from = query.get('budgetMinCents');
  const to = query.get('budgetMaxCents');
  if (from && Number.isInteger(Number(from))) filters.budgetFrom = centsToInput(Number(from));
  if (to && Number.isInteger(Number(to))) filters.budgetTo = centsToInput(Number(to));
  if (query.get('includeRemote') === 'false') filters.includeRemote = false;
  const sort = query.get('sort');
  if (sort === 'budget' || sort === 'distance' || sort === 'newest') filters.sort = sort;
  return filters;
}

/** The API query (and the page's own URL) for these filters; null with the postal code's message. */
export function browseParams(filters: Filters): { params: URLSearchParams } | { postalError: string } {
  const params = new URLSearchParams();
  if (filters.near === 'postal') {
    const code = normalizePostalCode(filters.postalCode);
    if (!code) return { postalError: POSTAL_CODE_MESSAGE };
    params.set('postalCode', code);
  }
  if (filters.near === 'gps' && filters.lat && filters.lng) {
    params.set('lat', filters.lat);
    params.set('lng', filters.lng);
  }
  if (filters.near === 'me') params.set('near', 'me');
  if (filters.near !== 'anywhere') params.set('radiusKm', String(filters.radiusKm));
  if (filters.category) params.set('category', filters.category);
  if (filters.service) params.set('service', filters.service);
  const from = dollarsToCents(filters.budgetFrom);
  const to = dollarsToCents(filters.budgetTo);
  if (from !== null) params.set('budgetMinCents', String(from));
  if (to !== null) params.set('budgetMaxCents', String(to));
  if (!filters.includeRemote) params.set('includeRemote', 'false');
  if (filters.sort !== 'newest') params.set('sort', filters.sort);
  return { params };
}
