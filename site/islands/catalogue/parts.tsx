import { BadgeCheck, CalendarCheck, Clock, Medal, ShieldCheck, Star, ThumbsUp } from 'lucide-react';
import type { PerformanceBadge } from '../../../shared/domain/catalogue/badges.ts';
import type { CredentialKind } from '../../../shared/domain/credentials/kinds.ts';
import { serviceCategories } from '../../../shared/domain/catalogue/categories.ts';
import { cityName } from '../../../shared/geo/city-name.ts';
import type { ProvinceCode } from '../../../shared/geo/provinces.ts';
import { format } from '../../i18n/index.ts';
import { htmlLang, localizePath, type Locale } from '../../i18n/locales.ts';
import { contractorMessages } from '../../i18n/messages/directory.ts';
import { dateTimeFormat, numberFormat } from '../../i18n/intl.ts';
import { plural } from '../../i18n/plural.ts';

/** A service's or category's label in the reader's language; the slug itself if unknown. */
export function serviceLabel(slug: string, locale: Locale): string {
  for (const category of serviceCategories) {
    if (category.slug === slug) return category[locale];
    const service = category.services.find((s) => s.slug === slug);
    if (service) return service[locale];
  }
  return slug;
}

export function placeLabel(
  place: { city: string | null; province: ProvinceCode | null },
  locale: Locale,
): string | null {
  if (!place.city || !place.province) return null;
  return `${cityName({ city: place.city, province: place.province }, locale)}, ${place.province}`;
}

export function formatNumber(value: number, locale: Locale, digits = 1): string {
  return numberFormat(htmlLang[locale], { maximumFractionDigits: digits }).format(value);
}

/** Five stars, filled to the average; the text says the same for screen readers. */
export function Rating({
  average,
  count,
  locale,
  size = 'sm',
}: {
  average: number | null;
  count: number;
  locale: Locale;
  size?: 'sm' | 'lg';
}) {
  const m = contractorMessages[locale];
  if (average === null || count === 0) return <span className="text-sm text-muted">{m.noReviews}</span>;
  const icon = size === 'lg' ? 'size-5' : 'size-4';
  return (
    <span className="inline-flex items-center gap-1.5 text-sm">
      <span role="img" aria-label={format(m.ratingLabel, { rating: formatNumber(average, locale) })} className="flex">
        {[1, 2, 3, 4, 5].map((n) => (
          <Star
            key={n}
            aria-hidden="true"
            className={`${icon} ${average >= n - 0.25 ? 'fill-accent text-accent-text' : 'text-muted'}`}
          />
        ))}
      </span>
      <span className="font-semibold">{formatNumber(average, locale)}</span>
      <span className="text-muted">({plural(locale, count, { one: m.reviewsOne, other: m.reviewsMany })})</span>
    </span>
  );
}

const badgeIcons = {
  'top-rated': Medal,
  reliable: BadgeCheck,
  responsive: Clock,
  'on-time': CalendarCheck,
  experienced: ThumbsUp,
} as const;

export function Badges({ badges, locale }: { badges: readonly PerformanceBadge[]; locale: Locale }) {
  const m = contractorMessages[locale];
  if (badges.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1.5">
      {badges.map((badge) => {
        const Icon = badgeIcons[badge];
        return (
          <li
            key={badge}
            title={m[`badgeHint-${badge}`]}
            className="inline-flex items-center gap-1 rounded-full border border-border bg-surface-2 px-2 py-0.5 text-xs font-medium"
          >
            <Icon aria-hidden="true" className="size-3.5 text-accent-text" />
            {m[`badge-${badge}`]}
            {/* The criteria travel with the badge: hover shows them, screen readers read them. */}
            <span className="sr-only">: {m[`badgeHint-${badge}`]}</span>
          </li>
        );
      })}
    </ul>
  );
}

/** A calendar date (YYYY-MM-DD) in the reader's language, never shifted by their time zone. */
function calendarDateText(date: string, locale: Locale): string {
  const parsed = new Date(`${date}T12:00:00Z`);
  if (Number.isNaN(parsed.getTime())) return date;
  return dateTimeFormat(htmlLang[locale], { dateStyle: 'medium', timeZone: 'UTC' }).format(parsed);
}

/** Verified credential badges: the kind, and (read out and on hover) who checked it and until when. */
export function VerifiedBadges({
  badges,
  locale,
}: {
  badges: readonly { kind: CredentialKind; expiresOn: string | null }[];
  locale: Locale;
}) {
  const m = contractorMessages[locale];
  if (badges.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1.5" data-testid="verified-badges">
      {badges.map((badge) => {
        const detail = badge.expiresOn
          ? format(m.verifiedUntil, { date: calendarDateText(badge.expiresOn, locale) })
          : null;
        return (
          <li
            key={badge.kind}
            title={detail ?? undefined}
            className="inline-flex items-center gap-1 rounded-full border border-success/40 bg-success/10 px-2 py-0.5 text-xs font-medium"
          >
            <ShieldCheck aria-hidden="true" className="size-3.5 text-success" />
            {m[`verified-${badge.kind}`]}
            {detail && <span className="sr-only">: {detail}</span>}
          </li>
        );
      })}
    </ul>
  );
}

export const profileHref = (id: string, locale: Locale) => localizePath(`/contractors/${id}`, locale);
