import { CalendarCheck, FileText, Globe, MapPin, MessageSquare } from 'lucide-react';
import { useStore } from '@nanostores/react';
import { useId, useMemo, useState } from 'react';
import { loadMoreReviews, profileStore, retryProfile } from './stores.ts';
import { canadianTimeZones } from '../../../shared/geo/provinces.ts';
import { format } from '../../i18n/index.ts';
import { htmlLang, localizePath, type Locale } from '../../i18n/locales.ts';
import { contractorMessages, profileMessages } from '../../i18n/messages/directory.ts';
import { formatPrice } from '../../i18n/money.ts';
import { ApiError } from '../../lib/api.ts';
import { Button, buttonClasses } from '../../ui/Button.tsx';
import { island } from '../../ui/island.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { ProfileOffers } from '../recurring/ProfileOffers.tsx';
import { Gallery } from './Gallery.tsx';
import { Badges, formatNumber, placeLabel, Rating, serviceLabel, VerifiedBadges } from './parts.tsx';
import type { ContractorProfileView } from './types.ts';
import { dateTimeFormat } from '../../i18n/intl.ts';
import { plural } from '../../i18n/plural.ts';

type Props = { locale: Locale; id: string };
type Status =
  { kind: 'loading' } | { kind: 'not-found' } | { kind: 'error' } | { kind: 'ready'; profile: ContractorProfileView };

/** Where the three actions go. Messages belong to a job, so "Message" starts a direct request with a note. */
export function profileActions(id: string, locale: Locale) {
  return {
    book: localizePath(`/schedule/${id}`, locale),
    quote: localizePath(`/post-job?contractor=${encodeURIComponent(id)}`, locale),
    message: localizePath(`/post-job?contractor=${encodeURIComponent(id)}&message=1`, locale),
  };
}

function weekdayName(weekday: number, locale: Locale): string {
  // 2024-01-01 was a Monday (ISO weekday 1).
  return dateTimeFormat(htmlLang[locale], { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, weekday)),
  );
}

function zoneName(zone: string, locale: Locale): string {
  return canadianTimeZones.find((z) => z.id === zone)?.[locale] ?? zone;
}

/** /contractors/{id}: the public profile and its Book, Request a quote and Message actions. */
function ContractorProfile({ locale, id }: Props) {
  const m = profileMessages[locale];
  const cm = contractorMessages[locale];
  const headingId = useId();
  const $profile = useMemo(() => profileStore(id), [id]);
  const loaded = useStore($profile);
  const [loadingMore, setLoadingMore] = useState(false);
  const missing = loaded.error instanceof ApiError && (loaded.error.status === 404 || loaded.error.status === 400);
  const status: Status = loaded.data
    ? { kind: 'ready', profile: loaded.data }
    : loaded.error
      ? { kind: missing ? 'not-found' : 'error' }
      : { kind: 'loading' };

  async function moreReviews(profile: ContractorProfileView) {
    setLoadingMore(true);
    try {
      await loadMoreReviews(id, profile);
    } catch {
      // The button stays; the visitor can try again.
    } finally {
      setLoadingMore(false);
    }
  }

  if (status.kind === 'loading') {
    return (
      <div role="status" aria-label={m.loading} className="space-y-4">
        <Skeleton className="h-9 w-2/3" />
        <Skeleton className="h-5 w-1/3" />
        <Skeleton className="h-12 w-full max-w-md" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (status.kind === 'not-found' || status.kind === 'error') {
    return (
      <div className="mx-auto max-w-lg rounded-2xl border border-border bg-surface p-8 text-center">
        <p role="alert">{status.kind === 'not-found' ? m.notFound : m.loadFailed}</p>
        <div className="mt-5 flex flex-wrap justify-center gap-3">
          {status.kind === 'error' && (
            <Button variant="outline" onClick={() => void retryProfile(id)}>
              {m.tryAgain}
            </Button>
          )}
          <a className={buttonClasses('primary')} href={localizePath('/contractors', locale)}>
            {m.backToDirectory}
          </a>
        </div>
      </div>
    );
  }

  const p = status.profile;
  const actions = profileActions(p.id, locale);
  const place = placeLabel(p, locale);
  const byDay = new Map<number, { start: string; end: string }[]>();
  for (const w of p.availability?.weekly ?? []) byDay.set(w.weekday, [...(byDay.get(w.weekday) ?? []), w]);

  return (
    <article aria-labelledby={headingId} className="space-y-8">
      <header className="space-y-3">
        <a href={localizePath('/contractors', locale)} className="text-sm text-accent-text hover:underline">
          ← {m.backToDirectory}
        </a>
        <h1 id={headingId} className="text-2xl font-bold tracking-tight sm:text-3xl">
          {p.name}
        </h1>
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-muted">
          {place && (
            <span className="inline-flex items-center gap-1">
              <MapPin aria-hidden="true" className="size-4" />
              {place}
            </span>
          )}
          {p.remote && (
            <span className="inline-flex items-center gap-1">
              <Globe aria-hidden="true" className="size-4" />
              {cm.remote}
            </span>
          )}
          {p.yearsOfExperience !== null && (
            <span>{plural(locale, p.yearsOfExperience, { one: m.yearsOne, other: m.yearsMany })}</span>
          )}
        </p>
        <Rating average={p.rating.average} count={p.rating.count} locale={locale} size="lg" />
        <Badges badges={p.badges} locale={locale} />
        <VerifiedBadges badges={p.verifiedBadges} locale={locale} />
        <div className="flex flex-wrap gap-3 pt-2">
          <a className={buttonClasses('primary', 'lg')} href={actions.book} data-action="book">
            <CalendarCheck aria-hidden="true" className="size-5" />
            {m.book}
          </a>
          <a className={buttonClasses('outline', 'lg')} href={actions.quote} data-action="quote">
            <FileText aria-hidden="true" className="size-5" />
            {m.requestQuote}
          </a>
          <a
            className={buttonClasses('outline', 'lg')}
            href={actions.message}
            data-action="message"
            aria-describedby={`${headingId}-message-hint`}
          >
            <MessageSquare aria-hidden="true" className="size-5" />
            {m.message}
          </a>
        </div>
        <p id={`${headingId}-message-hint`} className="text-sm text-muted">
          {m.messageHint}
        </p>
      </header>

      <div className="grid gap-8 lg:grid-cols-[2fr_1fr]">
        <div className="space-y-8">
          {p.expertiseStatement && (
            <section className="space-y-2">
              <h2 className="text-lg font-semibold">{m.about}</h2>
              <p className="max-w-prose whitespace-pre-line">{p.expertiseStatement}</p>
            </section>
          )}

          <Gallery contractorId={p.id} title={m.gallery} />

          <ProfileOffers contractorId={p.id} locale={locale} />

          <section className="space-y-3">
            <h2 className="text-lg font-semibold">{m.offerings}</h2>
            {p.offerings.length === 0 && p.services.length === 0 ? (
              <p className="text-muted">—</p>
            ) : (
              <ul className="space-y-3">
                {p.offerings.map((o) => (
                  <li key={o.id} className="rounded-lg border border-border bg-surface p-4">
                    <div className="flex flex-wrap items-baseline justify-between gap-2">
                      <h3 className="font-semibold">{o.title}</h3>
                      <span className="font-semibold">
                        {format(o.pricingModel === 'hourly' ? m.hourly : m.fixed, {
                          price: formatPrice(o.priceCents, locale),
                        })}
                      </span>
                    </div>
                    <p className="mt-1 text-sm text-muted">{o.description}</p>
                  </li>
                ))}
                {p.hourlyRateCents !== null && p.offerings.length === 0 && (
                  <li className="font-semibold">
                    {format(m.hourly, { price: formatPrice(p.hourlyRateCents, locale) })}
                  </li>
                )}
              </ul>
            )}
            {p.services.length > 0 && (
              <ul aria-label={m.services} className="flex flex-wrap gap-2">
                {p.services.map((s) => (
                  <li key={s}>
                    <a
                      href={localizePath(`/contractors?service=${s}`, locale)}
                      className="inline-block rounded-full border border-border px-3 py-1 text-sm hover:bg-surface-2"
                    >
                      {serviceLabel(s, locale)}
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section className="space-y-3">
            <h2 className="text-lg font-semibold">
              {m.reviews} {p.reviews.total > 0 && <span className="text-muted">({p.reviews.total})</span>}
            </h2>
            {p.reviews.items.length === 0 ? (
              <p className="text-muted">{m.noReviews}</p>
            ) : (
              <ul className="space-y-3">
                {p.reviews.items.map((r, index) => (
                  <li key={`${r.publishedAt}-${index}`} className="rounded-lg border border-border bg-surface p-4">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <Rating average={r.rating} count={1} locale={locale} />
                      <span className="text-sm text-muted">
                        {r.reviewerName} ·{' '}
                        {dateTimeFormat(htmlLang[locale], { dateStyle: 'medium' }).format(new Date(r.publishedAt))}
                      </span>
                    </div>
                    <p className="mt-2 whitespace-pre-line">{r.text}</p>
                  </li>
                ))}
              </ul>
            )}
            {p.reviews.items.length < p.reviews.total && (
              <Button variant="outline" disabled={loadingMore} onClick={() => void moreReviews(p)}>
                {m.moreReviews}
              </Button>
            )}
          </section>
        </div>

        <aside className="space-y-6">
          <dl className="grid grid-cols-2 gap-3 rounded-lg border border-border bg-surface p-4 text-sm">
            <div>
              <dt className="text-muted">{m.rating}</dt>
              <dd className="text-lg font-semibold">
                {p.rating.average === null ? '—' : formatNumber(p.rating.average, locale)}
              </dd>
            </div>
            <div>
              <dt className="text-muted">{m.completed}</dt>
              <dd className="text-lg font-semibold">{p.completedJobs}</dd>
            </div>
          </dl>

          <section className="space-y-2">
            <h2 className="text-lg font-semibold">{m.serviceArea}</h2>
            {place && p.serviceRadiusKm !== null ? (
              <p>{format(m.area, { place: p.fsa ? `${place} (${p.fsa})` : place, n: p.serviceRadiusKm })}</p>
            ) : (
              <p className="text-muted">{m.noArea}</p>
            )}
            {p.remote && <p className="text-sm text-muted">{m.remoteToo}</p>}
          </section>

          <section className="space-y-2">
            <h2 className="text-lg font-semibold">{m.availability}</h2>
            {p.availability && byDay.size > 0 ? (
              <>
                <ul className="space-y-1 text-sm">
                  {[...byDay.entries()]
                    .sort(([a], [b]) => a - b)
                    .map(([day, windows]) => (
                      <li key={day} className="flex justify-between gap-3">
                        <span className="capitalize">{weekdayName(day, locale)}</span>
                        <span className="tabular-nums">{windows.map((w) => `${w.start}–${w.end}`).join(', ')}</span>
                      </li>
                    ))}
                </ul>
                <p className="text-xs text-muted">
                  {format(m.timesIn, { zone: zoneName(p.availability.timeZone, locale) })}
                </p>
              </>
            ) : (
              <p className="text-sm text-muted">{m.noAvailability}</p>
            )}
          </section>
        </aside>
      </div>
    </article>
  );
}

export default island(ContractorProfile);
