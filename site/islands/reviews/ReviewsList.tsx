import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import { format } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { reviewMessages } from '../../i18n/messages/reviews.ts';
import { $session } from '../../stores/session.ts';
import { buttonClasses } from '../../ui/Button.tsx';
import { island } from '../../ui/island.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { $reviewSummary, fetchSummary, type ReviewItem, type ReviewsAbout } from './api.ts';
import { formatAverage } from './format.ts';
import { ReviewCard } from './ReviewCard.tsx';
import { StarsDisplay } from './Stars.tsx';
import { plural } from '../../i18n/plural.ts';

const PAGE = 10;

export type ReviewsListProps = {
  locale: Locale;
  /** Reviews of a contractor by their customers (a profile page; public). */
  contractorId?: string;
  /** Reviews about any member (signed-in readers); without either id, about the signed-in user. */
  userId?: string;
  title?: string;
};

/** The pages loaded after the first (the store's), for the list they were loaded for. */
type More = { key: string; reviews: ReviewItem[]; hasMore: boolean; loading: boolean };

/** Published reviews with the average and the count, ten at a time. */
export function ReviewsList({ locale, contractorId, userId, title }: ReviewsListProps) {
  const m = reviewMessages[locale];
  const headingId = useId();
  const session = useStore($session);
  const me = session.status === 'authenticated' ? session.user.id : null;
  const about: ReviewsAbout | null = contractorId ? { contractorId } : userId ? { userId } : me ? { userId: me } : null;
  const key = about ? JSON.stringify(about) : null;
  const $first = $reviewSummary(about, PAGE);
  const load = useStore($first);
  const [extra, setExtra] = useState<More | null>(null);
  const more = extra && extra.key === key ? extra : null;
  const first = load.loading ? undefined : load.data;
  const state = first
    ? {
        status: 'ready' as const,
        average: first.average,
        count: first.count,
        reviews: [...first.reviews, ...(more?.reviews ?? [])],
        hasMore: more ? more.hasMore : first.hasMore,
        more: more?.loading ?? false,
      }
    : { status: !load.loading && load.error ? ('error' as const) : ('loading' as const) };

  async function loadMore() {
    if (state.status !== 'ready' || !about || !key) return;
    const loaded = more?.reviews ?? [];
    setExtra({ key, reviews: loaded, hasMore: state.hasMore, loading: true });
    try {
      const next = await fetchSummary(about, { limit: PAGE, offset: state.reviews.length });
      setExtra({ key, reviews: [...loaded, ...next.reviews], hasMore: next.hasMore, loading: false });
    } catch {
      setExtra({ key, reviews: loaded, hasMore: state.hasMore, loading: false });
    }
  }

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-border bg-surface">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-border px-4 py-3">
        <h2 id={headingId} className="font-semibold">
          {title ?? m.reviewsTitle}
        </h2>
        {state.status === 'ready' && state.count > 0 && state.average !== null && (
          <p className="flex items-center gap-2 text-sm" data-testid="review-average">
            <StarsDisplay
              rating={state.average}
              label={format(m.average, { average: formatAverage(state.average, locale) })}
            />
            <span aria-hidden="true">{formatAverage(state.average, locale)}</span>
            <span className="text-muted">({plural(locale, state.count, { one: m.countOne, other: m.countMany })})</span>
          </p>
        )}
      </div>
      {state.status === 'loading' && (
        <div role="status" aria-label={m.loading} className="space-y-3 p-4">
          <Skeleton className="h-4 w-1/3" />
          <Skeleton className="h-3 w-full" />
        </div>
      )}
      {state.status === 'error' && (
        <div role="alert" className="flex flex-col items-center gap-3 px-4 py-8 text-center">
          <p className="text-sm text-muted">{m.loadFailed}</p>
          <button type="button" onClick={() => void $first.revalidate()} className={buttonClasses('outline', 'sm')}>
            {m.tryAgain}
          </button>
        </div>
      )}
      {state.status === 'ready' && state.reviews.length === 0 && (
        <p className="px-4 py-8 text-center text-sm text-muted">{m.noReviews}</p>
      )}
      {state.status === 'ready' && state.reviews.length > 0 && (
        <>
          <ul className="divide-y divide-border">
            {state.reviews.map((review) => (
              <li key={`${review.jobId}:${review.side}`} className="px-4 py-4">
                <ReviewCard review={review} locale={locale} />
              </li>
            ))}
          </ul>
          {state.hasMore && (
            <div className="border-t border-border px-4 py-3 text-center">
              <button
                type="button"
                disabled={state.more}
                onClick={() => void loadMore()}
                className={buttonClasses('outline', 'sm')}
              >
                {m.loadMore}
              </button>
            </div>
          )}
        </>
      )}
    </section>
  );
}

export default island(ReviewsList);
