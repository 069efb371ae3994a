import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import { format } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { adminModerationMessages } from '../../i18n/messages/admin-moderation.ts';
import { feedbackMessages } from '../../i18n/messages/feedback.ts';
import { messageOf } from '../../lib/api.ts';
import { $session } from '../../stores/session.ts';
import { toast } from '../../stores/toasts.ts';
import { island } from '../../ui/island.tsx';
import { feedbackStatuses, type FeedbackPost, type FeedbackStatus } from '../feedback/board.ts';
import { $adminFeedback, changeFeedbackStatus } from '../feedback/stores.ts';
import { Select } from '../work/parts.tsx';

/** The admin dashboard's feedback: every post by votes with its status, changed in place. */
function FeedbackAdmin({ locale }: { locale: Locale }) {
  const m = adminModerationMessages[locale];
  const f = feedbackMessages[locale];
  const id = useId();
  const session = useStore($session);
  const isAdmin = session.status === 'authenticated' && session.user.role === 'admin';
  const feedback = useStore($adminFeedback);
  const [busy, setBusy] = useState<string | null>(null);
  if (!isAdmin) return null;

  async function change(post: FeedbackPost, status: FeedbackStatus) {
    setBusy(post.id);
    try {
      await changeFeedbackStatus(post, status);
      toast({ title: f.statusChanged, variant: 'success' });
    } catch (error) {
      toast({ title: messageOf(error, f.statusChangeFailed), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  const posts = feedback.data === null ? [] : feedback.data;
  return (
    <section aria-labelledby={`${id}-title`} className="mt-10 min-w-0" data-testid="admin-feedback">
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        {m.feedbackTitle}
      </h2>
      <p className="mt-1 text-sm text-muted">{m.feedbackIntro}</p>
      <div className="mt-4" aria-busy={feedback.loading}>
        {posts === undefined && !feedback.error && (
          <p role="status" className="text-sm text-muted">
            {m.loading}
          </p>
        )}
        {posts === undefined && feedback.error && (
          <p role="alert" className="text-sm text-danger">
            {m.loadFailed}{' '}
            <button type="button" className="underline" onClick={() => $adminFeedback.revalidate()}>
              {m.tryAgain}
            </button>
          </p>
        )}
        {posts && posts.length === 0 && (
          <p className="rounded-xl border border-dashed border-border px-4 py-8 text-center text-sm text-muted">
            {m.feedbackEmpty}
          </p>
        )}
        {posts && posts.length > 0 && (
          <ul className="divide-y divide-border rounded-xl border border-border bg-surface">
            {posts.map((post) => (
              <li key={post.id} className="flex flex-wrap items-center gap-3 px-4 py-3" data-feedback={post.id}>
                <div className="min-w-0 flex-1">
                  <p className="font-medium break-words">{post.title}</p>
                  <p className="text-xs text-muted">
                    {f[`category.${post.category}`]} · {format(m.votes, { count: post.upvoteCount })}
                  </p>
                </div>
                <label className="sr-only" htmlFor={`${id}-${post.id}`}>
                  {format(m.statusFor, { title: post.title })}
                </label>
                <div className="w-40">
                  <Select
                    id={`${id}-${post.id}`}
                    describedBy={undefined}
                    invalid={false}
                    value={post.status}
                    disabled={busy !== null}
                    onChange={(value) => void change(post, value as FeedbackStatus)}
                  >
                    {feedbackStatuses.map((status) => (
                      <option key={status} value={status}>
                        {f[`status.${status}`]}
                      </option>
                    ))}
                  </Select>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

export default island(FeedbackAdmin);
