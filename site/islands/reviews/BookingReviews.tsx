import type { Locale } from '../../i18n/locales.ts';
import { island } from '../../ui/island.tsx';
import { JobReviews } from './JobReviews.tsx';

/** The reviews of one booking, for its detail page (see JobReviews). */
export function BookingReviews({ bookingId, locale }: { bookingId: string; locale: Locale }) {
  return <JobReviews job={{ kind: 'booking', jobId: bookingId }} locale={locale} />;
}

export default island(BookingReviews);
