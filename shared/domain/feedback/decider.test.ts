import { describe, it } from 'vitest';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../errors.ts';
import { deciderSpec } from '../testing.ts';
import { ALREADY_VOTED, feedbackDecider } from './decider.ts';
import type { FeedbackEvent } from './events.ts';

const now = new Date('2026-11-22T12:00:00.000Z');
const feedbackId = '2f1c1c1e-8f4e-4b7a-9b0e-1a2b3c4d5e6f';
const authorId = '6f1c1c1e-8f4e-4b7a-9b0e-1a2b3c4d5e6f';
const voterId = '7a1c1c1e-8f4e-4b7a-9b0e-1a2b3c4d5e6f';
const adminId = '8b1c1c1e-8f4e-4b7a-9b0e-1a2b3c4d5e6f';

const posted: FeedbackEvent = {
  type: 'FeedbackPosted',
  data: {
    feedbackId,
    authorId,
    title: 'Dark map tiles',
    description: 'The map is too bright at night.',
    category: 'feature',
    postedAt: now.toISOString(),
  },
};
const upvoted = (by: string): FeedbackEvent => ({
  type: 'FeedbackUpvoted',
  data: { feedbackId, voterId: by, upvotedAt: now.toISOString() },
});

describe('feedback decider', () => {
  const spec = deciderSpec(feedbackDecider);
  const post = (overrides: Record<string, unknown> = {}) => ({
    type: 'PostFeedback' as const,
    feedbackId,
    authorId,
    title: '  Dark map tiles ',
    description: 'The map is too bright at night.',
    category: 'feature' as const,
    now,
    ...overrides,
  });

  it('posts feedback with trimmed text and the open status implied', () => {
    spec([]).when(post()).then([posted]);
  });

  it('refuses a blank title or description', () => {
    spec([])
      .when(post({ title: '   ' }))
      .thenThrows(ValidationError, 'Please fill in all fields.');
    spec([])
      .when(post({ description: '\n' }))
      .thenThrows(ValidationError, 'Please fill in all fields.');
  });

  it('refuses an oversized title', () => {
    spec([])
      .when(post({ title: 'x'.repeat(121) }))
      .thenThrows(ValidationError, /120/);
  });

  it('counts the first upvote of a user', () => {
    spec([posted])
      .when({ type: 'UpvoteFeedback', feedbackId, voterId, now })
      .then([upvoted(voterId)]);
  });

  it('rejects a second upvote by the same user', () => {
    spec([posted, upvoted(voterId)])
      .when({ type: 'UpvoteFeedback', feedbackId, voterId, now })
      .thenThrows(ConflictError, ALREADY_VOTED);
  });

  it('lets another user vote after the first', () => {
    spec([posted, upvoted(voterId)])
      .when({ type: 'UpvoteFeedback', feedbackId, voterId: authorId, now })
      .then([upvoted(authorId)]);
  });

  it('answers not found for an upvote on unknown feedback', () => {
    spec([]).when({ type: 'UpvoteFeedback', feedbackId, voterId, now }).thenThrows(NotFoundError);
  });

  const change = (role: 'admin' | 'customer', status: 'planned' | 'open' = 'planned') => ({
    type: 'ChangeFeedbackStatus' as const,
    feedbackId,
    status,
    changedBy: adminId,
    changedByRole: role,
    now,
  });

  it('lets an admin change the status', () => {
    spec([posted])
      .when(change('admin'))
      .then([
        {
          type: 'FeedbackStatusChanged',
          data: { feedbackId, status: 'planned', changedBy: adminId, changedAt: now.toISOString() },
        },
      ]);
  });

  it('refuses a status change by anyone but an admin', () => {
    spec([posted]).when(change('customer')).thenThrows(ForbiddenError);
  });

  it('appends nothing when the status is unchanged', () => {
    spec([posted]).when(change('admin', 'open')).then([]);
  });
});
