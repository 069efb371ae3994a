import type { Sql } from '../shared/db/postgres.ts';
import type { NotificationPreferencesEvent } from '../shared/domain/notification-preferences/events.ts';
import { NOTIFYING_EVENT_TYPES, notificationsFor } from '../shared/domain/notifications/from-events.ts';
import { defineFoldedProjection, foldedTable } from '../infrastructure/projections/folded-rows.ts';
import type { RecordedEvent } from '../shared/eventstore/types.ts';
import { isEventOf } from '../shared/eventstore/typed.ts';
import { NOTIFICATION_DRAFTS } from './notifications.ts';

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
export const emailOutboxProjection = defineFoldedProjection<
  RecordedEvent,
  { recipients: RecipientRecord; outbox: OutboxRecord }
>({
  name: 'email-outbox',
  version: 1,
  rebuildWeight: 6.8,
  rebuildTogether: NOTIFICATION_DRAFTS,
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
  tables: {
    recipients: foldedTable<RecipientRecord>('rm_email_outbox_recipients', ['user_id']),
    outbox: foldedTable<OutboxRecord>('rm_email_outbox', ['id']),
  },
  keys(recorded) {
    const event = preferenceEvent(recorded);
    if (event) return { recipients: [[event.data.userId]] };
    const drafts = notificationsFor(recorded);
    return {
      recipients: drafts.map((draft) => [draft.userId]),
      outbox: drafts.map((draft) => [draft.notificationId]),
    };
  },
  fold(recorded, { recipients, outbox }) {
    const event = preferenceEvent(recorded);
    switch (event?.type) {
      case 'EmailConsentGiven': {
        const { userId, givenAt, language } = event.data;
        recipients.put({
          ...(recipients.get([userId]) ?? newRecipient(userId)),
          consent_given_at: givenAt,
          language,
        });
        return;
      }
      case 'EmailConsentWithdrawn':
        recipients.update([event.data.userId], (row) => ({ ...row, consent_given_at: null, email_types: [] }));
        return;
      case 'NotificationPreferenceChanged': {
        const { userId, type, channel, enabled } = event.data;
        if (channel !== 'email') return;
        const row = recipients.get([userId]) ?? newRecipient(userId);
        // As array_remove then array_append did: every copy of the type out, then one at the end.
        const others = row.email_types.filter((t) => t !== type);
        recipients.put({ ...row, email_types: enabled ? [...others, type] : others });
        return;
      }
    }
    for (const draft of notificationsFor(recorded)) {
      const recipient = recipients.get([draft.userId]);
      if (!recipient || recipient.consent_given_at === null || !recipient.email_types.includes(draft.type)) continue;
      if (outbox.get([draft.notificationId])) continue;
      outbox.put({
        id: draft.notificationId,
        user_id: draft.userId,
        type: draft.type,
        title_key: draft.titleKey,
        message_key: draft.messageKey,
        values: draft.values,
        action_url: draft.actionUrl,
        language: recipient.language,
        consent_given_at: recipient.consent_given_at,
        created_at: draft.createdAt,
        status: 'pending',
        attempts: 0,
        // Due at once. The SQL this replaces took the column's default, now(): a fold has no clock,
        // and the draft's time is as due (the sender takes pending rows due by now()).
        next_attempt_at: draft.createdAt,
        last_error: null,
        sent_at: null,
      });
    }
  },
});

const preferenceEvent = (recorded: RecordedEvent) =>
  isEventOf<NotificationPreferencesEvent>(recorded, PREFERENCE_EVENT_TYPES) ? recorded : null;

/** Rows of the two tables as the fold writes them (timestamps as ISO text). */
type RecipientRecord = {
  user_id: string;
  consent_given_at: string | null;
  language: string;
  email_types: string[];
};
type OutboxRecord = {
  id: string;
  user_id: string;
  type: string;
  title_key: string;
  message_key: string;
  values: unknown;
  action_url: string | null;
  language: string;
  consent_given_at: string;
  created_at: string;
  status: OutboxStatus;
  attempts: number;
  next_attempt_at: string;
  last_error: string | null;
  sent_at: string | null;
};

/** A recipient as the table's defaults make one: no consent, English, no e-mail types. */
const newRecipient = (userId: string): RecipientRecord => ({
  user_id: userId,
  consent_given_at: null,
  language: 'en',
  email_types: [],
});

export type OutboxStatus = 'pending' | 'sent' | 'skipped' | 'failed';

/** The outbox rows of one user (tests and operators). */
export async function outboxOf(sql: Sql, userId: string) {
  return sql<{ id: string; type: string; status: OutboxStatus; attempts: number; sentAt: Date | null }[]>`
    select id, type, status, attempts, sent_at as "sentAt" from rm_email_outbox
    where user_id = ${userId} order by created_at, id`;
}
