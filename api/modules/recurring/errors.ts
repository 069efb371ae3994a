import { errorSchema } from '../../../shared/http/errors.ts';

/** The subscription view reads its visits' bookings too. */
export const RECURRING_READ_MODELS = ['recurring-services', 'bookings'] as const;
export const RECURRING_ERRORS = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
};
