import { useStore } from '@nanostores/react';
import { useId } from 'react';
import { format } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { reviewMessages } from '../../i18n/messages/reviews.ts';
import { buttonClasses } from '../../ui/Button.tsx';
import { island } from '../../ui/island.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { $myReviews } from './api.ts';
import { formatDate, jobLabel } from './format.ts';
import { ReviewCard } from './ReviewCard.tsx';

/**
 * The jobs I reviewed (bookings, work orders): my review waiting, hidden from the other side (until they write theirs
 * or the 7 days are over), and published ones with both reviews. Reloads after I submit one.
 */
export function MyReviews({ locale }: { locale: Locale }) {
  const m = reviewMessages[locale];
  const headingId = useId();
  const load = useStore($myReviews);
  // A read again after a submitted review keeps the list shown meanwhile (and on failure).
  const items = load.data ?? null;

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-border bg-surface">
      <h2 id={headingId} className="border-b border-border px-4 py-3 font-semibold">
        {m.mineTitle}
      </h2>
      {!items && !load.error && (
        <div role="status" aria-label={m.loading} className="space-y-3 p-4">
          <Skeleton className="h-4 w-1/3" />
          <Skeleton className="h-3 w-full" />
          <Skeleton className="h-3 w-5/6" />
        </div>
      )}
      {!items && load.error && (
        <div role="alert" className="flex flex-col items-center gap-3 px-4 py-8 text-center">
          <p className="text-sm text-muted">{m.loadFailed}</p>
          <button type="button" onClick={() => void $myReviews.revalidate()} className={buttonClasses('outline', 'sm')}>
            {m.tryAgain}
          </button>
        </div>
      )}
      {items && items.length === 0 && <p className="px-4 py-8 text-center text-sm text-muted">{m.mineEmpty}</p>}
      {items && items.length > 0 && (
        <ul className="divide-y divide-border">
          {items.map((entry) => {
            const viewer = entry.viewer;
            const other =
              viewer?.otherParty.name === 'Former member' ? m.formerMember : (viewer?.otherParty.name ?? '');
            const mine = entry.reviews.find((review) => review.side === viewer?.side);
            const theirs = entry.reviews.find((review) => review.side !== viewer?.side);
            return (
              <li
                key={entry.jobId}
                data-testid="my-review"
                data-kind={entry.kind}
                data-published={entry.published}
                className="space-y-3 px-4 py-4"
              >
                <p className="text-sm text-muted">
                  {entry.kind === 'work-order' && (
                    <span className="block font-medium text-fg">{jobLabel(entry, m, locale)}</span>
                  )}
                  {format(viewer?.side === 'customer' ? m.yourContractor : m.yourCustomer, { name: other })}
                  {entry.published && entry.publishedAt
                    ? ` · ${format(m.publishedOn, { date: formatDate(entry.publishedAt, locale) })}`
                    : ''}
                </p>
                {mine && <ReviewCard review={mine} locale={locale} heading={m.yourReview} />}
                {theirs && (
                  <ReviewCard review={theirs} locale={locale} heading={format(m.theirReview, { name: other })} />
                )}
                {!entry.published && viewer?.deadline && (
                  <p className="text-sm text-muted">
                    {format(m.waitingFor, { name: other, date: formatDate(viewer.deadline, locale) })}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

export default island(MyReviews);
