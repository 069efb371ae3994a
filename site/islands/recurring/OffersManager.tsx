import { useStore } from '@nanostores/react';
import { useId, useState, type FormEvent } from 'react';
import { categoryOfService } from '../../../shared/domain/catalogue/categories.ts';
import { publishBody } from '../../../shared/http/recurring.ts';
import { format } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { recurringMessages } from '../../i18n/messages/recurring.ts';
import { formatPrice } from '../../i18n/money.ts';
import { messageOf } from '../../lib/api.ts';
import { toast } from '../../stores/toasts.ts';
import { Button } from '../../ui/Button.tsx';
import { Field, Input, Textarea } from '../../ui/Field.tsx';
import { CategoryServiceFields } from '../work/parts.tsx';
import { Section } from '../plans/Section.tsx';
import { UpgradeLink } from '../plans/UpgradeLink.tsx';
import { $myOffers, frequencyOrder, recurringApi, type Frequency } from './api.ts';
import { frequencyLabel, StatusPill, type RecurringText } from './parts.tsx';

type OfferField = 'title' | 'price' | 'service' | 'frequencies';
/** The form's field for each part of the body the schema refuses. */
const FIELD_OF: Partial<Record<string, OfferField>> = {
  title: 'title',
  pricePerVisit: 'price',
  service: 'service',
  frequencies: 'frequencies',
};
/** The island's own (localized) message for each field. */
const MESSAGE_OF = {
  title: 'titleInvalid',
  price: 'priceInvalid',
  service: 'serviceInvalid',
  frequencies: 'frequenciesInvalid',
} as const satisfies Record<OfferField, keyof RecurringText>;

/** A contractor's recurring offers: the list (withdraw) and the form to publish one. */
export function OffersManager({ locale }: { locale: Locale }) {
  const m = recurringMessages[locale];
  const formId = useId();
  const offers = useStore($myOffers);
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

  /** The offer as the API takes it, checked by the API's own body schema (shared/http/recurring.ts). */
  function draft() {
    return {
      title: title.trim(),
      description: description.trim(),
      service,
      pricePerVisit: Number(price.replace(',', '.')),
      frequencies,
    };
  }

  function validate(): boolean {
    const checked = publishBody.safeParse(draft());
    const found: typeof errors = {};
    for (const issue of checked.success ? [] : checked.error.issues) {
      const field = FIELD_OF[String(issue.path[0])];
      if (field && !found[field]) found[field] = m[MESSAGE_OF[field]];
    }
    setErrors(found);
    return Object.keys(found).length === 0;
  }

  async function publish(event: FormEvent) {
    event.preventDefault();
    if (!validate()) return;
    setBusy('publish');
    setFailure(null);
    try {
      await recurringApi.publish(draft());
      toast({ title: m.published, variant: 'success' });
      setTitle('');
      setDescription('');
      setPrice('');
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
                      variant="destructive"
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
