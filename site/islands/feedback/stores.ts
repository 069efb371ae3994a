import { computed } from 'nanostores';
import type { FeedbackBody, FeedbackPost, FeedbackStatus } from '../../../shared/http/feedback.ts';
import { apiRequest } from '../../lib/api.ts';
import { createFetcherStore, invalidateKeys, revalidateKeys } from '../../lib/query.ts';
import { $session } from '../../stores/session.ts';
import { FEEDBACK_KEY } from './board.ts';

/**
 * The feedback board's reads and writes (GET/POST /api/feedback, api/modules/feedback/routes.ts):
 * one cached read of the board, which every write fetches again. The dialog reads it for everyone;
 * the admin dashboard reads the same key once the session is an administrator's.
 */
export const $feedbackBoard = createFetcherStore<FeedbackPost[] | null>([FEEDBACK_KEY]);

const $adminKey = computed($session, (session) =>
  session.status === 'authenticated' && session.user.role === 'admin' ? FEEDBACK_KEY : null,
);
export const $adminFeedback = createFetcherStore<FeedbackPost[] | null>([$adminKey]);

/** Fetches the board again; resolves once it is read (a failed read shows as the store's error). */
async function refetchBoard() {
  revalidateKeys(FEEDBACK_KEY);
  await Promise.all([$feedbackBoard.get().promise, $adminFeedback.get().promise].map((p) => p?.catch(() => null)));
}

/** The next time the board is shown it is read afresh (the dialog reads it each time it opens). */
export function forgetFeedbackBoard() {
  invalidateKeys(FEEDBACK_KEY);
}

export async function postFeedback(body: FeedbackBody) {
  await apiRequest('POST', FEEDBACK_KEY, body);
  await refetchBoard();
}

export async function upvoteFeedback(post: FeedbackPost) {
  await apiRequest('POST', `${FEEDBACK_KEY}/${encodeURIComponent(post.id)}/upvote`);
  await refetchBoard();
}

export async function changeFeedbackStatus(post: FeedbackPost, status: FeedbackStatus) {
  await apiRequest('PATCH', `${FEEDBACK_KEY}/${encodeURIComponent(post.id)}/status`, { status });
  await refetchBoard();
}
