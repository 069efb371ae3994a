import type { Sql, TransactionSql } from '../shared/db/postgres.ts';
import type { NotificationActionEvent } from '../shared/domain/notifications/events.ts';
import { NOTIFICATION_ACTION_EVENT_TYPES } from '../shared/domain/notifications/events.ts';
import { NOTIFYING_EVENT_TYPES, notificationsFor } from '../shared/domain/notifications/from-events.ts';
import type { NotificationPriority, NotificationType } from '../shared/domain/notifications/types.ts';
import { COPY_MIN_ROWS, copyIfMany } from '../infrastructure/projections/copy-rows.ts';
import { insertNewRows } from '../infrastructure/projections/insert-rows.ts';
import { KeyFilter } from '../infrastructure/projections/key-filter.ts';
import { defineProjection } from '../infrastructure/projections/types.ts';
import { asRecordedEvents, isEventOf } from '../shared/eventstore/typed.ts';
import type { RecordedEvent } from '../shared/eventstore/types.ts';

/**
 * PostgreSQL channel on which this projection announces "user X's notifications changed". NOTIFY
 * is transactional: it is delivered only when the batch transaction commits, so a listener never
 * hears about a change it cannot read yet, and a rolled-back batch announces nothing. It works
 * whichever process runs the projection (the API's in-process runner or a separate worker);
 * api/modules/notifications/notifier.ts turns it into the live updates.
 */
export const NOTIFICATIONS_CHANGED_CHANNEL = 'rm_notifications_changed';

const HANDLED = [...NOTIFYING_EVENT_TYPES, ...NOTIFICATION_ACTION_EVENT_TYPES];

/**
 * The read models that draft each event's notifications (`notificationsFor`, kept per event object):
 * a rebuild keeps them in one process, which drafts each event once for both.
 */
export const NOTIFICATION_DRAFTS = 'notification drafts';

/** Each user's notifications (the popover, /notifications and the unread count). */
export const notificationsProjection = defineProjection({
  name: 'notifications',
  version: 1,
  rebuildWeight: 13.5,
  rebuildTogether: NOTIFICATION_DRAFTS,
  handles: HANDLED,
  schema: `
    create table if not exists rm_notifications (
      id uuid primary key,
      user_id uuid not null,
      type text not null,
      priority text not null,
      title_key text not null,
      message_key text not null,
      "values" jsonb not null default '{}'::jsonb,
      action_url text,
      booking_start_time timestamptz,
      is_read boolean not null default false,
      deleted boolean not null default false,
      created_at timestamptz not null
    );
    create index if not exists rm_notifications_by_user on rm_notifications (user_id, created_at desc, id desc)
      where not deleted;`,
  reset: 'drop table if exists rm_notifications',
  async apply(tx, recorded) {
    const changed = new Set<string>();
    // Events from other modules become notifications through the one shared mapping.
    for (const draft of notificationsFor(recorded)) {
      await tx`
        insert into rm_notifications (id, user_id, type, priority, title_key, message_key, "values", action_url,
          booking_start_time, created_at)
        values (${draft.notificationId}, ${draft.userId}, ${draft.type}, ${draft.priority}, ${draft.titleKey},
          ${draft.messageKey}, ${tx.json(draft.values)}, ${draft.actionUrl}, ${draft.bookingStartTime},
          ${draft.createdAt})
        on conflict (id) do nothing`;
      changed.add(draft.userId);
    }
    const event = isEventOf<NotificationActionEvent>(recorded, NOTIFICATION_ACTION_EVENT_TYPES) ? recorded : null;
    switch (event?.type) {
      case 'NotificationRead':
        await tx`
          update rm_notifications set is_read = true
          where id = ${event.data.notificationId} and user_id = ${event.data.userId}`;
        changed.add(event.data.userId);
        break;
      case 'AllNotificationsRead':
        // "All" is every notification projected before this event: the log's order, not a clock.
        await tx`update rm_notifications set is_read = true where user_id = ${event.data.userId} and not is_read`;
        changed.add(event.data.userId);
        break;
      case 'NotificationDeleted':
        // Kept as a tombstone so a replayed or late read cannot bring it back.
        await tx`
          update rm_notifications set deleted = true
          where id = ${event.data.notificationId} and user_id = ${event.data.userId}`;
        changed.add(event.data.userId);
        break;
    }
    for (const userId of changed) {
      await tx`select pg_notify(${NOTIFICATIONS_CHANGED_CHANNEL}, ${`${userId} ${recorded.position.commit}/${recorded.position.prepare}`})`;
    }
  },
  /**
   * A batch in a few statements, equal to `apply` on each event in turn (tests/projections.rebuild-
   * equivalence.test.ts and tests/projection.notifications-batch.test.ts).
   */
  applyAll: (tx, events) => applyNotifications(tx, events, (rows) => insertNewRows(tx, 'rm_notifications', 'id', rows)),
  /**
   * A from-zero rebuild writes its new rows by COPY (infrastructure/projections/copy-rows.ts), which
   * has no `on conflict do nothing`. A notification's id comes from its event's id, and an event id
   * is unique within its stream only, so the ids written so far are kept in a filter: a row whose id
   * is certainly new is copied, one that perhaps was written (about 1 in 100) goes through the insert
   * that leaves an existing row be, as do all of a window's rows when they are few.
   */
  rebuild(options) {
    const copyMinRows = options?.copyMinRows ?? COPY_MIN_ROWS;
    const written = new KeyFilter();
    return {
      async start() {},
      applyAll: (tx, events) =>
        applyNotifications(tx, asRecordedEvents(events, HANDLED), async (rows) => {
          const fresh: NotificationInsert[] = [];
          const perhapsWritten: NotificationInsert[] = [];
          for (const row of rows) {
            (written.has(row.id) ? perhapsWritten : fresh).push(row);
            written.add(row.id);
          }
          const uncopied = await copyIfMany(tx, 'rm_notifications', fresh, copyMinRows);
          await insertNewRows(tx, 'rm_notifications', 'id', perhapsWritten.concat(uncopied));
        }),
      async finish() {},
    };
  },
});

/**
 * Applies a batch of handled events in a few statements, `insert` writing the batch's new rows.
 * Every change after an insert only ever sets a flag (read, deleted), so the order that matters is
 * one: "all read" marks the notifications that existed when it happened. Those already in the table
 * are marked before the batch's new rows go in, and the batch's own earlier rows are marked in
 * memory; a single read or delete is applied after the inserts, to whichever row has the id.
 */
async function applyNotifications(
  tx: TransactionSql,
  events: readonly RecordedEvent[],
  insert: (rows: NotificationInsert[]) => Promise<void>,
) {
  const inserted = new Map<string, NotificationInsert>();
  const readEveryOf = new Set<string>();
  const readOne: { id: string; user_id: string }[] = [];
  const deletedOne: { id: string; user_id: string }[] = [];
  const changed = new Map<string, RecordedEvent>();
  for (const recorded of events) {
    for (const draft of notificationsFor(recorded)) {
      // `on conflict do nothing`: the first draft of an id wins, in the batch as in the table.
      if (!inserted.has(draft.notificationId)) {
        inserted.set(draft.notificationId, {
          id: draft.notificationId,
          user_id: draft.userId,
          type: draft.type,
          priority: draft.priority,
          title_key: draft.titleKey,
          message_key: draft.messageKey,
          values: draft.values,
          action_url: draft.actionUrl,
          booking_start_time: draft.bookingStartTime,
          is_read: false,
          deleted: false,
          created_at: draft.createdAt,
        });
      }
      changed.set(draft.userId, recorded);
    }
    const event = isEventOf<NotificationActionEvent>(recorded, NOTIFICATION_ACTION_EVENT_TYPES) ? recorded : null;
    if (!event) continue;
    const { userId } = event.data;
    changed.set(userId, recorded);
    if (event.type === 'AllNotificationsRead') {
      readEveryOf.add(userId);
      for (const row of inserted.values()) if (row.user_id === userId) row.is_read = true;
    } else {
      const target = { id: event.data.notificationId, user_id: userId };
      (event.type === 'NotificationRead' ? readOne : deletedOne).push(target);
    }
  }
  if (readEveryOf.size > 0) {
    await tx`update rm_notifications set is_read = true where user_id = any(${[...readEveryOf]}::uuid[]) and not is_read`;
  }
  await insert([...inserted.values()]);
  for (const [targets, column] of [
    [readOne, 'is_read'],
    [deletedOne, 'deleted'],
  ] as const) {
    if (targets.length === 0) continue;
    await tx.unsafe(
      `update rm_notifications n set ${column} = true
       from jsonb_to_recordset($1::text::jsonb) as k(id uuid, user_id uuid)
       where n.id = k.id and n.user_id = k.user_id`,
      [JSON.stringify(targets)],
    );
  }
  // One statement for the batch's announcements: a rebuild's batch changes thousands of users,
  // and a round trip each was most of its time.
  if (changed.size > 0) {
    const payloads = [...changed].map(([userId, last]) => `${userId} ${last.position.commit}/${last.position.prepare}`);
    await tx`select pg_notify(${NOTIFICATIONS_CHANGED_CHANNEL}, payload) from unnest(${payloads}::text[]) as payload`;
  }
}

/** A new row of rm_notifications as JSON for `insertNewRows` (timestamps as ISO 8601 text). */
type NotificationInsert = Omit<Row, 'booking_start_time' | 'created_at'> & {
  user_id: string;
  booking_start_time: string | null;
  deleted: boolean;
  created_at: string;
};

export type NotificationRow = {
  id: string;
  type: NotificationType;
  priority: NotificationPriority;
  titleKey: string;
  messageKey: string;
  values: Record<string, string | number>;
  actionUrl: string | null;
  bookingStartTime: Date | null;
  isRead: boolean;
  createdAt: Date;
};

type Row = {
  id: string;
  type: NotificationType;
  priority: NotificationPriority;
  title_key: string;
  message_key: string;
  values: Record<string, string | number>;
  action_url: string | null;
  booking_start_time: Date | null;
  is_read: boolean;
  created_at: Date;
};

const toRow = (row: Row): NotificationRow => ({
  id: row.id,
  type: row.type,
  priority: row.priority,
  titleKey: row.title_key,
  messageKey: row.message_key,
  values: row.values,
  actionUrl: row.action_url,
  bookingStartTime: row.booking_start_time,
  isRead: row.is_read,
  createdAt: row.created_at,
});

/** A user's notifications, newest first, without the deleted ones. */
export async function notificationsOf(
  sql: Sql,
  userId: string,
  options: { unreadOnly?: boolean; limit?: number; offset?: number } = {},
): Promise<NotificationRow[]> {
  const rows = await sql<Row[]>`
    select id, type, priority, title_key, message_key, "values", action_url, booking_start_time, is_read, created_at
    from rm_notifications
    where user_id = ${userId} and not deleted ${options.unreadOnly ? sql`and not is_read` : sql``}
    order by created_at desc, id desc
    limit ${options.limit ?? 50} offset ${options.offset ?? 0}`;
  return rows.map(toRow);
}

/** One of the user's own notifications; null for an unknown id, another user's, or a deleted one. */
export async function ownNotification(sql: Sql, userId: string, notificationId: string) {
  const [row] = await sql<{ id: string; is_read: boolean }[]>`
    select id, is_read from rm_notifications where id = ${notificationId} and user_id = ${userId} and not deleted`;
  return row ? { id: row.id, isRead: row.is_read } : null;
}

export async function unreadCount(sql: Sql, userId: string): Promise<number> {
  const [row] = await sql<{ count: number }[]>`
    select count(*)::int as count from rm_notifications where user_id = ${userId} and not deleted and not is_read`;
  return row?.count ?? 0;
}
