import { useState } from 'react';
import type { Locale } from '../../i18n/locales.ts';
import { contractsMessages } from '../../i18n/messages/contracts.ts';
import { Field, Input } from '../../ui/Field.tsx';
import { formatCardNumber, formatExpiryInput, parseExpiry } from './card.ts';

export type CardInput = { number: string; expMonth: number; expYear: number; cvc: string };

/**
 * The card a payment form takes (escrow funding, plans, boosts): number, expiry and CVC, as the
 * API's card schema wants them. `read()` answers the card, or null after showing what is missing.
 */
export function useCardFields(locale: Locale) {
  const m = contractsMessages[locale];
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [error, setError] = useState<string | null>(null);

  function read(): CardInput | null {
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

  return { fields, read, clear };
}
