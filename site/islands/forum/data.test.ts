import { describe, expect, it } from 'vitest';
import { FORUM_PAGE } from '../../../shared/domain/forum/categories.ts';
import { initials, postsPageOf, postsUrl, repliesUrl, type ForumPost } from './data.ts';

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

  it('takes the total from X-Total-Count, else (missing, not a number, below the page) counts what came', () => {
    const post = { id: 'a', title: 'Hello' } as ForumPost;
    expect(postsPageOf([post], '57')).toEqual({ posts: [post], total: 57 });
    expect(postsPageOf([post, post], null).total).toBe(2);
    expect(postsPageOf([post, post], 'many').total).toBe(2);
    expect(postsPageOf([post, post], '1').total).toBe(2);
    expect(postsPageOf([], '0').total).toBe(0);
  });
});
