import { afterEach, describe, expect, it, vi } from 'vitest';
import { FORUM_PAGE } from '../../../shared/domain/forum/categories.ts';
import { getPostsPage, initials, postsUrl, repliesUrl } from './data.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

function answer(posts: unknown[], headers: Record<string, string>) {
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify(posts), { status: 200, headers }));
}

describe('forum data helpers', () => {
  it('makes a reply avatar from the first two letters of the name, uppercased', () => {
    expect(initials('marie-Ève Tremblay')).toBe('MA');
    expect(initials('  émile')).toBe('ÉM');
    expect(initials('J')).toBe('J');
  });

  it('puts category, sort and a trimmed search in the posts query, leaving a blank search out', () => {
    expect(postsUrl({ category: 'all', sort: 'recent', search: '  ', limit: 20 })).toBe(
      '/api/forum/posts?category=all&sort=recent&limit=20',
    );
    expect(postsUrl({ category: 'tips', sort: 'popular', search: ' 100% & more ', limit: 40 })).toBe(
      '/api/forum/posts?category=tips&sort=popular&search=100%25+%26+more&limit=40',
    );
    // Never more than the API gives in one answer.
    expect(postsUrl({ category: 'all', sort: 'recent', search: '', limit: 10_000 })).toBe(
      `/api/forum/posts?category=all&sort=recent&limit=${FORUM_PAGE.maxLimit}`,
    );
    expect(repliesUrl('abc')).toBe('/api/forum/posts/abc/replies');
  });

  it('reads one page of discussions with the total from X-Total-Count, else counts what came', async () => {
    const post = { id: 'a', title: 'Hello' };
    answer([post], { 'x-total-count': '57' });
    expect(await getPostsPage('/api/forum/posts')).toEqual({ posts: [post], total: 57 });
    answer([post, post], {});
    expect(await getPostsPage('/api/forum/posts')).toEqual({ posts: [post, post], total: 2 });
    answer([post, post], { 'x-total-count': '1' });
    expect((await getPostsPage('/api/forum/posts')).total).toBe(2);
  });
});
