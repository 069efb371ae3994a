import { Briefcase, Globe, MapPin, Sparkles } from 'lucide-react';
import { format } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { contractorMessages } from '../../i18n/messages/directory.ts';
import { formatPrice } from '../../i18n/money.ts';
import { Badges, formatNumber, placeLabel, profileHref, Rating, serviceLabel, VerifiedBadges } from './parts.tsx';
import type { DirectoryContractor } from './types.ts';
import { plural } from '../../i18n/plural.ts';

/** One result: who, where and how far, rating, badges, services and the lowest price. */
export function ContractorCard({
  contractor: c,
  locale,
  showDistance,
}: {
  contractor: DirectoryContractor;
  locale: Locale;
  showDistance: boolean;
}) {
  const m = contractorMessages[locale];
  const place = placeLabel(c, locale);
  const featured = c.boosted || c.featured;
  return (
    <article
      data-contractor={c.id}
      className={`relative flex h-full flex-col gap-3 rounded-xl border bg-surface p-4 shadow-sm transition hover:shadow-md ${
        featured ? 'border-accent' : 'border-border'
      }`}
    >
      <div className="flex items-start justify-between gap-2">
        <h3 className="text-base font-semibold">
          {/* The whole card is the link's target area; the name is its text. */}
          <a
            href={profileHref(c.id, locale)}
            className="after:absolute after:inset-0 hover:underline focus-visible:outline-2"
          >
            {c.name}
          </a>
        </h3>
        {featured && (
          <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-accent-fg">
            <Sparkles aria-hidden="true" className="size-3" />
            {m.featured}
          </span>
        )}
      </div>
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
        {place && (
          <span className="inline-flex items-center gap-1">
            <MapPin aria-hidden="true" className="size-4" />
            {place}
          </span>
        )}
        {showDistance && c.distanceKm !== null && (
          <span data-distance>{format(m.kmAway, { n: formatNumber(c.distanceKm, locale) })}</span>
        )}
        {c.remote && (
          <span className="inline-flex items-center gap-1">
            <Globe aria-hidden="true" className="size-4" />
            {m.remote}
          </span>
        )}
      </p>
      <Rating average={c.rating.average} count={c.rating.count} locale={locale} />
      <Badges badges={c.badges} locale={locale} />
      <VerifiedBadges badges={c.verifiedBadges} locale={locale} />
      {c.services.length > 0 && (
        <p className="text-sm">
          {c.services
            .slice(0, 4)
            .map((s) => serviceLabel(s, locale))
            .join(' · ')}
        </p>
      )}
      <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-1 text-sm">
        {c.minPriceCents !== null ? (
          <span className="font-semibold">{format(m.priceFrom, { price: formatPrice(c.minPriceCents, locale) })}</span>
        ) : (
          <span />
        )}
        {c.completedJobs > 0 && (
          <span className="inline-flex items-center gap-1 text-muted">
            <Briefcase aria-hidden="true" className="size-4" />
            {plural(locale, c.completedJobs, { one: m.jobsOne, other: m.jobsMany })}
          </span>
        )}
      </div>
    </article>
  );
}
