import { format } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { reviewMessages } from '../../i18n/messages/reviews.ts';
import type { ReviewItem } from './api.ts';
import { formatDate } from './format.ts';
import { StarsDisplay } from './Stars.tsx';

/** One review: who wrote it (and from which side), the stars, when, and the text as written. */
export function ReviewCard({ review, locale, heading }: { review: ReviewItem; locale: Locale; heading?: string }) {
  const m = reviewMessages[locale];
  const name = review.reviewerName === 'Former member' ? m.formerMember : review.reviewerName;
  return (
    <article data-testid="review" data-side={review.side} className="space-y-1.5">
      <header className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="text-sm font-medium">{heading ?? name}</span>
        <span className="rounded-full border border-border px-2 py-0.5 text-xs text-muted">
          {review.side === 'customer' ? m.sideCustomer : m.sideContractor}
        </span>
        <StarsDisplay rating={review.rating} label={format(m.outOf, { rating: review.rating })} />
        <time dateTime={review.submittedAt} className="text-xs text-muted">
          {formatDate(review.submittedAt, locale)}
        </time>
      </header>
      <p className="whitespace-pre-wrap break-words text-sm">{review.text}</p>
    </article>
  );
}
