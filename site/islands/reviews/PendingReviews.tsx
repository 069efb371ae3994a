import { ClipboardCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { format } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { reviewMessages } from '../../i18n/messages/reviews.ts';
import { buttonClasses } from '../../ui/Button.tsx';
import { island } from '../../ui/island.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { $pendingReviews } from './api.ts';
import { formatDate, jobLabel } from './format.ts';
import { ReviewForm } from './ReviewForm.tsx';
import { useQuery } from '../../lib/first-reads.ts';

/**
 * "Reviews to write": my completed jobs (bookings, recurring visits, work orders whose payment was
 * released) I have not reviewed yet, the closest deadline first,
 * each with its form opening in place. A submitted one stays with the saved message until the
 * page is left.
 */
export function PendingReviews({ locale }: { locale: Locale }) {
  const m = reviewMessages[locale];
  const headingId = useId();
  const load = useQuery($pendingReviews);
  const [open, setOpen] = useState<string | null>(null);
  const items = load.loading ? null : (load.data ?? null);
  const failed = !load.loading && load.error;

  return (
    <section id="reviews-to-write" aria-labelledby={headingId} className="rounded-xl border border-border bg-surface">
      <h2 id={headingId} className="border-b border-border px-4 py-3 font-semibold">
        {m.pendingTitle}
      </h2>
      {!items && !failed && (
        <div role="status" aria-label={m.loading} className="space-y-3 p-4">
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-3 w-1/3" />
          <Skeleton className="h-8 w-32" />
        </div>
      )}
      {failed && (
        <div role="alert" className="flex flex-col items-center gap-3 px-4 py-8 text-center">
          <p className="text-sm text-muted">{m.loadFailed}</p>
          <button
            type="button"
            onClick={() => void $pendingReviews.revalidate()}
            className={buttonClasses('outline', 'sm')}
          >
            {m.tryAgain}
          </button>
        </div>
      )}
      {items && items.length === 0 && (
        <div className="flex flex-col items-center gap-2 px-4 py-8 text-center">
          <ClipboardCheck aria-hidden="true" className="h-10 w-10 text-muted" />
          <p className="font-medium">{m.pendingEmpty}</p>
          <p className="text-sm text-muted">{m.pendingEmptyHint}</p>
        </div>
      )}
      {items && items.length > 0 && (
        <ul className="divide-y divide-border">
          {items.map((item) => {
            const name = item.otherParty.name === 'Former member' ? m.formerMember : item.otherParty.name;
            return (
              <li key={item.jobId} data-testid="pending-review" data-kind={item.kind} className="space-y-3 px-4 py-4">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="font-medium">
                      {format(item.side === 'customer' ? m.yourContractor : m.yourCustomer, { name })}
                    </p>
                    <p className="text-sm text-muted">
                      {jobLabel(item, m, locale)}
                      {' · '}
                      {format(m.deadline, { date: formatDate(item.deadline, locale) })}
                    </p>
                    {item.otherSideReviewed && (
                      <p className="mt-1 text-sm text-accent-text">{format(m.otherWrote, { name })}</p>
                    )}
                  </div>
                  {open !== item.jobId && (
                    <button
                      type="button"
                      onClick={() => setOpen(item.jobId)}
                      className={buttonClasses('primary', 'sm')}
                    >
                      {m.write}
                    </button>
                  )}
                </div>
                {open === item.jobId && (
                  <ReviewForm job={item} locale={locale} otherPartyName={name} onCancel={() => setOpen(null)} />
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

export default island(PendingReviews);
