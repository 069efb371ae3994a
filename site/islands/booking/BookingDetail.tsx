import { CalendarClock } from 'lucide-react';
import { ConversationThread } from '../messaging/ConversationThread.tsx';
import { BookingReviews } from '../reviews/BookingReviews.tsx';
import { useEffect, useState, type ReactNode } from 'react';
import { cancellationFeeCents } from '../../../shared/domain/booking/policy.ts';
import { format } from '../../i18n/index.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { bookingMessages, type BookingMessages } from '../../i18n/messages/booking.ts';
import { formatCad, formatPrice } from '../../i18n/money.ts';
import { ApiError, messageOf } from '../../lib/api.ts';
import { toast } from '../../stores/toasts.ts';
import { Button, buttonClasses } from '../../ui/Button.tsx';
import { InfoDialog } from '../../ui/Dialog.tsx';
import { Field, Textarea } from '../../ui/Field.tsx';
import { island } from '../../ui/island.tsx';
import { PageSkeleton } from '../../ui/Skeleton.tsx';
import { SCHEDULE_LIMITS } from '../../../shared/domain/booking/limits.ts';
import { $booking, bookingAction, FORMER_MEMBER, type BookingAction, type Slot } from './api.ts';
import { browserTimeZone, formatDateTime, formatRange, zoneLabel } from './format.ts';
import { PolicyNote } from './PolicyNote.tsx';
import { SlotPicker } from './SlotPicker.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import { useQuery } from '../../lib/first-reads.ts';

const personName = (m: BookingMessages, name: string) => (name === FORMER_MEMBER ? m.formerMember : name);

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-[10rem_1fr] sm:gap-4">
      <dt className="text-sm font-medium text-muted">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

/**
 * /bookings/{id}, for the booking's customer and contractor: status, times in the viewer's zone,
 * the cancellation policy, and what the viewer may do now (the server says which actions apply
 * and checks again on each command). The fee of a cancellation is shown before it is confirmed.
 */
function BookingDetail({ locale, bookingId }: { locale: Locale; bookingId: string }) {
  const m = bookingMessages[locale];
  const [detectedZone, setZone] = useState<string | null>(null);
  const [busy, setBusy] = useState<BookingAction | null>(null);
  const [dialog, setDialog] = useState<'cancel' | 'decline' | 'reschedule' | null>(null);
  const [reason, setReason] = useState('');
  const [pickedZone, setPickZone] = useState<string | null>(null);
  const [newSlot, setNewSlot] = useState<Slot | null>(null);
  const $detail = $booking(bookingId);
  const load = useQuery($detail);

  useEffect(() => {
    const detected = browserTimeZone();
    setZone(detected);
    setPickZone(detected);
  }, []);

  if (load.error) {
    const notFound = load.error instanceof ApiError && (load.error.status === 404 || load.error.status === 400);
    return (
      <div role="alert" className="mx-auto flex max-w-lg flex-col items-center gap-3 py-16 text-center">
        <p className="text-lg font-medium">{notFound ? m.bookingNotFound : m.loadFailed}</p>
        {!notFound && (
          <button type="button" onClick={() => $detail.revalidate()} className={buttonClasses('outline', 'sm')}>
            {m.tryAgain}
          </button>
        )}
      </div>
    );
  }
  if (!load.data) return <PageSkeleton label={m.loading} />;
  const booking = load.data;
  // The server, and the browser's first render, know only the booking's own zone; the viewer's
  // replaces it once the browser has told it (the page is in it from the server when both agree).
  const zone = detectedZone ?? booking.timeZone;
  const pickZone = pickedZone ?? zone;
  const other = booking.viewerRole === 'customer' ? booking.contractor : booking.customer;
  // Worked out at the moment the dialog shows, with the rule the server applies.
  const fee =
    booking.status === 'requested' || booking.status === 'confirmed'
      ? cancellationFeeCents({
          priceCents: booking.priceCents,
          startsAt: new Date(booking.startsAt),
          cancelledAt: new Date(),
          cancelledBy: booking.viewerRole,
          status: booking.status,
        })
      : 0;
  const freeUntilPassed = Date.parse(booking.cancellation.freeUntil) <= Date.now();

  /** Sends the action; the booking is read again either way (api.ts bookingAction). */
  async function act(action: BookingAction, body: object | undefined, done: string) {
    setBusy(action);
    try {
      await bookingAction(booking.id, action, body);
      toast({ title: done, variant: 'success' });
      setDialog(null);
      setReason('');
      setNewSlot(null);
    } catch (error) {
      toast({ title: m.actionFailed, description: messageOf(error, m.loadFailed), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  const reasonBody = () => (reason.trim() ? { reason: reason.trim() } : undefined);

  return (
    <div className="mt-6 space-y-6">
      <header className="flex flex-wrap items-center gap-3">
        {/* The page's h1 is the guard's title ("Booking"). */}
        <h2 className="text-xl font-bold tracking-tight sm:text-2xl">
          {format(m.bookingWith, { name: personName(m, other.name) })}
        </h2>
        <StatusBadge locale={locale} status={booking.status} />
      </header>
      {booking.awaitingConfirmationOfNewTime && (
        <p className="text-sm text-muted" role="status">
          {m.newTimeAwaiting}
        </p>
      )}

      <section className="rounded-xl border border-border bg-surface px-4 sm:px-5">
        <dl className="divide-y divide-border">
          <Row label={m.when}>
            <p className="font-medium" data-testid="booking-time">
              {format(m.yourTime, {
                time: formatRange(booking.startsAt, booking.endsAt, zone, locale),
                zone: zoneLabel(zone, locale),
              })}
            </p>
            {booking.timeZone !== zone && (
              <p className="mt-1 text-sm text-muted">
                {format(m.contractorTime, {
                  time: formatRange(booking.startsAt, booking.endsAt, booking.timeZone, locale),
                  zone: zoneLabel(booking.timeZone, locale),
                })}
              </p>
            )}
          </Row>
          <Row label={m.status}>
            <span data-testid="booking-status">{m[`status_${booking.status}`]}</span>
          </Row>
          <Row label={booking.viewerRole === 'customer' ? m.contractor : m.customer}>{personName(m, other.name)}</Row>
          {booking.workOrder && <Row label={m.job}>{booking.workOrder.title ?? booking.workOrder.id}</Row>}
          {booking.offering && <Row label={m.service}>{booking.offering.title ?? booking.offering.id}</Row>}
          <Row label={m.price}>{booking.priceCents !== null ? formatPrice(booking.priceCents, locale) : m.noPrice}</Row>
          {booking.note && (
            <Row label={m.note}>
              <p className="whitespace-pre-line">{booking.note}</p>
            </Row>
          )}
          {booking.status === 'declined' && booking.declineReason && (
            <Row label={m.declineReasonLabel}>{booking.declineReason}</Row>
          )}
          {booking.status === 'cancelled' && (
            <Row label={m.status_cancelled}>
              <p>{booking.cancelledBy === 'contractor' ? m.cancelledByContractor : m.cancelledByCustomer}</p>
              <p className="mt-1 font-medium" data-testid="late-fee">
                {booking.lateFeeCents
                  ? format(m.lateFeeCharged, { fee: formatCad(booking.lateFeeCents, locale) })
                  : m.noFeeCharged}
              </p>
              {booking.cancelReason && <p className="mt-1 text-sm text-muted">{booking.cancelReason}</p>}
            </Row>
          )}
        </dl>
      </section>

      {Object.values(booking.actions).some(Boolean) && (
        <div className="flex flex-wrap gap-2" role="group" aria-label={m.status}>
          {booking.actions.confirm && (
            <Button disabled={busy !== null} onClick={() => void act('confirm', undefined, m.confirmed)}>
              {m.confirm}
            </Button>
          )}
          {booking.actions.decline && (
            <Button variant="outline" disabled={busy !== null} onClick={() => setDialog('decline')}>
              {m.decline}
            </Button>
          )}
          {booking.actions.complete && (
            <Button disabled={busy !== null} onClick={() => void act('complete', undefined, m.completed)}>
              {m.complete}
            </Button>
          )}
          {booking.actions.reschedule && (
            <Button variant="outline" disabled={busy !== null} onClick={() => setDialog('reschedule')}>
              {m.reschedule}
            </Button>
          )}
          {booking.actions.cancel && (
            <Button variant="destructive" disabled={busy !== null} onClick={() => setDialog('cancel')}>
              {m.cancel}
            </Button>
          )}
        </div>
      )}
      {booking.viewerRole === 'customer' &&
        booking.status === 'confirmed' &&
        booking.actions.cancel &&
        !booking.actions.reschedule && <p className="text-sm text-muted">{m.rescheduleClosed}</p>}

      <PolicyNote locale={locale}>
        {/* A request can be withdrawn free at any time: the deadline matters once confirmed. */}
        {booking.status === 'confirmed' && (
          <p className="mt-2 font-medium" data-testid="free-until">
            {freeUntilPassed
              ? m.freeWindowOver
              : format(m.freeUntil, { time: formatDateTime(booking.cancellation.freeUntil, zone, locale) })}
          </p>
        )}
      </PolicyNote>

      {booking.status === 'completed' && (
        <section className="mt-8" id="booking-reviews">
          <BookingReviews bookingId={booking.id} locale={locale} />
        </section>
      )}

      {/* The job's conversation between its two parties (live, with unread counts). */}
      <section className="mt-8" id="booking-messages" data-booking-id={booking.id}>
        <ConversationThread kind="booking" id={booking.id} locale={locale} />
      </section>

      <InfoDialog
        open={dialog === 'cancel'}
        onOpenChange={(open) => setDialog(open ? 'cancel' : null)}
        title={m.cancelTitle}
        description={fee > 0 ? format(m.cancelFee, { fee: formatCad(fee, locale) }) : m.cancelFree}
        closeLabel={m.close}
        size="md"
        busy={busy === 'cancel'}
        footer={
          <>
            <Button variant="outline" disabled={busy === 'cancel'} onClick={() => setDialog(null)}>
              {m.keepBooking}
            </Button>
            <Button
              variant="destructive"
              disabled={busy === 'cancel'}
              onClick={() => void act('cancel', reasonBody(), m.cancelledToast)}
            >
              {fee > 0 ? format(m.cancelSubmitFee, { fee: formatCad(fee, locale) }) : m.cancelSubmitFree}
            </Button>
          </>
        }
      >
        <Field label={m.cancelReason}>
          {({ id }) => (
            <Textarea
              id={id}
              value={reason}
              maxLength={SCHEDULE_LIMITS.reasonMax}
              onChange={(event) => setReason(event.target.value)}
            />
          )}
        </Field>
      </InfoDialog>

      <InfoDialog
        open={dialog === 'decline'}
        onOpenChange={(open) => setDialog(open ? 'decline' : null)}
        title={m.declineTitle}
        closeLabel={m.close}
        size="md"
        busy={busy === 'decline'}
        footer={
          <>
            <Button variant="outline" disabled={busy === 'decline'} onClick={() => setDialog(null)}>
              {m.close}
            </Button>
            <Button
              variant="destructive"
              disabled={busy === 'decline'}
              onClick={() => void act('decline', reasonBody(), m.declined)}
            >
              {m.declineSubmit}
            </Button>
          </>
        }
      >
        <Field label={m.declineReason}>
          {({ id }) => (
            <Textarea
              id={id}
              value={reason}
              maxLength={SCHEDULE_LIMITS.reasonMax}
              onChange={(event) => setReason(event.target.value)}
            />
          )}
        </Field>
      </InfoDialog>

      <InfoDialog
        open={dialog === 'reschedule'}
        onOpenChange={(open) => {
          setDialog(open ? 'reschedule' : null);
          if (!open) setNewSlot(null);
        }}
        title={m.rescheduleTitle}
        description={booking.viewerRole === 'customer' ? m.rescheduleNeedsConfirmation : undefined}
        closeLabel={m.close}
        size="xl"
        busy={busy === 'reschedule'}
        footer={
          <>
            <p className="mr-auto self-center text-sm font-medium" aria-live="polite">
              {newSlot ? formatRange(newSlot.startsAt, newSlot.endsAt, pickZone, locale) : m.pickASlot}
            </p>
            <Button
              disabled={!newSlot || busy === 'reschedule'}
              onClick={() => newSlot && void act('reschedule', { startsAt: newSlot.startsAt }, m.rescheduled)}
            >
              <CalendarClock aria-hidden="true" className="h-4 w-4" />
              {m.rescheduleSubmit}
            </Button>
          </>
        }
      >
        {dialog === 'reschedule' && (
          <SlotPicker
            locale={locale}
            contractorId={booking.contractor.id}
            timeZone={pickZone}
            detectedZone={zone}
            onTimeZoneChange={setPickZone}
            selected={newSlot?.startsAt ?? null}
            onSelect={setNewSlot}
          />
        )}
      </InfoDialog>

      <p>
        <a
          href={localizePath(
            booking.viewerRole === 'contractor' ? '/contractor-dashboard' : '/customer-dashboard',
            locale,
          )}
          className="text-sm font-medium text-accent-text underline-offset-4 hover:underline focus-visible:outline-2"
        >
          {booking.viewerRole === 'contractor' ? m.mySchedule : m.bookingsTitle}
        </a>
      </p>
    </div>
  );
}

export default island(BookingDetail);
