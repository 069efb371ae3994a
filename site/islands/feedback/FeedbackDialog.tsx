import { useStore } from '@nanostores/react';
import { ChevronUp, LoaderCircle, Plus } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { format } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { commonMessages } from '../../i18n/messages/common.ts';
import { feedbackMessages } from '../../i18n/messages/feedback.ts';
import { abuseLimitMessageOf } from '../../lib/server-messages.ts';
import { $session } from '../../stores/session.ts';
import { toast } from '../../stores/toasts.ts';
import { Button } from '../../ui/Button.tsx';
import { InfoDialog, type HostedDialogProps } from '../../ui/Dialog.tsx';
import { Field, Input, Textarea } from '../../ui/Field.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { signInUrlFor } from '../guard/destination.ts';
import {
  checkDraft,
  EMPTY_DRAFT,
  FEEDBACK_LIMITS,
  feedbackCategories,
  feedbackStatuses,
  filterByStatus,
  sortByUpvotes,
  type FeedbackDraft,
  type FeedbackPost,
  type FeedbackStatus,
} from './board.ts';
import { $feedbackBoard, changeFeedbackStatus, forgetFeedbackBoard, postFeedback, upvoteFeedback } from './stores.ts';

type Messages = (typeof feedbackMessages)['en'];
type Load = { status: 'loading' } | { status: 'error' } | { status: 'ready'; posts: FeedbackPost[] };

const selectClasses =
  'h-10 rounded-lg border border-border bg-surface px-3 text-sm text-fg focus-visible:outline-2 disabled:opacity-50';

const statusBadge: Record<FeedbackStatus, string> = {
  open: 'border-border text-fg',
  planned: 'border-sky-500/50 text-sky-700 dark:text-sky-300',
  in_progress: 'border-amber-500/50 text-amber-800 dark:text-amber-300',
  completed: 'border-emerald-500/50 text-emerald-800 dark:text-emerald-300',
  declined: 'border-rose-500/50 text-rose-800 dark:text-rose-300',
};

/**
 * The community feedback board (docs/product.md#feedback): a status filter, the list by upvotes,
 * and a create form that takes the list's place. The board ($feedbackBoard) is read afresh each
 * time the dialog opens (only then), and again after the user's own post, vote or status change.
 */
export default function FeedbackDialog({ locale, open, onOpenChange }: HostedDialogProps) {
  const m = feedbackMessages[locale];
  return (
    <InfoDialog
      open={open}
      onOpenChange={onOpenChange}
      title={m.title}
      description={m.description}
      closeLabel={commonMessages[locale].close}
      size="xl"
    >
      {open ? <FeedbackBoard locale={locale} m={m} /> : null}
    </InfoDialog>
  );
}

function FeedbackBoard({ locale, m }: { locale: Locale; m: Messages }) {
  const session = useStore($session);
  const user = session.status === 'authenticated' ? session.user : null;
  const isAdmin = user?.role === 'admin';
  const filterId = useId();

  // Declared before the store's subscription, so an opening reads the board afresh.
  useEffect(() => forgetFeedbackBoard(), []);
  const board = useStore($feedbackBoard);
  const load: Load =
    board.data !== undefined
      ? { status: 'ready', posts: board.data ?? [] }
      : board.error && !board.loading
        ? { status: 'error' }
        : { status: 'loading' };
  const [filter, setFilter] = useState<FeedbackStatus | 'all'>('all');
  const [view, setView] = useState<'list' | 'create'>('list');
  const [draft, setDraft] = useState<FeedbackDraft>(EMPTY_DRAFT);
  const [posting, setPosting] = useState(false);
  const [voting, setVoting] = useState<string | null>(null);

  function backToList() {
    setDraft(EMPTY_DRAFT);
    setView('list');
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (posting) return;
    const checked = checkDraft(draft);
    if ('problem' in checked) {
      toast(
        checked.problem === 'missing'
          ? { title: m.missingTitle, description: m.missingText, variant: 'destructive' }
          : { title: m.errorTitle, description: m.postFailed, variant: 'destructive' },
      );
      return;
    }
    setPosting(true);
    try {
      await postFeedback(checked.body);
      toast({ title: m.postedTitle, description: m.postedText, variant: 'success' });
      backToList();
    } catch (error) {
      toast({
        title: m.errorTitle,
        description: abuseLimitMessageOf(error, locale) ?? m.postFailed,
        variant: 'destructive',
      });
    } finally {
      setPosting(false);
    }
  }

  async function upvote(post: FeedbackPost) {
    if (!user) {
      toast({ title: m.authTitle, description: m.authText, variant: 'destructive' });
      return;
    }
    if (voting) return;
    setVoting(post.id);
    try {
      await upvoteFeedback(post);
    } catch {
      toast({ title: m.errorTitle, description: m.upvoteFailed, variant: 'destructive' });
    } finally {
      setVoting(null);
    }
  }

  async function changeStatus(post: FeedbackPost, status: FeedbackStatus) {
    try {
      await changeFeedbackStatus(post, status);
      toast({ title: m.statusChanged, variant: 'success' });
    } catch {
      toast({ title: m.errorTitle, description: m.statusChangeFailed, variant: 'destructive' });
    }
  }

  const signInHref =
    typeof window === 'undefined' ? '#' : signInUrlFor(window.location.pathname + window.location.search, locale);

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex items-center gap-2">
          <label htmlFor={filterId} className="text-sm font-medium">
            {m.statusFilter}
          </label>
          <select
            id={filterId}
            className={selectClasses}
            value={filter}
            onChange={(event) => setFilter(event.target.value as FeedbackStatus | 'all')}
          >
            <option value="all">{m.all}</option>
            {feedbackStatuses.map((status) => (
              <option key={status} value={status}>
                {m[`status.${status}`]}
              </option>
            ))}
          </select>
        </div>
        <Button disabled={!user || view === 'create'} onClick={() => setView('create')}>
          <Plus aria-hidden="true" className="h-4 w-4" />
          {m.newFeedback}
        </Button>
      </div>

      {!user ? (
        <p className="rounded-lg border border-border bg-surface-2 px-4 py-3 text-sm">
          {m.signedOutHint}{' '}
          <a href={signInHref} className="font-medium text-accent-text underline underline-offset-2">
            {m.signIn}
          </a>
        </p>
      ) : null}

      {view === 'create' ? (
        <form noValidate onSubmit={submit} className="space-y-4 rounded-xl border border-border p-4">
          <Field label={m.formTitle}>
            {({ id }) => (
              <Input
                id={id}
                name="title"
                maxLength={FEEDBACK_LIMITS.title}
                value={draft.title}
                onChange={(event) => setDraft({ ...draft, title: event.target.value })}
              />
            )}
          </Field>
          <Field label={m.formDescription}>
            {({ id }) => (
              <Textarea
                id={id}
                name="description"
                rows={4}
                maxLength={FEEDBACK_LIMITS.description}
                value={draft.description}
                onChange={(event) => setDraft({ ...draft, description: event.target.value })}
              />
            )}
          </Field>
          <Field label={m.formCategory}>
            {({ id }) => (
              <select
                id={id}
                name="category"
                className={`${selectClasses} w-full`}
                value={draft.category}
                onChange={(event) => setDraft({ ...draft, category: event.target.value as FeedbackDraft['category'] })}
              >
                <option value="">{m.chooseCategory}</option>
                {feedbackCategories.map((category) => (
                  <option key={category} value={category}>
                    {m[`category.${category}`]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={backToList} disabled={posting}>
              {m.cancel}
            </Button>
            <Button type="submit" disabled={posting} aria-busy={posting}>
              {posting ? m.posting : m.submit}
            </Button>
          </div>
        </form>
      ) : (
        <FeedbackList
          m={m}
          load={load}
          filter={filter}
          signedIn={Boolean(user)}
          isAdmin={isAdmin}
          voting={voting}
          onRetry={() => $feedbackBoard.invalidate()}
          onUpvote={(post) => void upvote(post)}
          onChangeStatus={(post, status) => void changeStatus(post, status)}
        />
      )}
    </div>
  );
}

type ListProps = {
  m: Messages;
  load: Load;
  filter: FeedbackStatus | 'all';
  signedIn: boolean;
  isAdmin: boolean;
  voting: string | null;
  onRetry: () => void;
  onUpvote: (post: FeedbackPost) => void;
  onChangeStatus: (post: FeedbackPost, status: FeedbackStatus) => void;
};

function FeedbackList({ m, load, filter, signedIn, isAdmin, voting, onRetry, onUpvote, onChangeStatus }: ListProps) {
  if (load.status === 'loading') {
    return (
      <div role="status" aria-label={m.loading} className="space-y-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-24 w-full" />
        ))}
      </div>
    );
  }
  if (load.status === 'error') {
    return (
      <div role="alert" className="space-y-3 py-6 text-center">
        <p className="font-medium">{m.loadError}</p>
        <Button variant="outline" onClick={onRetry}>
          {m.retry}
        </Button>
      </div>
    );
  }
  const posts = sortByUpvotes(filterByStatus(load.posts, filter));
  if (posts.length === 0) {
    return <p className="py-6 text-center text-muted">{load.posts.length === 0 ? m.empty : m.emptyFiltered}</p>;
  }
  return (
    <ul className="space-y-3" aria-label={m.title}>
      {posts.map((post) => (
        <li key={post.id} className="flex gap-4 rounded-xl border border-border p-4">
          <Button
            variant={post.hasUserUpvoted ? 'primary' : 'outline'}
            className="h-auto min-w-14 flex-col gap-0 py-2"
            disabled={!signedIn || voting === post.id}
            aria-pressed={post.hasUserUpvoted}
            aria-label={format(m.upvote, { title: post.title })}
            title={post.hasUserUpvoted ? m.upvoted : undefined}
            onClick={() => onUpvote(post)}
          >
            {voting === post.id ? (
              <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin" />
            ) : (
              <ChevronUp aria-hidden="true" className="h-4 w-4" />
            )}
            <span className="text-base font-semibold" data-testid="upvote-count">
              {post.upvoteCount}
            </span>
          </Button>
          <div className="min-w-0 flex-1 space-y-2">
            <h3 className="font-semibold break-words">{post.title}</h3>
            <p className="text-sm break-words whitespace-pre-line text-muted">{post.description}</p>
            <div className="flex flex-wrap items-center gap-2 text-xs">
              <span className="rounded-full bg-surface-2 px-2.5 py-0.5 font-medium">
                {m[`category.${post.category}`]}
              </span>
              <span className={`rounded-full border px-2.5 py-0.5 font-medium ${statusBadge[post.status]}`}>
                {m[`status.${post.status}`]}
              </span>
              <span className="sr-only">{format(m.upvotes, { count: post.upvoteCount })}</span>
              {isAdmin ? (
                <select
                  aria-label={format(m.changeStatus, { title: post.title })}
                  className={`${selectClasses} h-8 text-xs`}
                  value={post.status}
                  onChange={(event) => onChangeStatus(post, event.target.value as FeedbackStatus)}
                >
                  {feedbackStatuses.map((status) => (
                    <option key={status} value={status}>
                      {m[`status.${status}`]}
                    </option>
                  ))}
                </select>
              ) : null}
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
