import type { Sql } from '../shared/db/postgres.ts';
import type { BookingRequested, BookingRescheduled } from '../shared/domain/booking/events.ts';
import type { Participants } from '../shared/domain/messaging/decider.ts';
import type { ConversationKind, ConversationRef, MessagingEvent } from '../shared/domain/messaging/events.ts';
import type { WorkOrderAwarded, WorkOrderEdited, WorkOrderPosted } from '../shared/domain/work/events.ts';
import { defineProjection } from '../infrastructure/projections/types.ts';

/**
 * PostgreSQL channel on which this projection says "user X's conversations changed" (a message to
 * or from them, or their read). NOTIFY is delivered only when the batch commits, whichever process
 * runs the projection; api/modules/messaging/notifier.ts turns it into live updates. Payload:
 * `<userId> <kind> <subjectId> <messageId or -> <position>`.
 */
export const CONVERSATIONS_CHANGED_CHANNEL = 'rm_conversations_changed';

/** How much of the last message the conversation list keeps (characters, never half of one). */
export const PREVIEW_LENGTH = 140;
const preview = (body: string) => Array.from(body).slice(0, PREVIEW_LENGTH).join('');

/** The events this read model is built from. */
type MessagingReadModelEvent =
  BookingRequested | BookingRescheduled | WorkOrderPosted | WorkOrderEdited | WorkOrderAwarded | MessagingEvent;

/**
 * Conversations per job. The participants come from the booking and work-order contracts
 * (BookingRequested; WorkOrderPosted with its direct contractor; WorkOrderAwarded), kept here so
 * messaging never reads another module's tables. Per conversation: the last message; per member:
 * the unread count and the read position; and the messages, by conversation and sequence.
 */
export const messagingProjection = defineProjection<MessagingReadModelEvent>({
  // The stored name (checkpoint key) and the rm_conversation* tables keep their first spelling.
  name: 'conversations',
  version: 1,
  handles: [
    'BookingRequested',
    'BookingRescheduled',
    'WorkOrderPosted',
    'WorkOrderEdited',
    'WorkOrderAwarded',
    'MessagePosted',
    'ConversationRead',
  ],
  schema: `
    create table if not exists rm_conversations (
      kind text not null check (kind in ('booking', 'work-order')),
      subject_id uuid not null,
      customer_id uuid not null,
      contractor_id uuid,
      title text,
      starts_at timestamptz,
      work_order_id uuid,
      created_at timestamptz not null,
      message_count integer not null default 0,
      last_message_id uuid,
      last_sender_id uuid,
      last_preview text,
      last_message_at timestamptz,
      primary key (kind, subject_id)
    );
    create table if not exists rm_conversation_members (
      kind text not null,
      subject_id uuid not null,
      user_id uuid not null,
      role text not null check (role in ('customer', 'contractor')),
      unread_count integer not null default 0,
      last_read_seq integer not null default 0,
      activity_at timestamptz not null,
      primary key (kind, subject_id, user_id)
    );
    create index if not exists rm_conversation_members_by_user
      on rm_conversation_members (user_id, activity_at desc, subject_id);
    create table if not exists rm_messages (
      message_id uuid primary key,
      kind text not null,
      subject_id uuid not null,
      seq integer not null,
      sender_id uuid not null,
      recipient_id uuid not null,
      body text not null,
      posted_at timestamptz not null,
      unique (kind, subject_id, seq)
    );`,
  reset: 'drop table if exists rm_conversations, rm_conversation_members, rm_messages',
  async apply(tx, event) {
    const position = `${event.position.commit}/${event.position.prepare}`;
    const notify = (userId: string, ref: ConversationRef, messageId: string | null) =>
      tx`select pg_notify(${CONVERSATIONS_CHANGED_CHANNEL}, ${`${userId} ${ref.kind} ${ref.id} ${messageId ?? '-'} ${position}`})`;

    const addMember = (kind: ConversationKind, id: string, userId: string, role: string, at: string) =>
      tx`
        insert into rm_conversation_members (kind, subject_id, user_id, role, activity_at)
        values (${kind}, ${id}, ${userId}, ${role}, ${at})
        on conflict do nothing`;

    switch (event.type) {
      case 'BookingRequested': {
        const b = event.data;
        await tx`
          insert into rm_conversations (kind, subject_id, customer_id, contractor_id, starts_at, work_order_id, created_at)
          values ('booking', ${b.bookingId}, ${b.customerId}, ${b.contractorId}, ${b.startsAt}, ${b.workOrderId},
            ${b.requestedAt})
          on conflict do nothing`;
        await addMember('booking', b.bookingId, b.customerId, 'customer', b.requestedAt);
        await addMember('booking', b.bookingId, b.contractorId, 'contractor', b.requestedAt);
        return;
      }
      case 'BookingRescheduled':
        await tx`
          update rm_conversations set starts_at = ${event.data.startsAt}
          where kind = 'booking' and subject_id = ${event.data.bookingId}`;
        return;
      case 'WorkOrderPosted': {
        const w = event.data;
        await tx`
          insert into rm_conversations (kind, subject_id, customer_id, contractor_id, title, created_at)
          values ('work-order', ${w.workOrderId}, ${w.customerId}, ${w.directContractorId}, ${w.title}, ${w.postedAt})
          on conflict do nothing`;
        await addMember('work-order', w.workOrderId, w.customerId, 'customer', w.postedAt);
        if (w.directContractorId) {
          await addMember('work-order', w.workOrderId, w.directContractorId, 'contractor', w.postedAt);
        }
        return;
      }
      case 'WorkOrderEdited':
        await tx`
          update rm_conversations set title = ${event.data.title}
          where kind = 'work-order' and subject_id = ${event.data.workOrderId}`;
        return;
      case 'WorkOrderAwarded': {
        const w = event.data;
        // The awarded contractor is the work order's party from now on (for bids, the first one).
        await tx`
          delete from rm_conversation_members
          where kind = 'work-order' and subject_id = ${w.workOrderId} and role = 'contractor'
            and user_id <> ${w.contractorId}`;
        await tx`
          update rm_conversations set contractor_id = ${w.contractorId}
          where kind = 'work-order' and subject_id = ${w.workOrderId}`;
        await addMember('work-order', w.workOrderId, w.contractorId, 'contractor', w.awardedAt);
        return;
      }
      case 'MessagePosted': {
        const m = event.data;
        const { kind, id } = m.conversation;
        const inserted = await tx<{ seq: number }[]>`
          insert into rm_messages (message_id, kind, subject_id, seq, sender_id, recipient_id, body, posted_at)
          values (${m.messageId}, ${kind}, ${id},
            coalesce((select message_count from rm_conversations where kind = ${kind} and subject_id = ${id}), 0) + 1,
            ${m.senderId}, ${m.recipientId}, ${m.body}, ${m.postedAt})
          on conflict (message_id) do nothing
          returning seq`;
        if (inserted.length === 0) return;
        await tx`
          update rm_conversations set message_count = ${inserted[0]!.seq}, last_message_id = ${m.messageId},
            last_sender_id = ${m.senderId}, last_preview = ${preview(m.body)},
            last_message_at = ${m.postedAt}
          where kind = ${kind} and subject_id = ${id}`;
        await tx`
          update rm_conversation_members set activity_at = ${m.postedAt},
            unread_count = unread_count + case when user_id = ${m.recipientId} then 1 else 0 end
          where kind = ${kind} and subject_id = ${id}`;
        await notify(m.recipientId, m.conversation, m.messageId);
        await notify(m.senderId, m.conversation, m.messageId);
        return;
      }
      case 'ConversationRead': {
        const r = event.data;
        const { kind, id } = r.conversation;
        await tx`
          update rm_conversation_members mem
          set last_read_seq = greatest(mem.last_read_seq, anchor.seq),
            unread_count = (
              select count(*)::int from rm_messages m
              where m.kind = ${kind} and m.subject_id = ${id} and m.sender_id <> ${r.readerId}
                and m.seq > greatest(mem.last_read_seq, anchor.seq))
          from (select seq from rm_messages where message_id = ${r.upToMessageId}) anchor
          where mem.kind = ${kind} and mem.subject_id = ${id} and mem.user_id = ${r.readerId}`;
        await notify(r.readerId, r.conversation, null);
        return;
      }
    }
  },
});

// ------------------------------------------------------------------------------------- queries

export type ConversationRow = {
  kind: ConversationKind;
  id: string;
  customerId: string;
  contractorId: string | null;
  title: string | null;
  startsAt: string | null;
  workOrderId: string | null;
  createdAt: string;
  messageCount: number;
  lastMessage: { id: string; senderId: string; preview: string; postedAt: string } | null;
};

type ConversationSqlRow = {
  kind: ConversationKind;
  subject_id: string;
  customer_id: string;
  contractor_id: string | null;
  title: string | null;
  starts_at: Date | null;
  work_order_id: string | null;
  created_at: Date;
  message_count: number;
  last_message_id: string | null;
  last_sender_id: string | null;
  last_preview: string | null;
  last_message_at: Date | null;
};

const toConversation = (row: ConversationSqlRow): ConversationRow => ({
  kind: row.kind,
  id: row.subject_id,
  customerId: row.customer_id,
  contractorId: row.contractor_id,
  title: row.title,
  startsAt: row.starts_at?.toISOString() ?? null,
  workOrderId: row.work_order_id,
  createdAt: row.created_at.toISOString(),
  messageCount: row.message_count,
  lastMessage:
    row.last_message_id && row.last_sender_id && row.last_message_at
      ? {
          id: row.last_message_id,
          senderId: row.last_sender_id,
          preview: row.last_preview ?? '',
          postedAt: row.last_message_at.toISOString(),
        }
      : null,
});

export function participantsOf(row: ConversationRow | null): Participants | null {
  return row ? { customerId: row.customerId, contractorId: row.contractorId } : null;
}

/** One conversation by its subject; null when no booking or work order of that id is known. */
export async function findConversation(sql: Sql, ref: ConversationRef): Promise<ConversationRow | null> {
  const [row] = await sql<ConversationSqlRow[]>`
    select * from rm_conversations where kind = ${ref.kind} and subject_id = ${ref.id}`;
  return row ? toConversation(row) : null;
}

export type MyConversationRow = ConversationRow & { unreadCount: number; activityAt: string };

/**
 * My conversations (only those with both parties known), the most recent activity first. One
 * query, on the member index.
 */
export async function conversationsOf(
  sql: Sql,
  userId: string,
  page: { limit: number; offset: number },
): Promise<MyConversationRow[]> {
  const rows = await sql<(ConversationSqlRow & { unread_count: number; activity_at: Date })[]>`
    select c.*, m.unread_count, m.activity_at
    from rm_conversation_members m
    join rm_conversations c on c.kind = m.kind and c.subject_id = m.subject_id
    where m.user_id = ${userId} and c.contractor_id is not null
    order by m.activity_at desc, m.subject_id
    limit ${page.limit} offset ${page.offset}`;
  return rows.map((row) => ({
    ...toConversation(row),
    unreadCount: row.unread_count,
    activityAt: row.activity_at.toISOString(),
  }));
}

/** My unread count in one conversation (0 when I am not a member). */
export async function unreadIn(sql: Sql, ref: ConversationRef, userId: string): Promise<number> {
  const [row] = await sql<{ unread_count: number }[]>`
    select unread_count from rm_conversation_members
    where kind = ${ref.kind} and subject_id = ${ref.id} and user_id = ${userId}`;
  return row?.unread_count ?? 0;
}

/** Unread messages over all my conversations. */
export async function totalUnread(sql: Sql, userId: string): Promise<number> {
  const [row] = await sql<{ count: number }[]>`
    select coalesce(sum(unread_count), 0)::int as count from rm_conversation_members where user_id = ${userId}`;
  return row?.count ?? 0;
}

export type MessageRow = {
  id: string;
  kind: ConversationKind;
  subjectId: string;
  seq: number;
  senderId: string;
  recipientId: string;
  body: string;
  postedAt: string;
};

type MessageSqlRow = {
  message_id: string;
  kind: ConversationKind;
  subject_id: string;
  seq: number;
  sender_id: string;
  recipient_id: string;
  body: string;
  posted_at: Date;
};

const toMessage = (row: MessageSqlRow): MessageRow => ({
  id: row.message_id,
  kind: row.kind,
  subjectId: row.subject_id,
  seq: row.seq,
  senderId: row.sender_id,
  recipientId: row.recipient_id,
  body: row.body,
  postedAt: row.posted_at.toISOString(),
});

/**
 * A page of a conversation's messages, oldest first: the latest `limit`, or the `limit` before the
 * message `beforeId` (null when that id is not in this conversation).
 */
export async function messagesOf(
  sql: Sql,
  ref: ConversationRef,
  page: { limit: number; beforeId?: string },
): Promise<{ messages: MessageRow[]; hasMore: boolean } | null> {
  let beforeSeq: number | null = null;
  if (page.beforeId) {
    const [anchor] = await sql<{ seq: number }[]>`
      select seq from rm_messages where message_id = ${page.beforeId} and kind = ${ref.kind} and subject_id = ${ref.id}`;
    if (!anchor) return null;
    beforeSeq = anchor.seq;
  }
  const rows = await sql<MessageSqlRow[]>`
    select * from rm_messages
    where kind = ${ref.kind} and subject_id = ${ref.id} and (${beforeSeq}::int is null or seq < ${beforeSeq}::int)
    order by seq desc
    limit ${page.limit + 1}`;
  const hasMore = rows.length > page.limit;
  return { messages: rows.slice(0, page.limit).reverse().map(toMessage), hasMore };
}

export async function findMessage(sql: Sql, messageId: string): Promise<MessageRow | null> {
  const [row] = await sql<MessageSqlRow[]>`select * from rm_messages where message_id = ${messageId}`;
  return row ? toMessage(row) : null;
}
