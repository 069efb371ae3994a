import { ArrowLeft } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { FORUM_LIMITS } from '../../../shared/domain/forum/categories.ts';
import { format, type Locale } from '../../i18n/index.ts';
import type { ForumMessages } from '../../i18n/messages/forum.ts';
import { localizedMessageOf } from '../../lib/server-messages.ts';
import { toast } from '../../stores/toasts.ts';
import { Button, buttonClasses } from '../../ui/Button.tsx';
import { Textarea } from '../../ui/Field.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { addReply, initials, repliesUrl, usePolled, type ForumPost, type ForumReply } from './data.ts';
import { authorLabel, CategoryBadge, formatDate, LoadError, Meta, UpvoteButton } from './parts.tsx';

/** One discussion: its content, its replies (refreshed while open) and a reply form. */
export function PostDetail(props: {
  m: ForumMessages;
  locale: Locale;
  post: ForumPost;
  signedIn: boolean;
  onBack: () => void;
}) {
  const { m, locale, post, signedIn } = props;
  const replies = usePolled<ForumReply[]>(repliesUrl(post.id));
  const [text, setText] = useState('');
  const [pending, setPending] = useState(false);
  const replyId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim() || pending) return;
    setPending(true);
    try {
      await addReply(post.id, text);
      toast({ title: m.replyPostedTitle, description: m.replyPostedText, variant: 'success' });
      setText('');
    } catch (error) {
      toast({
        title: m.replyFailedTitle,
        description: localizedMessageOf(error, m.failedFallback, locale),
        variant: 'destructive',
      });
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="space-y-5">
      <button type="button" onClick={props.onBack} className={buttonClasses('ghost', 'sm', '-ml-2')}>
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        {m.backToDiscussions}
      </button>

      <article className="space-y-3">
        <h3 className="text-xl font-bold break-words">{post.title}</h3>
        <Meta>
          <CategoryBadge m={m} value={post.category} />
          <span>{format(m.byAuthor, { name: authorLabel(m, post.authorName) })}</span>
          <time dateTime={post.createdAt}>{formatDate(post.createdAt, locale)}</time>
        </Meta>
        <p className="text-sm leading-relaxed break-words whitespace-pre-wrap">{post.content}</p>
        <UpvoteButton
          m={m}
          locale={locale}
          count={post.upvotes}
          upvoted={post.hasUserUpvoted}
          signedIn={signedIn}
          url={`/api/forum/posts/${post.id}/upvote`}
        />
      </article>

      <section className="space-y-3 border-t border-border pt-4">
        <h4 className="font-semibold">
          {m.repliesTitle} {replies.data ? `(${replies.data.length})` : ''}
        </h4>
        {replies.data === undefined ? (
          replies.error ? (
            <LoadError text={m.repliesFailed} retry={m.tryAgain} onRetry={replies.reload} />
          ) : (
            <div role="status" aria-label={m.loadingReplies} className="space-y-2">
              <Skeleton className="h-16 w-full" />
              <Skeleton className="h-16 w-full" />
            </div>
          )
        ) : replies.data.length === 0 ? (
          <p className="text-sm text-muted">{m.noReplies}</p>
        ) : (
          <ul className="space-y-3">
            {replies.data.map((reply) => {
              const name = authorLabel(m, reply.authorName);
              return (
                <li key={reply.id} className="flex gap-3 rounded-xl border border-border p-3">
                  <span
                    aria-hidden="true"
                    data-testid="reply-avatar"
                    className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-accent text-xs font-bold text-accent-fg"
                  >
                    {initials(name)}
                  </span>
                  <div className="min-w-0 flex-1 space-y-1">
                    <Meta>
                      <span className="font-medium text-fg">{name}</span>
                      <time dateTime={reply.createdAt}>{formatDate(reply.createdAt, locale)}</time>
                    </Meta>
                    <p className="text-sm break-words whitespace-pre-wrap">{reply.content}</p>
                    <UpvoteButton
                      m={m}
                      locale={locale}
                      count={reply.upvotes}
                      upvoted={reply.hasUserUpvoted}
                      signedIn={signedIn}
                      url={`/api/forum/replies/${reply.id}/upvote`}
                    />
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <form onSubmit={(event) => void submit(event)} className="space-y-2 border-t border-border pt-4">
        <label htmlFor={replyId} className="block font-semibold">
          {m.addReply}
        </label>
        <Textarea
          id={replyId}
          value={text}
          maxLength={FORUM_LIMITS.replyMax}
          rows={3}
          disabled={!signedIn}
          placeholder={m.replyPlaceholder}
          onChange={(event) => setText(event.target.value)}
        />
        <div className="flex justify-end">
          <Button type="submit" disabled={!signedIn || !text.trim() || pending}>
            {m.postReply}
          </Button>
        </div>
      </form>
    </div>
  );
}
