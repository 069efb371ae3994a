import { useId, useState, type FormEvent } from 'react';
import { categoryOfService } from '../../../shared/domain/catalogue/categories.ts';
import { format } from '../../i18n/index.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { recurringMessages } from '../../i18n/messages/recurring.ts';
import { formatPrice } from '../../i18n/money.ts';
import { messageOf } from '../../lib/api.ts';
import { toast } from '../../stores/toasts.ts';
import { Button } from '../../ui/Button.tsx';
import { Field, Input, Textarea } from '../../ui/Field.tsx';
import { useJson } from '../work/api.ts';
import { CategoryServiceFields, ConfirmDialog } from '../work/parts.tsx';
import { Section } from '../plans/Section.tsx';
import { UpgradeLink } from '../plans/UpgradeLink.tsx';
import {
  frequencyOrder,
  recurringApi,
  recurringUrls,
  type Frequency,
  type MyOffers,
  type MySubscriptions,
  type ServiceSubscription,
  type SubscriptionAction,
} from './api.ts';
import { frequencyLabel, scheduleText, StatusPill, visitWhen, type RecurringText } from './parts.tsx';

/**
 * /subscriptions: the recurring services a customer buys, or a contractor's offers and the
 * services they sell, each subscription with its agreement, its next visits (skip) and its
 * actions (pause, resume, cancel; decline for a contractor while it waits).
 */
export function RecurringServices({ locale, role }: { locale: Locale; role: 'customer' | 'contractor' }) {
  const m = recurringMessages[locale];
  const subscriptions = useJson<MySubscriptions>(recurringUrls.mySubscriptions);
  const list = role === 'customer' ? subscriptions.data?.buying : subscriptions.data?.selling;
  const listId = useId();
  return (
    <>
      {role === 'contractor' && <OffersManager locale={locale} />}
      <Section id={listId} title={role === 'customer' ? m.buyingTitle : m.sellingTitle}>
        {subscriptions.loading && !subscriptions.data ? (
          <p role="status" className="text-sm text-muted">
            {m.loading}
          </p>
        ) : subscriptions.error && !subscriptions.data ? (
          <div role="alert" className="space-y-2">
            <p className="text-sm text-danger">{m.loadFailed}</p>
            <Button variant="outline" size="sm" onClick={() => void subscriptions.reload()}>
              {m.tryAgain}
            </Button>
          </div>
        ) : !list || list.length === 0 ? (
          <p className="text-sm text-muted">{role === 'customer' ? m.buyingEmpty : m.sellingEmpty}</p>
        ) : (
          <ul className="space-y-4" data-testid="recurring-subscriptions">
            {list.map((subscription) => (
              <SubscriptionCard
                key={subscription.id}
                subscription={subscription}
                locale={locale}
                onChanged={() => void subscriptions.reload()}
              />
            ))}
          </ul>
        )}
      </Section>
    </>
  );
}

function SubscriptionCard({
  subscription: s,
  locale,
  onChanged,
}: {
  subscription: ServiceSubscription;
  locale: Locale;
  onChanged: () => void;
}) {
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
      onChanged();
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

function OffersManager({ locale }: { locale: Locale }) {
  const m = recurringMessages[locale];
  const formId = useId();
  const offers = useJson<MyOffers>(recurringUrls.myOffers);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [category, setCategory] = useState('');
  const [service, setService] = useState('');
  const [price, setPrice] = useState('');
  const [frequencies, setFrequencies] = useState<Frequency[]>(['weekly']);
  const [errors, setErrors] = useState<Partial<Record<'title' | 'price' | 'service' | 'frequencies', string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const canOffer = offers.data?.canOffer ?? false;
  const list = offers.data?.offers ?? [];

  function validate(): boolean {
    const found: typeof errors = {};
    const trimmed = [...title.trim()].length;
    if (trimmed < 3 || trimmed > 80) found.title = m.titleInvalid;
    const dollars = Number(price.replace(',', '.'));
    if (!Number.isFinite(dollars) || dollars < 10 || dollars > 5000 || Math.round(dollars * 100) !== dollars * 100) {
      found.price = m.priceInvalid;
    }
    if (!service) found.service = m.serviceInvalid;
    if (frequencies.length === 0) found.frequencies = m.frequenciesInvalid;
    setErrors(found);
    return Object.keys(found).length === 0;
  }

  async function publish(event: FormEvent) {
    event.preventDefault();
    if (!validate()) return;
    setBusy('publish');
    setFailure(null);
    try {
      await recurringApi.publish({
        title: title.trim(),
        description: description.trim(),
        service,
        pricePerVisit: Number(price.replace(',', '.')),
        frequencies,
      });
      toast({ title: m.published, variant: 'success' });
      setTitle('');
      setDescription('');
      setPrice('');
      await offers.reload();
    } catch (error) {
      setFailure(messageOf(error, m.publishFailed));
    } finally {
      setBusy(null);
    }
  }

  async function withdraw(offerId: string) {
    setBusy(offerId);
    try {
      await recurringApi.withdraw(offerId);
      toast({ title: m.withdrawDone, variant: 'success' });
      await offers.reload();
    } catch (error) {
      toast({ title: messageOf(error, m.actionFailed), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  return (
    <Section id={`${formId}-offers`} title={m.offersTitle} intro={m.offersIntro}>
      {offers.loading && !offers.data ? (
        <p role="status" className="text-sm text-muted">
          {m.loading}
        </p>
      ) : (
        <div className="space-y-6">
          {list.length === 0 ? (
            <p className="text-sm text-muted">{m.offersEmpty}</p>
          ) : (
            <ul className="space-y-2" data-testid="recurring-offers-mine">
              {list.map((offer) => (
                <li
                  key={offer.id}
                  className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-border p-3"
                >
                  <div className="min-w-0">
                    <p className="font-medium break-words">{offer.title}</p>
                    <p className="text-sm text-muted">
                      {format(m.perVisit, { price: formatPrice(offer.pricePerVisitCents, locale) })} ·{' '}
                      {offer.frequencies.map((f) => frequencyLabel(f, m)).join(', ')}
                    </p>
                  </div>
                  {offer.status === 'active' ? (
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={busy !== null}
                      onClick={() => void withdraw(offer.id)}
                    >
                      {m.withdraw}
                    </Button>
                  ) : (
                    <StatusPill status="cancelled" label={m.withdrawn} />
                  )}
                </li>
              ))}
            </ul>
          )}
          {canOffer ? (
            <OfferForm
              m={m}
              locale={locale}
              formId={formId}
              fields={{ title, description, category, service, price, frequencies }}
              setters={{ setTitle, setDescription, setCategory, setService, setPrice, setFrequencies }}
              errors={errors}
              failure={failure}
              pending={busy === 'publish'}
              onSubmit={publish}
            />
          ) : (
            <p className="text-sm">
              {m.needsPlan} <UpgradeLink locale={locale} />
            </p>
          )}
        </div>
      )}
    </Section>
  );
}

function OfferForm({
  m,
  locale,
  formId,
  fields,
  setters,
  errors,
  failure,
  pending,
  onSubmit,
}: {
  m: RecurringText;
  locale: Locale;
  formId: string;
  fields: {
    title: string;
    description: string;
    category: string;
    service: string;
    price: string;
    frequencies: Frequency[];
  };
  setters: {
    setTitle: (v: string) => void;
    setDescription: (v: string) => void;
    setCategory: (v: string) => void;
    setService: (v: string) => void;
    setPrice: (v: string) => void;
    setFrequencies: (v: Frequency[]) => void;
  };
  errors: Partial<Record<'title' | 'price' | 'service' | 'frequencies', string>>;
  failure: string | null;
  pending: boolean;
  onSubmit: (event: FormEvent) => Promise<void>;
}) {
  const toggle = (f: Frequency) =>
    setters.setFrequencies(
      fields.frequencies.includes(f)
        ? fields.frequencies.filter((x) => x !== f)
        : frequencyOrder.filter((x) => x === f || fields.frequencies.includes(x)),
    );
  return (
    <form
      id={formId}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="space-y-4"
      aria-label={m.newOffer}
    >
      <h3 className="font-semibold">{m.newOffer}</h3>
      <Field label={m.title} error={errors.title}>
        {(ids) => (
          <Input
            id={ids.id}
            aria-describedby={ids.describedBy}
            aria-invalid={ids.invalid || undefined}
            maxLength={80}
            value={fields.title}
            onChange={(e) => setters.setTitle(e.target.value)}
          />
        )}
      </Field>
      <Field label={m.description}>
        {(ids) => (
          <Textarea
            id={ids.id}
            aria-describedby={ids.describedBy}
            rows={2}
            maxLength={1000}
            value={fields.description}
            onChange={(e) => setters.setDescription(e.target.value)}
          />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <CategoryServiceFields
          locale={locale}
          category={fields.category || (fields.service ? (categoryOfService(fields.service) ?? '') : '')}
          service={fields.service}
          errors={{ service: errors.service }}
          onChange={(next) => {
            setters.setCategory(next.category);
            setters.setService(next.service);
          }}
        />
      </div>
      <Field label={m.price} error={errors.price}>
        {(ids) => (
          <Input
            id={ids.id}
            aria-describedby={ids.describedBy}
            aria-invalid={ids.invalid || undefined}
            inputMode="decimal"
            value={fields.price}
            onChange={(e) => setters.setPrice(e.target.value)}
            placeholder="60"
          />
        )}
      </Field>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">{m.frequencies}</legend>
        <div className="flex flex-wrap gap-2">
          {frequencyOrder.map((f) => (
            <label
              key={f}
              className="flex cursor-pointer items-center gap-2 rounded-lg border border-border px-3 py-2 text-sm has-[:checked]:border-accent has-[:checked]:bg-accent/10"
            >
              <input type="checkbox" checked={fields.frequencies.includes(f)} onChange={() => toggle(f)} />
              {frequencyLabel(f, m)}
            </label>
          ))}
        </div>
        {errors.frequencies && <p className="text-sm text-danger">{errors.frequencies}</p>}
      </fieldset>
      {failure && (
        <p role="alert" className="text-sm text-danger">
          {failure}
        </p>
      )}
      <Button type="submit" disabled={pending}>
        {pending ? m.publishing : m.publish}
      </Button>
    </form>
  );
}
