import { useStore } from '@nanostores/react';
import { CalendarCheck } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { format } from '../../i18n/index.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { bookingMessages } from '../../i18n/messages/booking.ts';
import { formatPrice } from '../../i18n/money.ts';
import { ApiError, messageOf } from '../../lib/api.ts';
import { $session } from '../../stores/session.ts';
import { toast } from '../../stores/toasts.ts';
import { Button, buttonClasses } from '../../ui/Button.tsx';
import { Field, Textarea } from '../../ui/Field.tsx';
import { island } from '../../ui/island.tsx';
import { PageSkeleton } from '../../ui/Skeleton.tsx';
import { signInUrlFor } from '../guard/destination.ts';
import { SCHEDULE_LIMITS } from '../../../shared/domain/booking/limits.ts';
import { $schedule, $terms, FORMER_MEMBER, refreshSlots, requestBooking, type Slot } from './api.ts';
import { browserTimeZone, formatRange, zoneLabel } from './format.ts';
import { NoHoursFallback } from './NoHoursFallback.tsx';
import { PolicyNote } from './PolicyNote.tsx';
import { selectClasses, SlotPicker } from './SlotPicker.tsx';
import { dateTimeFormat } from '../../i18n/intl.ts';

type Props = { locale: Locale; contractorId: string; jobType?: string; jobId?: string };

/** `?slot=<instant>`: the slot chosen before signing in, chosen again on return. */
const SLOT_PARAM = 'slot';

/**
 * /schedule/{contractorId} and /schedule/{contractorId}/work-order/{jobId}: the contractor, a week
 * of open slots in the viewer's zone, a note, and the request. Booking needs a customer account;
 * a signed-out visitor goes to /signin and comes back with the chosen slot.
 */
function SchedulePage({ locale, contractorId, jobType, jobId }: Props) {
  const m = bookingMessages[locale];
  const session = useStore($session);
  const offeringId = useId();
  const [detected, setDetected] = useState('America/Toronto');
  const [timeZone, setTimeZone] = useState<string | null>(null);
  const [selected, setSelected] = useState<Slot | null>(null);
  const [offering, setOffering] = useState('');
  const [note, setNote] = useState('');
  const [sending, setSending] = useState(false);
  const [booked, setBooked] = useState<{ id: string } | null>(null);
  const forJob = jobType === 'work-order' && jobId ? jobId : null;
  const $page = $schedule(contractorId);
  const load = useStore($page);
  const customer = session.status === 'authenticated' && session.user.role === 'customer';
  // The job's terms are the customer's to read: nothing is asked before the session says so.
  const terms = useStore($terms(forJob && customer ? forJob : null));

  useEffect(() => {
    const zone = browserTimeZone();
    setDetected(zone);
    setTimeZone(zone);
    const slot = new URLSearchParams(window.location.search).get(SLOT_PARAM);
    if (slot && !Number.isNaN(Date.parse(slot))) setSelected({ startsAt: slot, endsAt: slot, date: '', time: '' });
  }, []);

  if (load.error) {
    const notFound = load.error instanceof ApiError && (load.error.status === 404 || load.error.status === 400);
    return (
      <div role="alert" className="mx-auto flex max-w-lg flex-col items-center gap-3 py-16 text-center">
        <p className="text-lg font-medium">{notFound ? m.contractorNotFound : m.loadFailed}</p>
        {!notFound && (
          <button type="button" onClick={() => $page.revalidate()} className={buttonClasses('outline', 'sm')}>
            {m.tryAgain}
          </button>
        )}
      </div>
    );
  }
  if (!load.data || !timeZone) return <PageSkeleton label={m.loading} />;
  const schedule = load.data;
  const name = schedule.contractor.name === FORMER_MEMBER ? m.formerMember : schedule.contractor.name;
  const jobTerms = terms.data ?? null;
  const here = () => {
    const url = new URL(window.location.href);
    if (selected) url.searchParams.set(SLOT_PARAM, selected.startsAt);
    return url.pathname + url.search;
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!selected || !timeZone) return;
    setSending(true);
    try {
      const answer = await requestBooking({
        contractorId,
        startsAt: selected.startsAt,
        timeZone,
        ...(offering ? { offeringId: offering } : {}),
        ...(forJob ? { workOrderId: forJob, jobType: 'work-order' as const } : {}),
        ...(note.trim() ? { note: note.trim() } : {}),
      });
      setBooked({ id: answer.id });
      const url = new URL(window.location.href);
      url.searchParams.delete(SLOT_PARAM);
      window.history.replaceState(null, '', url.pathname + url.search);
    } catch (error) {
      const taken = error instanceof ApiError && error.status === 409;
      toast({ title: m.bookingFailed, description: messageOf(error, m.loadFailed), variant: 'destructive' });
      if (taken) {
        setSelected(null);
        refreshSlots(contractorId);
      }
    } finally {
      setSending(false);
    }
  }

  if (booked) {
    return (
      <div
        className="mx-auto max-w-xl rounded-2xl border border-border bg-surface p-6 text-center sm:p-8"
        role="status"
      >
        <CalendarCheck aria-hidden="true" className="mx-auto h-10 w-10 text-success" />
        <h2 className="mt-3 text-xl font-bold">{m.requestSentTitle}</h2>
        {selected && (
          <p className="mt-2 font-medium">{formatRange(selected.startsAt, selected.endsAt, timeZone, locale)}</p>
        )}
        <p className="mt-2 text-muted">{format(m.requestSent, { name })}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-2">
          <a href={localizePath(`/bookings/${booked.id}`, locale)} className={buttonClasses('primary')}>
            {m.viewBooking}
          </a>
          {!forJob && (
            <button
              type="button"
              className={buttonClasses('outline')}
              onClick={() => {
                setBooked(null);
                setSelected(null);
                setNote('');
                refreshSlots(contractorId);
              }}
            >
              {m.bookAnother}
            </button>
          )}
        </div>
      </div>
    );
  }

  const summary =
    selected && selected.date
      ? formatRange(selected.startsAt, selected.endsAt, timeZone, locale)
      : selected
        ? dateTimeFormat(locale === 'fr' ? 'fr-CA' : 'en-CA', {
            timeZone,
            dateStyle: 'full',
            timeStyle: 'short',
          }).format(new Date(selected.startsAt))
        : null;

  return (
    <div className="mt-6 space-y-6">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
          {forJob && jobTerms
            ? format(m.scheduleJobTitle, { title: jobTerms.title })
            : format(m.scheduleTitle, { name })}
        </h1>
        {forJob && jobTerms && (
          <p className="text-lg font-medium" data-testid="agreed-price">
            {format(m.agreedPrice, { price: formatPrice(jobTerms.priceCents, locale) })}
            <span className="text-muted"> · {name}</span>
          </p>
        )}
        {forJob && terms.error && (
          <p role="alert" className="text-danger">
            {messageOf(terms.error, m.loadFailed)}
          </p>
        )}
        {schedule.timeZone && (
          <p className="text-sm text-muted">
            {format(m.contractorZone, { zone: zoneLabel(schedule.timeZone, locale) })}
          </p>
        )}
      </header>

      {!forJob && schedule.offerings.length > 0 && (
        <section aria-labelledby="services-heading" className="rounded-xl border border-border bg-surface p-4 sm:p-5">
          <h2 id="services-heading" className="text-lg font-semibold">
            {m.services}
          </h2>
          <ul className="mt-3 grid gap-3 sm:grid-cols-2">
            {schedule.offerings.map((o) => (
              <li key={o.id} className="rounded-lg bg-surface-2/50 p-3">
                <p className="font-medium">{o.title}</p>
                <p className="mt-1 line-clamp-3 text-sm text-muted">{o.description}</p>
                <p className="mt-2 text-sm font-medium">
                  {format(o.pricingModel === 'hourly' ? m.perHour : m.fixedPrice, {
                    price: formatPrice(o.priceCents, locale),
                  })}
                </p>
              </li>
            ))}
          </ul>
        </section>
      )}

      {jobTerms?.activeBookingId ? (
        <div className="rounded-xl border border-border bg-surface p-5" role="status">
          <p className="font-medium">{m.jobAlreadyBooked}</p>
          <a
            href={localizePath(`/bookings/${jobTerms.activeBookingId}`, locale)}
            className={buttonClasses('primary', 'md', 'mt-3')}
          >
            {m.viewExistingBooking}
          </a>
        </div>
      ) : !schedule.timeZone ? (
        <NoHoursFallback
          locale={locale}
          name={name}
          job={forJob && jobTerms ? { id: forJob, title: jobTerms.title } : null}
          canPropose={customer && jobTerms !== null}
        />
      ) : (
        <>
          <SlotPicker
            locale={locale}
            contractorId={contractorId}
            timeZone={timeZone}
            detectedZone={detected}
            onTimeZoneChange={(zone) => {
              setTimeZone(zone);
            }}
            selected={selected?.startsAt ?? null}
            onSelect={setSelected}
          />

          <form
            onSubmit={(event) => void submit(event)}
            aria-labelledby="your-booking"
            className="space-y-4 rounded-xl border border-border bg-surface p-4 sm:p-5"
          >
            <h2 id="your-booking" className="text-lg font-semibold">
              {m.yourBooking}
            </h2>
            <p
              className={summary ? 'font-medium' : 'text-sm text-muted'}
              data-testid="selected-slot"
              aria-live="polite"
            >
              {summary ?? m.pickASlot}
            </p>
            {!forJob && schedule.offerings.length > 0 && (
              <div className="space-y-1.5">
                <label htmlFor={offeringId} className="block text-sm font-medium">
                  {m.serviceChoice}
                </label>
                <select
                  id={offeringId}
                  value={offering}
                  onChange={(event) => setOffering(event.target.value)}
                  className={selectClasses}
                >
                  <option value="">{m.anyService}</option>
                  {schedule.offerings.map((o) => (
                    <option key={o.id} value={o.id}>
                      {o.title}
                      {o.bookingPriceCents !== null
                        ? ` — ${format(m.bookingPrice, { price: formatPrice(o.bookingPriceCents, locale) })}`
                        : ''}
                    </option>
                  ))}
                </select>
              </div>
            )}
            <Field label={m.noteLabel} hint={m.noteHint}>
              {({ id, describedBy }) => (
                <Textarea
                  id={id}
                  aria-describedby={describedBy}
                  value={note}
                  maxLength={SCHEDULE_LIMITS.noteMax}
                  placeholder={m.notePlaceholder}
                  onChange={(event) => setNote(event.target.value)}
                />
              )}
            </Field>
            {session.status === 'authenticated' && session.user.role !== 'customer' ? (
              <p className="text-sm text-muted" role="note">
                {m.customersOnly}
              </p>
            ) : session.status === 'authenticated' ? (
              <Button type="submit" disabled={!selected || sending || (forJob !== null && !jobTerms)}>
                {sending ? m.booking : m.book}
              </Button>
            ) : session.status === 'unauthenticated' ? (
              <a href={signInUrlFor(here(), locale)} className={buttonClasses('primary')}>
                {m.signInToBook}
              </a>
            ) : null}
          </form>
        </>
      )}

      <PolicyNote locale={locale} />
    </div>
  );
}

export default island(SchedulePage);
