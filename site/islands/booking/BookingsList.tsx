import { CalendarDays } from 'lucide-react';
import { useEffect, useState } from 'react';
import { format } from '../../i18n/index.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { bookingMessages } from '../../i18n/messages/booking.ts';
import { messageOf } from '../../lib/api.ts';
import { toast } from '../../stores/toasts.ts';
import { Button, buttonClasses } from '../../ui/Button.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { $myBookings, bookingAction, FORMER_MEMBER, type Booking } from './api.ts';
import { browserTimeZone, formatRange } from './format.ts';
import { StatusBadge } from './StatusBadge.tsx';
import { colon } from '../../i18n/punctuation.ts';
import { useQuery } from '../../lib/first-reads.ts';

type When = 'upcoming' | 'past';

/**
 * The signed-in person's bookings (either role), upcoming or past, with the contractor's quick
 * confirm on a request and a link to each booking's page. Times are in the device's zone. The
 * empty state speaks to the viewer's role: customers book contractors, contractors are booked.
 */
export function BookingsList({ locale, viewer }: { locale: Locale; viewer: 'customer' | 'contractor' }) {
  const m = bookingMessages[locale];
  const [when, setWhen] = useState<When>('upcoming');
  const [zone, setZone] = useState('America/Toronto');
  const [busy, setBusy] = useState<string | null>(null);
  const $list = $myBookings(when);
  const list = useQuery($list);
  // What the list had stays on screen while it is read again (after a confirm).
  const items = list.data;

  useEffect(() => setZone(browserTimeZone()), []);

  async function confirm(booking: Booking) {
    setBusy(booking.id);
    try {
      await bookingAction(booking.id, 'confirm');
      toast({ title: m.confirmed, variant: 'success' });
    } catch (error) {
      toast({ title: m.actionFailed, description: messageOf(error, m.loadFailed), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  const tab = (value: When, label: string) => (
    <button
      type="button"
      aria-pressed={when === value}
      onClick={() => setWhen(value)}
      className="h-8 rounded-md px-3 text-sm font-medium text-muted transition-colors hover:bg-surface-2 hover:text-fg focus-visible:outline-2 aria-pressed:bg-accent aria-pressed:text-accent-fg"
    >
      {label}
    </button>
  );

  return (
    <section aria-labelledby="bookings-heading" className="rounded-xl border border-border bg-surface">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-border px-4 py-3">
        <h2 id="bookings-heading" className="text-lg font-semibold">
          {m.bookingsTitle}
        </h2>
        <div role="group" aria-label={m.bookingsTitle} className="flex gap-1">
          {tab('upcoming', m.upcoming)}
          {tab('past', m.past)}
        </div>
      </div>
      {!items && !list.error && (
        <div role="status" aria-label={m.loading} className="divide-y divide-border">
          {Array.from({ length: 3 }, (_, i) => (
            <div key={i} className="space-y-2 px-4 py-3">
              <Skeleton className="h-4 w-1/2" />
              <Skeleton className="h-3 w-2/3" />
            </div>
          ))}
        </div>
      )}
      {!items && list.error && (
        <div role="alert" className="flex flex-col items-center gap-3 px-4 py-10 text-center">
          <p className="text-sm text-muted">{m.loadFailed}</p>
          <button type="button" onClick={() => $list.revalidate()} className={buttonClasses('outline', 'sm')}>
            {m.tryAgain}
          </button>
        </div>
      )}
      {items && items.length === 0 && (
        <div className="flex flex-col items-center gap-2 px-4 py-10 text-center">
          <CalendarDays aria-hidden="true" className="h-8 w-8 text-muted" />
          <p className="text-sm text-muted">
            {when === 'past' ? m.noPast : viewer === 'customer' ? m.noUpcomingCustomer : m.noUpcoming}
          </p>
          {when === 'upcoming' && viewer === 'customer' && (
            <a href={localizePath('/contractors', locale)} className={buttonClasses('outline', 'sm')}>
              {m.findContractor}
            </a>
          )}
        </div>
      )}
      {items && items.length > 0 && (
        <ul className="divide-y divide-border">
          {items.map((booking) => {
            const other = booking.viewerRole === 'contractor' ? booking.customer : booking.contractor;
            const what = booking.workOrder?.title ?? booking.offering?.title ?? null;
            return (
              <li
                key={booking.id}
                data-testid="booking-item"
                data-status={booking.status}
                className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    <span>{other.name === FORMER_MEMBER ? m.formerMember : other.name}</span>
                    <StatusBadge locale={locale} status={booking.status} />
                  </p>
                  <p className="text-sm text-muted">{formatRange(booking.startsAt, booking.endsAt, zone, locale)}</p>
                  {what && <p className="truncate text-sm text-muted">{what}</p>}
                </div>
                <div className="flex shrink-0 gap-2">
                  {booking.actions.confirm && (
                    <Button size="sm" disabled={busy !== null} onClick={() => void confirm(booking)}>
                      {m.confirm}
                    </Button>
                  )}
                  <a
                    href={localizePath(`/bookings/${booking.id}`, locale)}
                    className={buttonClasses('outline', 'sm')}
                    aria-label={`${m.details}${colon(locale)}${format(m.bookingWith, { name: other.name })}`}
                  >
                    {m.details}
                  </a>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
