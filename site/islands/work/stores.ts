import type { FetcherStore } from '@nanostores/query';
import { useStore } from '@nanostores/react';
import { atom, computed, type ReadableAtom } from 'nanostores';
import { useMemo, useRef, useState } from 'react';
import type {
  BrowseView,
  ComparisonRowView,
  MyProposalsView,
  WorkOrderDetailView,
  WorkOrderListView,
  WorkOrderView,
} from '../../../shared/http/work.ts';
import { createFetcherStore } from '../../lib/query.ts';
import { workUrls, type Listed, type Loaded, type Proposal, type TimeProposal } from './api.ts';
import { useQuery } from '../../lib/first-reads.ts';

/**
 * The work islands' reads (GET /api/work-orders/…, /api/proposals/mine), as nanoquery stores
 * keyed by their URL: one store per URL, so two islands reading the same list share one fetch
 * and one cache entry, and a write (workApi in api.ts) refetches what it changed.
 */
const stores = new Map<string, FetcherStore>();

/** The store of one read: the answer of GET `url`. */
export function workRead<T>(url: string): FetcherStore<T> {
  let store = stores.get(url);
  if (!store) {
    store = createFetcherStore<T>([url]);
    stores.set(url, store);
  }
  return store;
}

export const workReads = {
  order: (id: string) => workRead<WorkOrderDetailView>(workUrls.order(id)),
  comparison: (id: string) =>
    workRead<{ workOrder: WorkOrderView; proposals: ComparisonRowView[] }>(workUrls.proposals(id)),
  timeProposals: (id: string) => workRead<TimeProposal[]>(`${workUrls.order(id)}/time-proposals`),
  mine: () => workRead<WorkOrderListView>(workUrls.mine),
  directRequests: () => workRead<WorkOrderListView>(workUrls.directRequests),
  myProposals: () => workRead<MyProposalsView>(workUrls.myProposals),
  browse: (params: URLSearchParams) => workRead<BrowseView>(workUrls.browse(params)),
};

/** Nothing to read yet (a form that is not editing, a page before its query is known). */
const $nothing = createFetcherStore<never>([atom<string | null>(null)]);

/** Fetches the store's URL again and waits for the answer. */
export async function refetch(store: FetcherStore) {
  store.revalidate();
  await store.get().promise?.catch(() => {});
}

/**
 * A component's view of a read store: loading until the first answer, the last good data kept on
 * screen while a reload runs, and the error of the last failed fetch.
 */
export function useRead<T>(store: FetcherStore<T> | null): Loaded<T> {
  const value = useQuery<T>(store ?? ($nothing as FetcherStore<T>));
  const waiting = store !== null && value.data === undefined && value.error === undefined;
  return {
    data: store ? value.data : undefined,
    error: store ? (value.error ?? null) : null,
    loading: store !== null && (value.loading || waiting),
    reload: () => (store ? refetch(store) : Promise.resolve()),
  };
}

/** Orders per page of the job board. */
export const BROWSE_PAGE = 20;

function browsePage(query: string, offset: number) {
  const params = new URLSearchParams(query);
  params.set('limit', String(BROWSE_PAGE));
  if (offset > 0) params.set('offset', String(offset));
  return workReads.browse(params);
}

type PageValue = ReturnType<FetcherStore<BrowseView>['get']>;
const $noPages: ReadableAtom<PageValue[]> = atom([]);

export type BrowseResults = {
  /** The orders of every page shown so far; null before the first page is in. */
  page: { total: number; orders: Listed[] } | null;
  loading: boolean;
  error: unknown;
  /** Fetches the next page. */
  loadMore: () => void;
  /** Back to the first page, fetched again. */
  reload: () => void;
  /** Marks the proposal the contractor just sent on its order (a live bid, one proposal more). */
  markProposed: (proposal: Proposal) => void;
};

/**
 * The job board's results for an API query (null: not known yet), page by page: each page is its
 * own read store (GET /api/work-orders/browse?…&offset=…), the list shows the pages in order.
 * A new query's first page replaces the list once it is in.
 */
export function useBrowse(query: string | null): BrowseResults {
  const [shown, setShown] = useState<{ query: string | null; pages: number }>({ query, pages: 1 });
  const pages = shown.query === query ? shown.pages : 1;
  const stores = useMemo(
    () => (query === null ? [] : Array.from({ length: pages }, (_, i) => browsePage(query, i * BROWSE_PAGE))),
    [query, pages],
  );
  const $pages = useMemo(
    () => (stores.length === 0 ? $noPages : computed(stores, (...values: PageValue[]) => values)),
    [stores],
  );
  const values = useStore($pages);
  const loaded = values.filter((value) => value.data !== undefined).map((value) => value.data!);
  const first = values[0];
  // The last list stays on screen while other filters' first page loads (or fails).
  const last = useRef<BrowseResults['page']>(null);
  if (loaded.length > 0) {
    last.current = { total: loaded[loaded.length - 1]!.total, orders: loaded.flatMap((data) => data.orders) };
  }
  return {
    page: last.current,
    loading: values.some((value) => value.loading) || (query !== null && first?.data === undefined && !first?.error),
    error: values.find((value) => value.error)?.error ?? null,
    loadMore: () => setShown({ query, pages: pages + 1 }),
    reload: () => {
      setShown({ query, pages: 1 });
      if (stores[0]) void refetch(stores[0]);
    },
    markProposed: (proposal) => {
      for (const store of stores) {
        const data = store.get().data;
        if (!data?.orders.some((order) => order.id === proposal.workOrderId)) continue;
        store.mutate({
          ...data,
          orders: data.orders.map((order) =>
            order.id === proposal.workOrderId
              ? { ...order, myProposal: proposal, proposalCount: order.proposalCount + 1 }
              : order,
          ),
        });
      }
    },
  };
}
