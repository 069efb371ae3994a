import { useId, useState, type FormEvent } from 'react';
import { format } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { barterTradeMessages } from '../../i18n/messages/barter-trades.ts';
import { commonMessages } from '../../i18n/messages/common.ts';
import { formatPrice } from '../../i18n/money.ts';
import { messageOf } from '../../lib/api.ts';
import { toast } from '../../stores/toasts.ts';
import { Button } from '../../ui/Button.tsx';
import { InfoDialog } from '../../ui/Dialog.tsx';
import { Field, Input, Textarea } from '../../ui/Field.tsx';
import { island } from '../../ui/island.tsx';
import { useQuery } from '../../lib/first-reads.ts';
import { $myOfferings, barterApi, reloadOfferings, type Offering, type OfferingInput } from './api.ts';
import { colon } from '../../i18n/punctuation.ts';

const PRICE_PATTERN = /^\d{1,7}([.,]\d{1,2})?$/;

/**
 * The contractor dashboard's services (issue 10, "Offerings"): each service with its status,
 * edit, pause or resume, and its barter settings (open to barter, what the contractor would like
 * in return); and a form to add one.
 */
function OfferingsManager({ locale }: { locale: Locale }) {
  const m = barterTradeMessages[locale];
  const offerings = useQuery($myOfferings);
  const [editing, setEditing] = useState<Offering | 'new' | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  async function run(key: string, action: () => Promise<unknown>, done: string) {
    setBusy(key);
    try {
      await action();
      toast({ title: done, variant: 'success' });
    } catch (error) {
      toast({ title: messageOf(error, m.actionFailed), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  const list = offerings.data ?? [];
  return (
    <section
      id="offerings"
      aria-labelledby="offerings-title"
      className="mt-8 scroll-mt-20 rounded-xl border border-border bg-surface p-4 sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="offerings-title" className="text-lg font-semibold">
            {m.offeringsTitle}
          </h2>
          <p className="mt-1 text-sm text-muted">{m.offeringsIntro}</p>
        </div>
        <Button onClick={() => setEditing('new')}>{m.add}</Button>
      </div>
      <div className="mt-4">
        {offerings.error && !offerings.data ? (
          <div role="alert" className="space-y-2">
            <p className="text-sm text-danger">{m.loadFailed}</p>
            <Button variant="outline" size="sm" onClick={reloadOfferings}>
              {m.tryAgain}
            </Button>
          </div>
        ) : !offerings.data ? (
          <p role="status" className="text-sm text-muted">
            {m.loading}
          </p>
        ) : list.length === 0 ? (
          <p className="text-sm text-muted">{m.offeringsEmpty}</p>
        ) : (
          <ul className="space-y-4" data-testid="my-offerings">
            {list.map((offering) => (
              <OfferingRow
                key={offering.id}
                offering={offering}
                locale={locale}
                busy={busy}
                onEdit={() => setEditing(offering)}
                onToggle={() =>
                  void run(
                    offering.id,
                    () =>
                      offering.isActive ? barterApi.pauseOffering(offering.id) : barterApi.resumeOffering(offering.id),
                    offering.isActive ? m.pausedDone : m.resumedDone,
                  )
                }
                onBarter={(accepts, wants) =>
                  run(`barter-${offering.id}`, () => barterApi.setBarter(offering.id, accepts, wants), m.barterSaved)
                }
              />
            ))}
          </ul>
        )}
      </div>
      {editing && (
        <OfferingDialog
          locale={locale}
          offering={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => setEditing(null)}
        />
      )}
    </section>
  );
}

function OfferingRow({
  offering: o,
  locale,
  busy,
  onEdit,
  onToggle,
  onBarter,
}: {
  offering: Offering;
  locale: Locale;
  busy: string | null;
  onEdit: () => void;
  onToggle: () => void;
  onBarter: (acceptsBarter: boolean, barterWants: string | null) => Promise<void>;
}) {
  const m = barterTradeMessages[locale];
  const [accepts, setAccepts] = useState(o.acceptsBarter);
  const [wants, setWants] = useState(o.barterWants ?? '');
  const toggleId = useId();
  const changed = accepts !== o.acceptsBarter || (wants.trim() || null) !== o.barterWants;
  const price = formatPrice(o.priceCents, locale);
  return (
    <li className="rounded-lg border border-border p-4" data-testid="my-offering">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold break-words">{o.title}</h3>
          <p className="text-sm text-muted">{o.pricingModel === 'hourly' ? format(m.perHour, { price }) : price}</p>
        </div>
        <div className="flex flex-wrap gap-1.5">
          <span
            className={`rounded-full border px-2.5 py-0.5 text-xs font-medium ${o.isActive ? 'border-success/40 bg-success/10 text-success' : 'border-border bg-surface-2 text-muted'}`}
          >
            {o.isActive ? m.active : m.paused}
          </span>
          {o.acceptsBarter && (
            <span className="rounded-full border border-accent/40 bg-accent/10 px-2.5 py-0.5 text-xs font-medium text-accent-text">
              {m.barterOn}
            </span>
          )}
        </div>
      </div>
      <p className="mt-2 line-clamp-2 text-sm break-words">{o.description}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" variant="outline" onClick={onEdit} aria-label={`${m.edit}${colon(locale)}${o.title}`}>
          {m.edit}
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={busy !== null}
          onClick={onToggle}
          aria-label={`${o.isActive ? m.pause : m.resume}: ${o.title}`}
        >
          {o.isActive ? m.pause : m.resume}
        </Button>
      </div>
      <form
        className="mt-4 space-y-3 border-t border-border pt-4"
        onSubmit={(event) => {
          event.preventDefault();
          void onBarter(accepts, wants.trim() || null);
        }}
      >
        <div className="flex items-center gap-2">
          <input
            id={toggleId}
            type="checkbox"
            className="h-4 w-4"
            checked={accepts}
            onChange={(event) => setAccepts(event.target.checked)}
          />
          <label htmlFor={toggleId} className="text-sm font-medium">
            {m.barterToggle}
          </label>
        </div>
        {accepts && (
          <Field label={m.barterWants} hint={m.barterWantsHint}>
            {({ id, describedBy }) => (
              <Input
                id={id}
                maxLength={300}
                value={wants}
                aria-describedby={describedBy}
                onChange={(event) => setWants(event.target.value)}
              />
            )}
          </Field>
        )}
        <Button type="submit" size="sm" disabled={!changed || busy !== null}>
          {busy === `barter-${o.id}` ? m.saving : m.saveBarter}
        </Button>
      </form>
    </li>
  );
}

function OfferingDialog({
  locale,
  offering,
  onClose,
  onSaved,
}: {
  locale: Locale;
  offering: Offering | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const m = barterTradeMessages[locale];
  const [title, setTitle] = useState(offering?.title ?? '');
  const [description, setDescription] = useState(offering?.description ?? '');
  const [pricingModel, setPricingModel] = useState<'hourly' | 'fixed'>(offering?.pricingModel ?? 'hourly');
  const [price, setPrice] = useState(offering?.price ?? '');
  const [remote, setRemote] = useState(offering?.isRemoteService ?? false);
  const [errors, setErrors] = useState<Partial<Record<'title' | 'description' | 'price', string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const remoteId = useId();

  async function save(event: FormEvent) {
    event.preventDefault();
    const found: typeof errors = {};
    if (title.trim().length < 3) found.title = m.titleInvalid;
    if (description.trim().length < 20) found.description = m.descriptionInvalid;
    if (!PRICE_PATTERN.test(price.trim())) found.price = m.priceInvalid;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const input: OfferingInput = {
      title: title.trim(),
      description: description.trim(),
      pricingModel,
      price: price.trim().replace(',', '.'),
      isRemoteService: remote,
    };
    setPending(true);
    setFailure(null);
    try {
      if (offering) await barterApi.updateOffering(offering.id, input);
      else await barterApi.createOffering(input);
      toast({ title: offering ? m.saved : m.created, variant: 'success' });
      onSaved();
    } catch (error) {
      setFailure(messageOf(error, m.actionFailed));
    } finally {
      setPending(false);
    }
  }

  return (
    <InfoDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={offering ? m.editTitle : m.addTitle}
      closeLabel={commonMessages[locale].close}
      size="md"
      busy={pending}
    >
      <form className="space-y-4" onSubmit={(event) => void save(event)} noValidate>
        <Field label={m.title} error={errors.title}>
          {({ id, describedBy, invalid }) => (
            <Input
              id={id}
              maxLength={120}
              value={title}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              onChange={(e) => setTitle(e.target.value)}
            />
          )}
        </Field>
        <Field label={m.description} error={errors.description}>
          {({ id, describedBy, invalid }) => (
            <Textarea
              id={id}
              rows={4}
              maxLength={5000}
              value={description}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              onChange={(e) => setDescription(e.target.value)}
            />
          )}
        </Field>
        <fieldset>
          <legend className="text-sm font-medium">{m.pricing}</legend>
          <div className="mt-2 flex flex-wrap gap-4 text-sm">
            {(['hourly', 'fixed'] as const).map((model) => (
              <label key={model} className="flex items-center gap-2">
                <input
                  type="radio"
                  name="pricingModel"
                  value={model}
                  checked={pricingModel === model}
                  onChange={() => setPricingModel(model)}
                />
                {model === 'hourly' ? m.hourly : m.fixed}
              </label>
            ))}
          </div>
        </fieldset>
        <Field label={m.price} error={errors.price}>
          {({ id, describedBy, invalid }) => (
            <Input
              id={id}
              inputMode="decimal"
              value={price}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              onChange={(e) => setPrice(e.target.value)}
            />
          )}
        </Field>
        <div className="flex items-center gap-2">
          <input
            id={remoteId}
            type="checkbox"
            className="h-4 w-4"
            checked={remote}
            onChange={(e) => setRemote(e.target.checked)}
          />
          <label htmlFor={remoteId} className="text-sm">
            {m.remoteService}
          </label>
        </div>
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
            {pending ? m.saving : m.save}
          </Button>
        </div>
      </form>
    </InfoDialog>
  );
}

export default island(OfferingsManager);
