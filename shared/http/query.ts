import { z } from 'zod';

/**
 * A whole-number query parameter such as `limit` or `offset`: query strings carry text, so it is
 * coerced, and every way it can be wrong (not a number, a fraction, out of range) answers the
 * same clear message.
 */
export function wholeNumberQuery(name: string, range: { min: number; max: number; default: number }) {
  const error = `${name} must be a whole number from ${range.min} to ${range.max}`;
  return z.coerce
    .number({ error })
    .int({ error })
    .min(range.min, { error })
    .max(range.max, { error })
    .default(range.default);
}

/**
 * A latitude or longitude in a query string. Rounded to 6 decimals (about 11 cm): no search needs
 * more, and a subnormal such as 3e-323 would make PostgreSQL's float arithmetic fail with an
 * underflow (a 500) in the distance formula.
 */
export function coordinateQuery(axis: 'lat' | 'lng') {
  const limit = axis === 'lat' ? 90 : 180;
  const error = `${axis} must be a ${axis === 'lat' ? 'latitude' : 'longitude'} from -${limit} to ${limit}`;
  return z.coerce
    .number({ error })
    .min(-limit, { error })
    .max(limit, { error })
    .transform((value) => Math.round(value * 1e6) / 1e6 || 0);
}
