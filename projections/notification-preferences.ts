import type { Sql } from '../shared/db/postgres.ts';
import {
  defaultNotificationPreferences,
  type EmailConsent,
  type NotificationPreferencesState,
} from '../shared/domain/notification-preferences/decider.ts';
import {
  notificationPreferenceEventTypes,
  type EmailLanguage,
  type NotificationChannel,
  type NotificationPreferencesEvent,
} from '../shared/domain/notification-preferences/events.ts';
import { notificationTypes, type NotificationType } from '../shared/domain/notifications/types.ts';
import { defineFoldedProjection, foldedTable } from '../infrastructure/projections/folded-rows.ts';

/** Each user's switches (only those changed from the default are stored) and their e-mail consent. */
export const notificationPreferencesProjection = defineFoldedProjection<
  NotificationPreferencesEvent,
  { preferences: PreferenceRecord; consent: ConsentRecord }
>({
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
  tables: {
    preferences: foldedTable<PreferenceRecord>('rm_notification_preferences', ['user_id', 'type', 'channel']),
    consent: foldedTable<ConsentRecord>('rm_email_consent', ['user_id']),
  },
  keys(event) {
    switch (event.type) {
      case 'NotificationPreferenceChanged': {
        const { userId, type, channel } = event.data;
        return { preferences: [[userId, type, channel]] };
      }
      case 'EmailConsentGiven':
        return { consent: [[event.data.userId]] };
      case 'EmailConsentWithdrawn':
        // Every e-mail switch the user may have: a row's type is one the change event's schema
        // accepts, and that is this list.
        return {
          consent: [[event.data.userId]],
          preferences: notificationTypes.map((type) => [event.data.userId, type, 'email']),
        };
    }
  },
  fold(event, { preferences, consent }) {
    switch (event.type) {
      case 'NotificationPreferenceChanged': {
        const { userId, type, channel, enabled, changedAt } = event.data;
        preferences.put({ user_id: userId, type, channel, enabled, changed_at: changedAt });
        return;
      }
      case 'EmailConsentGiven': {
        const { userId, givenAt, wording, wordingVersion, language } = event.data;
        consent.put({ user_id: userId, given_at: givenAt, wording, wording_version: wordingVersion, language });
        return;
      }
      case 'EmailConsentWithdrawn': {
        const { userId, withdrawnAt } = event.data;
        consent.delete([userId]);
        for (const type of notificationTypes) {
          preferences.update([userId, type, 'email'], (row) => ({ ...row, enabled: false, changed_at: withdrawnAt }));
        }
        return;
      }
    }
  },
});

/** Rows of the two tables as the fold writes them (timestamps as ISO text). */
type PreferenceRecord = {
  user_id: string;
  type: NotificationType;
  channel: NotificationChannel;
  enabled: boolean;
  changed_at: string;
};
type ConsentRecord = {
  user_id: string;
  given_at: string;
  wording: string;
  wording_version: string;
  language: EmailLanguage;
};

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
