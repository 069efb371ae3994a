import { useId, useState, type FormEvent } from 'react';
import { dollarsToCents, WORK_LIMITS } from '../../../shared/domain/work/rules.ts';
import { proposalBody } from '../../../shared/http/work.ts';
import { format } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { commonMessages } from '../../i18n/messages/common.ts';
import { workRuleMessages } from '../../i18n/messages/work-rules.ts';
import { workMessages } from '../../i18n/messages/work.ts';
import { localizedMessageOf } from '../../lib/server-messages.ts';
import { toast } from '../../stores/toasts.ts';
import { Button } from '../../ui/Button.tsx';
import { InfoDialog } from '../../ui/Dialog.tsx';
import { Field, Input, Textarea } from '../../ui/Field.tsx';
import { isPlanRefusal, UpgradeLink } from '../plans/UpgradeLink.tsx';
import { workApi, type Proposal, type WorkOrder } from './api.ts';
import { failureOf } from './draft.ts';
import { budgetText, todayIso } from './format.ts';

type Errors = Partial<Record<'price' | 'duration' | 'earliestStart' | 'message', string>>;

/** Hours as typed ("3.5", French "3,5") to a number, or null. */
export function parseHours(text: string): number | null {
  const cleaned = text.trim().replace(',', '.');
  if (!/^\d{1,4}(\.\d{1,2})?$/.test(cleaned)) return null;
  return Number(cleaned);
}

/** The proposal form (price, duration, earliest start, message), in a dialog over the job list. */
export function ProposalDialog({
  locale,
  order,
  open,
  onOpenChange,
  onSubmitted,
}: {
  locale: Locale;
  order: Pick<WorkOrder, 'id' | 'title' | 'budgetMinCents' | 'budgetMaxCents'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSubmitted: (proposal: Proposal) => void;
}) {
  const m = workMessages[locale];
  const id = useId();
  const [price, setPrice] = useState('');
  const [duration, setDuration] = useState('');
  const [earliestStart, setEarliestStart] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [planRefused, setPlanRefused] = useState(false);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const found: Errors = {};
    const rules = workRuleMessages[locale];
    const field = proposalBody.shape;
    const priceCents = dollarsToCents(price);
    const hours = parseHours(duration);
    // The API's body schema (shared/http/work.ts) says what is wrong, in the page's language.
    found.price = priceCents === null ? m.priceInvalid : failureOf(field.priceCents, priceCents, locale);
    found.duration = hours === null ? m.durationInvalid : failureOf(field.durationHours, hours, locale);
    found.earliestStart =
      failureOf(field.earliestStart, earliestStart, locale) ??
      (earliestStart < todayIso() ? rules.earliestStartPast : undefined);
    found.message = failureOf(field.message, message, locale);
    for (const key of Object.keys(found) as (keyof Errors)[]) if (found[key] === undefined) delete found[key];
    const text = message.trim();
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length > 0 || priceCents === null || hours === null) return;
    setPending(true);
    try {
      const { proposal } = await workApi.propose(order.id, {
        priceCents,
        durationHours: hours,
        earliestStart,
        message: text,
      });
      toast({ title: m.proposalSent, description: m.proposalSentText, variant: 'success' });
      onSubmitted(proposal);
      onOpenChange(false);
      setPrice('');
      setDuration('');
      setEarliestStart('');
      setMessage('');
    } catch (error) {
      setServerError(localizedMessageOf(error, m.proposalFailed, locale));
      setPlanRefused(isPlanRefusal(error));
    } finally {
      setPending(false);
    }
  }

  return (
    <InfoDialog
      open={open}
      onOpenChange={onOpenChange}
      title={m.proposalTitle}
      description={`${format(m.proposalFor, { title: order.title })} · ${format(m.labelled, { label: m.budget, value: budgetText(order, locale) })}`}
      closeLabel={commonMessages[locale].close}
      size="md"
      busy={pending}
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
            {m.cancel}
          </Button>
          <Button type="submit" form={`${id}-form`} disabled={pending}>
            {pending ? m.submitting : m.submitProposal}
          </Button>
        </>
      }
    >
      <form id={`${id}-form`} noValidate onSubmit={submit} className="space-y-4">
        {serverError && (
          <p role="alert" className="rounded-lg border border-danger/40 bg-danger/5 p-3 text-sm text-danger">
            {serverError}
            {planRefused && (
              <>
                {' '}
                <UpgradeLink locale={locale} />
              </>
            )}
          </p>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={m.price} error={errors.price}>
            {(f) => (
              <Input
                id={f.id}
                aria-describedby={f.describedBy}
                aria-invalid={f.invalid}
                inputMode="decimal"
                value={price}
                onChange={(e) => setPrice(e.target.value)}
              />
            )}
          </Field>
          <Field label={m.duration} error={errors.duration} hint={m.durationHint}>
            {(f) => (
              <Input
                id={f.id}
                aria-describedby={f.describedBy}
                aria-invalid={f.invalid}
                inputMode="decimal"
                value={duration}
                onChange={(e) => setDuration(e.target.value)}
              />
            )}
          </Field>
        </div>
        <Field label={m.earliestStart} error={errors.earliestStart}>
          {(f) => (
            <Input
              id={f.id}
              aria-describedby={f.describedBy}
              aria-invalid={f.invalid}
              type="date"
              min={todayIso()}
              value={earliestStart}
              className="max-w-48"
              onChange={(e) => setEarliestStart(e.target.value)}
            />
          )}
        </Field>
        <Field label={m.message} error={errors.message} hint={m.messageHint}>
          {(f) => (
            <Textarea
              id={f.id}
              aria-describedby={f.describedBy}
              aria-invalid={f.invalid}
              rows={5}
              value={message}
              maxLength={WORK_LIMITS.proposalMessageMax + 50}
              onChange={(e) => setMessage(e.target.value)}
            />
          )}
        </Field>
      </form>
    </InfoDialog>
  );
}
