import { useEffect, useId, useRef, useState } from 'react';
import type { Locale } from '../../i18n/locales.ts';
import { contractsMessages } from '../../i18n/messages/contracts.ts';
import { Field, Input } from '../../ui/Field.tsx';
import { formatCardNumber, formatExpiryInput, parseExpiry, paymentFailureText } from './card.ts';

export type CardInput = { number: string; expMonth: number; expYear: number; cvc: string };

type Failure = { title: string; text: string };

/**
 * The card a payment form takes (escrow funding, plans, boosts, recurring services): number, expiry
 * and CVC, as the API's card schema wants them, and what the form says when a payment fails.
 * `read()` answers the card, or null after showing what is missing; it starts a new try, so it
 * takes away the last failure. `fail(error)` shows why the payment failed where the eye is:
 * `failure` goes beside the Pay button (`failureId` describes it), is announced, takes the focus,
 * keeps what was typed and stays until the next try, unlike a passing toast. `clear()` after a
 * success empties the card and the failure.
 */
export function useCardFields(locale: Locale) {
  const m = contractsMessages[locale];
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const failureRef = useRef<HTMLParagraphElement>(null);
  const failureId = useId();
  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);

  /**
   * Shows why the payment failed. `failureCode` is the gateway's code when the caller knows it;
   * `fallback` the form's words for an answer without a message; `title` replaces "Payment failed"
   * when the form does more than pay.
   */
  function fail(error: unknown, options: { fallback: string; failureCode?: string | null; title?: string }) {
    setFailure({
      title: options.title ?? `${m.payFailed}.`,
      text: paymentFailureText(error, options.failureCode ?? null, m, options.fallback),
    });
  }

  function read(): CardInput | null {
    setFailure(null);
    const exp = parseExpiry(expiry);
    const digits = number.replace(/\D/g, '');
    if (digits.length < 12 || !exp || !/^\d{3,4}$/.test(cvc)) {
      setError(m.cardIncomplete);
      return null;
    }
    setError(null);
    return { number: digits, expMonth: exp.month, expYear: exp.year, cvc };
  }

  function clear() {
    setNumber('');
    setExpiry('');
    setCvc('');
    setError(null);
    setFailure(null);
  }

  const fields = (
    <>
      <Field label={m.cardNumber} hint={m.sandboxHint}>
        {(ids) => (
          <Input
            id={ids.id}
            aria-describedby={ids.describedBy}
            inputMode="numeric"
            autoComplete="cc-number"
            value={number}
            onChange={(event) => setNumber(formatCardNumber(event.target.value))}
            placeholder="4242 4242 4242 4242"
          />
        )}
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field label={m.cardExpiry}>
          {(ids) => (
            <Input
              id={ids.id}
              inputMode="numeric"
              autoComplete="cc-exp"
              value={expiry}
              onChange={(event) => setExpiry(formatExpiryInput(event.target.value))}
              placeholder="12/30"
            />
          )}
        </Field>
        <Field label={m.cardCvc}>
          {(ids) => (
            <Input
              id={ids.id}
              inputMode="numeric"
              autoComplete="cc-csc"
              maxLength={4}
              value={cvc}
              onChange={(event) => setCvc(event.target.value.replace(/\D/g, ''))}
              placeholder="123"
            />
          )}
        </Field>
      </div>
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
    </>
  );

  const failureNode = failure ? (
    <p
      id={failureId}
      ref={failureRef}
      role="alert"
      tabIndex={-1}
      data-testid="pay-error"
      className="min-w-[12rem] flex-1 rounded-md border border-danger/40 bg-danger/5 px-3 py-2 text-sm text-danger focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-danger"
    >
      <strong className="font-semibold">{failure.title}</strong> {failure.text}
    </p>
  ) : null;

  return {
    fields,
    read,
    clear,
    fail,
    /** The failed payment's message, for beside the Pay button; null while there is none. */
    failure: failureNode,
    /** For the Pay button's aria-describedby while a failure shows. */
    failureId: failure ? failureId : undefined,
  };
}
