import type { Sql } from '../shared/db/postgres.ts';
import type { ContactEvent } from '../shared/domain/contact/events.ts';
import { contactSendersByMessage } from '../shared/personal-data/contact-senders.ts';
import { defineFoldedProjection, foldedTable } from '../infrastructure/projections/folded-rows.ts';

/**
 * The admin inbox of contact messages (`GET /api/admin/contact-messages`), newest first. It holds
 * no name or e-mail: those are in the personal-data store (contact_senders), joined when an admin
 * reads the inbox, and gone once erased. Legacy events that carried them are read without them
 * (version 2 rebuilt the table without those columns).
 */
export const contactInboxProjection = defineFoldedProjection<ContactEvent, { inbox: InboxRecord }>({
  name: 'contact-inbox',
  version: 2,
  handles: ['ContactMessageReceived'],
  schema: `
    create table if not exists rm_contact_inbox (
      message_id uuid primary key,
      subject text,
      message text not null,
      sender_id uuid,
      received_at timestamptz not null
    );
    create index if not exists rm_contact_inbox_newest on rm_contact_inbox (received_at desc, message_id);`,
  reset: 'drop table if exists rm_contact_inbox',
  tables: { inbox: foldedTable<InboxRecord>('rm_contact_inbox', ['message_id']) },
  keys: (event) => ({ inbox: [[event.data.messageId]] }),
  fold(event, { inbox }) {
    if (event.type !== 'ContactMessageReceived') return;
    const m = event.data;
    if (inbox.get([m.messageId])) return;
    inbox.put({
      message_id: m.messageId,
      subject: m.subject,
      message: m.message,
      sender_id: m.senderId,
      received_at: m.receivedAt,
    });
  },
});

export type ContactMessageView = {
  id: string;
  /** Null once erased (retention ended, or the signed-in sender deleted their account). */
  name: string | null;
  email: string | null;
  subject: string | null;
  message: string;
  senderId: string | null;
  receivedAt: string;
};

/** A row of rm_contact_inbox as the fold writes it (timestamps as ISO text). */
type InboxRecord = Omit<Row, 'received_at'> & { received_at: string };

type Row = {
  message_id: string;
  subject: string | null;
  message: string;
  sender_id: string | null;
  received_at: Date;
};

export async function contactInbox(
  sql: Sql,
  page: { limit: number; offset: number },
): Promise<{ total: number; messages: ContactMessageView[] }> {
  const [count] = await sql<{ total: string }[]>`select count(*)::text as total from rm_contact_inbox`;
  const rows = await sql<Row[]>`
    select * from rm_contact_inbox order by received_at desc, message_id
    limit ${page.limit} offset ${page.offset}`;
  const senders = await contactSendersByMessage(
    sql,
    rows.map((row) => row.message_id),
  );
  return {
    total: Number(count!.total),
    messages: rows.map((row) => ({
      id: row.message_id,
      name: senders.get(row.message_id)?.name ?? null,
      email: senders.get(row.message_id)?.email ?? null,
      subject: row.subject,
      message: row.message,
      senderId: row.sender_id,
      receivedAt: row.received_at.toISOString(),
    })),
  };
}
