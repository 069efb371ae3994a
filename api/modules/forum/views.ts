import type { ForumPostRow, ForumReplyRow, ModerationItem } from '../../../projections/forum.ts';
import type { ForumModerationItemView, ForumPostView, ForumReplyView } from '../../../shared/http/forum.ts';
import { FORMER_MEMBER } from '../accounts/personal-data.ts';

type Names = ReadonlyMap<string, string>;

/** The accounts whose names a list of rows shows. */
export const authorIdsOf = (rows: readonly { authorId: string }[]) => [...new Set(rows.map((row) => row.authorId))];

/** A discussion as the public sees it: its author's name, not their id; a closed account is a former member. */
export function postToView({ authorId, ...post }: ForumPostRow, names: Names): ForumPostView {
  return { ...post, authorName: names.get(authorId) ?? FORMER_MEMBER };
}

export function replyToView({ authorId, postId: _postId, ...reply }: ForumReplyRow, names: Names): ForumReplyView {
  return { ...reply, authorName: names.get(authorId) ?? FORMER_MEMBER };
}

/** The accounts a moderation list names: the authors and the moderators who hid something. */
export const moderationNameIdsOf = (items: readonly ModerationItem[]) => [
  ...new Set(items.flatMap((item) => [item.authorId, ...(item.hidden?.by ? [item.hidden.by] : [])])),
];

/** A moderation entry: who wrote it, and who hid it and why (a closed moderator's name is null). */
export function moderationItemToView(
  { authorId, hidden, ...item }: ModerationItem,
  names: Names,
): ForumModerationItemView {
  return {
    ...item,
    authorName: names.get(authorId) ?? FORMER_MEMBER,
    hidden: hidden
      ? { at: hidden.at, byName: hidden.by ? (names.get(hidden.by) ?? null) : null, reason: hidden.reason }
      : null,
  };
}
