import { useId, useState } from 'react';
import { format } from '../../i18n/index.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { recurringMessages } from '../../i18n/messages/recurring.ts';
import { formatPrice } from '../../i18n/money.ts';
import { messageOf } from '../../lib/api.ts';
import { toast } from '../../stores/toasts.ts';
import { Button } from '../../ui/Button.tsx';
import { Field, Textarea } from '../../ui/Field.tsx';
import { ConfirmDialog } from '../work/parts.tsx';
import { recurringApi, type ServiceSubscription, type SubscriptionAction } from './api.ts';
import { scheduleText, StatusPill, visitWhen } from './parts.tsx';

/** One subscription: its agreement, its next visits (skip) and its actions; each change refetches the list. */
export function SubscriptionCard({ subscription: s, locale }: { subscription: ServiceSubscription; locale: Locale }) {
  const m = recurringMessages[locale];
  const [busy, setBusy] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<'cancel' | 'decline' | null>(null);
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const price = formatPrice(s.pricePerVisitCents, locale);

  async function run(key: string, action: () => Promise<unknown>, done: string) {
    setBusy(key);
    try {
      await action();
      toast({ title: done, variant: 'success' });
      setConfirming(null);
      setReason('');
    } catch (failure) {
      toast({ title: messageOf(failure, m.actionFailed), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }
  const act = (action: SubscriptionAction, done: string) =>
    run(action, () => recurringApi.act(s.id, action, reason.trim() === '' ? null : reason.trim()), done);

  const needsMySignature = s.agreement.status === 'awaiting-signatures' && !s.agreement.signedByMe;
  return (
    <li className="rounded-lg border border-border p-4" data-testid="recurring-subscription">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold break-words">{s.title}</h3>
          <p className="text-sm text-muted">
            {format(s.role === 'customer' ? m.withContractor : m.withCustomer, { name: s.otherParty.name })}
          </p>
        </div>
        <StatusPill status={s.status} label={m[`status:${s.status}`]} />
      </div>
      <p className="mt-2 text-sm">{scheduleText(s.frequency, price, m)}</p>
      {s.card && (
        <p className="text-sm text-muted">
          {format(m.cardOnFile, { brand: s.card.brand.toUpperCase(), last4: s.card.last4 })}
        </p>
      )}
      {s.status === 'requested' && (
        <p className="mt-2 text-sm">
          {needsMySignature ? m.agreementToSign : m.agreementWaiting}{' '}
          <a
            className="font-medium text-accent-text underline underline-offset-2"
            href={localizePath(s.agreement.url, locale)}
          >
            {needsMySignature ? m.signAgreement : m.viewAgreement}
          </a>
        </p>
      )}
      {s.status !== 'requested' && (
        <p className="mt-1 text-sm">
          <a className="text-accent-text underline underline-offset-2" href={localizePath(s.agreement.url, locale)}>
            {m.viewAgreement}
          </a>
        </p>
      )}

      {(s.status === 'active' || s.status === 'paused' || s.status === 'requested') && (
        <div className="mt-3">
          <h4 className="text-sm font-medium">{m.visitsTitle}</h4>
          {s.visits.length === 0 ? (
            <p className="text-sm text-muted">{m.noVisits}</p>
          ) : (
            <ul className="mt-2 divide-y divide-border rounded-lg border border-border">
              {s.visits.map((visit) => {
                const when = visitWhen(visit.startsAt, s.timeZone, locale);
                return (
                  <li key={visit.index} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
                    <span className="min-w-0">
                      {visit.bookingId && visit.status !== 'skipped' ? (
                        <a
                          className="underline underline-offset-2"
                          href={localizePath(`/bookings/${visit.bookingId}`, locale)}
                          aria-label={format(m.openBooking, { when })}
                        >
                          {when}
                        </a>
                      ) : (
                        when
                      )}
                    </span>
                    <span className="flex items-center gap-2">
                      <StatusPill status={visit.status} label={m[`visit:${visit.status}`]} />
                      {visit.canSkip && (
                        <Button
                          variant="outline"
                          size="sm"
                          aria-label={format(m.skipLabel, { when })}
                          disabled={busy !== null}
                          onClick={() =>
                            void run(`skip-${visit.index}`, () => recurringApi.skip(s.id, visit.index), m.skipped)
                          }
                        >
                          {m.skip}
                        </Button>
                      )}
                    </span>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      )}

      {(s.actions.pause || s.actions.resume || s.actions.cancel || s.actions.decline) && (
        <div className="mt-3 flex flex-wrap gap-2">
          {s.actions.pause && (
            <Button variant="outline" disabled={busy !== null} onClick={() => void act('pause', m.paused)}>
              {m.pause}
            </Button>
          )}
          {s.actions.resume && (
            <Button disabled={busy !== null} onClick={() => void act('resume', m.resumed)}>
              {m.resume}
            </Button>
          )}
          {s.actions.decline && (
            <Button variant="outline" disabled={busy !== null} onClick={() => setConfirming('decline')}>
              {m.decline}
            </Button>
          )}
          {s.actions.cancel && (
            <Button variant="destructive" disabled={busy !== null} onClick={() => setConfirming('cancel')}>
              {m.cancel}
            </Button>
          )}
        </div>
      )}
      <ConfirmDialog
        locale={locale}
        open={confirming !== null}
        onOpenChange={(open) => (open ? undefined : setConfirming(null))}
        title={confirming === 'decline' ? m.declineTitle : m.cancelTitle}
        description={
          confirming === 'decline' ? m.declineBody : s.role === 'contractor' ? m.cancelBodyContractor : m.cancelBody
        }
        confirmLabel={confirming === 'decline' ? m.decline : m.cancel}
        cancelLabel={m.keep}
        pendingLabel={m.cancelling}
        pending={busy === 'cancel' || busy === 'decline'}
        destructive
        onConfirm={() => void (confirming === 'decline' ? act('decline', m.declined) : act('cancel', m.cancelled))}
      >
        <p className="text-sm text-muted">
          {confirming === 'decline' ? m.declineBody : s.role === 'contractor' ? m.cancelBodyContractor : m.cancelBody}
        </p>
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
      </ConfirmDialog>
    </li>
  );
}
