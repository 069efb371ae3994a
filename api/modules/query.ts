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
