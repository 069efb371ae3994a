import { useStore } from '@nanostores/react';
import { ArrowLeftRight, Search } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { format } from '../../i18n/index.ts';
import { htmlLang, type Locale } from '../../i18n/locales.ts';
import { barterTradeMessages } from '../../i18n/messages/barter-trades.ts';
import { commonMessages } from '../../i18n/messages/common.ts';
import { formatPrice } from '../../i18n/money.ts';
import { localizedMessageOf } from '../../lib/server-messages.ts';
import { $session } from '../../stores/session.ts';
import { toast } from '../../stores/toasts.ts';
import { Button } from '../../ui/Button.tsx';
import { InfoDialog } from '../../ui/Dialog.tsx';
import { Field, Input, Textarea } from '../../ui/Field.tsx';
import { island } from '../../ui/island.tsx';
import { useMounted } from '../../ui/use-mounted.ts';
import { useJson } from '../work/api.ts';
import { ConfirmDialog, SignInPrompt } from '../work/parts.tsx';
import { barterApi, barterUrls, type BarterService, type BarterServices, type BarterTrade } from './api.ts';
import { TermsForm } from './TermsForm.tsx';
import { FORMER_MEMBER } from '../contracts/shared.tsx';
import { dateTimeFormat, numberFormat } from '../../i18n/intl.ts';

const PAGE = 12;

const day = (iso: string, locale: Locale) =>
  dateTimeFormat(htmlLang[locale], { dateStyle: 'long' }).format(new Date(iso));
const hours = (value: number, locale: Locale) => numberFormat(htmlLang[locale]).format(value);

/**
 * Barter on /platform (spec sections 1, 2 and 8): the services open to barter, for everyone, each
 * with a proposal form for signed-in users; and, signed in, the user's trades with the answers
 * open to them (accept, decline, counter, withdraw, mark complete, review).
 */
function BarterHub({ locale }: { locale: Locale }) {
  const m = barterTradeMessages[locale];
  const session = useStore($session);
  const mounted = useMounted();
  const user = session.status === 'authenticated' ? session.user : null;
  const canTrade = user !== null && user.role !== 'admin';
  const [tradesVersion, setTradesVersion] = useState(0);
  return (
    <div className="mt-10 space-y-10">
      <BrowseServices
        locale={locale}
        viewerId={user?.id ?? null}
        canTrade={canTrade}
        signedIn={mounted && user !== null}
        onProposed={() => setTradesVersion((v) => v + 1)}
      />
      <section id="barter-trades" aria-labelledby="barter-trades-title" className="scroll-mt-20">
        <h2 id="barter-trades-title" className="text-xl font-semibold">
          {m.tradesTitle}
        </h2>
        <p className="mt-1 text-sm text-muted">{m.tradesIntro}</p>
        <div className="mt-4">
          {!mounted || session.status === 'loading' ? (
            <p role="status" className="text-sm text-muted">
              {m.loading}
            </p>
          ) : !canTrade ? (
            user ? null : (
              <SignInPrompt locale={locale} text={m.tradesSignIn} />
            )
          ) : (
            <MyTrades key={tradesVersion} locale={locale} />
          )}
        </div>
      </section>
    </div>
  );
}

function BrowseServices({
  locale,
  viewerId,
  canTrade,
  signedIn,
  onProposed,
}: {
  locale: Locale;
  viewerId: string | null;
  canTrade: boolean;
  signedIn: boolean;
  onProposed: () => void;
}) {
  const m = barterTradeMessages[locale];
  const [draft, setDraft] = useState('');
  const [query, setQuery] = useState('');
  const [limit, setLimit] = useState(PAGE);
  const list = useJson<BarterServices>(barterUrls.services({ q: query || undefined, limit }));
  const [proposing, setProposing] = useState<BarterService | null>(null);
  const searchId = useId();

  function search(event: FormEvent) {
    event.preventDefault();
    setQuery(draft.trim());
    setLimit(PAGE);
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
            <Button variant="outline" size="sm" onClick={() => void list.reload()}>
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
                        aria-label={`${m.propose}: ${service.title}`}
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
                <Button variant="outline" onClick={() => setLimit((current) => Math.min(current + PAGE, 50))}>
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
            onProposed();
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

function MyTrades({ locale }: { locale: Locale }) {
  const m = barterTradeMessages[locale];
  const trades = useJson<{ trades: BarterTrade[] }>(barterUrls.trades);
  if (trades.error && !trades.data) {
    return (
      <div role="alert" className="space-y-2">
        <p className="text-sm text-danger">{m.loadFailed}</p>
        <Button variant="outline" size="sm" onClick={() => void trades.reload()}>
          {m.tryAgain}
        </Button>
      </div>
    );
  }
  if (!trades.data) {
    return (
      <p role="status" className="text-sm text-muted">
        {m.loading}
      </p>
    );
  }
  if (trades.data.trades.length === 0) {
    return <p className="rounded-xl border border-dashed border-border p-5 text-sm text-muted">{m.tradesEmpty}</p>;
  }
  return (
    <ul className="space-y-4" data-testid="barter-trades">
      {trades.data.trades.map((trade) => (
        <TradeCard key={trade.id} trade={trade} locale={locale} onChanged={() => void trades.reload()} />
      ))}
    </ul>
  );
}

const statusTone: Record<BarterTrade['status'], string> = {
  negotiating: 'border-accent/40 bg-accent/10 text-accent-text',
  accepted: 'border-success/40 bg-success/10 text-success',
  completed: 'border-border bg-surface-2 text-fg',
  declined: 'border-danger/40 bg-danger/10 text-danger',
  withdrawn: 'border-border bg-surface-2 text-muted',
};

function TradeCard({ trade, locale, onChanged }: { trade: BarterTrade; locale: Locale; onChanged: () => void }) {
  const m = barterTradeMessages[locale];
  const [busy, setBusy] = useState<string | null>(null);
  const [dialog, setDialog] = useState<'counter' | 'decline' | 'review' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const mine = trade.viewerSide === 'proposer';
  const other = mine ? trade.recipient : trade.proposer;
  const t = trade.terms;
  const summary = mine
    ? format(m.youAsk, {
        gives: t.proposerGives,
        giveHours: hours(t.proposerHours, locale),
        takeHours: hours(t.recipientHours, locale),
        title: trade.offeringTitle,
      })
    : format(m.theyAsk, {
        name: trade.proposer.name === FORMER_MEMBER ? m.formerMember : trade.proposer.name,
        gives: t.proposerGives,
        giveHours: hours(t.proposerHours, locale),
        takeHours: hours(t.recipientHours, locale),
        title: trade.offeringTitle,
      });

  async function run(key: string, action: () => Promise<unknown>, done: string) {
    setBusy(key);
    setFailure(null);
    try {
      await action();
      toast({ title: done, variant: 'success' });
      setDialog(null);
      onChanged();
    } catch (error) {
      const message = localizedMessageOf(error, m.actionFailed, locale);
      if (dialog) setFailure(message);
      else toast({ title: message, variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  const myMark = mine ? trade.proposerMarkedAt : trade.recipientMarkedAt;
  const theirMark = mine ? trade.recipientMarkedAt : trade.proposerMarkedAt;
  const myReview = mine ? trade.proposerReview : trade.recipientReview;
  const theirReview = mine ? trade.recipientReview : trade.proposerReview;
  const a = trade.actions;
  return (
    <li className="rounded-xl border border-border bg-surface p-4" data-testid="barter-trade">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold break-words">{trade.offeringTitle}</h3>
          <p className="text-sm text-muted">
            {format(m.withPerson, { name: other.name === FORMER_MEMBER ? m.formerMember : other.name })}
          </p>
        </div>
        <span className={`rounded-full border px-2.5 py-0.5 text-xs font-medium ${statusTone[trade.status]}`}>
          {m[`status:${trade.status}`]}
        </span>
      </div>
      <p className="mt-2 text-sm break-words">{summary}</p>
      {t.message && <p className="mt-1 text-sm text-muted break-words">{format(m.note, { message: t.message })}</p>}
      {trade.status === 'negotiating' && (
        <p className="mt-2 text-sm font-medium">
          {trade.termsAreMine ? m.theirTurn : m.yourTurn}
          {trade.counters > 0 && (
            <span className="ml-2 font-normal text-muted">{format(m.counters, { count: trade.counters })}</span>
          )}
        </p>
      )}
      {trade.declineReason && (
        <p className="mt-1 text-sm text-muted">{format(m.declinedBecause, { reason: trade.declineReason })}</p>
      )}
      {trade.status === 'accepted' && (
        <p className="mt-2 text-sm">
          {myMark ? format(m.marksYou, { date: day(myMark, locale) }) : m.waitingForBoth}
          {theirMark && <> {format(m.marksThem, { date: day(theirMark, locale) })}</>}
        </p>
      )}
      {trade.relationshipUntil && (
        <p className="mt-1 text-xs text-muted">
          {format(m.relationship, { date: day(trade.relationshipUntil, locale) })}
        </p>
      )}
      {(myReview || theirReview) && (
        <ul className="mt-2 space-y-1 text-sm">
          {myReview && (
            <li>
              {format(m.yourReview, { rating: myReview.rating })}
              {myReview.comment ? ` — ${myReview.comment}` : ''}
            </li>
          )}
          {theirReview && (
            <li>
              {format(m.theirReview, { rating: theirReview.rating })}
              {theirReview.comment ? ` — ${theirReview.comment}` : ''}
            </li>
          )}
        </ul>
      )}
      {Object.values(a).some(Boolean) && (
        <div className="mt-3 flex flex-wrap gap-2">
          {a.accept && (
            <Button
              size="sm"
              disabled={busy !== null}
              onClick={() => void run('accept', () => barterApi.act(trade.id, 'accept'), m.accepted)}
            >
              {m.accept}
            </Button>
          )}
          {a.counter && (
            <Button size="sm" variant="outline" disabled={busy !== null} onClick={() => setDialog('counter')}>
              {m.counter}
            </Button>
          )}
          {a.decline && (
            <Button size="sm" variant="outline" disabled={busy !== null} onClick={() => setDialog('decline')}>
              {m.decline}
            </Button>
          )}
          {a.withdraw && (
            <Button
              size="sm"
              variant="outline"
              disabled={busy !== null}
              onClick={() => void run('withdraw', () => barterApi.act(trade.id, 'withdraw'), m.withdrawn)}
            >
              {m.withdraw}
            </Button>
          )}
          {a.markComplete && (
            <Button
              size="sm"
              disabled={busy !== null}
              onClick={() => void run('complete', () => barterApi.act(trade.id, 'complete'), m.marked)}
            >
              {m.markComplete}
            </Button>
          )}
          {a.review && (
            <Button size="sm" disabled={busy !== null} onClick={() => setDialog('review')}>
              {m.review}
            </Button>
          )}
        </div>
      )}
      {dialog === 'counter' && (
        <InfoDialog
          open
          onOpenChange={(open) => (open ? undefined : setDialog(null))}
          title={m.counterTitle}
          description={trade.offeringTitle}
          closeLabel={commonMessages[locale].close}
          size="md"
        >
          <TermsForm
            locale={locale}
            initial={t}
            submitLabel={m.counterSend}
            failure={failure}
            onCancel={() => setDialog(null)}
            onSubmit={(terms) => run('counter', () => barterApi.counter(trade.id, terms), m.countered)}
          />
        </InfoDialog>
      )}
      <ConfirmDialog
        locale={locale}
        open={dialog === 'decline'}
        onOpenChange={(open) => (open ? undefined : setDialog(null))}
        title={m.declineTitle}
        description={m.declineBody}
        confirmLabel={m.decline}
        cancelLabel={m.keep}
        pendingLabel={m.declining}
        pending={busy === 'decline'}
        destructive
        onConfirm={() => void run('decline', () => barterApi.decline(trade.id, reason.trim() || null), m.declined)}
      >
        <p className="text-sm text-muted">{m.declineBody}</p>
        <Field label={m.reason}>
          {() => (
            <Textarea
              id={reasonId}
              rows={2}
              maxLength={500}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          )}
        </Field>
        {failure && (
          <p role="alert" className="text-sm text-danger">
            {failure}
          </p>
        )}
      </ConfirmDialog>
      {dialog === 'review' && (
        <ReviewDialog
          locale={locale}
          title={trade.offeringTitle}
          failure={failure}
          pending={busy === 'review'}
          onClose={() => setDialog(null)}
          onSubmit={(rating, comment) => run('review', () => barterApi.review(trade.id, rating, comment), m.reviewed)}
        />
      )}
    </li>
  );
}

function ReviewDialog({
  locale,
  title,
  failure,
  pending,
  onClose,
  onSubmit,
}: {
  locale: Locale;
  title: string;
  failure: string | null;
  pending: boolean;
  onClose: () => void;
  onSubmit: (rating: number, comment: string | null) => Promise<void>;
}) {
  const m = barterTradeMessages[locale];
  const [rating, setRating] = useState(5);
  const [comment, setComment] = useState('');
  const ratingName = useId();
  return (
    <InfoDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={m.reviewTitle}
      description={title}
      closeLabel={commonMessages[locale].close}
      size="md"
      busy={pending}
    >
      <form
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          void onSubmit(rating, comment.trim() || null);
        }}
      >
        <fieldset>
          <legend className="text-sm font-medium">{m.rating}</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {[1, 2, 3, 4, 5].map((value) => (
              <label
                key={value}
                className="flex cursor-pointer items-center gap-1.5 rounded-lg border border-border px-3 py-1.5 text-sm has-[:checked]:border-accent has-[:checked]:bg-accent/10"
              >
                <input
                  type="radio"
                  name={ratingName}
                  value={value}
                  checked={rating === value}
                  onChange={() => setRating(value)}
                />
                <span aria-hidden="true">{'★'.repeat(value)}</span>
                <span className="sr-only">{format(m.stars, { count: value })}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <Field label={m.comment}>
          {({ id }) => (
            <Textarea id={id} rows={3} maxLength={1000} value={comment} onChange={(e) => setComment(e.target.value)} />
          )}
        </Field>
        {failure && (
          <p role="alert" className="text-sm text-danger">
            {failure}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={onClose} disabled={pending}>
            {m.cancel}
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? m.sending : m.postReview}
          </Button>
        </div>
      </form>
    </InfoDialog>
  );
}

export default island(BarterHub);
