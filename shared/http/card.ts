import { z } from 'zod';
import { GATEWAY_MESSAGES } from '../domain/escrow/card-messages.ts';

/** What a card refusal says before the gateway sees it (the number's refusal is the gateway's own text). */
export const CARD_MESSAGES = {
  invalidNumber: GATEWAY_MESSAGES.invalidNumber,
  expMonth: 'expMonth must be the card’s expiry month, 1 to 12',
  expYear: 'expYear must be the card’s four-digit expiry year',
  cvc: 'The CVC is the 3 or 4 digits on the card',
  shape: 'card must be { number, expMonth, expYear, cvc }',
} as const;

/**
 * A card as the payment routes take it (escrow funding, plans, boosts, recurring subscriptions);
 * the sandbox's test cards work the same way.
 */
export const cardInput = z.strictObject(
  {
    number: z
      .string({ error: CARD_MESSAGES.invalidNumber })
      .regex(/^[\d -]{12,23}$/, { error: CARD_MESSAGES.invalidNumber }),
    expMonth: z
      .number({ error: CARD_MESSAGES.expMonth })
      .int({ error: CARD_MESSAGES.expMonth })
      .min(1, { error: CARD_MESSAGES.expMonth })
      .max(12, { error: CARD_MESSAGES.expMonth }),
    expYear: z
      .number({ error: CARD_MESSAGES.expYear })
      .int({ error: CARD_MESSAGES.expYear })
      .min(2000, { error: CARD_MESSAGES.expYear })
      .max(2100, { error: CARD_MESSAGES.expYear }),
    cvc: z.string({ error: CARD_MESSAGES.cvc }).regex(/^\d{3,4}$/, { error: CARD_MESSAGES.cvc }),
  },
  { error: CARD_MESSAGES.shape },
);

/** A body that is only a card (funding an escrow). */
export const fundBody = z.strictObject({ card: cardInput });
