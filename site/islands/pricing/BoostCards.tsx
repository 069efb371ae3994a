import { Crown, Star, Zap, type LucideIcon } from 'lucide-react';
import type { BoostId } from '../../../shared/domain/plans/catalogue.ts';
import type { Locale } from '../../i18n/locales.ts';
import { pricingMessages } from '../../i18n/messages/pricing.ts';
import { boostCards } from './content.ts';
import { Heading, type HeadingLevel } from './Heading.tsx';

const icons: Record<BoostId, LucideIcon> = { 'boost-7': Zap, 'featured-30': Star, 'premium-90': Crown };

/** The one-time listing boosts (docs/product.md#plans). */
export function BoostCards({ locale, level }: { locale: Locale; level: HeadingLevel }) {
  const m = pricingMessages[locale];
  return (
    <ul className="grid gap-4 sm:grid-cols-3">
      {boostCards(locale).map((boost) => {
        const Icon = icons[boost.id];
        return (
          <li
            key={boost.id}
            data-boost={boost.id}
            className="flex flex-col rounded-2xl border border-border bg-surface p-5"
          >
            <Icon aria-hidden="true" className="h-6 w-6 text-accent-text" />
            <Heading level={level} className="mt-3 font-semibold">
              {boost.title}
            </Heading>
            <p className="mt-1">
              <span className="text-2xl font-bold tracking-tight">{boost.price}</span>{' '}
              <span className="text-sm text-muted">{m.boostOneTime}</span>
            </p>
            <p className="mt-2 text-sm text-muted">{boost.about}</p>
            {boost.firstFree ? (
              <p className="mt-3 self-start rounded-full border border-success px-2.5 py-0.5 text-xs font-medium">
                {boost.firstFree}
              </p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
