import { useStore } from '@nanostores/react';
import { useMemo, useRef } from 'react';
import {
  FORUM_PAGE,
  FORUM_TOTAL_HEADER,
  type ForumCategory,
  type ForumSort,
} from '../../../shared/domain/forum/categories.ts';
import type { ForumCategoryCount, ForumPostView, ForumReplyView } from '../../../shared/http/forum.ts';
import { apiRequest } from '../../lib/api.ts';
import { createFetcherStore, revalidateKeys } from '../../lib/query.ts';

/** What the forum routes answer (shared/http/forum.ts). */
export type ForumPost = ForumPostView;
export type ForumReply = ForumReplyView;
export type { ForumCategoryCount };

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

/** A reply avatar shows the first two letters of the author name, uppercased (docs/product.md#forum). */
export function initials(name: string): string {
  return Array.from(name.trim()).slice(0, 2).join('').toUpperCase();
}

export type Polled<T> = { data: T | undefined; error: unknown; loading: boolean; reload: () => void };

/** A forum read: fetched when a component shows it, then every FORUM_REFRESH_MS while one does. */
function polledStore<T>(url: string, read?: (url: string) => Promise<T>) {
  return createFetcherStore<T>([url], {
    dedupeTime: 0,
    revalidateInterval: FORUM_REFRESH_MS,
    ...(read ? { fetcher: (...parts: unknown[]) => read(parts.join('')) } : {}),
  });
}

/**
 * A read that exists only while its component is mounted (the dialog's body unmounts on close):
 * read when shown and whenever the URL changes, then every `FORUM_REFRESH_MS`. The last good
 * data stays on screen while another URL is read or a refresh fails.
 */
export function usePolled<T>(
  url: string,
  // A module-level function (a new one each render would make a new store each render).
  read?: (url: string) => Promise<T>,
): Polled<T> {
  const $read = useMemo(() => polledStore<T>(url, read), [url, read]);
  const value = useStore($read);
  const last = useRef<T | undefined>(undefined);
  if (value.data !== undefined) last.current = value.data;
  return {
    data: value.data ?? last.current,
    error: value.error ?? null,
    loading: value.loading || (value.data === undefined && value.error === undefined),
    reload: () => revalidateKeys(url),
  };
}

/** Everything the forum shows is read again: a write changes counts, lists and replies. */
export const refreshForum = () => revalidateKeys((key) => key.startsWith('/api/forum/'));

/** Upvotes a discussion or a reply (`url`); the forum is read again whatever the answer. */
export async function upvote(url: string): Promise<void> {
  try {
    await apiRequest('POST', url);
  } finally {
    refreshForum();
  }
}

export async function createPost(post: { title: string; content: string; category: ForumCategory }) {
  await apiRequest('POST', '/api/forum/posts', post);
  refreshForum();
}

export async function addReply(postId: string, content: string) {
  await apiRequest('POST', `/api/forum/posts/${postId}/replies`, { content });
  refreshForum();
}
