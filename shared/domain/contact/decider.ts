import { contactEventSchemas } from './events.ts';
import { ConflictError, ValidationError } from '../../errors.ts';
import type { Decider } from '../decider.ts';
import type { ContactEvent } from './events.ts';

import { CONTACT_LIMITS } from './limits.ts';

export { CONTACT_LIMITS };

/** A pragmatic shape check (the route's zod schema is the first line; this keeps the decider honest). */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type ContactState = { status: 'none' } | { status: 'received'; messageId: string };

export type SendContactMessage = {
  type: 'SendContactMessage';
  messageId: string;
  name: string;
  email: string;
  subject?: string | null;
  message: string;
  senderId: string | null;
  now: Date;
};

export function sendContactMessage(command: SendContactMessage, state: ContactState): ContactEvent[] {
  if (state.status !== 'none') throw new ConflictError('This message was already received.');
  const name = command.name.trim();
  const email = command.email.trim();
  const message = command.message.trim();
  const subject = command.subject?.trim() || null;
  if (!name || !email || !message) throw new ValidationError('Please fill in all required fields.');
  if (name.length > CONTACT_LIMITS.name) throw new ValidationError('Name must be at most 100 characters');
  if (email.length > CONTACT_LIMITS.email || !EMAIL_SHAPE.test(email)) {
    throw new ValidationError('Please enter a valid email address');
  }
  if (subject && subject.length > CONTACT_LIMITS.subject) {
    throw new ValidationError('Subject must be at most 150 characters');
  }
  if (message.length > CONTACT_LIMITS.message) throw new ValidationError('Message must be at most 5000 characters');
  return [
    {
      type: 'ContactMessageReceived',
      // The name and e-mail are checked here and kept by the caller outside the log, by message id.
      data: {
        messageId: command.messageId,
        subject,
        message,
        senderId: command.senderId,
        receivedAt: command.now.toISOString(),
      },
    },
  ];
}

export const contactDecider: Decider<ContactState, SendContactMessage, ContactEvent> = {
  eventSchemas: contactEventSchemas,
  initialState: () => ({ status: 'none' }),
  evolve(state, event) {
    switch (event.type) {
      case 'ContactMessageReceived':
        return { status: 'received', messageId: event.data.messageId };
      default:
        return state;
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'SendContactMessage':
        return sendContactMessage(command, state);
      default: {
        const unknown: never = command.type;
        throw new Error(`Unknown command ${String(unknown)}`);
      }
    }
  },
};
