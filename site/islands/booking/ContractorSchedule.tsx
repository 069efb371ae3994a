import { useStore } from '@nanostores/react';
import { ExternalLink } from 'lucide-react';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { bookingMessages } from '../../i18n/messages/booking.ts';
import { $session } from '../../stores/session.ts';
import { island } from '../../ui/island.tsx';
import { useMounted } from '../../ui/use-mounted.ts';
import { AvailabilityEditor } from './AvailabilityEditor.tsx';
import { BookingsList } from './BookingsList.tsx';

/**
 * The contractor dashboard's schedule: booking requests and bookings first (what needs an answer),
 * then the weekly availability and the days off. Mounted inside the dashboard's role guard.
 */
function ContractorSchedule({ locale }: { locale: Locale }) {
  const m = bookingMessages[locale];
  const session = useStore($session);
  const mounted = useMounted();
  const id = mounted && session.status === 'authenticated' ? session.user.id : null;
  return (
    <section aria-labelledby="my-schedule" className="mt-8 space-y-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="my-schedule" className="text-xl font-bold tracking-tight">
          {m.mySchedule}
        </h2>
        {id && (
          <a
            href={localizePath(`/schedule/${id}`, locale)}
            className="inline-flex items-center gap-1 text-sm font-medium text-accent-text underline-offset-4 hover:underline focus-visible:outline-2"
          >
            {m.schedulePageLink}
            <ExternalLink aria-hidden="true" className="h-3.5 w-3.5" />
          </a>
        )}
      </div>
      <BookingsList locale={locale} viewer="contractor" />
      <AvailabilityEditor locale={locale} />
    </section>
  );
}

export default island(ContractorSchedule);
