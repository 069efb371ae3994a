import { useId, useState } from 'react';
import { format } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { reviewMessages } from '../../i18n/messages/reviews.ts';
import { buttonClasses } from '../../ui/Button.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { $jobReviews, type ReviewJobRef } from './api.ts';
import { formatDate } from './format.ts';
import { ReviewCard } from './ReviewCard.tsx';
import { ReviewForm, ReviewSaved } from './ReviewForm.tsx';
import { useQuery } from '../../lib/first-reads.ts';

/**
 * The reviews of one completed job (a booking, or a work order once its payment is released), for
 * its detail page: a party sees their own review (and the form while they may still write one),
 * the other side's once published (double-blind: never before); anyone else only published reviews.
 */
export function JobReviews({ job, locale }: { job: ReviewJobRef; locale: Locale }) {
  const { kind, jobId } = job;
  const m = reviewMessages[locale];
  const headingId = useId();
  const $reviews = $jobReviews({ kind, jobId });
  const load = useQuery($reviews);
  const [saved, setSaved] = useState<{ published: boolean } | null>(null);

  // A read again after a submitted review keeps the reviews shown meanwhile (and on failure).
  const data = load.data ?? null;
  const viewer = data?.viewer ?? null;
  const other = viewer ? (viewer.otherParty.name === 'Former member' ? m.formerMember : viewer.otherParty.name) : '';

  return (
    <section
      aria-labelledby={headingId}
      data-testid="job-reviews"
      className="rounded-xl border border-border bg-surface"
    >
      <h2 id={headingId} className="border-b border-border px-4 py-3 font-semibold">
        {m.reviewsTitle}
      </h2>
      <div className="space-y-4 p-4">
        {!data && !load.error && (
          <div role="status" aria-label={m.loading} className="space-y-3">
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-3 w-full" />
          </div>
        )}
        {!data && load.error && (
          <div role="alert" className="flex flex-col items-center gap-3 py-4 text-center">
            <p className="text-sm text-muted">{m.loadFailed}</p>
            <button type="button" onClick={() => void $reviews.revalidate()} className={buttonClasses('outline', 'sm')}>
              {m.tryAgain}
            </button>
          </div>
        )}
        {saved && <ReviewSaved locale={locale} published={saved.published} />}
        {data && (
          <>
            {data.reviews.map((review) => (
              <ReviewCard
                key={review.side}
                review={review}
                locale={locale}
                heading={
                  viewer && review.side === viewer.side
                    ? m.yourReview
                    : viewer
                      ? format(m.theirReview, { name: other })
                      : undefined
                }
              />
            ))}
            {data.reviews.length === 0 && !viewer?.canReview && <p className="text-sm text-muted">{m.noReviews}</p>}
            {viewer && !data.published && viewer.hasReviewed && viewer.deadline && (
              <p className="text-sm text-muted">
                {format(m.waitingFor, { name: other, date: formatDate(viewer.deadline, locale) })}
              </p>
            )}
            {viewer?.canReview && !saved && (
              <>
                {viewer.otherSideReviewed && (
                  <p className="text-sm text-accent-text">{format(m.otherWrote, { name: other })}</p>
                )}
                <ReviewForm job={{ kind, jobId }} locale={locale} otherPartyName={other} onSubmitted={setSaved} />
              </>
            )}
          </>
        )}
      </div>
    </section>
  );
}
