import { nanoquery, type CommonSettings, type FetcherStore, type KeyInput } from '@nanostores/query';
import { atom } from 'nanostores';
import { getJson } from './api.ts';

/** The answers nanoquery keeps, by key (a read's URL); `seedQueryCache` fills it from the page. */
const cache = new Map<string, { data?: unknown; created?: number; expires?: number }>();
/** The URLs seeded on this page: each once, so an island hydrating later never brings back an old answer. */
const seeded = new Set<string>();

/**
 * Cached reads (docs/product.md#api): the path is the key's segments joined with '/', data never
 * goes stale, nothing refetches on focus or reconnect, and a failed read is not retried.
 */
const [createQueryStore, createMutatorStore, { invalidateKeys, revalidateKeys, mutateCache }] = nanoquery({
  cache,
  fetcher: (...parts) => getJson(parts.join('/')),
  dedupeTime: Infinity,
  cacheLifetime: Infinity,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  onErrorRetry: null,
});

export { createMutatorStore, invalidateKeys, revalidateKeys, mutateCache };

/** The URL of each store read from one fixed URL: what a server-rendered page may have read for it. */
const urlOfStore = new WeakMap<FetcherStore, string>();

/** nanoquery's fetcher store, remembering its URL when the key is one fixed URL (most reads). */
export function createFetcherStore<T = unknown>(keys: KeyInput, settings?: CommonSettings<T>): FetcherStore<T> {
  const store = createQueryStore<T>(keys, settings);
  const [first, ...more] = Array.isArray(keys) ? keys : [keys];
  if (typeof first === 'string' && more.length === 0) urlOfStore.set(store as FetcherStore, first);
  return store;
}

/** The fixed URL a store reads, if it has one. */
export const urlOf = <T>(store: FetcherStore<T>): string | undefined => urlOfStore.get(store as FetcherStore);

/**
 * One cached read per URL: a URL is its store's key, so a write can refetch it by name
 * (`revalidateKeys(url)`); null is "nothing to read yet" (an idle store that never fetches).
 * `onCreate` runs once for each URL's store as it is made (to attach a mount listener, say).
 */
export function storesByUrl<T>(onCreate?: (store: FetcherStore<T>) => void) {
  const stores = new Map<string, FetcherStore<T>>();
  const idle = createFetcherStore<T>([atom<string | null>(null)]);
  return (url: string | null): FetcherStore<T> => {
    if (url === null) return idle;
    let store = stores.get(url);
    if (!store) {
      stores.set(url, (store = createFetcherStore<T>([url])));
      onCreate?.(store);
    }
    return store;
  };
}

/**
 * In the browser: keeps answers the server read for this page (site/lib/first-reads.ts) as if they
 * had just been fetched, so the islands render them at once and ask for them no more. An answer
 * already kept (another island's read) is as new and stays; each URL is seeded once a page, so
 * an island that hydrates after a write never brings back the older answer. Never on the server,
 * where this cache is shared by every visitor's render.
 */
/** What the server read for this page at this URL (`seedQueryCache`), if it read it. */
export function seededAnswer(url: string): unknown {
  return seeded.has(url) ? cache.get(url)?.data : undefined;
}

export function seedQueryCache(answers: Readonly<Record<string, unknown>>) {
  if (typeof window === 'undefined') return;
  const now = Date.now();
  for (const [url, data] of Object.entries(answers)) {
    if (seeded.has(url)) continue;
    seeded.add(url);
    if (!cache.has(url)) cache.set(url, { data, created: now, expires: Infinity });
  }
}
