import { Siren } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { URGENT_MULTIPLIER, urgentPrice } from '../../../shared/domain/urgent/rules.ts';
import { dollarsToCents, WORK_LIMITS } from '../../../shared/domain/work/rules.ts';
import { normalizePostalCode } from '../../../shared/geo/postal-code.ts';
import { format } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { urgentMessages } from '../../i18n/messages/urgent.ts';
import { workRuleMessages } from '../../i18n/messages/work-rules.ts';
import { workMessages } from '../../i18n/messages/work.ts';
import { formatCad } from '../../i18n/money.ts';
import { messageOf } from '../../lib/api.ts';
import { plural } from '../../i18n/plural.ts';
import { toast } from '../../stores/toasts.ts';
import { Button } from '../../ui/Button.tsx';
import { Field, Input, Textarea } from '../../ui/Field.tsx';
import { CategoryServiceFields } from '../work/parts.tsx';
import { STEPS, times } from './format.ts';
import { sendAlert } from './stores.ts';

type Errors = Partial<Record<'title' | 'description' | 'category' | 'postalCode' | 'base', string>>;

/** A customer's new urgent alert: the job, where, its normal price and the premium. */
export function SendForm({ locale }: { locale: Locale }) {
  const m = urgentMessages[locale];
  const w = workMessages[locale];
  const id = useId();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [category, setCategory] = useState('');
  const [service, setService] = useState('');
  const [postalCode, setPostalCode] = useState('');
  const [base, setBase] = useState('');
  const [pct, setPct] = useState(150);
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const baseCents = dollarsToCents(base);
  const priced = baseCents && baseCents > 0 ? urgentPrice(baseCents, pct) : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: Errors = {};
    const rules = workRuleMessages[locale];
    if (title.trim().length < WORK_LIMITS.titleMin || title.trim().length > WORK_LIMITS.titleMax)
      found.title = rules.title;
    if (
      description.trim().length < WORK_LIMITS.descriptionMin ||
      description.trim().length > WORK_LIMITS.descriptionMax
    )
      found.description = rules.description;
    if (!category) found.category = rules.category;
    const normal = normalizePostalCode(postalCode);
    if (!normal) found.postalCode = rules.postalCode;
    if (!baseCents || baseCents <= 0 || baseCents > WORK_LIMITS.budgetMaxCents) found.base = m.priceInvalid;
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length > 0) {
      requestAnimationFrame(() =>
        document.querySelector<HTMLElement>(`[data-form="${id}"] [aria-invalid="true"]`)?.focus(),
      );
      return;
    }
    setPending(true);
    try {
      const alert = await sendAlert({
        title: title.trim(),
        description: description.trim(),
        category,
        service: service || null,
        postalCode: normal!,
        baseCents: baseCents!,
        multiplier: pct / 100,
      });
      const reached = alert.reached ?? 0;
      toast({ title: plural(locale, reached, { one: m.sentOne, other: m.sent }), variant: 'success' });
      setTitle('');
      setDescription('');
      setBase('');
    } catch (error) {
      setServerError(messageOf(error, m.sendFailed));
    } finally {
      setPending(false);
    }
  }

  return (
    <form
      data-form={id}
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-labelledby={`${id}-title`}
      className="space-y-4 rounded-xl border border-border bg-surface p-4 sm:p-6"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {m.sendTitle}
      </h2>
      {serverError && (
        <p role="alert" className="rounded-lg border border-danger/40 bg-danger/5 p-3 text-sm text-danger">
          {serverError}
        </p>
      )}
      <Field label={w.title} error={errors.title}>
        {(f) => (
          <Input
            id={f.id}
            aria-describedby={f.describedBy}
            aria-invalid={f.invalid}
            value={title}
            maxLength={WORK_LIMITS.titleMax}
            onChange={(e) => setTitle(e.target.value)}
          />
        )}
      </Field>
      <Field label={w.description} error={errors.description}>
        {(f) => (
          <Textarea
            id={f.id}
            aria-describedby={f.describedBy}
            aria-invalid={f.invalid}
            value={description}
            rows={3}
            maxLength={WORK_LIMITS.descriptionMax}
            onChange={(e) => setDescription(e.target.value)}
          />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <CategoryServiceFields
          locale={locale}
          category={category}
          service={service}
          errors={{ category: errors.category }}
          onChange={(next) => {
            setCategory(next.category);
            setService(next.service);
          }}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={w.postalCode} error={errors.postalCode}>
          {(f) => (
            <Input
              id={f.id}
              aria-describedby={f.describedBy}
              aria-invalid={f.invalid}
              value={postalCode}
              autoComplete="postal-code"
              maxLength={7}
              className="uppercase"
              onChange={(e) => setPostalCode(e.target.value)}
            />
          )}
        </Field>
        <Field label={m.basePrice} error={errors.base} hint={m.basePriceHint}>
          {(f) => (
            <Input
              id={f.id}
              aria-describedby={f.describedBy}
              aria-invalid={f.invalid}
              inputMode="decimal"
              value={base}
              onChange={(e) => setBase(e.target.value)}
            />
          )}
        </Field>
      </div>
      <Field label={m.premium}>
        {(f) => (
          <div className="flex items-center gap-3">
            <input
              id={f.id}
              type="range"
              min={URGENT_MULTIPLIER.minPct}
              max={URGENT_MULTIPLIER.maxPct}
              step={URGENT_MULTIPLIER.stepPct}
              value={pct}
              aria-valuetext={format(m.premiumValue, { n: times(pct, locale) })}
              onChange={(e) => setPct(Number(e.target.value))}
              className="w-full accent-[var(--accent)]"
              list={`${id}-steps`}
            />
            <datalist id={`${id}-steps`}>
              {STEPS.map((step) => (
                <option key={step} value={step} />
              ))}
            </datalist>
            <output htmlFor={f.id} className="w-14 text-right font-semibold tabular-nums" data-testid="multiplier">
              {format(m.premiumValue, { n: times(pct, locale) })}
            </output>
          </div>
        )}
      </Field>
      {priced && (
        <p className="text-sm font-medium" data-testid="urgent-price">
          {format(m.priceLine, {
            price: formatCad(priced.priceCents, locale),
            premium: formatCad(priced.premiumCents, locale),
          })}
        </p>
      )}
      <Button type="submit" disabled={pending}>
        <Siren aria-hidden="true" className="size-4" />
        {pending ? m.sending : m.send}
      </Button>
    </form>
  );
}
