import { useLocationRequest } from '../landing/use-location-request.ts';
import { LoaderCircle, LocateFixed, MapPin, Search, X } from 'lucide-react';
import { useCallback, useId, useMemo, useRef, type FormEvent } from 'react';
import { performanceBadges } from '../../../shared/domain/catalogue/badges.ts';
import { serviceCategories, type CategorySlug } from '../../../shared/domain/catalogue/categories.ts';
import type { DirectorySort } from '../../../shared/domain/catalogue/ranking.ts';
import { format } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { contractorMessages, directoryMessages } from '../../i18n/messages/directory.ts';
import { searchCardMessages, serviceSuggestionLabels } from '../../i18n/messages/landing.ts';
import { Button } from '../../ui/Button.tsx';
import { island } from '../../ui/island.tsx';
import { formatCoordinates } from '../landing/location.ts';
import { SERVICE_SUGGESTIONS } from '../landing/search.ts';
import { ResultsBody, resultsTitle } from './DirectoryResults.tsx';
import { retryBrowse } from './stores.ts';
import { useDirectorySearch, type Draft } from './use-directory-search.ts';
import { formatNumber, serviceLabel } from './parts.tsx';
import {
  DEFAULT_FORM,
  DISTANCE_CHOICES,
  isValidPrice,
  RATING_CHOICES,
  readWhere,
  resolveServiceText,
  serviceText,
  whereText,
  type DirectoryForm,
} from './query.ts';

type Props = { locale: Locale };

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();

const control =
  'h-10 w-full rounded-lg border border-border bg-bg px-3 text-fg placeholder:text-muted focus-visible:outline-2 aria-[invalid=true]:border-danger';

/**
 * /contractors: the search form (service with the landing's suggestions, category, city or postal
 * code with suggestions, the GPS button, distance, filters, sort) and the ranked results. The
 * URL holds the search, so results can be shared and the back button returns to the last one.
 */
function ContractorDirectory({ locale }: Props) {
  const m = directoryMessages[locale];
  const cm = contractorMessages[locale];
  const gm = searchCardMessages[locale];
  const suggestionLabels = serviceSuggestionLabels[locale];
  const id = useId();

  const { gps, requestLocation } = useLocationRequest(({ lat, lng }) => {
    setDraft((d) => ({ ...d, where: '' }));
    setErrors((e) => ({ ...e, where: undefined }));
    apply({ ...form, lat, lng, postalCode: '', city: '', page: 1 }, { push: true });
  });

  const labelOf = useCallback(
    (slug: string) => (suggestionLabels as Record<string, string | undefined>)[slug] ?? serviceLabel(slug, locale),
    [suggestionLabels, locale],
  );
  const labelToSlug = useCallback(
    (text: string) => SERVICE_SUGGESTIONS.find((slug) => fold(suggestionLabels[slug]) === fold(text)) ?? null,
    [suggestionLabels],
  );
  const draftOf = useCallback(
    (f: DirectoryForm): Draft => ({
      service: serviceText(f.service, labelOf),
      where: whereText(f),
      maxPrice: f.maxPrice,
    }),
    [labelOf],
  );

  const { form, draft, setDraft, errors, setErrors, results, places, apply, change } = useDirectorySearch(
    locale,
    draftOf,
  );
  const resultsHeading = useRef<HTMLHeadingElement>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const where = readWhere(draft.where);
    const nextErrors: typeof errors = {};
    if (where === 'invalid-postal-code') nextErrors.where = m.invalidPostalCode;
    if (!isValidPrice(draft.maxPrice)) nextErrors.maxPrice = m.invalidPrice;
    setErrors(nextErrors);
    if (Object.keys(nextErrors).length > 0 || where === 'invalid-postal-code') return;
    const placeTyped = Boolean(where.postalCode || where.city);
    const keepGps = !placeTyped && form.lat && form.lng;
    apply(
      {
        ...form,
        service: resolveServiceText(draft.service, labelToSlug),
        postalCode: where.postalCode,
        city: where.city,
        lat: keepGps ? form.lat : '',
        lng: keepGps ? form.lng : '',
        maxPrice: draft.maxPrice.trim(),
        page: 1,
      },
      { push: true },
    );
  }

  function clearAll() {
    setDraft({ service: '', where: '', maxPrice: '' });
    setErrors({});
    apply(DEFAULT_FORM, { push: true });
  }

  function goToPage(page: number) {
    apply({ ...form, page }, { push: true });
    resultsHeading.current?.focus();
  }

  const distanceChoices = useMemo(
    () => [...new Set([...DISTANCE_CHOICES, form.distanceKm])].sort((a, b) => a - b),
    [form.distanceKm],
  );
  const gpsOn = Boolean(form.lat && form.lng);
  const gpsStatus =
    gps.kind === 'pending'
      ? gm.gettingLocation
      : gps.kind === 'problem'
        ? gm[gps.problem]
        : gpsOn
          ? format(gm.location, { coordinates: formatCoordinates({ lat: form.lat, lng: form.lng }) })
          : '';
  const ids = {
    service: `${id}-service`,
    services: `${id}-services`,
    where: `${id}-where`,
    whereError: `${id}-where-error`,
    places: `${id}-places`,
    category: `${id}-category`,
    distance: `${id}-distance`,
    rating: `${id}-rating`,
    sort: `${id}-sort`,
    price: `${id}-price`,
    priceError: `${id}-price-error`,
    results: `${id}-results`,
  };
  const sortLabels: Record<DirectorySort, string> = { relevance: m.relevance, distance: m.nearest, rating: m.topRated };

  return (
    <div className="mt-4 space-y-6">
      <p className="max-w-prose text-muted">{m.intro}</p>
      <form
        role="search"
        aria-label={m.searchTitle}
        onSubmit={onSubmit}
        noValidate
        className="space-y-4 rounded-2xl border border-border bg-surface p-4 shadow-sm sm:p-5"
      >
        <div className="grid gap-3 md:grid-cols-[1fr_1fr_auto]">
          <div className="space-y-1.5">
            <label htmlFor={ids.service} className="block text-sm font-medium">
              {m.service}
            </label>
            <input
              id={ids.service}
              name="service"
              type="search"
              list={ids.services}
              autoComplete="off"
              placeholder={m.servicePlaceholder}
              value={draft.service}
              onChange={(event) => setDraft((d) => ({ ...d, service: event.target.value }))}
              className={control}
            />
            <datalist id={ids.services}>
              {SERVICE_SUGGESTIONS.map((slug) => (
                <option key={slug} value={suggestionLabels[slug]} />
              ))}
            </datalist>
          </div>
          <div className="space-y-1.5">
            <label htmlFor={ids.where} className="block text-sm font-medium">
              {m.where}
            </label>
            <input
              id={ids.where}
              name="where"
              type="text"
              list={ids.places}
              autoComplete="off"
              placeholder={gpsOn ? gpsStatus : m.wherePlaceholder}
              value={draft.where}
              aria-invalid={Boolean(errors.where) || undefined}
              aria-describedby={errors.where ? ids.whereError : undefined}
              onChange={(event) => setDraft((d) => ({ ...d, where: event.target.value }))}
              className={control}
            />
            <datalist id={ids.places}>
              {places.map((place) => (
                <option
                  key={`${place.kind}-${place.label}`}
                  value={place.kind === 'city' ? place.label : (place.postalCode ?? place.fsa ?? '')}
                  label={place.label}
                />
              ))}
            </datalist>
            {errors.where && (
              <p id={ids.whereError} role="alert" className="text-sm text-danger">
                {errors.where}
              </p>
            )}
          </div>
          <div className="flex items-end">
            <Button type="submit" className="w-full md:w-auto">
              <Search aria-hidden="true" className="size-4" />
              {m.search}
            </Button>
          </div>
        </div>

        <div className="flex flex-wrap items-center gap-3">
          <Button
            variant="outline"
            size="sm"
            onClick={requestLocation}
            aria-disabled={gps.kind === 'pending' || undefined}
          >
            {gps.kind === 'pending' ? (
              <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
            ) : (
              <LocateFixed aria-hidden="true" className="size-4" />
            )}
            {gm.enableGps}
          </Button>
          <p
            role="status"
            className={`flex min-h-8 min-w-0 items-center gap-1.5 text-sm ${gps.kind === 'problem' ? 'text-danger' : 'text-muted'}`}
          >
            {gpsOn && gps.kind === 'idle' ? (
              <MapPin aria-hidden="true" className="size-4 shrink-0 text-accent-text" />
            ) : null}
            <span>{gpsStatus}</span>
          </p>
          {gpsOn && (
            <Button variant="ghost" size="sm" onClick={() => change({ lat: '', lng: '' })}>
              <X aria-hidden="true" className="size-4" />
              {m.clearLocation}
            </Button>
          )}
        </div>

        <fieldset className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <legend className="sr-only">{m.filters}</legend>
          <div className="space-y-1.5">
            <label htmlFor={ids.category} className="block text-sm font-medium">
              {m.category}
            </label>
            <select
              id={ids.category}
              value={form.category}
              onChange={(event) => change({ category: event.target.value as CategorySlug | '' })}
              className={control}
            >
              <option value="">{m.anyCategory}</option>
              {serviceCategories.map((c) => (
                <option key={c.slug} value={c.slug}>
                  {c[locale]}
                </option>
              ))}
            </select>
          </div>
          <div className="space-y-1.5">
            <label htmlFor={ids.distance} className="block text-sm font-medium">
              {m.distance}
            </label>
            <select
              id={ids.distance}
              value={form.distanceKm}
              onChange={(event) => change({ distanceKm: Number(event.target.value) })}
              className={control}
            >
              {distanceChoices.map((km) => (
                <option key={km} value={km}>
                  {km === 0 ? m.anyDistance : format(m.withinKm, { n: km })}
                </option>
              ))}
            </select>
          </div>
          <div className="space-y-1.5">
            <label htmlFor={ids.rating} className="block text-sm font-medium">
              {m.minRating}
            </label>
            <select
              id={ids.rating}
              value={form.minRating}
              onChange={(event) => change({ minRating: Number(event.target.value) })}
              className={control}
            >
              {[...new Set([...RATING_CHOICES, form.minRating])].map((n) => (
                <option key={n} value={n}>
                  {n === 0 ? m.anyRating : format(m.ratingAtLeast, { n: formatNumber(n, locale) })}
                </option>
              ))}
            </select>
          </div>
          <div className="space-y-1.5">
            <label htmlFor={ids.sort} className="block text-sm font-medium">
              {m.sort}
            </label>
            <select
              id={ids.sort}
              value={form.sort}
              onChange={(event) => change({ sort: event.target.value as DirectorySort })}
              className={control}
            >
              {(Object.keys(sortLabels) as DirectorySort[]).map((sort) => (
                <option key={sort} value={sort}>
                  {sortLabels[sort]}
                </option>
              ))}
            </select>
          </div>
          <div className="space-y-1.5">
            <label htmlFor={ids.price} className="block text-sm font-medium">
              {m.maxPrice}
            </label>
            <input
              id={ids.price}
              inputMode="decimal"
              value={draft.maxPrice}
              aria-invalid={Boolean(errors.maxPrice) || undefined}
              aria-describedby={errors.maxPrice ? ids.priceError : undefined}
              onChange={(event) => setDraft((d) => ({ ...d, maxPrice: event.target.value }))}
              className={control}
            />
            {errors.maxPrice && (
              <p id={ids.priceError} role="alert" className="text-sm text-danger">
                {errors.maxPrice}
              </p>
            )}
          </div>
          <fieldset className="space-y-1.5 sm:col-span-2 lg:col-span-3">
            <legend className="text-sm font-medium">{m.badges}</legend>
            <div className="flex flex-wrap gap-x-4 gap-y-2 pt-1">
              {performanceBadges.map((badge) => (
                <label key={badge} className="inline-flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="size-4 accent-[var(--color-accent)]"
                    checked={form.badges.includes(badge)}
                    onChange={(event) =>
                      change({
                        badges: event.target.checked
                          ? performanceBadges.filter((b) => b === badge || form.badges.includes(b))
                          : form.badges.filter((b) => b !== badge),
                      })
                    }
                  />
                  {cm[`badge-${badge}`]}
                </label>
              ))}
              <label className="inline-flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4 accent-[var(--color-accent)]"
                  checked={form.remote}
                  onChange={(event) => change({ remote: event.target.checked })}
                />
                {m.remoteOnly}
              </label>
            </div>
          </fieldset>
        </fieldset>
      </form>

      <section aria-labelledby={ids.results} aria-busy={results.kind === 'loading'}>
        <h2 id={ids.results} ref={resultsHeading} tabIndex={-1} className="text-lg font-semibold outline-none">
          {results.kind === 'ready' ? resultsTitle(results.answer, m, locale) : m.results}
        </h2>
        <ResultsBody
          results={results}
          locale={locale}
          form={form}
          onRetry={retryBrowse}
          onClear={clearAll}
          onPage={goToPage}
        />
      </section>
    </div>
  );
}

export default island(ContractorDirectory);
