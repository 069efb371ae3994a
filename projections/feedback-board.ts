import type { Sql } from '../shared/db/postgres.ts';
import type { FeedbackCategory, FeedbackEvent, FeedbackStatus } from '../shared/domain/feedback/events.ts';
import { defineFoldedProjection, foldedTable } from '../infrastructure/projections/folded-rows.ts';

/**
 * The community feedback board (`GET /api/feedback`): one row per post with its status and vote
 * count, and who voted (for `hasUserUpvoted`). The decider already refuses a second vote; the
 * primary key on votes keeps the count honest even so.
 */
export const feedbackBoardProjection = defineFoldedProjection<
  FeedbackEvent,
  { posts: FeedbackRecord; votes: FeedbackVoteRecord }
>({
  name: 'feedback-board',
  version: 1,
  handles: ['FeedbackPosted', 'FeedbackUpvoted', 'FeedbackStatusChanged'],
  schema: `
    create table if not exists rm_feedback (
      feedback_id uuid primary key,
      author_id uuid not null,
      title text not null,
      description text not null,
      category text not null,
      status text not null default 'open',
      upvote_count integer not null default 0,
      created_at timestamptz not null
    );
    create index if not exists rm_feedback_ranked on rm_feedback (upvote_count desc, created_at desc);
    create table if not exists rm_feedback_votes (
      feedback_id uuid not null,
      voter_id uuid not null,
      upvoted_at timestamptz not null,
      primary key (feedback_id, voter_id)
    );`,
  reset: 'drop table if exists rm_feedback_votes; drop table if exists rm_feedback',
  tables: {
    posts: foldedTable<FeedbackRecord>('rm_feedback', ['feedback_id']),
    votes: foldedTable<FeedbackVoteRecord>('rm_feedback_votes', ['feedback_id', 'voter_id']),
  },
  keys(event) {
    switch (event.type) {
      case 'FeedbackUpvoted':
        return {
          posts: [[event.data.feedbackId]],
          votes: [[event.data.feedbackId, event.data.voterId]],
        };
      default:
        return { posts: [[event.data.feedbackId]] };
    }
  },
  fold(event, { posts, votes }) {
    switch (event.type) {
      case 'FeedbackPosted': {
        const f = event.data;
        if (posts.get([f.feedbackId])) return;
        posts.put({
          feedback_id: f.feedbackId,
          author_id: f.authorId,
          title: f.title,
          description: f.description,
          category: f.category,
          status: 'open',
          upvote_count: 0,
          created_at: f.postedAt,
        });
        return;
      }
      case 'FeedbackUpvoted': {
        const v = event.data;
        // Counted once per voter, as the vote's primary key allows it once.
        if (votes.get([v.feedbackId, v.voterId])) return;
        votes.put({ feedback_id: v.feedbackId, voter_id: v.voterId, upvoted_at: v.upvotedAt });
        posts.update([v.feedbackId], (row) => ({ ...row, upvote_count: row.upvote_count + 1 }));
        return;
      }
      case 'FeedbackStatusChanged':
        posts.update([event.data.feedbackId], (row) => ({ ...row, status: event.data.status }));
        return;
      default:
        return event satisfies never;
    }
  },
});

/** A row of rm_feedback as the fold writes it (column names; timestamps as ISO text). */
type FeedbackRecord = {
  feedback_id: string;
  author_id: string;
  title: string;
  description: string;
  category: FeedbackCategory;
  status: FeedbackStatus;
  upvote_count: number;
  created_at: string;
};

/** A row of rm_feedback_votes as the fold writes it. */
type FeedbackVoteRecord = { feedback_id: string; voter_id: string; upvoted_at: string };

export type FeedbackView = {
  id: string;
  title: string;
  description: string;
  category: FeedbackCategory;
  status: FeedbackStatus;
  upvoteCount: number;
  createdAt: string;
  hasUserUpvoted: boolean;
};

type Row = {
  feedback_id: string;
  title: string;
  description: string;
  category: FeedbackCategory;
  status: FeedbackStatus;
  upvote_count: number;
  created_at: Date;
  has_user_upvoted: boolean;
};

/** Most upvoted first, then newest (docs/product.md#feedback: sorted by upvote count descending). */
export async function feedbackBoard(
  sql: Sql,
  options: { viewerId: string | null; status?: FeedbackStatus },
): Promise<FeedbackView[]> {
  const viewer = options.viewerId;
  const rows = await sql<Row[]>`
    select f.*,
      ${viewer ? sql`exists (select 1 from rm_feedback_votes v where v.feedback_id = f.feedback_id and v.voter_id = ${viewer})` : sql`false`}
        as has_user_upvoted
    from rm_feedback f
    ${options.status ? sql`where f.status = ${options.status}` : sql``}
    order by f.upvote_count desc, f.created_at desc, f.feedback_id
    limit 500`;
  return rows.map((row) => ({
    id: row.feedback_id,
    title: row.title,
    description: row.description,
    category: row.category,
    status: row.status,
    upvoteCount: row.upvote_count,
    createdAt: row.created_at.toISOString(),
    hasUserUpvoted: row.has_user_upvoted,
  }));
}

export async function feedbackExists(sql: Sql, feedbackId: string): Promise<boolean> {
  return (await sql`select 1 from rm_feedback where feedback_id = ${feedbackId}`).length > 0;
}
