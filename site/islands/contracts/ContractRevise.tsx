import { type FormEvent, useState } from 'react';
import type { Locale } from '../../i18n/locales.ts';
import { contractsMessages } from '../../i18n/messages/contracts.ts';
import { formatCad } from '../../i18n/money.ts';
import { ApiError, messageOf } from '../../lib/api.ts';
import { toast } from '../../stores/toasts.ts';
import { Button, buttonClasses } from '../../ui/Button.tsx';
import { Field, Input, Textarea } from '../../ui/Field.tsx';
import { reviseContract, type Contract } from './api.ts';

/**
 * The terms editor of a contract before both signed (ContractDetail.tsx): title, scope and price;
 * saving makes a new version and voids the earlier signatures.
 */
export function ContractRevise({
  locale,
  jobId,
  contract,
  onRevised,
  onStale,
}: {
  locale: Locale;
  jobId: string;
  contract: Contract;
  /** The new version, as the server answered it. */
  onRevised: (next: Contract) => void;
  /** Someone else changed the contract first (409): reload it. */
  onStale: () => Promise<void>;
}) {
  const m = contractsMessages[locale];
  const [revising, setRevising] = useState(false);
  const [draft, setDraft] = useState({ title: '', scope: '', price: '' });
  const [draftError, setDraftError] = useState<string | null>(null);

  function openRevise() {
    setDraft({
      title: contract.terms.title,
      scope: contract.terms.scope,
      price: contract.priceCents === null ? '' : (contract.priceCents / 100).toFixed(2),
    });
    setDraftError(null);
    setRevising(true);
  }

  async function saveRevision(event: FormEvent) {
    event.preventDefault();
    const body: { version: number; title?: string; scope?: string; priceCents?: number } = {
      version: contract.version,
    };
    if (draft.title.trim() !== contract.terms.title) body.title = draft.title.trim();
    if (draft.scope.trim() !== contract.terms.scope) body.scope = draft.scope.trim();
    if (draft.price.trim() !== '') {
      const dollars = Number(draft.price.replace(/[\s,$]/g, '').replace(/(\d)[.,](\d{1,2})$/, '$1.$2'));
      const cents = Math.round(dollars * 100);
      if (!Number.isFinite(dollars) || cents < 100 || cents > 100_000_000) {
        setDraftError(m.priceInvalid);
        return;
      }
      if (cents !== contract.priceCents) body.priceCents = cents;
    }
    try {
      const next = await reviseContract(jobId, body);
      onRevised(next);
      setRevising(false);
      toast({ title: m.revised, variant: 'success' });
    } catch (error) {
      setDraftError(messageOf(error, m.reviseFailed));
      if (error instanceof ApiError && error.status === 409) await onStale();
    }
  }

  return (
    <section className="rounded-xl border border-border bg-surface p-4 sm:p-5" data-print="hide">
      {!revising ? (
        <button type="button" className={buttonClasses('outline', 'sm')} onClick={openRevise}>
          {m.reviseTitle}
        </button>
      ) : (
        <form onSubmit={(event) => void saveRevision(event)} className="space-y-4" aria-labelledby="revise-title">
          <h2 id="revise-title" className="text-lg font-semibold">
            {m.reviseTitle}
          </h2>
          <p className="rounded-lg bg-surface-2 p-3 text-sm" role="note">
            {m.reviseWarning}
          </p>
          <Field label={m.reviseTitleLabel}>
            {(ids) => (
              <Input
                id={ids.id}
                value={draft.title}
                maxLength={120}
                onChange={(e) => setDraft({ ...draft, title: e.target.value })}
              />
            )}
          </Field>
          <Field label={m.reviseScope}>
            {(ids) => (
              <Textarea
                id={ids.id}
                value={draft.scope}
                maxLength={5000}
                onChange={(e) => setDraft({ ...draft, scope: e.target.value })}
              />
            )}
          </Field>
          <Field
            label={m.revisePrice}
            hint={contract.priceCents !== null ? formatCad(contract.priceCents, locale) : undefined}
          >
            {(ids) => (
              <Input
                id={ids.id}
                inputMode="decimal"
                value={draft.price}
                onChange={(e) => setDraft({ ...draft, price: e.target.value })}
              />
            )}
          </Field>
          {draftError && (
            <p role="alert" className="text-sm text-danger">
              {draftError}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <Button type="submit">{m.reviseSave}</Button>
            <button type="button" className={buttonClasses('outline')} onClick={() => setRevising(false)}>
              {m.cancel}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
