import { errorSchema } from '../../../shared/http/errors.ts';

/** What a dispute answer waits for: the case, the escrow it froze or distributed, and the payouts. */
export const DISPUTE_READ_MODELS = ['disputes', 'escrows', 'payouts'] as const;

export const DISPUTE_ERRORS = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
  413: errorSchema,
  415: errorSchema,
  422: errorSchema,
};
