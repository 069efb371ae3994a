import { useState, type FormEvent } from 'react';
import type { Locale } from '../../i18n/locales.ts';
import { plansMessages } from '../../i18n/messages/plans.ts';
import { Button } from '../../ui/Button.tsx';
import { InfoDialog } from '../../ui/Dialog.tsx';
import { useCardFields, type CardInput } from '../contracts/CardFields.tsx';

/**
 * The card form in a dialog, for an upgrade or a paid boost. `onPay` throws when the payment
 * fails: the dialog stays open with the card as typed and says why beside the Pay button.
 */
export function PayDialog({
  open,
  onOpenChange,
  title,
  intro,
  submitLabel,
  failedLabel,
  locale,
  onPay,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  intro: string;
  submitLabel: string;
  /** What the failure says when the server gave no reason. */
  failedLabel: string;
  locale: Locale;
  onPay: (card: CardInput) => Promise<void>;
}) {
  const m = plansMessages[locale];
  const card = useCardFields(locale);
  const [pending, setPending] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = card.read();
    if (!input) return;
    setPending(true);
    try {
      await onPay(input);
      card.clear();
      onOpenChange(false);
    } catch (error) {
      card.fail(error, { fallback: failedLabel });
    } finally {
      setPending(false);
    }
  }
  return (
    <InfoDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={intro}
      closeLabel={m.close}
      size="md"
      busy={pending}
      footer={
        <>
          {card.failure}
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
            {m.close}
          </Button>
          <Button type="submit" form="pay-form" disabled={pending} aria-describedby={card.failureId}>
            {pending ? m.paying : submitLabel}
          </Button>
        </>
      }
    >
      <form id="pay-form" noValidate onSubmit={(event) => void submit(event)} className="space-y-3">
        {card.fields}
      </form>
    </InfoDialog>
  );
}
