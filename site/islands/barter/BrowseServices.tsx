import { useStore } from '@nanostores/react';
import { ArrowLeftRight, Search } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { format } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { barterTradeMessages } from '../../i18n/messages/barter-trades.ts';
import { commonMessages } from '../../i18n/messages/common.ts';
import { formatPrice } from '../../i18n/money.ts';
import { colon } from '../../i18n/punctuation.ts';
import { localizedMessageOf } from '../../lib/server-messages.ts';
import { toast } from '../../stores/toasts.ts';
import { Button } from '../../ui/Button.tsx';
import { InfoDialog } from '../../ui/Dialog.tsx';
import { Input } from '../../ui/Field.tsx';
import {
  $barterServices,
  $servicesQuery,
  barterApi,
  reloadServices,
  SERVICES_PAGE,
  type BarterService,
} from './api.ts';
import { TermsForm } from './TermsForm.tsx';

/** The services open to barter, with a search and "Show more", each with a proposal for signed-in users. */
export function BrowseServices({
  locale,
  viewerId,
  canTrade,
  signedIn,
}: {
  locale: Locale;
  viewerId: string | null;
  canTrade: boolean;
  signedIn: boolean;
}) {
  const m = barterTradeMessages[locale];
  const [draft, setDraft] = useState('');
  const { q: query } = useStore($servicesQuery);
  const read = useStore($barterServices);
  // While another search or a longer page is read (or if that fails), the last list stays on screen.
  const last = useRef(read.data);
  if (read.data) last.current = read.data;
  const list = { data: read.data ?? last.current, error: read.error, loading: read.loading };
  const [proposing, setProposing] = useState<BarterService | null>(null);
  const searchId = useId();

  function search(event: FormEvent) {
    event.preventDefault();
    $servicesQuery.set({ q: draft.trim(), limit: SERVICES_PAGE });
  }

  return (
    <section id="barter" aria-labelledby="barter-title" className="scroll-mt-20">
      <h2 id="barter-title" className="flex items-center gap-2 text-xl font-semibold">
        <ArrowLeftRight aria-hidden="true" className="h-5 w-5 text-accent-text" />
        {m.browseTitle}
      </h2>
      <p className="mt-1 text-sm text-muted">{m.browseIntro}</p>
      <form role="search" className="mt-4 flex max-w-xl gap-2" onSubmit={search}>
        <label htmlFor={searchId} className="sr-only">
          {m.search}
        </label>
        <Input
          id={searchId}
          type="search"
          maxLength={100}
          placeholder={m.searchPlaceholder}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
        <Button type="submit" variant="outline" aria-label={m.searchButton}>
          <Search aria-hidden="true" className="h-4 w-4" />
          <span className="hidden sm:inline">{m.searchButton}</span>
        </Button>
      </form>
      <div className="mt-4" aria-live="polite" aria-busy={list.loading}>
        {list.error && !list.data ? (
          <div role="alert" className="space-y-2">
            <p className="text-sm text-danger">{m.loadFailed}</p>
            <Button variant="outline" size="sm" onClick={reloadServices}>
              {m.tryAgain}
            </Button>
          </div>
        ) : !list.data ? (
          <p role="status" className="text-sm text-muted">
            {m.loading}
          </p>
        ) : list.data.services.length === 0 ? (
          <p className="rounded-xl border border-dashed border-border p-5 text-sm text-muted">
            {query ? m.noMatches : m.noServices}
          </p>
        ) : (
          <>
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="barter-services">
              {list.data.services.map((service) => (
                <li
                  key={service.offeringId}
                  className="flex flex-col gap-2 rounded-xl border border-border bg-surface p-4"
                  data-testid="barter-service"
                >
                  <h3 className="font-semibold break-words">{service.title}</h3>
                  <p className="text-sm text-muted">
                    {format(m.by, { name: service.contractor.name })}
                    {service.city ? ` · ${service.city}, ${service.province ?? ''}` : ''}
                  </p>
                  <p className="line-clamp-3 text-sm break-words">{service.description}</p>
                  <p className="text-sm">
                    {service.barterWants ? format(m.wants, { wants: service.barterWants }) : m.wantsAnything}
                  </p>
                  <p className="text-xs text-muted">
                    {format(m.usualPrice, {
                      price:
                        service.pricingModel === 'hourly'
                          ? format(m.perHour, { price: formatPrice(service.priceCents, locale) })
                          : formatPrice(service.priceCents, locale),
                    })}
                  </p>
                  <div className="mt-auto pt-2">
                    {service.contractor.id === viewerId ? (
                      <p className="text-sm text-muted">{m.ownService}</p>
                    ) : canTrade ? (
                      <Button
                        size="sm"
                        onClick={() => setProposing(service)}
                        aria-label={`${m.propose}${colon(locale)}${service.title}`}
                      >
                        {m.propose}
                      </Button>
                    ) : !signedIn ? (
                      <p className="text-sm text-muted">{m.signInToPropose}</p>
                    ) : null}
                  </div>
                </li>
              ))}
            </ul>
            {list.data.total > list.data.services.length && (
              <div className="mt-4">
                <Button
                  variant="outline"
                  onClick={() =>
                    $servicesQuery.set({ q: query, limit: Math.min($servicesQuery.get().limit + SERVICES_PAGE, 50) })
                  }
                >
                  {m.more}
                </Button>
              </div>
            )}
          </>
        )}
      </div>
      {proposing && (
        <ProposeDialog
          locale={locale}
          service={proposing}
          onClose={() => setProposing(null)}
          onProposed={() => {
            setProposing(null);
            document.getElementById('barter-trades')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
          }}
        />
      )}
    </section>
  );
}

function ProposeDialog({
  locale,
  service,
  onClose,
  onProposed,
}: {
  locale: Locale;
  service: BarterService;
  onClose: () => void;
  onProposed: () => void;
}) {
  const m = barterTradeMessages[locale];
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <InfoDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={m.proposeTitle}
      description={format(m.proposeFor, { title: service.title, name: service.contractor.name })}
      closeLabel={commonMessages[locale].close}
      size="md"
    >
      <TermsForm
        locale={locale}
        submitLabel={m.send}
        failure={failure}
        onCancel={onClose}
        onSubmit={async (terms) => {
          setFailure(null);
          try {
            await barterApi.propose(service.offeringId, terms);
            toast({ title: m.proposed, variant: 'success' });
            onProposed();
          } catch (error) {
            setFailure(localizedMessageOf(error, m.actionFailed, locale));
          }
        }}
      />
    </InfoDialog>
  );
}
