import { describe, expect, it } from 'vitest';
import { initials, postsUrl, repliesUrl } from './data.ts';

describe('forum data helpers', () => {
  it('makes a reply avatar from the first two letters of the name, uppercased', () => {
    expect(initials('marie-Ève Tremblay')).toBe('MA');
    expect(initials('  émile')).toBe('ÉM');
    expect(initials('J')).toBe('J');
  });

  it('puts category, sort and a trimmed search in the posts query, leaving a blank search out', () => {
    expect(postsUrl({ category: 'all', sort: 'recent', search: '  ' })).toBe(
      '/api/forum/posts?category=all&sort=recent',
    );
    expect(postsUrl({ category: 'tips', sort: 'popular', search: ' 100% & more ' })).toBe(
      '/api/forum/posts?category=tips&sort=popular&search=100%25+%26+more',
    );
    expect(repliesUrl('abc')).toBe('/api/forum/posts/abc/replies');
  });
});
