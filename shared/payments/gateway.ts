import { createHash } from 'node:crypto';

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

export interface PaymentGateway {
  readonly name: string;
  charge(input: {
    amountCents: number;
    card: CardInput;
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

export const GATEWAY_MESSAGES = {
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  invalidNumber: 'Your card number is incorrect.',
  expired: 'Your card has expired.',
} as const;

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

  return {
    name: 'sandbox',
    ledger,
    async charge({ amountCents, card, idempotencyKey }) {
      const digits = card.number.replace(/[\s-]/g, '');
      if (!luhnValid(digits)) throw new CardInputError(GATEWAY_MESSAGES.invalidNumber);
      const today = now();
      const expired =
        card.expYear < today.getUTCFullYear() ||
        (card.expYear === today.getUTCFullYear() && card.expMonth < today.getUTCMonth() + 1);
      if (expired) throw new CardInputError(GATEWAY_MESSAGES.expired);
      const last4 = digits.slice(-4);
      return remember('charge', idempotencyKey, amountCents, (): ChargeResult => {
        if (digits === SANDBOX_CARDS.declined) {
          return { ok: false, code: 'card_declined', last4, message: GATEWAY_MESSAGES.declined };
        }
        if (digits === SANDBOX_CARDS.insufficientFunds) {
          return { ok: false, code: 'insufficient_funds', last4, message: GATEWAY_MESSAGES.insufficientFunds };
        }
        return { ok: true, paymentId: idFor('ch', idempotencyKey), brand: cardBrand(digits), last4 };
      });
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
