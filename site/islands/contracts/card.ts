/** Card input helpers for the payment forms (the sandbox takes the number; a real gateway its own field). */

import { ApiError, messageOf } from '../../lib/api.ts';

/** Digits only, at most 19, shown in groups of four: "4242 4242 4242 4242". */
export function formatCardNumber(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "MM/YY" (or "MM/YYYY") → month and four-digit year; null when not a real month. */
export function parseExpiry(raw: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(raw);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/** Typing "122" becomes "12/2": the slash appears by itself after the month. */
export function formatExpiryInput(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 4);
  return digits.length <= 2 ? digits : `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

/** Per-100,000 tax rate as a percentage number: 9975 → 9.975. */
export const pcmToPercent = (ratePcm: number) => ratePcm / 1000;
/** Basis points as a percentage number: 600 → 6. */
export const bpsToPercent = (rateBps: number) => rateBps / 100;

/** The texts a failed payment is told with (contractsMessages). */
export type PaymentFailureTexts = {
  payNetwork: string;
  payDeclined: string;
  payInsufficient: string;
  payNothingCharged: string;
};

/**
 * Why a payment failed, in the viewer's language: no answer at all is a network failure; a refusal
 * whose gateway code is known (the escrow records it) is told by that code; any other refusal of
 * the card (402, in the server's words and language) says that nothing was charged; anything else
 * is the server's message, else the form's own fallback.
 */
export function paymentFailureText(
  error: unknown,
  failureCode: string | null,
  m: PaymentFailureTexts,
  fallback: string,
): string {
  if (!(error instanceof ApiError)) return m.payNetwork;
  if (error.status === 402 && failureCode === 'card_declined') return m.payDeclined;
  if (error.status === 402 && failureCode === 'insufficient_funds') return m.payInsufficient;
  if (error.status === 402) return `${messageOf(error, fallback)} ${m.payNothingCharged}`;
  return messageOf(error, fallback);
}
