import { z } from 'zod';
import type { EventSchemas } from '../event-schema.ts';

/**
 * A message sent through the contact form. Like every event it carries ids, never personal data:
 * the sender's name and e-mail go to the personal-data store, keyed by the message's id
 * (shared/personal-data/contact-senders.ts), where they are erased after their retention or with
 * the sender's account. Events written before that change carry `name` and `email`: readers ignore
 * them (docs/decisions.md, "Personal data and the event log").
 */
export const contactMessageReceivedSchema = z.object({
  messageId: z.string(),
  subject: z.string().nullable(),
  message: z.string(),
  /** The sender's account when they were signed in. */
  senderId: z.string().nullable(),
  receivedAt: z.string(),
});
export type ContactMessageReceived = {
  type: 'ContactMessageReceived';
  /**
   * The schema checks what is written now. Legacy: events from before the change also carry the
   * sender's `name` and `email`; they are never written any more, readers ignore them, and the
   * schema neither requires nor checks them.
   */
  data: z.infer<typeof contactMessageReceivedSchema> & { name?: string; email?: string };
};

export type ContactEvent = ContactMessageReceived;

export const contactEventSchemas = {
  ContactMessageReceived: contactMessageReceivedSchema,
} as const satisfies EventSchemas<ContactEvent>;
