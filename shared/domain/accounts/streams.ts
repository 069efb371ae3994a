import { createHmac } from 'node:crypto';

export const accountStreamId = (accountId: string) => `account-${accountId}`;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * The reservation stream is named by a keyed hash of the normalised e-mail: uniqueness is
 * enforced in the log without writing the address into it.
 */
export function emailReservationStreamId(email: string, key: string): string {
  return `email-${createHmac('sha256', key).update(normaliseEmail(email)).digest('hex')}`;
}
