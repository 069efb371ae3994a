import { nanoquery, type FetcherStore } from '@nanostores/query';
import { atom } from 'nanostores';
import { getJson } from './api.ts';

/**
 * Cached reads (docs/product.md#api): the path is the key's segments joined with '/', data never
 * goes stale, nothing refetches on focus or reconnect, and a failed read is not retried.
 */
export const [createFetcherStore, createMutatorStore, { invalidateKeys, revalidateKeys, mutateCache }] = nanoquery({
  fetcher: (...parts) => getJson(parts.join('/')),
  dedupeTime: Infinity,
  cacheLifetime: Infinity,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  onErrorRetry: null,
});

/**
 * One cached read per URL: a URL is its store's key, so a write can refetch it by name
 * (`revalidateKeys(url)`); null is "nothing to read yet" (an idle store that never fetches).
 */
export function storesByUrl<T>() {
  const stores = new Map<string, FetcherStore<T>>();
  const idle = createFetcherStore<T>([atom<string | null>(null)]);
  return (url: string | null): FetcherStore<T> => {
    if (url === null) return idle;
    let store = stores.get(url);
    if (!store) stores.set(url, (store = createFetcherStore<T>([url])));
    return store;
  };
}
