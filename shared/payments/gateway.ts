import { createHash } from 'node:crypto';
import { GATEWAY_MESSAGES } from '../domain/escrow/card-messages.ts';

/**
 * The payment-gateway port. Escrow funding charges a card, refunds go back to the charge, and
 * payouts go to the contractor. Every call carries an idempotency key: the gateway answers a
 * repeated key with the first answer and never moves money twice (a retried payout after a crash
 * is safe). The embedded default is the sandbox below; a real provider's adapter implements the
 * same port and takes a card token from its own browser SDK instead of a card number (the card
 * number never reaches this server in production: docs/decisions.md, "Payment gateway").
 */
export type CardInput = { number: string; expMonth: number; expYear: number; cvc: string };

export type ChargeResult =
  | { ok: true; paymentId: string; brand: string; last4: string }
  | { ok: false; code: 'card_declined' | 'insufficient_funds'; last4: string; message: string };

export type TransferResult = { ok: true; reference: string };

export type SavedCard = { paymentMethodId: string; brand: string; last4: string };

export interface PaymentGateway {
  readonly name: string;
  charge(input: {
    amountCents: number;
    card: CardInput;
    idempotencyKey: string;
    description: string;
  }): Promise<ChargeResult>;
  /**
   * Keeps a card on file for charges the customer agreed to in advance (a plan's renewals, a
   * recurring service's visits). The answer is the provider's token; the number is not kept.
   */
  saveCard(card: CardInput): Promise<SavedCard>;
  /** Charges a card kept with `saveCard`, e.g. a renewal. */
  chargeSaved(input: {
    amountCents: number;
    paymentMethodId: string;
    idempotencyKey: string;
    description: string;
  }): Promise<ChargeResult>;
  refund(input: { paymentId: string; amountCents: number; idempotencyKey: string }): Promise<TransferResult>;
  payout(input: { recipientId: string; amountCents: number; idempotencyKey: string }): Promise<TransferResult>;
}

/** Stripe-style test cards (any future expiry, any 3-digit CVC). */
export const SANDBOX_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

export { GATEWAY_MESSAGES } from '../domain/escrow/card-messages.ts';

/** Luhn's checksum: real card numbers pass it, typos mostly do not. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): string {
  if (digits.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  return 'card';
}

export class CardInputError extends Error {}

/**
 * The sandbox: deterministic, offline, in memory. Ids derive from the idempotency key, so the
 * same key gives the same answer even across restarts. 4242… succeeds, 4000…0002 is declined,
 * 4000…9995 has insufficient funds; any other number that passes Luhn succeeds too, like a test
 * environment's generic cards.
 */
export function createSandboxGateway(options: { now?: () => Date } = {}): PaymentGateway & {
  /** What the sandbox did, for tests: charges, refunds and payouts by idempotency key. */
  ledger: Map<string, { kind: 'charge' | 'refund' | 'payout'; amountCents: number; result: unknown }>;
} {
  const now = options.now ?? (() => new Date());
  const ledger = new Map<string, { kind: 'charge' | 'refund' | 'payout'; amountCents: number; result: unknown }>();
  const idFor = (prefix: string, key: string) =>
    `${prefix}_${createHash('sha256').update(key).digest('hex').slice(0, 24)}`;

  function remember<T>(kind: 'charge' | 'refund' | 'payout', key: string, amountCents: number, make: () => T): T {
    const scoped = `${kind}:${key}`;
    const earlier = ledger.get(scoped);
    if (earlier) return earlier.result as T;
    const result = make();
    ledger.set(scoped, { kind, amountCents, result });
    return result;
  }

  /** The card's digits once its number and expiry are valid; a CardInputError otherwise. */
  function checkedDigits(card: CardInput): string {
    const digits = card.number.replace(/[\s-]/g, '');
    if (!luhnValid(digits)) throw new CardInputError(GATEWAY_MESSAGES.invalidNumber);
    const today = now();
    const expired =
      card.expYear < today.getUTCFullYear() ||
      (card.expYear === today.getUTCFullYear() && card.expMonth < today.getUTCMonth() + 1);
    if (expired) throw new CardInputError(GATEWAY_MESSAGES.expired);
    return digits;
  }

  type Outcome = 'ok' | 'declined' | 'insufficient';
  const outcomeOf = (digits: string): Outcome =>
    digits === SANDBOX_CARDS.declined ? 'declined' : digits === SANDBOX_CARDS.insufficientFunds ? 'insufficient' : 'ok';

  function chargeOutcome(
    outcome: Outcome,
    card: { brand: string; last4: string },
    amountCents: number,
    idempotencyKey: string,
  ): ChargeResult {
    const { last4 } = card;
    return remember('charge', idempotencyKey, amountCents, (): ChargeResult => {
      if (outcome === 'declined') {
        return { ok: false, code: 'card_declined', last4, message: GATEWAY_MESSAGES.declined };
      }
      if (outcome === 'insufficient') {
        return { ok: false, code: 'insufficient_funds', last4, message: GATEWAY_MESSAGES.insufficientFunds };
      }
      return { ok: true, paymentId: idFor('ch', idempotencyKey), brand: card.brand, last4 };
    });
  }

  return {
    name: 'sandbox',
    ledger,
    async charge({ amountCents, card, idempotencyKey }) {
      const digits = checkedDigits(card);
      return chargeOutcome(
        outcomeOf(digits),
        { brand: cardBrand(digits), last4: digits.slice(-4) },
        amountCents,
        idempotencyKey,
      );
    },
    // The sandbox keeps nothing between restarts, so its token carries what the test card does
    // (and its brand and last four), never the number; a real provider keeps the card itself.
    async saveCard(card) {
      const digits = checkedDigits(card);
      const brand = cardBrand(digits);
      const last4 = digits.slice(-4);
      const fingerprint = createHash('sha256').update(digits).digest('hex').slice(0, 12);
      return { paymentMethodId: `pm_sandbox_${outcomeOf(digits)}_${brand}_${last4}_${fingerprint}`, brand, last4 };
    },
    async chargeSaved({ amountCents, paymentMethodId, idempotencyKey }) {
      const saved = /^pm_sandbox_(ok|declined|insufficient)_([a-z]+)_(\d{4})_[0-9a-f]{12}$/.exec(paymentMethodId);
      if (!saved) throw new CardInputError(GATEWAY_MESSAGES.unknownSavedCard);
      return chargeOutcome(saved[1] as Outcome, { brand: saved[2]!, last4: saved[3]! }, amountCents, idempotencyKey);
    },
    async refund({ amountCents, idempotencyKey }) {
      return remember('refund', idempotencyKey, amountCents, () => ({
        ok: true as const,
        reference: idFor('re', idempotencyKey),
      }));
    },
    async payout({ amountCents, idempotencyKey }) {
      return remember('payout', idempotencyKey, amountCents, () => ({
        ok: true as const,
        reference: idFor('po', idempotencyKey),
      }));
    },
  };
}

/**
 * Records a charge that already went through. A card is charged before its record is appended (the
 * gateway's answer is part of the record), so when the record is refused (the escrow or plan moved
 * on in between) the charge is refunded before the error goes on: money is never taken unrecorded.
 * The refund's idempotency key names the charge, so a retry refunds it once.
 */
export async function recordChargeOrRefund<T>(
  gateway: Pick<PaymentGateway, 'refund'>,
  charge: { paymentId: string; amountCents: number },
  record: () => Promise<T>,
): Promise<T> {
  try {
    return await record();
  } catch (error) {
    await gateway.refund({
      paymentId: charge.paymentId,
      amountCents: charge.amountCents,
      idempotencyKey: `${charge.paymentId}:unrecorded`,
    });
    throw error;
  }
}
