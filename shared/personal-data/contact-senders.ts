import type { Sql } from '../db/postgres.ts';
import { contactSenderRetainUntil } from './retention.ts';

/**
 * Who wrote a contact-form message: the name and e-mail they gave, keyed by the message's id. The
 * `ContactMessageReceived` event carries the id, the sender's account (if signed in), the subject
 * and the text; this row carries the rest, and goes at the end of its retention or when the
 * signed-in sender deletes their account.
 */
export type ContactSender = {
  messageId: string;
  senderId: string | null;
  name: string;
  email: string;
  receivedAt: Date;
};

export async function insertContactSender(sql: Sql, sender: ContactSender): Promise<void> {
  await sql`
    insert into contact_senders (message_id, sender_id, name, email, received_at, retain_until)
    values (${sender.messageId}, ${sender.senderId}, ${sender.name}, ${sender.email}, ${sender.receivedAt},
      ${contactSenderRetainUntil(sender.receivedAt)})`;
}

export async function confirmContactSender(sql: Sql, messageId: string): Promise<void> {
  await sql`update contact_senders set confirmed = true where message_id = ${messageId}`;
}

export async function deleteContactSender(sql: Sql, messageId: string): Promise<void> {
  await sql`delete from contact_senders where message_id = ${messageId}`;
}

/** Account deletion: what a signed-in member gave the contact form goes with the account. */
export async function eraseContactSendersOf(sql: Sql, accountId: string): Promise<void> {
  await sql`delete from contact_senders where sender_id = ${accountId}`;
}

export async function contactSendersByMessage(
  sql: Sql,
  messageIds: readonly string[],
): Promise<Map<string, { name: string; email: string }>> {
  if (messageIds.length === 0) return new Map();
  const rows = await sql<{ messageId: string; name: string; email: string }[]>`
    select message_id as "messageId", name, email from contact_senders
    where message_id = any(${messageIds as string[]}::uuid[])`;
  return new Map(rows.map((row) => [row.messageId, { name: row.name, email: row.email }]));
}

export async function purgeExpiredContactSenders(sql: Sql, now: Date, limit = 500): Promise<number> {
  const rows = await sql`
    delete from contact_senders where message_id in (
      select message_id from contact_senders where retain_until <= ${now} order by retain_until limit ${limit})
    returning message_id`;
  return rows.length;
}

export async function unconfirmedContactSenders(sql: Sql, before: Date, limit = 100): Promise<string[]> {
  const rows = await sql<{ messageId: string }[]>`
    select message_id as "messageId" from contact_senders
    where not confirmed and created_at < ${before} order by created_at limit ${limit}`;
  return rows.map((row) => row.messageId);
}
