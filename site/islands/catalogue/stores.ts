import { atom } from 'nanostores';
import type {
  BrowseAnswer,
  ContractorProfileView,
  PlaceSuggestion,
  ServiceAreaView,
  ServiceDirectoryView,
} from '../../../shared/http/catalogue.ts';
import { getJson } from '../../lib/api.ts';
import { createFetcherStore, invalidateKeys, mutateCache, revalidateKeys } from '../../lib/query.ts';

/**
 * The catalogue's reads (api/modules/catalogue) as nanoquery stores. A key is the read's URL, in
 * parts; a null part fetches nothing.
 */
const byUrl = <T>(...parts: (string | number | true)[]) => getJson<T>(parts.join('')) as Promise<T>;

// ---------------------------------------------------------------------------------------------
// The directory search (/contractors)

export const BROWSE_KEY = '/api/contractors/browse?';
/** The search's query string (query.ts apiQuery); null until the page has read its URL. */
export const $browseQuery = atom<string | null>(null);
/** Each search is fetched when it is made (the directory changes as contractors list themselves). */
export const $browse = createFetcherStore<BrowseAnswer>([BROWSE_KEY, $browseQuery], {
  fetcher: (...parts) => byUrl<BrowseAnswer>(...parts),
  dedupeTime: 0,
});
export const retryBrowse = () => invalidateKeys((key) => key.startsWith(BROWSE_KEY));

export const PLACES_KEY = '/api/geo/places?q=';
/** The place field's text and language (`K1A&lang=en`), once the visitor paused typing; null: none. */
export const $placesQuery = atom<string | null>(null);
export const $places = createFetcherStore<{ places: PlaceSuggestion[] }>([PLACES_KEY, $placesQuery], {
  fetcher: (...parts) => byUrl<{ places: PlaceSuggestion[] }>(...parts),
});
export const placesQuery = (text: string, lang: string) => `${encodeURIComponent(text)}&lang=${lang}`;

// ---------------------------------------------------------------------------------------------
// The service directory, a profile, a gallery

export const SERVICE_DIRECTORY_URL = '/api/service-directory';
export const $serviceDirectory = createFetcherStore<ServiceDirectoryView>([SERVICE_DIRECTORY_URL]);
export const retryServiceDirectory = () => invalidateKeys(SERVICE_DIRECTORY_URL);

export const REVIEWS_PAGE = 10;
export const profileUrl = (id: string, reviewsOffset = 0) =>
  `/api/contractors/${encodeURIComponent(id)}?reviewsLimit=${REVIEWS_PAGE}${reviewsOffset ? `&reviewsOffset=${reviewsOffset}` : ''}`;

/** One contractor's public profile with its first page of reviews. */
export const profileStore = (id: string) => createFetcherStore<ContractorProfileView>([profileUrl(id)]);
export const retryProfile = (id: string) => invalidateKeys(profileUrl(id));

/** Adds the next page of reviews to the profile kept for `id`. */
export async function loadMoreReviews(id: string, profile: ContractorProfileView) {
  const next = await getJson<ContractorProfileView>(profileUrl(id, profile.reviews.items.length));
  if (!next) return;
  mutateCache(profileUrl(id), {
    ...profile,
    reviews: { total: next.reviews.total, items: [...profile.reviews.items, ...next.reviews.items] },
  });
}

export type Billboard = { id: string; title: string; caption: string; photo: { id: string; url: string } };
export const galleryUrl = (contractorId: string) => `/api/contractors/${encodeURIComponent(contractorId)}/gallery`;
export const galleryStore = (contractorId: string) =>
  createFetcherStore<{ billboards: Billboard[] }>([galleryUrl(contractorId)]);

// ---------------------------------------------------------------------------------------------
// My service area (contractor dashboard)

export const SERVICE_AREA_URL = '/api/contractor/service-area';
export const $serviceArea = createFetcherStore<ServiceAreaView>([SERVICE_AREA_URL]);
export const retryServiceArea = () => invalidateKeys(SERVICE_AREA_URL);
/** After a save: the area, and the directory searches and profiles that show it, are fetched again. */
export const refreshAfterServiceAreaSave = () => {
  void revalidateKeys(SERVICE_AREA_URL);
  void revalidateKeys((key) => key.startsWith(BROWSE_KEY));
};
