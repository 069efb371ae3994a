import { errorSchema } from '../../../shared/http/errors.ts';

/** The refusals most booking routes may answer with. */
export const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

/** The read models a booking's pages read next (their stored names). */
export const BOOKINGS_READ_MODELS = ['bookings'] as const;
/** A cancellation refunds at once: the booking's page shows its escrow next. */
export const CANCEL_READ_MODELS = ['bookings', 'contracts', 'escrows'] as const;
export const AVAILABILITY_READ_MODELS = ['availability'] as const;
