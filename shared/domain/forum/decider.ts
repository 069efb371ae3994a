import { forumEventSchemas } from './events.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.ts';
import type { Decider } from '../decider.ts';
import { FORUM_LIMITS, FORUM_MESSAGES, isForumCategory, type ForumCategory } from './categories.ts';
import type { ForumEvent } from './events.ts';

/**
 * A discussion: the post, who voted for it, and for each reply who voted for that reply. Voters
 * are kept as plain arrays and records so the state stays serialisable and `evolve` pure.
 */
export type ForumPostState =
  | { status: 'none' }
  | {
      status: 'open';
      postId: string;
      authorId: string;
      voters: readonly string[];
      replyVoters: Readonly<Record<string, readonly string[]>>;
      /** Hidden by a moderator: the discussion itself (then nothing can be added to it) and replies. */
      hidden?: boolean;
      hiddenReplies?: readonly string[];
    };

export type CreateForumPost = {
  type: 'CreateForumPost';
  postId: string;
  authorId: string;
  title: string;
  content: string;
  category: ForumCategory;
  now: Date;
};
export type AddForumReply = {
  type: 'AddForumReply';
  replyId: string;
  postId: string;
  authorId: string;
  content: string;
  now: Date;
};
export type UpvoteForumPost = { type: 'UpvoteForumPost'; postId: string; voterId: string; now: Date };
export type UpvoteForumReply = {
  type: 'UpvoteForumReply';
  replyId: string;
  postId: string;
  voterId: string;
  now: Date;
};

/** An admin hides (with a reason) or restores a discussion (`replyId` null) or one reply. */
export type ModerateForumContent = {
  type: 'ModerateForumContent';
  action: 'hide' | 'restore';
  replyId: string | null;
  moderatorId: string;
  reason: string | null;
  now: Date;
};

export type ForumCommand = CreateForumPost | AddForumReply | UpvoteForumPost | UpvoteForumReply | ModerateForumContent;

export function moderateForumContent(command: ModerateForumContent, state: ForumPostState): ForumEvent[] {
  if (state.status !== 'open') throw new NotFoundError(FORUM_MESSAGES.postNotFound);
  const { replyId } = command;
  if (replyId !== null && !state.replyVoters[replyId]) throw new NotFoundError(FORUM_MESSAGES.replyNotFound);
  const hidden = replyId === null ? state.hidden === true : (state.hiddenReplies ?? []).includes(replyId);
  const at = command.now.toISOString();
  if (command.action === 'hide') {
    const reason = command.reason?.trim() ?? '';
    if (reason.length < 3 || reason.length > 500) throw new ValidationError(FORUM_MESSAGES.moderationReason);
    if (hidden) throw new ConflictError(FORUM_MESSAGES.alreadyHidden);
    return [
      {
        type: 'ForumContentHidden',
        data: { postId: state.postId, replyId, hiddenBy: command.moderatorId, reason, hiddenAt: at },
      },
    ];
  }
  if (!hidden) throw new ConflictError(FORUM_MESSAGES.notHidden);
  return [
    {
      type: 'ForumContentRestored',
      data: { postId: state.postId, replyId, restoredBy: command.moderatorId, restoredAt: at },
    },
  ];
}

const within = (text: string, min: number, max: number) => text.length >= min && text.length <= max;

export function createForumPost(command: CreateForumPost, state: ForumPostState): ForumEvent[] {
  if (state.status !== 'none') throw new ConflictError('This discussion already exists.');
  const title = command.title.trim();
  const content = command.content.trim();
  if (!within(title, FORUM_LIMITS.titleMin, FORUM_LIMITS.titleMax)) throw new ValidationError(FORUM_MESSAGES.title);
  if (!within(content, 1, FORUM_LIMITS.contentMax)) throw new ValidationError(FORUM_MESSAGES.content);
  if (!isForumCategory(command.category)) throw new ValidationError(FORUM_MESSAGES.category);
  return [
    {
      type: 'ForumPostCreated',
      data: {
        postId: command.postId,
        authorId: command.authorId,
        title,
        content,
        category: command.category,
        createdAt: command.now.toISOString(),
      },
    },
  ];
}

export function addForumReply(command: AddForumReply, state: ForumPostState): ForumEvent[] {
  if (state.status !== 'open' || state.hidden) throw new NotFoundError(FORUM_MESSAGES.postNotFound);
  if (state.replyVoters[command.replyId]) throw new ConflictError('This reply already exists.');
  const content = command.content.trim();
  if (!within(content, 1, FORUM_LIMITS.replyMax)) throw new ValidationError(FORUM_MESSAGES.reply);
  return [
    {
      type: 'ForumReplyAdded',
      data: {
        replyId: command.replyId,
        postId: state.postId,
        authorId: command.authorId,
        content,
        createdAt: command.now.toISOString(),
      },
    },
  ];
}

export function upvoteForumPost(command: UpvoteForumPost, state: ForumPostState): ForumEvent[] {
  if (state.status !== 'open' || state.hidden) throw new NotFoundError(FORUM_MESSAGES.postNotFound);
  if (state.voters.includes(command.voterId)) throw new ConflictError(FORUM_MESSAGES.postAlreadyUpvoted);
  return [
    {
      type: 'ForumPostUpvoted',
      data: { postId: state.postId, voterId: command.voterId, upvotedAt: command.now.toISOString() },
    },
  ];
}

export function upvoteForumReply(command: UpvoteForumReply, state: ForumPostState): ForumEvent[] {
  if (state.status !== 'open' || state.hidden) throw new NotFoundError(FORUM_MESSAGES.replyNotFound);
  const voters = state.replyVoters[command.replyId];
  if (!voters || (state.hiddenReplies ?? []).includes(command.replyId)) {
    throw new NotFoundError(FORUM_MESSAGES.replyNotFound);
  }
  if (voters.includes(command.voterId)) throw new ConflictError(FORUM_MESSAGES.replyAlreadyUpvoted);
  return [
    {
      type: 'ForumReplyUpvoted',
      data: {
        replyId: command.replyId,
        postId: state.postId,
        voterId: command.voterId,
        upvotedAt: command.now.toISOString(),
      },
    },
  ];
}

export const forumPostDecider: Decider<ForumPostState, ForumCommand, ForumEvent> = {
  eventSchemas: forumEventSchemas,
  initialState: () => ({ status: 'none' }),
  evolve(state, event) {
    switch (event.type) {
      case 'ForumPostCreated':
        return {
          status: 'open',
          postId: event.data.postId,
          authorId: event.data.authorId,
          voters: [],
          replyVoters: {},
        };
      case 'ForumReplyAdded':
        if (state.status !== 'open') return state;
        return { ...state, replyVoters: { ...state.replyVoters, [event.data.replyId]: [] } };
      case 'ForumPostUpvoted':
        if (state.status !== 'open') return state;
        return { ...state, voters: [...state.voters, event.data.voterId] };
      case 'ForumReplyUpvoted': {
        if (state.status !== 'open') return state;
        const voters = state.replyVoters[event.data.replyId] ?? [];
        return {
          ...state,
          replyVoters: { ...state.replyVoters, [event.data.replyId]: [...voters, event.data.voterId] },
        };
      }
      case 'ForumContentHidden':
      case 'ForumContentRestored': {
        if (state.status !== 'open') return state;
        const hide = event.type === 'ForumContentHidden';
        const { replyId } = event.data;
        if (replyId === null) return { ...state, hidden: hide };
        const others = (state.hiddenReplies ?? []).filter((id) => id !== replyId);
        return { ...state, hiddenReplies: hide ? [...others, replyId] : others };
      }
      default:
        return state;
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'CreateForumPost':
        return createForumPost(command, state);
      case 'AddForumReply':
        return addForumReply(command, state);
      case 'UpvoteForumPost':
        return upvoteForumPost(command, state);
      case 'UpvoteForumReply':
        return upvoteForumReply(command, state);
      case 'ModerateForumContent':
        return moderateForumContent(command, state);
      default: {
        const unknown: never = command;
        throw new Error(`Unknown command ${String((unknown as { type: string }).type)}`);
      }
    }
  },
};
