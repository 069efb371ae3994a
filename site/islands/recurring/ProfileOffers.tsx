import { useStore } from '@nanostores/react';
import { Repeat } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { format } from '../../i18n/index.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { recurringMessages } from '../../i18n/messages/recurring.ts';
import { formatPrice } from '../../i18n/money.ts';
import { $session } from '../../stores/session.ts';
import { Button, buttonClasses } from '../../ui/Button.tsx';
import { InfoDialog } from '../../ui/Dialog.tsx';
import { Field, Textarea } from '../../ui/Field.tsx';
import { SlotPicker } from '../booking/SlotPicker.tsx';
import { browserTimeZone } from '../booking/format.ts';
import { useCardFields } from '../contracts/CardFields.tsx';
import { publicOffersStore, recurringApi, type Frequency, type RecurringOffer } from './api.ts';
import { frequencyLabel, visitWhen, wallClock } from './parts.tsx';

/**
 * A contractor's recurring services on their profile, each with Subscribe: a dialog that takes
 * the frequency, the first visit (one of the contractor's open slots) and the card the visits are
 * charged to. Nothing at all shows when the contractor offers none.
 */
export function ProfileOffers({ contractorId, locale }: { contractorId: string; locale: Locale }) {
  const m = recurringMessages[locale];
  const session = useStore($session);
  const offers = useStore(publicOffersStore(contractorId));
  const [chosen, setChosen] = useState<RecurringOffer | null>(null);
  const list = offers.data?.offers ?? [];
  const calendar = offers.data?.calendar ?? null;
  if (list.length === 0 || !calendar) return null;
  const isCustomer = session.status === 'authenticated' && session.user.role === 'customer';
  const signIn = localizePath(`/signin?returnTo=${encodeURIComponent(`/contractors/${contractorId}`)}`, locale);
  return (
    <section className="space-y-3" data-testid="recurring-offers" aria-labelledby={`${contractorId}-recurring`}>
      <h2 id={`${contractorId}-recurring`} className="flex items-center gap-2 text-lg font-semibold">
        <Repeat aria-hidden="true" className="size-5 text-accent-text" />
        {m.profileTitle}
      </h2>
      <p className="text-sm text-muted">{m.profileIntro}</p>
      <ul className="space-y-3">
        {list.map((offer) => (
          <li key={offer.id} className="rounded-lg border border-border bg-surface p-4">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h3 className="font-semibold break-words">{offer.title}</h3>
              <span className="font-semibold">
                {format(m.perVisit, { price: formatPrice(offer.pricePerVisitCents, locale) })}
              </span>
            </div>
            {offer.description && <p className="mt-1 text-sm break-words text-muted">{offer.description}</p>}
            <p className="mt-2 text-sm">
              {offer.frequencies.map((f) => frequencyLabel(f, m)).join(' · ')} ·{' '}
              {format(m.visitLength, { minutes: calendar.visitMinutes })}
            </p>
            <div className="mt-3">
              {isCustomer ? (
                <Button onClick={() => setChosen(offer)} data-action="subscribe">
                  {m.subscribe}
                </Button>
              ) : session.status === 'unauthenticated' ? (
                <a className={buttonClasses('outline', 'md')} href={signIn}>
                  {m.signInToSubscribe}
                </a>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      {chosen && (
        <SubscribeDialog
          key={chosen.id}
          offer={chosen}
          calendarZone={calendar.timeZone}
          locale={locale}
          onClose={() => setChosen(null)}
        />
      )}
    </section>
  );
}

function SubscribeDialog({
  offer,
  calendarZone,
  locale,
  onClose,
}: {
  offer: RecurringOffer;
  calendarZone: string;
  locale: Locale;
  onClose: () => void;
}) {
  const m = recurringMessages[locale];
  const formId = useId();
  const card = useCardFields(locale);
  const [frequency, setFrequency] = useState<Frequency>(offer.frequencies[0]!);
  const [zone, setZone] = useState(calendarZone);
  const [slot, setSlot] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<{ agreementUrl: string } | null>(null);
  // One key per attempt: a double submit or a retried request subscribes once.
  const attempt = useRef(crypto.randomUUID());

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!slot) {
      setError(m.chooseFirstVisit);
      return;
    }
    setError(null);
    const input = card.read();
    if (!input) return;
    setPending(true);
    try {
      const created = await recurringApi.subscribe(
        offer.id,
        {
          frequency,
          firstVisit: wallClock(slot, calendarZone),
          customerTimeZone: browserTimeZone(),
          note: note.trim() === '' ? null : note.trim(),
          card: input,
        },
        attempt.current,
      );
      card.clear();
      setDone({ agreementUrl: created.agreement.url });
    } catch (failure) {
      attempt.current = crypto.randomUUID();
      // Said beside the Subscribe button with the card as typed, like every card form.
      card.fail(failure, { fallback: m.subscribeFailed, title: m.subscribeFailed });
    } finally {
      setPending(false);
    }
  }

  return (
    <InfoDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={format(m.subscribeTitle, { title: offer.title })}
      description={done ? undefined : m.subscribeIntro}
      closeLabel={m.close}
      size="xl"
      busy={pending}
      footer={
        done ? (
          <>
            <a className={buttonClasses('outline', 'md')} href={localizePath('/subscriptions', locale)}>
              {m.viewSubscriptions}
            </a>
            <a className={buttonClasses('primary', 'md')} href={localizePath(done.agreementUrl, locale)}>
              {m.signAgreement}
            </a>
          </>
        ) : (
          <>
            {card.failure}
            <Button variant="outline" onClick={onClose} disabled={pending}>
              {m.close}
            </Button>
            <Button type="submit" form={formId} disabled={pending} aria-describedby={card.failureId}>
              {pending ? m.subscribing : m.subscribe}
            </Button>
          </>
        )
      }
    >
      {done ? (
        <p role="status" className="text-sm">
          {m.subscribed}
        </p>
      ) : (
        <form id={formId} noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">{m.frequency}</legend>
            <div className="flex flex-wrap gap-2">
              {offer.frequencies.map((f) => (
                <label
                  key={f}
                  className="flex cursor-pointer items-center gap-2 rounded-lg border border-border px-3 py-2 text-sm has-[:checked]:border-accent has-[:checked]:bg-accent/10"
                >
                  <input
                    type="radio"
                    name={`${formId}-frequency`}
                    value={f}
                    checked={frequency === f}
                    onChange={() => setFrequency(f)}
                  />
                  {frequencyLabel(f, m)}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="space-y-1">
            <p className="text-sm font-medium">{m.firstVisit}</p>
            <p className="text-xs text-muted">{format(m.firstVisitHint, { zone: calendarZone })}</p>
          </div>
          <SlotPicker
            locale={locale}
            contractorId={offer.contractorId}
            timeZone={zone}
            detectedZone={browserTimeZone()}
            onTimeZoneChange={setZone}
            selected={slot}
            onSelect={(picked) => {
              setSlot(picked.startsAt);
              setError(null);
            }}
          />
          <p className="text-sm font-medium" aria-live="polite" data-testid="chosen-visit">
            {slot ? format(m.chosenVisit, { when: visitWhen(slot, zone, locale) }) : m.chooseFirstVisit}
          </p>
          <Field label={m.note}>
            {(ids) => (
              <Textarea
                id={ids.id}
                aria-describedby={ids.describedBy}
                rows={2}
                maxLength={500}
                value={note}
                onChange={(event) => setNote(event.target.value)}
              />
            )}
          </Field>
          <fieldset className="space-y-3">
            <legend className="text-sm font-medium">{m.cardTitle}</legend>
            {card.fields}
          </fieldset>
          {error && (
            <p role="alert" className="text-sm text-danger">
              {error}
            </p>
          )}
        </form>
      )}
    </InfoDialog>
  );
}
