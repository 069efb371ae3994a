import { useStore } from '@nanostores/react';
import { LocateFixed } from 'lucide-react';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { serviceCategories } from '../../../shared/domain/catalogue/categories.ts';
import { workOrderPaths } from '../../../shared/domain/work/paths.ts';
import { POSTAL_CODE_MESSAGE } from '../../../shared/geo/postal-code.ts';
import { format } from '../../i18n/index.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { workRuleMessages } from '../../i18n/messages/work-rules.ts';
import { workMessages } from '../../i18n/messages/work.ts';
import { ApiError } from '../../lib/api.ts';
import { $session } from '../../stores/session.ts';
import { Button } from '../../ui/Button.tsx';
import { Field, Input } from '../../ui/Field.tsx';
import { island } from '../../ui/island.tsx';
import { useMounted } from '../../ui/use-mounted.ts';
import { GEOLOCATION_OPTIONS, locationProblem, roundCoordinates, type LocationProblem } from '../landing/location.ts';
import type { Listed } from './api.ts';
import { browseParams, filtersFromQuery, RADII, type Filters, type Near, type Sort } from './browse.ts';
import { MyProposals } from './MyProposals.tsx';
import {
  Badge,
  EmptyState,
  ErrorState,
  ListSkeleton,
  OrderFacts,
  proposalCountText,
  Select,
  SignInPrompt,
} from './parts.tsx';
import { ProposalDialog } from './ProposalDialog.tsx';
import { useBrowse } from './stores.ts';
import { plural } from '../../i18n/plural.ts';

export { browseParams, filtersFromQuery };

type Props = { locale: Locale; variant: 'find-work' | 'open-bids' };

/**
 * /browse-jobs (find work) and /open-bids: open work orders taking proposals, filtered by distance
 * (postal code, GPS or the contractor's service area), category and budget. A contractor sends a
 * proposal from a dialog; /open-bids also lists the contractor's own proposals.
 */
function JobBrowser({ locale, variant }: Props) {
  const m = workMessages[locale];
  const id = useId();
  const mounted = useMounted();
  const session = useStore($session);
  const role = mounted && session.status === 'authenticated' ? session.user.role : null;
  const [filters, setFilters] = useState<Filters | null>(null);
  const [applied, setApplied] = useState<string | null>(null);
  const [typedPostalError, setPostalError] = useState<string | null>(null);
  const [gps, setGps] = useState<{ kind: 'idle' | 'pending' } | { kind: 'problem'; problem: LocationProblem }>({
    kind: 'idle',
  });
  const [proposing, setProposing] = useState<Listed | null>(null);

  useEffect(() => {
    const initial = filtersFromQuery(new URLSearchParams(window.location.search));
    setFilters(initial);
    const built = browseParams(initial);
    if ('params' in built) setApplied(built.params.toString());
    else {
      setPostalError(built.postalError);
      setApplied((browseParams({ ...initial, near: 'anywhere' }) as { params: URLSearchParams }).params.toString());
    }
  }, []);

  const { page, loading, error, loadMore, reload, markProposed } = useBrowse(applied);
  const serverMessage = error instanceof ApiError ? error.serverMessage : null;
  // The server's refusal of the postal code shows on the field too.
  const postalError = typedPostalError ?? (serverMessage === POSTAL_CODE_MESSAGE ? POSTAL_CODE_MESSAGE : null);

  function apply(event?: FormEvent) {
    event?.preventDefault();
    if (!filters) return;
    const built = browseParams(filters);
    if ('postalError' in built) {
      setPostalError(built.postalError);
      document.querySelector<HTMLInputElement>('[data-postal]')?.focus();
      return;
    }
    setPostalError(null);
    const query = built.params.toString();
    window.history.replaceState(null, '', query ? `?${query}` : window.location.pathname);
    if (query === applied) reload();
    else setApplied(query);
  }

  function requestGps() {
    if (!('geolocation' in navigator) || !navigator.geolocation) {
      setGps({ kind: 'problem', problem: 'unsupported' });
      return;
    }
    setGps({ kind: 'pending' });
    navigator.geolocation.getCurrentPosition(
      (position) => {
        const { lat, lng } = roundCoordinates(position.coords);
        setFilters((current) => (current ? { ...current, near: 'gps', lat, lng } : current));
        setGps({ kind: 'idle' });
      },
      (failure) => setGps({ kind: 'problem', problem: locationProblem(failure) }),
      GEOLOCATION_OPTIONS,
    );
  }

  const categoryDef = useMemo(() => serviceCategories.find((c) => c.slug === filters?.category), [filters?.category]);
  const set = <K extends keyof Filters>(key: K, value: Filters[K]) =>
    setFilters((current) => (current ? { ...current, [key]: value } : current));

  const title = variant === 'open-bids' ? m.openBidsTitle : m.findWorkTitle;

  return (
    <div className="mt-6 grid gap-8 lg:grid-cols-[18rem_1fr]">
      <form
        onSubmit={apply}
        aria-label={m.filters}
        className="h-fit space-y-4 rounded-2xl border border-border bg-surface p-4 lg:sticky lg:top-20"
      >
        <h2 className="text-lg font-semibold">{m.filters}</h2>
        {!filters ? (
          <ListSkeleton locale={locale} rows={1} />
        ) : (
          <>
            <Field label={m.near}>
              {(f) => (
                <Select
                  id={f.id}
                  describedBy={f.describedBy}
                  invalid={false}
                  value={filters.near}
                  onChange={(value) => {
                    set('near', value as Near);
                    setPostalError(null);
                  }}
                >
                  <option value="anywhere">{m.nearAnywhere}</option>
                  <option value="postal">{m.nearPostal}</option>
                  <option value="gps">{m.nearGps}</option>
                  {role === 'contractor' && <option value="me">{m.nearMe}</option>}
                </Select>
              )}
            </Field>
            {filters.near === 'postal' && (
              <Field
                label={m.postalCode}
                error={postalError === POSTAL_CODE_MESSAGE ? workRuleMessages[locale].postalCode : postalError}
              >
                {(f) => (
                  <Input
                    id={f.id}
                    data-postal=""
                    aria-describedby={f.describedBy}
                    aria-invalid={f.invalid}
                    value={filters.postalCode}
                    autoComplete="postal-code"
                    maxLength={7}
                    className="uppercase"
                    onChange={(e) => set('postalCode', e.target.value)}
                  />
                )}
              </Field>
            )}
            {filters.near === 'gps' && (
              <div className="space-y-2">
                <Button variant="outline" size="sm" onClick={requestGps} disabled={gps.kind === 'pending'}>
                  <LocateFixed aria-hidden="true" className="h-4 w-4" />
                  {gps.kind === 'pending' ? m.gettingLocation : m.useGps}
                </Button>
                <p aria-live="polite" className="text-xs text-muted">
                  {gps.kind === 'problem'
                    ? m[gps.problem]
                    : filters.lat && filters.lng
                      ? `${m.gpsReady} (${filters.lat}, ${filters.lng})`
                      : ''}
                </p>
              </div>
            )}
            {filters.near !== 'anywhere' && (
              <Field label={m.radius}>
                {(f) => (
                  <Select
                    id={f.id}
                    describedBy={f.describedBy}
                    invalid={false}
                    value={String(filters.radiusKm)}
                    onChange={(value) => set('radiusKm', Number(value))}
                  >
                    {[...new Set([...RADII, filters.radiusKm])]
                      .sort((a, b) => a - b)
                      .map((km) => (
                        <option key={km} value={km}>
                          {format(m.radiusKm, { n: km })}
                        </option>
                      ))}
                  </Select>
                )}
              </Field>
            )}
            <Field label={m.category}>
              {(f) => (
                <Select
                  id={f.id}
                  describedBy={f.describedBy}
                  invalid={false}
                  value={filters.category}
                  onChange={(value) => setFilters((c) => (c ? { ...c, category: value, service: '' } : c))}
                >
                  <option value="">{m.allCategories}</option>
                  {serviceCategories.map((c) => (
                    <option key={c.slug} value={c.slug}>
                      {c[locale]}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            {categoryDef && (
              <Field label={m.service}>
                {(f) => (
                  <Select
                    id={f.id}
                    describedBy={f.describedBy}
                    invalid={false}
                    value={filters.service}
                    onChange={(value) => set('service', value)}
                  >
                    <option value="">{m.anyService}</option>
                    {categoryDef.services.map((s) => (
                      <option key={s.slug} value={s.slug}>
                        {s[locale]}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
            )}
            <div className="grid grid-cols-2 gap-2">
              <Field label={m.budgetFrom}>
                {(f) => (
                  <Input
                    id={f.id}
                    inputMode="decimal"
                    value={filters.budgetFrom}
                    onChange={(e) => set('budgetFrom', e.target.value)}
                  />
                )}
              </Field>
              <Field label={m.budgetTo}>
                {(f) => (
                  <Input
                    id={f.id}
                    inputMode="decimal"
                    value={filters.budgetTo}
                    onChange={(e) => set('budgetTo', e.target.value)}
                  />
                )}
              </Field>
            </div>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={filters.includeRemote}
                onChange={(e) => set('includeRemote', e.target.checked)}
                className="h-4 w-4 accent-[var(--accent)]"
              />
              {m.includeRemote}
            </label>
            <Field label={m.sort}>
              {(f) => (
                <Select
                  id={f.id}
                  describedBy={f.describedBy}
                  invalid={false}
                  value={filters.sort}
                  onChange={(value) => set('sort', value as Sort)}
                >
                  <option value="newest">{m.sortNewest}</option>
                  <option value="budget">{m.sortBudget}</option>
                  <option value="distance">{m.sortDistance}</option>
                </Select>
              )}
            </Field>
            <Button type="submit" className="w-full" disabled={loading}>
              {m.search}
            </Button>
          </>
        )}
      </form>

      <div className="min-w-0 space-y-6">
        {mounted && session.status === 'unauthenticated' && <SignInPrompt locale={locale} text={m.signInToBid} />}
        <section aria-labelledby={`${id}-results`} aria-busy={loading} className="space-y-3">
          <h2 id={`${id}-results`} className="text-lg font-semibold" aria-live="polite">
            {page ? plural(locale, page.total, { one: m.resultsOne, other: m.results }) : title}
          </h2>
          {error && !page ? (
            <ErrorState locale={locale} message={serverMessage ?? undefined} onRetry={reload} />
          ) : !page ? (
            <ListSkeleton locale={locale} />
          ) : page.orders.length === 0 ? (
            <EmptyState>
              {m.noResults} {m.noResultsHint}
            </EmptyState>
          ) : (
            <>
              {error ? <ErrorState locale={locale} message={serverMessage ?? undefined} onRetry={reload} /> : null}
              <ul className="space-y-3">
                {page.orders.map((order) => (
                  <li key={order.id} className="rounded-xl border border-border bg-surface p-4" data-testid="job-card">
                    <div className="flex flex-wrap items-start justify-between gap-2">
                      <h3 className="text-base font-semibold">
                        <a href={localizePath(workOrderPaths.order(order.id), locale)} className="hover:underline">
                          {order.title}
                        </a>
                      </h3>
                      <Badge kind="accent">{proposalCountText(order.proposalCount, m, locale)}</Badge>
                    </div>
                    <div className="mt-2">
                      <OrderFacts order={order} locale={locale} />
                    </div>
                    <p className="mt-2 line-clamp-3 text-sm whitespace-pre-line">{order.description}</p>
                    <div className="mt-3 flex flex-wrap items-center gap-2">
                      {role === 'contractor' &&
                        (order.myProposal?.status === 'live' ? (
                          <Badge kind="good">{m.youBid}</Badge>
                        ) : (
                          <Button size="sm" onClick={() => setProposing(order)}>
                            {m.sendProposal}
                          </Button>
                        ))}
                      <a
                        href={localizePath(workOrderPaths.order(order.id), locale)}
                        className="text-sm text-accent-text underline-offset-2 hover:underline"
                      >
                        {m.viewOrder}
                      </a>
                    </div>
                  </li>
                ))}
              </ul>
              {page.orders.length < page.total && (
                <Button variant="outline" disabled={loading} onClick={loadMore}>
                  {m.loadMore}
                </Button>
              )}
            </>
          )}
        </section>
        {variant === 'open-bids' && role === 'contractor' && <MyProposals locale={locale} />}
      </div>

      {proposing && (
        <ProposalDialog
          locale={locale}
          order={proposing}
          open
          onOpenChange={(open) => (open ? undefined : setProposing(null))}
          onSubmitted={markProposed}
        />
      )}
    </div>
  );
}

export default island(JobBrowser);
