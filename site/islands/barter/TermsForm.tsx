import { useState, type FormEvent, type ReactNode } from 'react';
import type { Locale } from '../../i18n/locales.ts';
import { barterTradeMessages } from '../../i18n/messages/barter-trades.ts';
import { Button } from '../../ui/Button.tsx';
import { Field, Input, Textarea } from '../../ui/Field.tsx';
import { counterBody } from '../../../shared/http/barter.ts';
import type { BarterTerms } from './api.ts';

type TermsField = 'gives' | 'giveHours' | 'takeHours';
/** The body's fields as the form names them (the note has its maxLength: it cannot be wrong). */
const fieldOf: Partial<Record<PropertyKey, TermsField>> = {
  proposerGives: 'gives',
  proposerHours: 'giveHours',
  recipientHours: 'takeHours',
};

/** Hours as typed, with a decimal point or comma ("1,5"); the schema checks the half-hour steps. */
const hoursOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim().replace(',', '.')));

/**
 * One round of terms: what the proposer gives, both sides' hours and a note. Checked here with
 * the API's own body schema, so a mistake is shown at its field before anything is sent.
 */
export function TermsForm({
  locale,
  initial,
  submitLabel,
  onSubmit,
  onCancel,
  failure,
  intro,
}: {
  locale: Locale;
  initial?: BarterTerms;
  submitLabel: string;
  onSubmit: (terms: BarterTerms) => Promise<void>;
  onCancel: () => void;
  failure: string | null;
  intro?: ReactNode;
}) {
  const m = barterTradeMessages[locale];
  const [gives, setGives] = useState(initial?.proposerGives ?? '');
  const [giveHours, setGiveHours] = useState(initial ? String(initial.proposerHours) : '');
  const [takeHours, setTakeHours] = useState(initial ? String(initial.recipientHours) : '');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Partial<Record<TermsField, string>>>({});
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = counterBody.safeParse({
      proposerGives: gives,
      proposerHours: hoursOf(giveHours),
      recipientHours: hoursOf(takeHours),
      message: message.trim() || null,
    });
    const found: typeof errors = {};
    for (const issue of checked.error?.issues ?? []) {
      const field = fieldOf[issue.path[0] ?? ''];
      if (field) found[field] = field === 'gives' ? m.givesInvalid : m.hoursInvalid;
    }
    setErrors(found);
    if (!checked.success) return;
    setPending(true);
    try {
      await onSubmit(checked.data);
    } finally {
      setPending(false);
    }
  }

  return (
    <form className="space-y-4" onSubmit={(event) => void submit(event)} noValidate>
      {intro}
      <Field label={m.youGive} hint={m.youGiveHint} error={errors.gives}>
        {({ id, describedBy, invalid }) => (
          <Textarea
            id={id}
            rows={3}
            maxLength={500}
            value={gives}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            onChange={(event) => setGives(event.target.value)}
          />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={m.yourHours} hint={m.hoursHint} error={errors.giveHours}>
          {({ id, describedBy, invalid }) => (
            <Input
              id={id}
              inputMode="decimal"
              value={giveHours}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              onChange={(event) => setGiveHours(event.target.value)}
            />
          )}
        </Field>
        <Field label={m.theirHours} hint={m.hoursHint} error={errors.takeHours}>
          {({ id, describedBy, invalid }) => (
            <Input
              id={id}
              inputMode="decimal"
              value={takeHours}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              onChange={(event) => setTakeHours(event.target.value)}
            />
          )}
        </Field>
      </div>
      <Field label={m.message}>
        {({ id }) => (
          <Textarea
            id={id}
            rows={2}
            maxLength={1000}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
          />
        )}
      </Field>
      {failure && (
        <p role="alert" className="text-sm text-danger">
          {failure}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
          {m.cancel}
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? m.sending : submitLabel}
        </Button>
      </div>
    </form>
  );
}
