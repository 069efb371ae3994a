import { ThumbsUp } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { ForumCategory } from '../../../shared/domain/forum/categories.ts';
import type { Locale } from '../../i18n/index.ts';
import { dateTimeFormat } from '../../i18n/intl.ts';
import type { ForumMessages } from '../../i18n/messages/forum.ts';
import { plural } from '../../i18n/plural.ts';
import { messageOf } from '../../lib/api.ts';
import { toast } from '../../stores/toasts.ts';
import { Button } from '../../ui/Button.tsx';
import { FORMER_MEMBER, upvote } from './data.ts';

/** The forum dialog's small pieces: labels, dates, the upvote button, a failed read. */
export type Filter = ForumCategory | 'all';

const EXCERPT_LENGTH = 180;

export const selectClasses =
  'h-10 rounded-lg border border-border bg-surface px-3 text-sm text-fg focus-visible:outline-2';

export const categoryLabel = (m: ForumMessages, value: ForumCategory) => m[`cat_${value}`];
export const authorLabel = (m: ForumMessages, name: string) => (name === FORMER_MEMBER ? m.formerMember : name);

export function LoadError({ text, retry, onRetry }: { text: string; retry: string; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-danger/50 px-4 py-3 text-sm"
    >
      <span>{text}</span>
      <Button variant="outline" size="sm" onClick={onRetry}>
        {retry}
      </Button>
    </div>
  );
}

export function formatDate(iso: string, locale: Locale) {
  return dateTimeFormat(locale === 'fr' ? 'fr-CA' : 'en-CA', { dateStyle: 'medium' }).format(new Date(iso));
}

export function excerpt(text: string) {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > EXCERPT_LENGTH ? `${flat.slice(0, EXCERPT_LENGTH).trimEnd()}…` : flat;
}

export function CategoryBadge({ m, value }: { m: ForumMessages; value: ForumCategory }) {
  return (
    <span className="rounded-full border border-border bg-surface-2 px-2 py-0.5 text-xs font-medium">
      {categoryLabel(m, value)}
    </span>
  );
}

export function UpvoteButton({
  m,
  locale,
  count,
  upvoted,
  signedIn,
  url,
}: {
  m: ForumMessages;
  locale: Locale;
  count: number;
  upvoted: boolean;
  signedIn: boolean;
  url: string;
}) {
  const [pending, setPending] = useState(false);
  async function send() {
    setPending(true);
    try {
      await upvote(url);
    } catch (error) {
      toast({ title: m.upvoteFailedTitle, description: messageOf(error, m.failedFallback), variant: 'destructive' });
    } finally {
      setPending(false);
    }
  }
  return (
    <Button
      variant={upvoted ? 'primary' : 'outline'}
      size="sm"
      disabled={!signedIn || upvoted || pending}
      aria-pressed={upvoted}
      aria-label={`${upvoted ? m.upvoted : m.upvote} (${plural(locale, count, { one: m.upvotesLabelOne, other: m.upvotesLabel })})`}
      onClick={() => void send()}
    >
      <ThumbsUp aria-hidden="true" className="h-4 w-4" />
      <span>{count}</span>
    </Button>
  );
}

export function Meta({ children }: { children: ReactNode }) {
  return <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted">{children}</div>;
}
