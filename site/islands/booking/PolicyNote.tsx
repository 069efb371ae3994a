import { Info } from 'lucide-react';
import type { Locale } from '../../i18n/locales.ts';
import { bookingMessages } from '../../i18n/messages/booking.ts';
import { cancellationPolicyText } from './policy-text.ts';

/** The cancellation policy, stated in full on every booking screen. */
export function PolicyNote({ locale, children }: { locale: Locale; children?: React.ReactNode }) {
  const m = bookingMessages[locale];
  return (
    <section
      aria-labelledby="cancellation-policy"
      className="rounded-xl border border-border bg-surface p-4 text-sm sm:p-5"
    >
      <h2 id="cancellation-policy" className="flex items-center gap-2 font-semibold">
        <Info aria-hidden="true" className="h-4 w-4 text-accent-text" />
        {m.policyTitle}
      </h2>
      <p className="mt-2 text-muted" data-testid="cancellation-policy">
        {cancellationPolicyText(locale)}
      </p>
      {children}
    </section>
  );
}
