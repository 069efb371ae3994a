import { describe, expect, it } from 'vitest';
import { checkDraft, filterByStatus, isDraftComplete, sortByUpvotes, type FeedbackPost } from './board.ts';

const post = (id: string, upvoteCount: number, createdAt: string, status: FeedbackPost['status'] = 'open') => ({
  id,
  title: id,
  description: id,
  category: 'feature' as const,
  status,
  upvoteCount,
  createdAt,
  hasUserUpvoted: false,
});

describe('feedback board rules', () => {
  it('sorts by upvotes, most first, then newest', () => {
    const posts = [
      post('a', 1, '2026-01-01T00:00:00Z'),
      post('b', 5, '2026-01-01T00:00:00Z'),
      post('c', 1, '2026-02-01T00:00:00Z'),
    ];
    expect(sortByUpvotes(posts).map((p) => p.id)).toEqual(['b', 'c', 'a']);
  });

  it('filters by status, all keeping everything', () => {
    const posts = [post('a', 0, '2026-01-01T00:00:00Z', 'planned'), post('b', 0, '2026-01-01T00:00:00Z')];
    expect(filterByStatus(posts, 'planned').map((p) => p.id)).toEqual(['a']);
    expect(filterByStatus(posts, 'all')).toHaveLength(2);
  });

  it('requires a non-blank title and description and a category', () => {
    expect(isDraftComplete({ title: 'T', description: 'D', category: 'bug' })).toBe(true);
    expect(isDraftComplete({ title: '  ', description: 'D', category: 'bug' })).toBe(false);
    expect(isDraftComplete({ title: 'T', description: '\n', category: 'bug' })).toBe(false);
    expect(isDraftComplete({ title: 'T', description: 'D', category: '' })).toBe(false);
  });

  it('checks the draft with the API’s body schema: the trimmed body, or which message to show', () => {
    expect(checkDraft({ title: ' T ', description: ' D ', category: 'bug' })).toEqual({
      body: { title: 'T', description: 'D', category: 'bug' },
    });
    expect(checkDraft({ title: ' ', description: 'D', category: 'bug' })).toEqual({ problem: 'missing' });
    expect(checkDraft({ title: 'T', description: 'D', category: '' })).toEqual({ problem: 'missing' });
    expect(checkDraft({ title: 'T'.repeat(121), description: 'D', category: 'bug' })).toEqual({ problem: 'invalid' });
  });
});
