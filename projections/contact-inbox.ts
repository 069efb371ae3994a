import type { Sql } from '../shared/db/postgres.ts';
import type { ContactEvent } from '../shared/domain/contact/events.ts';
import { defineProjection } from './types.ts';

/** The admin inbox of contact messages (`GET /api/admin/contact-messages`), newest first. */
export const contactInboxProjection = defineProjection({
  name: 'contact-inbox',
  version: 1,
  handles: ['ContactMessageReceived'],
  schema: `
    create table if not exists rm_contact_inbox (
      message_id uuid primary key,
      name text not null,
      email text not null,
      subject text,
      message text not null,
      sender_id uuid,
      received_at timestamptz not null
    );
    create index if not exists rm_contact_inbox_newest on rm_contact_inbox (received_at desc, message_id);`,
  reset: 'drop table if exists rm_contact_inbox',
  async apply(tx, recorded) {
    const event = recorded as unknown as ContactEvent;
    if (event.type !== 'ContactMessageReceived') return;
    const m = event.data;
    await tx`
      insert into rm_contact_inbox (message_id, name, email, subject, message, sender_id, received_at)
      values (${m.messageId}, ${m.name}, ${m.email}, ${m.subject}, ${m.message}, ${m.senderId}, ${m.receivedAt})
      on conflict (message_id) do nothing`;
  },
});

export type ContactMessageView = {
  id: string;
  name: string;
  email: string;
  subject: string | null;
  message: string;
  senderId: string | null;
  receivedAt: string;
};

type Row = {
  message_id: string;
  name: string;
  email: string;
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
  return {
    total: Number(count!.total),
    messages: rows.map((row) => ({
      id: row.message_id,
      name: row.name,
      email: row.email,
      subject: row.subject,
      message: row.message,
      senderId: row.sender_id,
      receivedAt: row.received_at.toISOString(),
    })),
  };
}
