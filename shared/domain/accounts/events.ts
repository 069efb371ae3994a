import { z } from 'zod';
import type { EventSchemas } from '../event-schema.ts';

/** Roles. Public sign-up offers customer and contractor; admins are created by operators. */
export const roles = ['customer', 'contractor', 'admin'] as const;
export type Role = (typeof roles)[number];
export const publicRoles = ['customer', 'contractor'] as const;
export type PublicRole = (typeof publicRoles)[number];

// The log keeps no personal data: names, e-mails, hashes and birth dates live in the accounts
// module's personal-data table. Events carry ids only.
export const accountRegisteredSchema = z.object({
  accountId: z.guid(),
  role: z.enum(roles),
  registeredAt: z.iso.datetime(),
});
export const accountClosedSchema = z.object({
  accountId: z.guid(),
  closedAt: z.iso.datetime(),
});
/** An administrator stops an account at once (docs/product.md#accounts); the reason is for the account holder and the audit. */
export const accountSuspendedSchema = z.object({
  accountId: z.guid(),
  suspendedBy: z.guid(),
  reason: z.string(),
  suspendedAt: z.iso.datetime(),
});
export const accountRestoredSchema = z.object({
  accountId: z.guid(),
  restoredBy: z.guid(),
  restoredAt: z.iso.datetime(),
});
export const emailReservedSchema = z.object({
  accountId: z.guid(),
  reservedAt: z.iso.datetime(),
});
export const emailReleasedSchema = z.object({
  accountId: z.guid(),
  releasedAt: z.iso.datetime(),
});

export type AccountRegistered = { type: 'AccountRegistered'; data: z.infer<typeof accountRegisteredSchema> };
export type AccountClosed = { type: 'AccountClosed'; data: z.infer<typeof accountClosedSchema> };
export type AccountSuspended = { type: 'AccountSuspended'; data: z.infer<typeof accountSuspendedSchema> };
export type AccountRestored = { type: 'AccountRestored'; data: z.infer<typeof accountRestoredSchema> };
export type AccountEvent = AccountRegistered | AccountClosed | AccountSuspended | AccountRestored;

export type EmailReserved = { type: 'EmailReserved'; data: z.infer<typeof emailReservedSchema> };
export type EmailReleased = { type: 'EmailReleased'; data: z.infer<typeof emailReleasedSchema> };
export type EmailReservationEvent = EmailReserved | EmailReleased;

export const accountEventSchemas = {
  AccountRegistered: accountRegisteredSchema,
  AccountClosed: accountClosedSchema,
  AccountSuspended: accountSuspendedSchema,
  AccountRestored: accountRestoredSchema,
} as const satisfies EventSchemas<AccountEvent>;

export const emailReservationEventSchemas = {
  EmailReserved: emailReservedSchema,
  EmailReleased: emailReleasedSchema,
} as const satisfies EventSchemas<EmailReservationEvent>;
