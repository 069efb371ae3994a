import { useId, useState } from 'react';
import { format } from '../../i18n/index.ts';
import { dateTimeFormat, numberFormat } from '../../i18n/intl.ts';
import { htmlLang, type Locale } from '../../i18n/locales.ts';
import { barterTradeMessages } from '../../i18n/messages/barter-trades.ts';
import { commonMessages } from '../../i18n/messages/common.ts';
import { localizedMessageOf } from '../../lib/server-messages.ts';
import { toast } from '../../stores/toasts.ts';
import { Button } from '../../ui/Button.tsx';
import { InfoDialog } from '../../ui/Dialog.tsx';
import { Field, Textarea } from '../../ui/Field.tsx';
import { FORMER_MEMBER } from '../contracts/shared.tsx';
import { ConfirmDialog } from '../work/parts.tsx';
import { barterApi, type BarterTrade } from './api.ts';
import { ReviewDialog } from './ReviewDialog.tsx';
import { TermsForm } from './TermsForm.tsx';

const day = (iso: string, locale: Locale) =>
  dateTimeFormat(htmlLang[locale], { dateStyle: 'long' }).format(new Date(iso));
const hours = (value: number, locale: Locale) => numberFormat(htmlLang[locale]).format(value);

const statusTone: Record<BarterTrade['status'], string> = {
  negotiating: 'border-accent/40 bg-accent/10 text-accent-text',
  accepted: 'border-success/40 bg-success/10 text-success',
  completed: 'border-border bg-surface-2 text-fg',
  declined: 'border-danger/40 bg-danger/10 text-danger',
  withdrawn: 'border-border bg-surface-2 text-muted',
};

/** One of my trades: its terms, whose turn it is, and the answers open to me (the server says which). */
export function TradeCard({ trade, locale }: { trade: BarterTrade; locale: Locale }) {
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
              variant="destructive"
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
