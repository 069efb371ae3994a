import type { Sql } from '../shared/db/postgres.ts';
import type { FeedbackCategory, FeedbackEvent, FeedbackStatus } from '../shared/domain/feedback/events.ts';
import { defineProjection } from '../infrastructure/projections/types.ts';

/**
 * The community feedback board (`GET /api/feedback`): one row per post with its status and vote
 * count, and who voted (for `hasUserUpvoted`). The decider already refuses a second vote; the
 * primary key on votes keeps the count honest even so.
 */
export const feedbackBoardProjection = defineProjection<FeedbackEvent>({
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
  async apply(tx, event) {
    switch (event.type) {
      case 'FeedbackPosted': {
        const f = event.data;
        await tx`
          insert into rm_feedback (feedback_id, author_id, title, description, category, created_at)
          values (${f.feedbackId}, ${f.authorId}, ${f.title}, ${f.description}, ${f.category}, ${f.postedAt})
          on conflict (feedback_id) do nothing`;
        return;
      }
      case 'FeedbackUpvoted': {
        const v = event.data;
        await tx`
          with vote as (
            insert into rm_feedback_votes (feedback_id, voter_id, upvoted_at)
            values (${v.feedbackId}, ${v.voterId}, ${v.upvotedAt})
            on conflict do nothing
            returning feedback_id
          )
          update rm_feedback set upvote_count = upvote_count + 1
          where feedback_id in (select feedback_id from vote)`;
        return;
      }
      case 'FeedbackStatusChanged':
        await tx`update rm_feedback set status = ${event.data.status} where feedback_id = ${event.data.feedbackId}`;
        return;
      default:
        return;
    }
  },
});

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
