import type { Locale } from '../../i18n/locales.ts';
import { bookingMessages } from '../../i18n/messages/booking.ts';
import type { BookingStatus } from './api.ts';

const tones: Record<BookingStatus, string> = {
  requested: 'border-accent/40 bg-accent/10 text-accent-text',
  confirmed: 'border-success/40 bg-success/10 text-success',
  declined: 'border-border bg-surface-2 text-muted',
  cancelled: 'border-danger/40 bg-danger/10 text-danger',
  completed: 'border-border bg-surface-2 text-fg',
};

/** A booking's status as a small label (text, not colour alone, carries the meaning). */
export function StatusBadge({ locale, status }: { locale: Locale; status: BookingStatus }) {
  return (
    <span
      data-status={status}
      className={`inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold ${tones[status]}`}
    >
      {bookingMessages[locale][`status_${status}`]}
    </span>
  );
}
