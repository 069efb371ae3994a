import type { FetcherStore, FetcherValue } from '@nanostores/query';
import { useStore } from '@nanostores/react';
import type { AstroGlobal } from 'astro';
import { createContext, useContext, useMemo } from 'react';
import { $session, ME_KEY, type CurrentUser, type Role, type SessionState } from '../stores/session.ts';
import { useMounted } from '../ui/use-mounted.ts';
import { urlOf } from './query.ts';

/**
 * A page's first data, read on the server for the signed-in visitor (docs/decisions.md, "First
 * data in the page"): the answers of the API reads the page's islands start with, by URL. The page
 * renders them into its HTML, so they show without waiting for any script, and hands them to its
 * islands (the `firstReads` prop of `island()`), which put them in the query cache instead of
 * asking again.
 */
export type FirstReads = Readonly<Record<string, unknown>>;

export const FirstReadsContext = createContext<FirstReads>({});

/** What `readFirst` read for a page, and what the page should still preload for its islands. */
export type FirstData = { reads: FirstReads; preload: readonly string[] };

/**
 * Reads a page's first data as the visitor, through the app (Astro.locals.readApi): the session
 * first, then the page's `urls` when the page is for this visitor (`forWhom`: anyone, any
 * signed-in user, or one role). `readBefore` are read in order before `urls`, for what the page
 * compares its data with later: the unread count a page's money reads follow
 * (site/islands/contracts/api.ts) must be older than the data, or a notification between the two
 * would go unseen. An answer other than 200 is left out, and the island asks for it
 * itself as it would without this. Without the app (`astro dev`, a prerendered page), nothing is
 * read and every URL is preloaded instead. A page with the visitor's own data in it is never
 * stored by a browser or a proxy.
 */
export async function readFirst(
  astro: Pick<AstroGlobal, 'locals' | 'response'>,
  urls: readonly string[],
  forWhom: Role | 'signed-in' | 'anyone' = 'signed-in',
  options: { readBefore?: readonly string[] } = {},
): Promise<FirstData> {
  const readApi = astro.locals.readApi;
  if (!readApi) return { reads: {}, preload: [ME_KEY, ...urls] };
  astro.response.headers.set('cache-control', 'private, no-store');
  const user = (await readApi(ME_KEY)) as CurrentUser | null;
  const forThem = forWhom === 'anyone' || (user !== null && (forWhom === 'signed-in' || user.role === forWhom));
  const answers: (readonly [string, unknown])[] = [];
  if (forThem) {
    for (const url of options.readBefore ?? []) answers.push([url, await readApi(url)]);
    answers.push(...(await Promise.all(urls.map(async (url) => [url, await readApi(url)] as const))));
  }
  const read = answers.filter(([, answer]) => answer !== null);
  return { reads: Object.fromEntries(user ? [[ME_KEY, user], ...read] : read), preload: [] };
}

/**
 * The session as a component renders it. A page rendered per request knew its visitor (the first
 * reads hold them): the server rendered the page for that user, and the browser's first render must
 * match it, whatever the session store says yet (another island may have loaded it, or not).
 */
export function useSession(): SessionState {
  const stored = useStore($session);
  const mounted = useMounted();
  const firstUser = useContext(FirstReadsContext)[ME_KEY] as CurrentUser | undefined;
  return firstUser && (!mounted || stored.status === 'loading') ? { status: 'authenticated', user: firstUser } : stored;
}

/**
 * A read store's value as a component renders it. Where a page was rendered on the server, the
 * server and the browser's hydrating render both show what the page read for the store's URL, or
 * a store of a fixed URL loading: the store itself is not used on the server (its cache is every
 * visitor's, and could only hold the failure of a fetch made there), and in the browser another
 * island may have read the URL already, which the server could not know. React renders again with
 * the store's own value as soon as hydration is done; a component mounted later in the browser
 * starts from the store's value at once. Islands read their data with this rather than `useStore`
 * wherever a server-rendered page may show them. A store whose key moves (a computed URL) passes
 * the URL it reads now.
 */
export function useQuery<T>(store: FetcherStore<T>, url: string | undefined = urlOf(store)): FetcherValue<T> {
  const reads = useContext(FirstReadsContext);
  const rendered = useMemo(
    (): FetcherValue<T> | null =>
      url === undefined ? null : url in reads ? { data: reads[url] as T, loading: false } : LOADING,
    [url, reads],
  );
  return useStore(store, rendered ? { ssr: () => rendered } : {});
}

const LOADING = { loading: true } as const;
