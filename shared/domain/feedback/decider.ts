import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../errors.ts';
import type { Role } from '../accounts/events.ts';
import type { Decider } from '../decider.ts';
import {
  feedbackCategories,
  feedbackStatuses,
  type FeedbackCategory,
  type FeedbackEvent,
  type FeedbackStatus,
  feedbackEventSchemas,
} from './events.ts';

import { ALREADY_VOTED, FEEDBACK_LIMITS, FEEDBACK_NOT_FOUND } from './limits.ts';

export { ALREADY_VOTED, FEEDBACK_LIMITS, FEEDBACK_NOT_FOUND };

/** The stream holds every voter, so one vote per user per post is decided here, not in a table. */
export type FeedbackState =
  | { status: 'none' }
  | { status: 'posted'; feedbackId: string; boardStatus: FeedbackStatus; voters: ReadonlySet<string> };

export type PostFeedback = {
  type: 'PostFeedback';
  feedbackId: string;
  authorId: string;
  title: string;
  description: string;
  category: FeedbackCategory;
  now: Date;
};

export type UpvoteFeedback = { type: 'UpvoteFeedback'; feedbackId: string; voterId: string; now: Date };

export type ChangeFeedbackStatus = {
  type: 'ChangeFeedbackStatus';
  feedbackId: string;
  status: FeedbackStatus;
  changedBy: string;
  changedByRole: Role;
  now: Date;
};

export type FeedbackCommand = PostFeedback | UpvoteFeedback | ChangeFeedbackStatus;

export function postFeedback(command: PostFeedback, state: FeedbackState): FeedbackEvent[] {
  if (state.status !== 'none') throw new ConflictError('This feedback already exists.');
  const title = command.title.trim();
  const description = command.description.trim();
  if (!title || !description || !feedbackCategories.includes(command.category)) {
    throw new ValidationError('Please fill in all fields.');
  }
  if (title.length > FEEDBACK_LIMITS.title) throw new ValidationError('Title must be at most 120 characters');
  if (description.length > FEEDBACK_LIMITS.description) {
    throw new ValidationError('Description must be at most 2000 characters');
  }
  return [
    {
      type: 'FeedbackPosted',
      data: {
        feedbackId: command.feedbackId,
        authorId: command.authorId,
        title,
        description,
        category: command.category,
        postedAt: command.now.toISOString(),
      },
    },
  ];
}

export function upvoteFeedback(command: UpvoteFeedback, state: FeedbackState): FeedbackEvent[] {
  if (state.status === 'none') throw new NotFoundError(FEEDBACK_NOT_FOUND);
  if (state.voters.has(command.voterId)) throw new ConflictError(ALREADY_VOTED);
  return [
    {
      type: 'FeedbackUpvoted',
      data: { feedbackId: command.feedbackId, voterId: command.voterId, upvotedAt: command.now.toISOString() },
    },
  ];
}

export function changeFeedbackStatus(command: ChangeFeedbackStatus, state: FeedbackState): FeedbackEvent[] {
  if (command.changedByRole !== 'admin') throw new ForbiddenError('Only an admin can change a feedback status.');
  if (state.status === 'none') throw new NotFoundError(FEEDBACK_NOT_FOUND);
  if (!feedbackStatuses.includes(command.status)) throw new ValidationError('Unknown feedback status.');
  // Setting the status it already has changes nothing and appends nothing.
  if (state.boardStatus === command.status) return [];
  return [
    {
      type: 'FeedbackStatusChanged',
      data: {
        feedbackId: command.feedbackId,
        status: command.status,
        changedBy: command.changedBy,
        changedAt: command.now.toISOString(),
      },
    },
  ];
}

export const feedbackDecider: Decider<FeedbackState, FeedbackCommand, FeedbackEvent> = {
  eventSchemas: feedbackEventSchemas,
  initialState: () => ({ status: 'none' }),
  evolve(state, event) {
    switch (event.type) {
      case 'FeedbackPosted':
        return { status: 'posted', feedbackId: event.data.feedbackId, boardStatus: 'open', voters: new Set() };
      case 'FeedbackUpvoted':
        if (state.status !== 'posted') return state;
        return { ...state, voters: new Set([...state.voters, event.data.voterId]) };
      case 'FeedbackStatusChanged':
        if (state.status !== 'posted') return state;
        return { ...state, boardStatus: event.data.status };
      default:
        return state;
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'PostFeedback':
        return postFeedback(command, state);
      case 'UpvoteFeedback':
        return upvoteFeedback(command, state);
      case 'ChangeFeedbackStatus':
        return changeFeedbackStatus(command, state);
      default: {
        const unknown: never = command;
        throw new Error(`Unknown command ${String((unknown as { type: string }).type)}`);
      }
    }
  },
};
