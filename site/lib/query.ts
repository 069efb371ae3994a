import { nanoquery } from '@nanostores/query';
import { getJson } from './api.ts';

/**
 * Cached reads (spec sections 7 and 9): the path is the key's segments joined with '/', data never
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
