/**
 * A message sent through the contact form. Unlike other events it carries a name and an e-mail
 * address: they are the message itself (the sender may have no account). See docs/decisions.md.
 */
export type ContactMessageReceived = {
  type: 'ContactMessageReceived';
  data: {
    messageId: string;
    name: string;
    email: string;
    subject: string | null;
    message: string;
    /** The sender's account when they were signed in. */
    senderId: string | null;
    receivedAt: string;
  };
};

export type ContactEvent = ContactMessageReceived;
