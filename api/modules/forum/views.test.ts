import { describe, expect, it } from 'vitest';
import type { ForumPostRow, ForumReplyRow, ModerationItem } from '../../../projections/forum.ts';
import { moderationItemView, postView, replyView } from '../../../shared/http/forum.ts';
import { FORMER_MEMBER } from '../accounts/personal-data.ts';
import { authorIdsOf, moderationItemToView, moderationNameIdsOf, postToView, replyToView } from './views.ts';

const author = '11111111-1111-4111-8111-111111111111';
const admin = '22222222-2222-4222-8222-222222222222';
const postId = '33333333-3333-4333-8333-333333333333';
const replyId = '44444444-4444-4444-8444-444444444444';
const names = new Map([
  [author, 'Avery'],
  [admin, 'Morgan'],
]);

const post: ForumPostRow = {
  id: postId,
  authorId: author,
  title: 'Best deck stain?',
  content: 'Looking for advice',
  category: 'questions',
  createdAt: '2026-01-01T00:00:00.000Z',
  upvotes: 2,
  replyCount: 1,
  hasUserUpvoted: false,
};
const reply: ForumReplyRow = {
  id: replyId,
  postId,
  authorId: author,
  content: 'Oil based',
  createdAt: '2026-01-02T00:00:00.000Z',
  upvotes: 0,
  hasUserUpvoted: true,
};

describe('forum views', () => {
  it('name the author instead of showing their id, and a closed account as a former member', () => {
    const view = postToView(post, names);
    expect(view).not.toHaveProperty('authorId');
    expect(view.authorName).toBe('Avery');
    expect(postView.parse(view)).toEqual(view);
    expect(postToView(post, new Map()).authorName).toBe(FORMER_MEMBER);
    expect(authorIdsOf([post, post, { authorId: admin }])).toEqual([author, admin]);
  });

  it('leave the discussion id out of a reply', () => {
    const view = replyToView(reply, names);
    expect(view).toEqual({
      id: replyId,
      content: 'Oil based',
      authorName: 'Avery',
      createdAt: reply.createdAt,
      upvotes: 0,
      hasUserUpvoted: true,
    });
    expect(replyView.parse(view)).toEqual(view);
  });

  it('show moderators who hid what and why', () => {
    const hidden: ModerationItem = {
      kind: 'reply',
      postId,
      replyId,
      authorId: author,
      title: post.title,
      content: reply.content,
      createdAt: reply.createdAt,
      hidden: { at: '2026-01-03T00:00:00.000Z', by: admin, reason: 'Spam' },
    };
    const visible: ModerationItem = { ...hidden, kind: 'post', replyId: null, hidden: null };
    expect(moderationNameIdsOf([hidden, visible])).toEqual([author, admin]);
    const view = moderationItemToView(hidden, names);
    expect(view.hidden).toEqual({ at: hidden.hidden!.at, byName: 'Morgan', reason: 'Spam' });
    expect(moderationItemView.parse(view)).toEqual(view);
    expect(moderationItemToView(hidden, new Map([[author, 'Avery']])).hidden?.byName).toBeNull();
    expect(moderationItemToView(visible, new Map()).authorName).toBe(FORMER_MEMBER);
    expect(moderationItemToView(visible, names).hidden).toBeNull();
  });
});
