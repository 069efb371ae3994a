/**
 * A message sent through the contact form. Like every event it carries ids, never personal data:
 * the sender's name and e-mail go to the personal-data store, keyed by the message's id
 * (shared/personal-data/contact-senders.ts), where they are erased after their retention or with
 * the sender's account. Events written before that change carry `name` and `email`: readers ignore
 * them (docs/decisions.md, "Personal data and the event log").
 */
export type ContactMessageReceived = {
  type: 'ContactMessageReceived';
  data: {
    messageId: string;
    subject: string | null;
    message: string;
    /** The sender's account when they were signed in. */
    senderId: string | null;
    receivedAt: string;
    /** Legacy: the sender's name. Never written any more; readers ignore it. */
    name?: string;
    /** Legacy: the sender's e-mail. Never written any more; readers ignore it. */
    email?: string;
  };
};

export type ContactEvent = ContactMessageReceived;
