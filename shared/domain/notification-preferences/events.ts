import { z } from 'zod';
import type { EventSchemas } from '../event-schema.ts';
import { notificationTypes } from '../notifications/types.ts';

/** The two ways a notification reaches a user. In-app is on by default; e-mail is opt-in only (CASL). */
export const notificationChannels = ['in_app', 'email'] as const;
export type NotificationChannel = (typeof notificationChannels)[number];

export const emailLanguages = ['en', 'fr'] as const;
export type EmailLanguage = (typeof emailLanguages)[number];

export const notificationPreferenceChangedSchema = z.object({
  userId: z.guid(),
  type: z.enum(notificationTypes),
  channel: z.enum(notificationChannels),
  enabled: z.boolean(),
  changedAt: z.iso.datetime(),
});

/**
 * Express consent to commercial electronic messages (CASL): when, the exact sentence the user
 * saw (with its version id and language), through which channel and from which screen.
 * The language is also the one the e-mails are written in.
 */
export const emailConsentGivenSchema = z.object({
  userId: z.guid(),
  givenAt: z.iso.datetime(),
  wording: z.string(),
  wordingVersion: z.string(),
  language: z.enum(emailLanguages),
  channel: z.literal('email'),
  source: z.literal('notification-preferences'),
});

export const emailConsentWithdrawnSchema = z.object({
  userId: z.guid(),
  withdrawnAt: z.iso.datetime(),
});

export type NotificationPreferenceChanged = {
  type: 'NotificationPreferenceChanged';
  data: z.infer<typeof notificationPreferenceChangedSchema>;
};
export type EmailConsentGiven = { type: 'EmailConsentGiven'; data: z.infer<typeof emailConsentGivenSchema> };
export type EmailConsentWithdrawn = {
  type: 'EmailConsentWithdrawn';
  data: z.infer<typeof emailConsentWithdrawnSchema>;
};
export type NotificationPreferencesEvent = NotificationPreferenceChanged | EmailConsentGiven | EmailConsentWithdrawn;

export const notificationPreferencesEventSchemas = {
  NotificationPreferenceChanged: notificationPreferenceChangedSchema,
  EmailConsentGiven: emailConsentGivenSchema,
  EmailConsentWithdrawn: emailConsentWithdrawnSchema,
} as const satisfies EventSchemas<NotificationPreferencesEvent>;

export const notificationPreferenceEventTypes = [
  'NotificationPreferenceChanged',
  'EmailConsentGiven',
  'EmailConsentWithdrawn',
] as const;
