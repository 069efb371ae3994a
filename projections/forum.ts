import type { Sql } from '../shared/db/postgres.ts';
import type { ForumCategory, ForumSort } from '../shared/domain/forum/categories.ts';
import type { ForumEvent } from '../shared/domain/forum/events.ts';
import { defineFoldedProjection, foldedTable } from '../infrastructure/projections/folded-rows.ts';

/**
 * The community forum: discussions with their vote and reply counts, replies with their vote
 * counts, and who voted for what (for `hasUserUpvoted`). Author ids only: names are looked up at
 * read time from the accounts module, so a closed account leaves no name here to scrub.
 */
export const forumProjection = defineFoldedProjection<
  ForumEvent,
  { posts: ForumPostRecord; replies: ForumReplyRecord; votes: ForumVoteRecord }
>({
  name: 'forum',
  // v2: moderation (hidden posts and replies, with who, when and why).
  version: 2,
  rebuildWeight: 0.5,
  handles: [
    'ForumPostCreated',
    'ForumReplyAdded',
    'ForumPostUpvoted',
    'ForumReplyUpvoted',
    'ForumContentHidden',
    'ForumContentRestored',
  ],
  schema: `
    create table if not exists rm_forum_posts (
      post_id uuid primary key,
      author_id uuid not null,
      title text not null,
      content text not null,
      category text not null,
      created_at timestamptz not null,
      upvotes integer not null default 0,
      reply_count integer not null default 0,
      hidden_at timestamptz,
      hidden_by uuid,
      hidden_reason text
    );
    create index if not exists rm_forum_posts_recent on rm_forum_posts (created_at desc);
    create index if not exists rm_forum_posts_category on rm_forum_posts (category, created_at desc);
    create table if not exists rm_forum_replies (
      reply_id uuid primary key,
      post_id uuid not null,
      author_id uuid not null,
      content text not null,
      created_at timestamptz not null,
      upvotes integer not null default 0,
      hidden_at timestamptz,
      hidden_by uuid,
      hidden_reason text
    );
    create index if not exists rm_forum_replies_post on rm_forum_replies (post_id, created_at);
    create table if not exists rm_forum_votes (
      target_kind text not null check (target_kind in ('post', 'reply')),
      target_id uuid not null,
      voter_id uuid not null,
      voted_at timestamptz not null,
      primary key (target_kind, target_id, voter_id)
    );
    create index if not exists rm_forum_votes_voter on rm_forum_votes (voter_id, target_kind);`,
  reset: 'drop table if exists rm_forum_posts, rm_forum_replies, rm_forum_votes',
  tables: {
    posts: foldedTable<ForumPostRecord>('rm_forum_posts', ['post_id']),
    replies: foldedTable<ForumReplyRecord>('rm_forum_replies', ['reply_id']),
    votes: foldedTable<ForumVoteRecord>('rm_forum_votes', ['target_kind', 'target_id', 'voter_id']),
  },
  keys(event) {
    const posts = [[event.data.postId]];
    switch (event.type) {
      case 'ForumPostCreated':
        return { posts };
      case 'ForumReplyAdded':
        return { posts, replies: [[event.data.replyId]] };
      case 'ForumPostUpvoted':
        return { posts, votes: [['post', event.data.postId, event.data.voterId]] };
      case 'ForumReplyUpvoted':
        return { replies: [[event.data.replyId]], votes: [['reply', event.data.replyId, event.data.voterId]] };
      case 'ForumContentHidden':
      case 'ForumContentRestored':
        return event.data.replyId === null ? { posts } : { posts, replies: [[event.data.replyId]] };
      default:
        return event satisfies never;
    }
  },
  fold(event, { posts, replies, votes }) {
    const countReplies = (postId: string, by: number) =>
      posts.update([postId], (row) => ({ ...row, reply_count: row.reply_count + by }));
    switch (event.type) {
      case 'ForumPostCreated': {
        const p = event.data;
        if (posts.get([p.postId])) return;
        posts.put({
          post_id: p.postId,
          author_id: p.authorId,
          title: p.title,
          content: p.content,
          category: p.category,
          created_at: p.createdAt,
          upvotes: 0,
          reply_count: 0,
          hidden_at: null,
          hidden_by: null,
          hidden_reason: null,
        });
        return;
      }
      case 'ForumReplyAdded': {
        const r = event.data;
        if (replies.get([r.replyId])) return;
        replies.put({
          reply_id: r.replyId,
          post_id: r.postId,
          author_id: r.authorId,
          content: r.content,
          created_at: r.createdAt,
          upvotes: 0,
          hidden_at: null,
          hidden_by: null,
          hidden_reason: null,
        });
        countReplies(r.postId, 1);
        return;
      }
      case 'ForumPostUpvoted': {
        const v = event.data;
        const key = ['post', v.postId, v.voterId];
        if (votes.get(key)) return;
        votes.put({ target_kind: 'post', target_id: v.postId, voter_id: v.voterId, voted_at: v.upvotedAt });
        posts.update([v.postId], (row) => ({ ...row, upvotes: row.upvotes + 1 }));
        return;
      }
      case 'ForumContentHidden': {
        const d = event.data;
        const hidden = { hidden_at: d.hiddenAt, hidden_by: d.hiddenBy, hidden_reason: d.reason };
        if (d.replyId === null) {
          posts.update([d.postId], (row) => ({ ...row, ...hidden }));
          return;
        }
        // A hidden reply no longer counts among the discussion's replies.
        const reply = replies.get([d.replyId]);
        if (!reply || reply.hidden_at !== null) return;
        replies.put({ ...reply, ...hidden });
        countReplies(d.postId, -1);
        return;
      }
      case 'ForumContentRestored': {
        const d = event.data;
        const shown = { hidden_at: null, hidden_by: null, hidden_reason: null };
        if (d.replyId === null) {
          posts.update([d.postId], (row) => ({ ...row, ...shown }));
          return;
        }
        const reply = replies.get([d.replyId]);
        if (!reply || reply.hidden_at === null) return;
        replies.put({ ...reply, ...shown });
        countReplies(d.postId, 1);
        return;
      }
      case 'ForumReplyUpvoted': {
        const v = event.data;
        const key = ['reply', v.replyId, v.voterId];
        if (votes.get(key)) return;
        votes.put({ target_kind: 'reply', target_id: v.replyId, voter_id: v.voterId, voted_at: v.upvotedAt });
        replies.update([v.replyId], (row) => ({ ...row, upvotes: row.upvotes + 1 }));
        return;
      }
      default:
        return event satisfies never;
    }
  },
});

/** A row of rm_forum_posts as the fold writes it (column names; timestamps as ISO text). */
type ForumPostRecord = {
  post_id: string;
  author_id: string;
  title: string;
  content: string;
  category: ForumCategory;
  created_at: string;
  upvotes: number;
  reply_count: number;
  hidden_at: string | null;
  hidden_by: string | null;
  hidden_reason: string | null;
};

/** A row of rm_forum_replies as the fold writes it. */
type ForumReplyRecord = {
  reply_id: string;
  post_id: string;
  author_id: string;
  content: string;
  created_at: string;
  upvotes: number;
  hidden_at: string | null;
  hidden_by: string | null;
  hidden_reason: string | null;
};

/** A row of rm_forum_votes as the fold writes it. */
type ForumVoteRecord = { target_kind: 'post' | 'reply'; target_id: string; voter_id: string; voted_at: string };

export type ForumPostRow = {
  id: string;
  authorId: string;
  title: string;
  content: string;
  category: ForumCategory;
  createdAt: string;
  upvotes: number;
  replyCount: number;
  hasUserUpvoted: boolean;
};

export type ForumReplyRow = {
  id: string;
  postId: string;
  authorId: string;
  content: string;
  createdAt: string;
  upvotes: number;
  hasUserUpvoted: boolean;
};

/** `%`, `_` and the escape character itself match literally in a search. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

type PostSqlRow = {
  post_id: string;
  author_id: string;
  title: string;
  content: string;
  category: ForumCategory;
  created_at: Date;
  upvotes: number;
  reply_count: number;
  has_user_upvoted: boolean;
};

const toPost = (row: PostSqlRow): ForumPostRow => ({
  id: row.post_id,
  authorId: row.author_id,
  title: row.title,
  content: row.content,
  category: row.category,
  createdAt: row.created_at.toISOString(),
  upvotes: row.upvotes,
  replyCount: row.reply_count,
  hasUserUpvoted: row.has_user_upvoted,
});

export type ForumPostFilter = { category: ForumCategory | 'all'; search?: string };

function visiblePostsMatching(sql: Sql, filter: ForumPostFilter) {
  const search = filter.search?.trim();
  const pattern = search ? likePattern(search) : null;
  const category = filter.category === 'all' ? null : filter.category;
  return sql`
    p.hidden_at is null
      and (${category}::text is null or p.category = ${category})
      and (${pattern}::text is null or p.title ilike ${pattern} or p.content ilike ${pattern})`;
}

/**
 * One page of discussions, filtered and sorted in SQL (docs/product.md#forum): category or all,
 * title/content search, three sorts; the newest win ties, and the post id makes pages stable.
 */
export async function listForumPosts(
  sql: Sql,
  query: ForumPostFilter & { sort: ForumSort; viewerId: string | null; limit: number; offset: number },
): Promise<ForumPostRow[]> {
  const order = {
    recent: sql`p.created_at desc, p.post_id`,
    popular: sql`p.upvotes desc, p.created_at desc, p.post_id`,
    active: sql`p.reply_count desc, p.created_at desc, p.post_id`,
  }[query.sort];
  const rows = await sql<PostSqlRow[]>`
    select p.*, exists (
      select 1 from rm_forum_votes v
      where v.target_kind = 'post' and v.target_id = p.post_id and v.voter_id = ${query.viewerId}::uuid
    ) as has_user_upvoted
    from rm_forum_posts p
    where ${visiblePostsMatching(sql, query)}
    order by ${order}
    limit ${query.limit} offset ${query.offset}`;
  return rows.map(toPost);
}

/** How many discussions the same filter matches, across every page. */
export async function countForumPosts(sql: Sql, filter: ForumPostFilter): Promise<number> {
  const [row] = await sql<{ count: number }[]>`
    select count(*)::int as count from rm_forum_posts p where ${visiblePostsMatching(sql, filter)}`;
  return row?.count ?? 0;
}

export async function findForumPost(sql: Sql, postId: string, viewerId: string | null): Promise<ForumPostRow | null> {
  const [row] = await sql<PostSqlRow[]>`
    select p.*, exists (
      select 1 from rm_forum_votes v
      where v.target_kind = 'post' and v.target_id = p.post_id and v.voter_id = ${viewerId}::uuid
    ) as has_user_upvoted
    from rm_forum_posts p where p.post_id = ${postId} and p.hidden_at is null`;
  return row ? toPost(row) : null;
}

/** Replies of one discussion, oldest first, as a conversation reads. */
export async function listForumReplies(sql: Sql, postId: string, viewerId: string | null): Promise<ForumReplyRow[]> {
  const rows = await sql<
    {
      reply_id: string;
      post_id: string;
      author_id: string;
      content: string;
      created_at: Date;
      upvotes: number;
      has_user_upvoted: boolean;
    }[]
  >`
    select r.*, exists (
      select 1 from rm_forum_votes v
      where v.target_kind = 'reply' and v.target_id = r.reply_id and v.voter_id = ${viewerId}::uuid
    ) as has_user_upvoted
    from rm_forum_replies r where r.post_id = ${postId} and r.hidden_at is null
    order by r.created_at, r.reply_id`;
  return rows.map((row) => ({
    id: row.reply_id,
    postId: row.post_id,
    authorId: row.author_id,
    content: row.content,
    createdAt: row.created_at.toISOString(),
    upvotes: row.upvotes,
    hasUserUpvoted: row.has_user_upvoted,
  }));
}

/** The discussion a reply belongs to, for `POST /api/forum/replies/{id}/upvote`. */
export async function postIdOfReply(sql: Sql, replyId: string): Promise<string | null> {
  const [row] = await sql<{ post_id: string }[]>`select post_id from rm_forum_replies where reply_id = ${replyId}`;
  // Hidden replies stay findable here: the decider refuses votes on them, and moderators restore them.
  return row?.post_id ?? null;
}

/** Discussions per category (categories without any are left out; the caller fills in zeros). */
export async function forumCategoryCounts(sql: Sql): Promise<Map<string, number>> {
  const rows = await sql<{ category: string; count: number }[]>`
    select category, count(*)::int as count from rm_forum_posts where hidden_at is null group by category`;
  return new Map(rows.map((row) => [row.category, row.count]));
}

export type ModerationItem = {
  kind: 'post' | 'reply';
  postId: string;
  replyId: string | null;
  authorId: string;
  title: string;
  content: string;
  createdAt: string;
  hidden: { at: string; by: string | null; reason: string | null } | null;
};

/** Newest posts and replies, hidden or not, for the moderation panel (`hidden` filters). */
export async function forumModerationQueue(
  sql: Sql,
  options: { hidden?: boolean; limit: number },
): Promise<ModerationItem[]> {
  const filter = (column: 'p' | 'r') =>
    options.hidden === undefined
      ? sql`true`
      : options.hidden
        ? sql`${sql(column)}.hidden_at is not null`
        : sql`${sql(column)}.hidden_at is null`;
  const rows = await sql<
    {
      kind: 'post' | 'reply';
      post_id: string;
      reply_id: string | null;
      author_id: string;
      title: string;
      content: string;
      created_at: Date;
      hidden_at: Date | null;
      hidden_by: string | null;
      hidden_reason: string | null;
    }[]
  >`
    select * from (
      select 'post' as kind, p.post_id, null::uuid as reply_id, p.author_id, p.title, p.content, p.created_at,
        p.hidden_at, p.hidden_by, p.hidden_reason
      from rm_forum_posts p where ${filter('p')}
      union all
      select 'reply' as kind, r.post_id, r.reply_id, r.author_id, p.title, r.content, r.created_at,
        r.hidden_at, r.hidden_by, r.hidden_reason
      from rm_forum_replies r join rm_forum_posts p on p.post_id = r.post_id where ${filter('r')}
    ) items
    order by created_at desc, coalesce(reply_id, post_id)
    limit ${options.limit}`;
  return rows.map((row) => ({
    kind: row.kind,
    postId: row.post_id,
    replyId: row.reply_id,
    authorId: row.author_id,
    title: row.title,
    content: row.content,
    createdAt: row.created_at.toISOString(),
    hidden: row.hidden_at ? { at: row.hidden_at.toISOString(), by: row.hidden_by, reason: row.hidden_reason } : null,
  }));
}
