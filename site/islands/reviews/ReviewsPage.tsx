import type { Locale } from '../../i18n/locales.ts';
import { reviewMessages } from '../../i18n/messages/reviews.ts';
import { island } from '../../ui/island.tsx';
import { MyReviews } from './MyReviews.tsx';
import { PendingReviews } from './PendingReviews.tsx';
import { ReviewsList } from './ReviewsList.tsx';

/** /reviews: reviews to write, the ones I wrote (hidden or published), and what others said about me. */
function ReviewsPage({ locale }: { locale: Locale }) {
  return (
    <div className="mt-6 grid max-w-3xl gap-6">
      <PendingReviews locale={locale} />
      <MyReviews locale={locale} />
      <ReviewsList locale={locale} title={reviewMessages[locale].aboutTitle} />
    </div>
  );
}

export default island(ReviewsPage);
