/** What the API answers about an Idempotency-Key (api/plugins/idempotency.ts); the site translates them. */
export const IDEMPOTENCY_MESSAGES = {
  required: 'An Idempotency-Key header is required for this request (1 to 255 visible characters, e.g. a UUID).',
  invalid: 'The Idempotency-Key header must be 1 to 255 visible characters (e.g. a UUID).',
  reused: 'This Idempotency-Key was already used for a different request.',
  inFlight: 'A request with this Idempotency-Key is still being processed. Retry in a moment.',
} as const;
