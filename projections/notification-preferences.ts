import type { Sql } from '../shared/db/postgres.ts';
import {
  defaultNotificationPreferences,
  type EmailConsent,
  type NotificationPreferencesState,
} from '../shared/domain/notification-preferences/decider.ts';
import {
  notificationPreferenceEventTypes,
  type EmailLanguage,
  type NotificationPreferencesEvent,
} from '../shared/domain/notification-preferences/events.ts';
import { notificationTypes, type NotificationType } from '../shared/domain/notifications/types.ts';
import { defineProjection } from '../infrastructure/projections/types.ts';

/** Each user's switches (only those changed from the default are stored) and their e-mail consent. */
export const notificationPreferencesProjection = defineProjection<NotificationPreferencesEvent>({
  name: 'notification-preferences',
  version: 1,
  handles: notificationPreferenceEventTypes,
  schema: `
    create table if not exists rm_notification_preferences (
      user_id uuid not null,
      type text not null,
      channel text not null,
      enabled boolean not null,
      changed_at timestamptz not null,
      primary key (user_id, type, channel)
    );
    create table if not exists rm_email_consent (
      user_id uuid primary key,
      given_at timestamptz not null,
      wording text not null,
      wording_version text not null,
      language text not null
    );`,
  reset: 'drop table if exists rm_notification_preferences; drop table if exists rm_email_consent;',
  async apply(tx, event) {
    switch (event.type) {
      case 'NotificationPreferenceChanged': {
        const { userId, type, channel, enabled, changedAt } = event.data;
        await tx`
          insert into rm_notification_preferences (user_id, type, channel, enabled, changed_at)
          values (${userId}, ${type}, ${channel}, ${enabled}, ${changedAt})
          on conflict (user_id, type, channel) do update
          set enabled = excluded.enabled, changed_at = excluded.changed_at`;
        return;
      }
      case 'EmailConsentGiven': {
        const { userId, givenAt, wording, wordingVersion, language } = event.data;
        await tx`
          insert into rm_email_consent (user_id, given_at, wording, wording_version, language)
          values (${userId}, ${givenAt}, ${wording}, ${wordingVersion}, ${language})
          on conflict (user_id) do update set given_at = excluded.given_at, wording = excluded.wording,
            wording_version = excluded.wording_version, language = excluded.language`;
        return;
      }
      case 'EmailConsentWithdrawn':
        await tx`delete from rm_email_consent where user_id = ${event.data.userId}`;
        await tx`
          update rm_notification_preferences set enabled = false, changed_at = ${event.data.withdrawnAt}
          where user_id = ${event.data.userId} and channel = 'email'`;
        return;
    }
  },
});

/** A user's preferences: the defaults, overlaid with what they changed. */
export async function preferencesOf(sql: Sql, userId: string): Promise<NotificationPreferencesState> {
  const state = defaultNotificationPreferences();
  const rows = await sql<{ type: NotificationType; channel: 'in_app' | 'email'; enabled: boolean }[]>`
    select type, channel, enabled from rm_notification_preferences where user_id = ${userId}`;
  for (const row of rows) {
    if (!(notificationTypes as readonly string[]).includes(row.type)) continue;
    (row.channel === 'email' ? state.email : state.inApp)[row.type] = row.enabled;
  }
  const [consent] = await sql<
    { given_at: Date; wording: string; wording_version: string; language: EmailLanguage }[]
  >`select given_at, wording, wording_version, language from rm_email_consent where user_id = ${userId}`;
  if (consent) {
    const given: EmailConsent = {
      givenAt: consent.given_at.toISOString(),
      wording: consent.wording,
      wordingVersion: consent.wording_version,
      language: consent.language,
    };
    state.consent = given;
  }
  return state;
}
