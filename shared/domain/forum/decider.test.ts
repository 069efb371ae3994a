import { describe, it } from 'vitest';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.ts';
import { deciderSpec } from '../testing.ts';
import { FORUM_MESSAGES } from './categories.ts';
import { forumPostDecider } from './decider.ts';
import type { ForumEvent } from './events.ts';

const now = new Date('2026-11-22T12:00:00.000Z');
const at = now.toISOString();
const postId = '1b7a1d1e-2f4e-4b7a-9b0e-1a2b3c4d5e70';
const replyId = '2c7a1d1e-2f4e-4b7a-9b0e-1a2b3c4d5e71';
const author = '3d1c1c1e-8f4e-4b7a-9b0e-1a2b3c4d5e6f';
const voter = '4e1c1c1e-8f4e-4b7a-9b0e-1a2b3c4d5e6f';

const spec = deciderSpec(forumPostDecider);

const created: ForumEvent = {
  type: 'ForumPostCreated',
  data: {
    postId,
    authorId: author,
    title: 'Winter tires',
    content: 'Who installs them?',
    category: 'questions',
    createdAt: at,
  },
};
const replied: ForumEvent = {
  type: 'ForumReplyAdded',
  data: { replyId, postId, authorId: voter, content: 'Try the garage on Main.', createdAt: at },
};
const postUpvoted: ForumEvent = { type: 'ForumPostUpvoted', data: { postId, voterId: voter, upvotedAt: at } };
const replyUpvoted: ForumEvent = {
  type: 'ForumReplyUpvoted',
  data: { replyId, postId, voterId: author, upvotedAt: at },
};

const create = (overrides: Partial<{ title: string; content: string; category: string }> = {}) => ({
  type: 'CreateForumPost' as const,
  postId,
  authorId: author,
  title: 'Winter tires',
  content: 'Who installs them?',
  category: 'questions' as const,
  now,
  ...(overrides as object),
});

describe('forum post decider: CreateForumPost', () => {
  it('records a discussion, trimmed', () => {
    spec([])
      .when(create({ title: '  Winter tires ', content: '\nWho installs them?  ' }))
      .then([created]);
  });

  it('refuses a title under 3 or over 150 characters after trimming', () => {
    for (const title of ['  ab  ', '', 'x'.repeat(151)]) {
      spec([]).when(create({ title })).thenThrows(ValidationError, FORUM_MESSAGES.title);
    }
  });

  it('accepts a title of exactly 150 characters', () => {
    const title = 't'.repeat(150);
    spec([])
      .when(create({ title }))
      .then([{ ...created, data: { ...created.data, title } } as ForumEvent]);
  });

  it('refuses blank or oversized content', () => {
    for (const content of ['   ', 'x'.repeat(5001)]) {
      spec([]).when(create({ content })).thenThrows(ValidationError, FORUM_MESSAGES.content);
    }
  });

  it('refuses an unknown category', () => {
    spec([])
      .when(create({ category: 'politics' }))
      .thenThrows(ValidationError, FORUM_MESSAGES.category);
  });

  it('refuses to create the same discussion twice', () => {
    spec([created]).when(create()).thenThrows(ConflictError);
  });
});

describe('forum post decider: AddForumReply', () => {
  const reply = (content = 'Try the garage on Main.') => ({
    type: 'AddForumReply' as const,
    replyId,
    postId,
    authorId: voter,
    content,
    now,
  });

  it('adds a reply to an existing discussion', () => {
    spec([created]).when(reply('  Try the garage on Main. ')).then([replied]);
  });

  it('refuses a reply to a discussion that does not exist', () => {
    spec([]).when(reply()).thenThrows(NotFoundError, FORUM_MESSAGES.postNotFound);
  });

  it('refuses a blank or oversized reply', () => {
    for (const content of [' \n ', 'x'.repeat(3001)]) {
      spec([created]).when(reply(content)).thenThrows(ValidationError, FORUM_MESSAGES.reply);
    }
  });
});

describe('forum post decider: UpvoteForumPost', () => {
  const upvote = (voterId = voter) => ({ type: 'UpvoteForumPost' as const, postId, voterId, now });

  it('records a first upvote', () => {
    spec([created]).when(upvote()).then([postUpvoted]);
  });

  it('rejects a second upvote by the same user', () => {
    spec([created, postUpvoted]).when(upvote()).thenThrows(ConflictError, FORUM_MESSAGES.postAlreadyUpvoted);
  });

  it('lets another user upvote too', () => {
    spec([created, postUpvoted])
      .when(upvote(author))
      .then([{ type: 'ForumPostUpvoted', data: { postId, voterId: author, upvotedAt: at } }]);
  });

  it('refuses an upvote on a discussion that does not exist', () => {
    spec([]).when(upvote()).thenThrows(NotFoundError, FORUM_MESSAGES.postNotFound);
  });

  it('keeps post votes and reply votes apart', () => {
    spec([created, replied, replyUpvoted])
      .when(upvote(author))
      .then([{ type: 'ForumPostUpvoted', data: { postId, voterId: author, upvotedAt: at } }]);
  });
});

describe('forum post decider: UpvoteForumReply', () => {
  const upvote = (id = replyId, voterId = author) => ({
    type: 'UpvoteForumReply' as const,
    replyId: id,
    postId,
    voterId,
    now,
  });

  it('records a first upvote on a reply', () => {
    spec([created, replied]).when(upvote()).then([replyUpvoted]);
  });

  it('rejects a second upvote on the same reply by the same user', () => {
    spec([created, replied, replyUpvoted]).when(upvote()).thenThrows(ConflictError, FORUM_MESSAGES.replyAlreadyUpvoted);
  });

  it('does not count a post upvote as a reply upvote', () => {
    spec([created, replied, { ...postUpvoted, data: { ...postUpvoted.data, voterId: author } }])
      .when(upvote())
      .then([replyUpvoted]);
  });

  it('refuses an upvote on a reply the discussion does not hold', () => {
    spec([created, replied])
      .when(upvote('5f7a1d1e-2f4e-4b7a-9b0e-1a2b3c4d5e72'))
      .thenThrows(NotFoundError, FORUM_MESSAGES.replyNotFound);
  });
});

describe('forum moderation', () => {
  const admin = '5f1c1c1e-8f4e-4b7a-9b0e-1a2b3c4d5e6f';
  const moderate = (action: 'hide' | 'restore', reply: string | null, reason: string | null = 'Spam link') => ({
    type: 'ModerateForumContent' as const,
    action,
    replyId: reply,
    moderatorId: admin,
    reason,
    now,
  });
  const postHidden: ForumEvent = {
    type: 'ForumContentHidden',
    data: { postId, replyId: null, hiddenBy: admin, reason: 'Spam link', hiddenAt: at },
  };
  const replyHidden: ForumEvent = {
    type: 'ForumContentHidden',
    data: { postId, replyId, hiddenBy: admin, reason: 'Spam link', hiddenAt: at },
  };

  it('hides a discussion or a reply with a trimmed reason, and restores it', () => {
    spec([created])
      .when(moderate('hide', null, '  Spam link '))
      .then([postHidden]);
    spec([created, replied]).when(moderate('hide', replyId)).then([replyHidden]);
    spec([created, postHidden])
      .when(moderate('restore', null))
      .then([{ type: 'ForumContentRestored', data: { postId, replyId: null, restoredBy: admin, restoredAt: at } }]);
  });

  it('needs a reason of 3 to 500 characters, and refuses hiding twice or restoring what is visible', () => {
    for (const reason of [null, '  x ', 'x'.repeat(501)]) {
      spec([created])
        .when(moderate('hide', null, reason))
        .thenThrows(ValidationError, FORUM_MESSAGES.moderationReason);
    }
    spec([created, postHidden]).when(moderate('hide', null)).thenThrows(ConflictError, FORUM_MESSAGES.alreadyHidden);
    spec([created, replied]).when(moderate('restore', replyId)).thenThrows(ConflictError, FORUM_MESSAGES.notHidden);
    spec([created]).when(moderate('hide', replyId)).thenThrows(NotFoundError, FORUM_MESSAGES.replyNotFound);
  });

  it('takes no replies or votes on a hidden discussion, and no votes on a hidden reply', () => {
    spec([created, postHidden])
      .when({ type: 'AddForumReply', replyId: voter, postId, authorId: voter, content: 'Hello', now })
      .thenThrows(NotFoundError, FORUM_MESSAGES.postNotFound);
    spec([created, postHidden])
      .when({ type: 'UpvoteForumPost', postId, voterId: voter, now })
      .thenThrows(NotFoundError, FORUM_MESSAGES.postNotFound);
    spec([created, replied, replyHidden])
      .when({ type: 'UpvoteForumReply', replyId, postId, voterId: author, now })
      .thenThrows(NotFoundError, FORUM_MESSAGES.replyNotFound);
  });
});
