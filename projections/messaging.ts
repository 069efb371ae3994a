import type { Sql, TransactionSql } from '../shared/db/postgres.ts';
import type { BookingRequested, BookingRescheduled } from '../shared/domain/booking/events.ts';
import type { Participants } from '../shared/domain/messaging/decider.ts';
import {
  conversationKinds,
  type ConversationKind,
  type ConversationRef,
  type MessagingEvent,
} from '../shared/domain/messaging/events.ts';
import type { WorkOrderAwarded, WorkOrderEdited, WorkOrderPosted } from '../shared/domain/work/events.ts';
import { COPY_MIN_ROWS, copyIfMany } from '../infrastructure/projections/copy-rows.ts';
import { insertNewRows } from '../infrastructure/projections/insert-rows.ts';
import { defineProjection } from '../infrastructure/projections/types.ts';
import { asRecordedEvents, type RecordedEventOf } from '../shared/eventstore/typed.ts';

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

const HANDLED = [
  'BookingRequested',
  'BookingRescheduled',
  'WorkOrderPosted',
  'WorkOrderEdited',
  'WorkOrderAwarded',
  'MessagePosted',
  'ConversationRead',
] as const satisfies readonly MessagingReadModelEvent['type'][];

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
  rebuildWeight: 10.3,
  handles: HANDLED,
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
  /**
   * A batch in a handful of statements, equal to `apply` on each event in turn (tests/projections.
   * rebuild-equivalence.test.ts and tests/projection.conversations-batch.test.ts). Several of the
   * per-event statements reach rows the event does not name: a message updates every member of its
   * conversation, an award deletes the contractors it replaces, a read recounts the conversation's
   * messages. So the batch loads whole conversations instead of rows: each conversation it touches,
   * with its members, and for those it reads, its messages' sequence numbers and senders (plus the
   * messages its events name by id). It replays the events over them in memory, in log order, and
   * writes back what changed with one statement per table (a conversation of a rebuild's window is
   * loaded and written once, however many of its events the window holds). The NOTIFYs go out in
   * log order too, in one statement.
   */
  applyAll: (tx, events) => applyConversations(tx, events, Number.POSITIVE_INFINITY),
  /**
   * A from-zero rebuild is the same batch path, its new rows written by COPY once a window has
   * enough of them (infrastructure/projections/copy-rows.ts). The batch knows which rows are new:
   * it loaded every conversation, member and message its events name, in the transaction of the
   * only writer, so one it did not find and then created is not in the table. Most of a window's
   * rows are new in a rebuild; the multi-row upsert from JSON was more than half of this read
   * model's rebuild time (docs/performance.md).
   */
  rebuild(options) {
    const copyMinRows = options?.copyMinRows ?? COPY_MIN_ROWS;
    return {
      async start() {},
      applyAll: (tx, events) => applyConversations(tx, asRecordedEvents(events, HANDLED), copyMinRows),
      async finish() {},
    };
  },
});

/** Loads what the events name, folds them in log order, writes what changed (see `applyAll`). */
async function applyConversations(
  tx: TransactionSql,
  events: readonly RecordedEventOf<MessagingReadModelEvent>[],
  copyMinRows: number,
) {
  const batch = new ConversationsBatch();
  for (const event of events) batch.name(event);
  await batch.load(tx);
  for (const event of events) batch.fold(event);
  await batch.write(tx, copyMinRows);
}

// --------------------------------------------------------------------------------- batch path

/** A row of rm_conversations as the batch path holds it (JSON: timestamps as ISO 8601 text). */
type ConversationRecord = {
  kind: ConversationKind;
  subject_id: string;
  customer_id: string;
  contractor_id: string | null;
  title: string | null;
  starts_at: string | null;
  work_order_id: string | null;
  created_at: string;
  message_count: number;
  last_message_id: string | null;
  last_sender_id: string | null;
  last_preview: string | null;
  last_message_at: string | null;
};

type MemberRecord = {
  kind: ConversationKind;
  subject_id: string;
  user_id: string;
  role: 'customer' | 'contractor';
  unread_count: number;
  last_read_seq: number;
  activity_at: string;
};

type MessageRecord = {
  message_id: string;
  kind: ConversationKind;
  subject_id: string;
  seq: number;
  sender_id: string;
  recipient_id: string;
  body: string;
  posted_at: string;
};

/** What a read needs of a message: its place in its conversation and its sender. */
type MessageSeq = Pick<MessageRecord, 'seq' | 'sender_id'>;

/** The columns an upsert rewrites: every column but the key, in the tables' order. */
const CONVERSATION_VALUES = [
  'customer_id',
  'contractor_id',
  'title',
  'starts_at',
  'work_order_id',
  'created_at',
  'message_count',
  'last_message_id',
  'last_sender_id',
  'last_preview',
  'last_message_at',
] as const satisfies readonly (keyof ConversationRecord)[];
const MEMBER_VALUES = [
  'role',
  'unread_count',
  'last_read_seq',
  'activity_at',
] as const satisfies readonly (keyof MemberRecord)[];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/**
 * An id as PostgreSQL keeps it. The schemas accept a uuid in capitals, and the per-event SQL finds
 * and compares it either way (as a uuid), so the batch's maps and comparisons use this form.
 */
const asStored = (id: string) => (UUID.test(id) ? id.toLowerCase() : id);

/** Rows per statement: one jsonb parameter of a few megabytes at most. */
const WRITE_CHUNK = 2_000;

/** One statement per chunk inserting the rows, or rewriting the row of the same key. */
async function upsertRows(
  tx: TransactionSql,
  table: string,
  key: readonly string[],
  values: readonly string[],
  rows: readonly object[],
) {
  for (let at = 0; at < rows.length; at += WRITE_CHUNK) {
    await tx.unsafe(
      `insert into ${table}
       select * from jsonb_populate_recordset(null::${table}, $1::text::jsonb)
       on conflict (${key.join(', ')}) do update
       set (${values.join(', ')}) = row(${values.map((column) => `excluded.${column}`).join(', ')})`,
      [JSON.stringify(rows.slice(at, at + WRITE_CHUNK))],
    );
  }
}

/**
 * One batch of the conversations read model: what it must load (`name`, every event first), the
 * loaded conversations (`load`), the events replayed over them (`fold`, each as `apply` would run
 * its statements) and the rows that changed written back (`write`).
 */
class ConversationsBatch {
  /** Subject ids (stored form) by kind: conversations to load, their members, their messages. */
  private readonly wanted = {
    conversations: { booking: new Set<string>(), 'work-order': new Set<string>() },
    members: { booking: new Set<string>(), 'work-order': new Set<string>() },
    messages: { booking: new Set<string>(), 'work-order': new Set<string>() },
  } satisfies Record<string, Record<ConversationKind, Set<string>>>;
  /** Message ids (stored form) the events name: posted (to skip one posted twice) or read up to. */
  private readonly wantedMessages = new Set<string>();

  /** By `kind subject_id`; null: not in the table (yet). */
  private readonly conversations = new Map<string, ConversationRecord | null>();
  private readonly changedConversations = new Set<string>();
  /** Conversations the table does not hold: not found by the load, created by the batch. */
  private readonly newConversations = new Set<string>();
  /** By `kind subject_id`, then user id. */
  private readonly members = new Map<string, Map<string, MemberRecord>>();
  /** Members written or deleted, as [conversation, user id]. */
  private readonly changedMembers = new Map<string, [string, string]>();
  /** The members the load found, by `kind subject_id user_id`: any other the batch writes is new. */
  private readonly loadedMembers = new Set<string>();
  /** The messages the events name, by id, and those the batch posts. */
  private readonly messages = new Map<string, MessageSeq>();
  /** Every message of the conversations the batch reads, by `kind subject_id`. */
  private readonly messagesOf = new Map<string, MessageSeq[]>();
  private readonly posted: MessageRecord[] = [];
  /** NOTIFY payloads, in log order. */
  private readonly notices: string[] = [];

  name(event: RecordedEventOf<MessagingReadModelEvent>) {
    const want = (kind: ConversationKind, id: string, what: readonly ('conversations' | 'members' | 'messages')[]) => {
      for (const table of what) this.wanted[table][kind].add(asStored(id));
    };
    switch (event.type) {
      case 'BookingRequested':
        return want('booking', event.data.bookingId, ['conversations', 'members']);
      case 'BookingRescheduled':
        return want('booking', event.data.bookingId, ['conversations']);
      case 'WorkOrderPosted':
      case 'WorkOrderAwarded':
        return want('work-order', event.data.workOrderId, ['conversations', 'members']);
      case 'WorkOrderEdited':
        return want('work-order', event.data.workOrderId, ['conversations']);
      case 'MessagePosted':
        this.wantedMessages.add(asStored(event.data.messageId));
        return want(event.data.conversation.kind, event.data.conversation.id, ['conversations', 'members']);
      case 'ConversationRead':
        this.wantedMessages.add(asStored(event.data.upToMessageId));
        return want(event.data.conversation.kind, event.data.conversation.id, ['members', 'messages']);
      default:
        return event satisfies never;
    }
  }

  async load(tx: TransactionSql) {
    for (const kind of conversationKinds) {
      const conversationIds = [...this.wanted.conversations[kind]];
      for (const id of conversationIds) this.conversations.set(`${kind} ${id}`, null);
      if (conversationIds.length > 0) {
        const rows = await tx<{ row: ConversationRecord }[]>`
          select to_jsonb(c) as row from rm_conversations c
          where c.kind = ${kind} and c.subject_id = any(${conversationIds}::uuid[])`;
        for (const { row } of rows) this.conversations.set(`${kind} ${row.subject_id}`, row);
      }
      const memberIds = [...this.wanted.members[kind]];
      for (const id of memberIds) this.members.set(`${kind} ${id}`, new Map());
      if (memberIds.length > 0) {
        const rows = await tx<{ row: MemberRecord }[]>`
          select to_jsonb(m) as row from rm_conversation_members m
          where m.kind = ${kind} and m.subject_id = any(${memberIds}::uuid[])`;
        for (const { row } of rows) {
          this.members.get(`${kind} ${row.subject_id}`)!.set(row.user_id, row);
          this.loadedMembers.add(`${kind} ${row.subject_id} ${row.user_id}`);
        }
      }
      const readIds = [...this.wanted.messages[kind]];
      for (const id of readIds) this.messagesOf.set(`${kind} ${id}`, []);
      if (readIds.length > 0) {
        const rows = await tx<(MessageSeq & { subject_id: string })[]>`
          select subject_id, seq, sender_id from rm_messages
          where kind = ${kind} and subject_id = any(${readIds}::uuid[])`;
        for (const row of rows) this.messagesOf.get(`${kind} ${row.subject_id}`)!.push(row);
      }
    }
    if (this.wantedMessages.size > 0) {
      const rows = await tx<(MessageSeq & { message_id: string })[]>`
        select message_id, seq, sender_id from rm_messages where message_id = any(${[...this.wantedMessages]}::uuid[])`;
      for (const row of rows) this.messages.set(row.message_id, { seq: row.seq, sender_id: row.sender_id });
    }
  }

  /** The event, as `apply`'s statements would change the rows (see there). */
  fold(event: RecordedEventOf<MessagingReadModelEvent>) {
    const position = `${event.position.commit}/${event.position.prepare}`;
    const notify = (userId: string, ref: ConversationRef, messageId: string | null) =>
      this.notices.push(`${userId} ${ref.kind} ${ref.id} ${messageId ?? '-'} ${position}`);
    switch (event.type) {
      case 'BookingRequested': {
        const b = event.data;
        const key = this.conversationKey('booking', b.bookingId);
        this.createConversation(key, {
          customer_id: asStored(b.customerId),
          contractor_id: asStored(b.contractorId),
          title: null,
          starts_at: b.startsAt,
          work_order_id: b.workOrderId === null ? null : asStored(b.workOrderId),
          created_at: b.requestedAt,
        });
        this.addMember(key, b.customerId, 'customer', b.requestedAt);
        this.addMember(key, b.contractorId, 'contractor', b.requestedAt);
        return;
      }
      case 'BookingRescheduled':
        this.updateConversation(this.conversationKey('booking', event.data.bookingId), (row) => ({
          ...row,
          starts_at: event.data.startsAt,
        }));
        return;
      case 'WorkOrderPosted': {
        const w = event.data;
        const key = this.conversationKey('work-order', w.workOrderId);
        this.createConversation(key, {
          customer_id: asStored(w.customerId),
          contractor_id: w.directContractorId === null ? null : asStored(w.directContractorId),
          title: w.title,
          starts_at: null,
          work_order_id: null,
          created_at: w.postedAt,
        });
        this.addMember(key, w.customerId, 'customer', w.postedAt);
        if (w.directContractorId) this.addMember(key, w.directContractorId, 'contractor', w.postedAt);
        return;
      }
      case 'WorkOrderEdited':
        this.updateConversation(this.conversationKey('work-order', event.data.workOrderId), (row) => ({
          ...row,
          title: event.data.title,
        }));
        return;
      case 'WorkOrderAwarded': {
        const w = event.data;
        const key = this.conversationKey('work-order', w.workOrderId);
        const awarded = asStored(w.contractorId);
        for (const member of [...this.membersOf(key).values()]) {
          if (member.role === 'contractor' && member.user_id !== awarded) this.deleteMember(key, member.user_id);
        }
        this.updateConversation(key, (row) => ({ ...row, contractor_id: awarded }));
        this.addMember(key, w.contractorId, 'contractor', w.awardedAt);
        return;
      }
      case 'MessagePosted': {
        const m = event.data;
        const { kind, id } = m.conversation;
        const key = this.conversationKey(kind, id);
        const messageId = asStored(m.messageId);
        if (this.messages.has(messageId)) return;
        const seq = (this.conversations.get(key)?.message_count ?? 0) + 1;
        const message = {
          message_id: messageId,
          kind,
          subject_id: asStored(id),
          seq,
          sender_id: asStored(m.senderId),
          recipient_id: asStored(m.recipientId),
          body: m.body,
          posted_at: m.postedAt,
        };
        this.posted.push(message);
        this.messages.set(messageId, { seq, sender_id: message.sender_id });
        this.messagesOf.get(key)?.push({ seq, sender_id: message.sender_id });
        this.updateConversation(key, (row) => ({
          ...row,
          message_count: seq,
          last_message_id: messageId,
          last_sender_id: message.sender_id,
          last_preview: preview(m.body),
          last_message_at: m.postedAt,
        }));
        for (const member of this.membersOf(key).values()) {
          this.putMember(key, {
            ...member,
            activity_at: m.postedAt,
            unread_count: member.unread_count + (member.user_id === message.recipient_id ? 1 : 0),
          });
        }
        notify(m.recipientId, m.conversation, m.messageId);
        notify(m.senderId, m.conversation, m.messageId);
        return;
      }
      case 'ConversationRead': {
        const r = event.data;
        const key = this.conversationKey(r.conversation.kind, r.conversation.id);
        const anchor = this.messages.get(asStored(r.upToMessageId));
        const reader = asStored(r.readerId);
        const member = this.membersOf(key).get(reader);
        if (anchor && member) {
          const readUpTo = Math.max(member.last_read_seq, anchor.seq);
          let unread = 0;
          for (const message of this.messagesOf.get(key)!) {
            if (message.sender_id !== reader && message.seq > readUpTo) unread += 1;
          }
          this.putMember(key, { ...member, last_read_seq: readUpTo, unread_count: unread });
        }
        notify(r.readerId, r.conversation, null);
        return;
      }
      default:
        return event satisfies never;
    }
  }

  /**
   * One statement per table and chunk; with `copyMinRows` or more new rows in a table, those go by
   * COPY and only the changed ones by the upsert.
   */
  async write(tx: TransactionSql, copyMinRows: number) {
    const conversations = { fresh: [] as ConversationRecord[], changed: [] as ConversationRecord[] };
    for (const key of this.changedConversations) {
      (this.newConversations.has(key) ? conversations.fresh : conversations.changed).push(this.conversations.get(key)!);
    }
    const members = { fresh: [] as MemberRecord[], changed: [] as MemberRecord[] };
    const deleted: Pick<MemberRecord, 'kind' | 'subject_id' | 'user_id'>[] = [];
    for (const [key, userId] of this.changedMembers.values()) {
      const member = this.members.get(key)!.get(userId);
      const loaded = this.loadedMembers.has(`${key} ${userId}`);
      if (member) (loaded ? members.changed : members.fresh).push(member);
      else if (loaded) {
        const [kind, subjectId] = key.split(' ') as [ConversationKind, string];
        deleted.push({ kind, subject_id: subjectId, user_id: userId });
      }
    }
    for (let at = 0; at < deleted.length; at += WRITE_CHUNK) {
      await tx.unsafe(
        `delete from rm_conversation_members m
         using jsonb_to_recordset($1::text::jsonb) as k(kind text, subject_id uuid, user_id uuid)
         where m.kind = k.kind and m.subject_id = k.subject_id and m.user_id = k.user_id`,
        [JSON.stringify(deleted.slice(at, at + WRITE_CHUNK))],
      );
    }
    const uncopiedConversations = await copyIfMany(tx, 'rm_conversations', conversations.fresh, copyMinRows);
    await upsertRows(
      tx,
      'rm_conversations',
      ['kind', 'subject_id'],
      CONVERSATION_VALUES,
      conversations.changed.concat(uncopiedConversations),
    );
    const uncopiedMembers = await copyIfMany(tx, 'rm_conversation_members', members.fresh, copyMinRows);
    await upsertRows(
      tx,
      'rm_conversation_members',
      ['kind', 'subject_id', 'user_id'],
      MEMBER_VALUES,
      members.changed.concat(uncopiedMembers),
    );
    // Every message the batch posts is new: it skipped those the load or an earlier event found.
    const uncopiedMessages = await copyIfMany(tx, 'rm_messages', this.posted, copyMinRows);
    await insertNewRows(tx, 'rm_messages', 'message_id', uncopiedMessages);
    if (this.notices.length > 0) {
      await tx`select pg_notify(${CONVERSATIONS_CHANGED_CHANNEL}, payload) from unnest(${this.notices}::text[]) as payload`;
    }
  }

  private conversationKey(kind: ConversationKind, id: string) {
    return `${kind} ${asStored(id)}`;
  }

  /** `insert ... on conflict do nothing`: a conversation that exists stays as it is. */
  private createConversation(
    key: string,
    row: Omit<ConversationRecord, 'kind' | 'subject_id' | 'message_count' | `last_${string}`>,
  ) {
    if (this.conversations.get(key)) return;
    const [kind, subjectId] = key.split(' ') as [ConversationKind, string];
    this.newConversations.add(key);
    this.conversations.set(key, {
      kind,
      subject_id: subjectId,
      ...row,
      message_count: 0,
      last_message_id: null,
      last_sender_id: null,
      last_preview: null,
      last_message_at: null,
    });
    this.changedConversations.add(key);
  }

  /** `update ... where kind = ... and subject_id = ...`: nothing when there is no such conversation. */
  private updateConversation(key: string, change: (row: ConversationRecord) => ConversationRecord) {
    const row = this.conversations.get(key);
    if (row === undefined) throw new Error(`conversations batch: ${key} was not loaded`);
    if (row === null) return;
    this.conversations.set(key, change(row));
    this.changedConversations.add(key);
  }

  private membersOf(key: string) {
    const members = this.members.get(key);
    if (!members) throw new Error(`conversations batch: the members of ${key} were not loaded`);
    return members;
  }

  /** `insert ... on conflict do nothing`: a member already there keeps their role and counts. */
  private addMember(key: string, userId: string, role: MemberRecord['role'], at: string) {
    const user = asStored(userId);
    if (this.membersOf(key).has(user)) return;
    const [kind, subjectId] = key.split(' ') as [ConversationKind, string];
    this.putMember(key, {
      kind,
      subject_id: subjectId,
      user_id: user,
      role,
      unread_count: 0,
      last_read_seq: 0,
      activity_at: at,
    });
  }

  private putMember(key: string, member: MemberRecord) {
    this.membersOf(key).set(member.user_id, member);
    this.changedMembers.set(`${key} ${member.user_id}`, [key, member.user_id]);
  }

  private deleteMember(key: string, userId: string) {
    this.membersOf(key).delete(userId);
    this.changedMembers.set(`${key} ${userId}`, [key, userId]);
  }
}

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
