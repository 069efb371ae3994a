/** What a card payment's refusals say (shared/payments/gateway.ts); the fund body's shape names them too. */
export const GATEWAY_MESSAGES = {
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  invalidNumber: 'Your card number is incorrect.',
  expired: 'Your card has expired.',
  unknownSavedCard: 'The card on file is no longer valid. Please add a card again.',
} as const;
