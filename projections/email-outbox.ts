import type { Sql } from '../shared/db/postgres.ts';
import type { NotificationPreferencesEvent } from '../shared/domain/notification-preferences/events.ts';
import { NOTIFYING_EVENT_TYPES, notificationsFor } from '../shared/domain/notifications/from-events.ts';
import { defineProjection } from '../infrastructure/projections/types.ts';
import { isEventOf } from '../shared/eventstore/typed.ts';

/** Who may be e-mailed, and about what: the preference events this read model keeps. */
const PREFERENCE_EVENT_TYPES = ['NotificationPreferenceChanged', 'EmailConsentGiven', 'EmailConsentWithdrawn'] as const;

/**
 * The e-mail outbox. For each notification draft whose recipient has e-mail on for its type and
 * has given consent, one row in rm_email_outbox keyed by the draft's id (so a replay inserts
 * nothing new); the sender (shared/email/sender.ts) sends the pending rows.
 *
 * The recipient's switches are kept in this projection's own table (it reads the preference
 * events too), so the decision never depends on how far another projection has got.
 * `reset` keeps rm_email_outbox: rebuilding this projection must never send an e-mail twice.
 */
export const emailOutboxProjection = defineProjection({
  name: 'email-outbox',
  version: 1,
  handles: [...NOTIFYING_EVENT_TYPES, ...PREFERENCE_EVENT_TYPES],
  schema: `
    create table if not exists rm_email_outbox_recipients (
      user_id uuid primary key,
      consent_given_at timestamptz,
      language text not null default 'en',
      email_types text[] not null default '{}'
    );
    create table if not exists rm_email_outbox (
      id text primary key,
      user_id uuid not null,
      type text not null,
      title_key text not null,
      message_key text not null,
      values jsonb not null,
      action_url text,
      language text not null,
      consent_given_at timestamptz not null,
      created_at timestamptz not null,
      status text not null default 'pending',
      attempts integer not null default 0,
      next_attempt_at timestamptz not null default now(),
      last_error text,
      sent_at timestamptz
    );
    create index if not exists rm_email_outbox_pending on rm_email_outbox (next_attempt_at) where status = 'pending';`,
  reset: 'drop table if exists rm_email_outbox_recipients',
  async apply(tx, recorded) {
    const event = isEventOf<NotificationPreferencesEvent>(recorded, PREFERENCE_EVENT_TYPES) ? recorded : null;
    switch (event?.type) {
      case 'EmailConsentGiven':
        await tx`
          insert into rm_email_outbox_recipients (user_id, consent_given_at, language)
          values (${event.data.userId}, ${event.data.givenAt}, ${event.data.language})
          on conflict (user_id) do update
          set consent_given_at = excluded.consent_given_at, language = excluded.language`;
        return;
      case 'EmailConsentWithdrawn':
        await tx`
          update rm_email_outbox_recipients set consent_given_at = null, email_types = '{}'
          where user_id = ${event.data.userId}`;
        return;
      case 'NotificationPreferenceChanged': {
        const { userId, type, channel, enabled } = event.data;
        if (channel !== 'email') return;
        await tx`insert into rm_email_outbox_recipients (user_id) values (${userId}) on conflict do nothing`;
        await tx`
          update rm_email_outbox_recipients
          set email_types = case when ${enabled}::boolean
            then array_append(array_remove(email_types, ${type}::text), ${type}::text)
            else array_remove(email_types, ${type}::text) end
          where user_id = ${userId}`;
        return;
      }
    }
    for (const draft of notificationsFor(recorded)) {
      const [recipient] = await tx<{ consent_given_at: Date; language: string }[]>`
        select consent_given_at, language from rm_email_outbox_recipients
        where user_id = ${draft.userId} and consent_given_at is not null and ${draft.type}::text = any(email_types)`;
      if (!recipient) continue;
      await tx`
        insert into rm_email_outbox (id, user_id, type, title_key, message_key, values, action_url, language,
          consent_given_at, created_at)
        values (${draft.notificationId}, ${draft.userId}, ${draft.type}, ${draft.titleKey}, ${draft.messageKey},
          ${tx.json(draft.values)}, ${draft.actionUrl}, ${recipient.language}, ${recipient.consent_given_at},
          ${draft.createdAt})
        on conflict (id) do nothing`;
    }
  },
});

export type OutboxStatus = 'pending' | 'sent' | 'skipped' | 'failed';

/** The outbox rows of one user (tests and operators). */
export async function outboxOf(sql: Sql, userId: string) {
  return sql<{ id: string; type: string; status: OutboxStatus; attempts: number; sentAt: Date | null }[]>`
    select id, type, status, attempts, sent_at as "sentAt" from rm_email_outbox
    where user_id = ${userId} order by created_at, id`;
}
