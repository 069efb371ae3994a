import { atom, computed } from 'nanostores';
import { apiRequest } from '../../lib/api.ts';
import { createFetcherStore, revalidateKeys } from '../../lib/query.ts';
import { $session } from '../../stores/session.ts';

/**
 * The admin dashboard's forum moderation (GET /api/admin/forum, api/modules/forum/admin-routes.ts)
 * as a cached read per filter, fetched once the session is an administrator's; hiding or restoring
 * reads it again. The shapes are the forum module's (its routes still declare them), so the item
 * is written here as the route answers it.
 */
export type ModerationItem = {
  kind: 'post' | 'reply';
  postId: string;
  replyId: string | null;
  authorName: string;
  title: string;
  content: string;
  createdAt: string;
  hidden: { at: string; byName: string | null; reason: string | null } | null;
};
export type ModerationFilter = 'all' | 'visible' | 'hidden';

const QUEUE = '/api/admin/forum?';
export const $moderationFilter = atom<ModerationFilter>('all');
const $queueUrl = computed([$session, $moderationFilter], (session, filter) =>
  session.status === 'authenticated' && session.user.role === 'admin' ? `${QUEUE}status=${filter}` : null,
);
export const $moderationQueue = createFetcherStore<{ items: ModerationItem[] }>([$queueUrl]);

/** Hides (with a reason) or restores a discussion or a reply, then reads the queue again. */
export async function moderate(item: ModerationItem, action: 'hide' | 'restore', reason: string) {
  const url = item.replyId
    ? `/api/admin/forum/replies/${encodeURIComponent(item.replyId)}/${action}`
    : `/api/admin/forum/posts/${encodeURIComponent(item.postId)}/${action}`;
  await apiRequest('POST', url, action === 'hide' ? { reason } : {});
  revalidateKeys((key) => key.startsWith(QUEUE));
  await $moderationQueue.get().promise?.catch(() => null);
}
