import { createHash } from 'node:crypto';

/**
 * The booking id of a subscription's visit, the same every time it is computed (an RFC 4122
 * name-based, SHA-1, version 5 UUID of "subscription/visit"). A job that books a visit and
 * crashes before recording it books the same id again, which the calendar refuses as existing,
 * so a visit is never booked twice.
 */
export function visitBookingId(subscriptionId: string, visitIndex: number, generation = 0): string {
  // A visit booked again after a pause (generation 1, 2…) is another booking, so another id.
  const name = `recurring-visit:${subscriptionId}/${visitIndex}${generation > 0 ? `/${generation}` : ''}`;
  const hash = createHash('sha1').update(name).digest();
  const bytes = Buffer.from(hash.subarray(0, 16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
