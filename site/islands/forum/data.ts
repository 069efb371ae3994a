import { useCallback, useEffect, useRef, useState } from 'react';
import {
  FORUM_PAGE,
  FORUM_TOTAL_HEADER,
  type ForumCategory,
  type ForumSort,
} from '../../../shared/domain/forum/categories.ts';
import { apiRequest, getJson } from '../../lib/api.ts';

export type ForumPost = {
  id: string;
  title: string;
  content: string;
  category: ForumCategory;
  authorName: string;
  createdAt: string;
  upvotes: number;
  replyCount: number;
  hasUserUpvoted: boolean;
};

export type ForumReply = {
  id: string;
  content: string;
  authorName: string;
  createdAt: string;
  upvotes: number;
  hasUserUpvoted: boolean;
};

export type ForumCategoryCount = { value: ForumCategory; label: string; count: number };

/** Someone else's new post shows up within this while the dialog is open. */
export const FORUM_REFRESH_MS = 15_000;

export const FORMER_MEMBER = 'Former member';

/**
 * The list asks for the first `limit` discussions: "Show more" raises the limit by a page rather
 * than fetching the next page alone, so the 15-second refresh keeps everything on screen current.
 */
export function postsUrl(filters: {
  category: ForumCategory | 'all';
  sort: ForumSort;
  search: string;
  limit: number;
}): string {
  const params = new URLSearchParams({ category: filters.category, sort: filters.sort });
  const search = filters.search.trim();
  if (search) params.set('search', search);
  params.set('limit', String(Math.min(filters.limit, FORUM_PAGE.maxLimit)));
  return `/api/forum/posts?${params.toString()}`;
}

/** The discussions on screen and how many match the filter in all (the API's X-Total-Count). */
export type PostsPage = { posts: ForumPost[]; total: number };

/** A page and its total header; without a usable total, what came is all there is. */
export function postsPageOf(posts: ForumPost[], totalHeader: string | null): PostsPage {
  const total = totalHeader === null ? Number.NaN : Number(totalHeader);
  return { posts, total: Number.isInteger(total) && total >= posts.length ? total : posts.length };
}

export async function getPostsPage(url: string): Promise<PostsPage> {
  const response = await apiRequest('GET', url);
  return postsPageOf((await response.json()) as ForumPost[], response.headers.get(FORUM_TOTAL_HEADER));
}

export const repliesUrl = (postId: string) => `/api/forum/posts/${encodeURIComponent(postId)}/replies`;
export const CATEGORIES_URL = '/api/forum/categories';

/** Spec section 2: a reply avatar shows the first two letters of the author name, uppercased. */
export function initials(name: string): string {
  return Array.from(name.trim()).slice(0, 2).join('').toUpperCase();
}

async function readJson<T>(url: string): Promise<T> {
  return (await getJson<T>(url)) as T;
}

export type Polled<T> = { data: T | undefined; error: unknown; loading: boolean; reload: () => void };

/**
 * A read that exists only while its component is mounted (the dialog's body unmounts on close):
 * fetched on mount and whenever the URL changes, then every `intervalMs`. An older answer that
 * arrives after a newer request is dropped; the last good data stays on screen while refreshing.
 */
export function usePolledJson<T>(
  url: string,
  // A module-level function (a new one each render would refetch each render).
  read: (url: string) => Promise<T> = readJson<T>,
  intervalMs = FORUM_REFRESH_MS,
): Polled<T> {
  const [state, setState] = useState<{ url: string; data: T | undefined; error: unknown; loading: boolean }>({
    url,
    data: undefined,
    error: null,
    loading: true,
  });
  const ticket = useRef(0);

  const load = useCallback(async () => {
    const mine = ++ticket.current;
    setState((current) => ({ ...current, loading: true }));
    try {
      const data = await read(url);
      if (mine === ticket.current) setState({ url, data, error: null, loading: false });
    } catch (error) {
      if (mine === ticket.current) setState((current) => ({ ...current, url, error, loading: false }));
    }
  }, [url, read]);

  useEffect(() => {
    void load();
    const timer = window.setInterval(() => void load(), intervalMs);
    return () => {
      window.clearInterval(timer);
      // Answers that arrive after unmount or a URL change are ignored.
      ticket.current++;
    };
  }, [load, intervalMs]);

  return { data: state.data, error: state.error, loading: state.loading, reload: () => void load() };
}
