import { describe, expect, it } from 'vitest';
import { ConflictError, ValidationError } from '../../errors.ts';
import { deciderSpec } from '../testing.ts';
import { contactDecider } from './decider.ts';

const now = new Date('2026-11-22T12:00:00.000Z');
const messageId = '3f1c1c1e-8f4e-4b7a-9b0e-1a2b3c4d5e6f';

const send = (overrides: Record<string, unknown> = {}) => ({
  type: 'SendContactMessage' as const,
  messageId,
  name: ' Élise Tremblay ',
  email: 'elise@example.ca ',
  subject: '',
  message: ' Hello there. ',
  senderId: null,
  now,
  ...overrides,
});

const received = {
  type: 'ContactMessageReceived' as const,
  data: {
    messageId,
    subject: null,
    message: 'Hello there.',
    senderId: null,
    receivedAt: now.toISOString(),
  },
};

describe('contact decider', () => {
  const spec = deciderSpec(contactDecider);

  it('receives a message with trimmed fields and an empty subject as none', () => {
    spec([]).when(send()).then([received]);
  });

  it('checks the name and e-mail but keeps them out of the event', () => {
    const [event] = contactDecider.decide(send(), contactDecider.initialState());
    expect(Object.keys(event!.data).sort()).toEqual(['message', 'messageId', 'receivedAt', 'senderId', 'subject']);
    expect(JSON.stringify(event)).not.toMatch(/lise|example\.ca/);
  });

  it('keeps the signed-in sender', () => {
    const senderId = '9a1c1c1e-8f4e-4b7a-9b0e-1a2b3c4d5e6f';
    spec([])
      .when(send({ senderId, subject: 'Billing' }))
      .then([{ ...received, data: { ...received.data, senderId, subject: 'Billing' } }]);
  });

  it('refuses a blank name, e-mail or message', () => {
    for (const field of ['name', 'email', 'message']) {
      spec([])
        .when(send({ [field]: '   ' }))
        .thenThrows(ValidationError, 'Please fill in all required fields.');
    }
  });

  it('refuses a malformed e-mail', () => {
    spec([])
      .when(send({ email: 'not-an-address' }))
      .thenThrows(ValidationError, 'Please enter a valid email address');
  });

  it('refuses oversized fields', () => {
    spec([])
      .when(send({ name: 'n'.repeat(101) }))
      .thenThrows(ValidationError, /100/);
    spec([])
      .when(send({ subject: 's'.repeat(151) }))
      .thenThrows(ValidationError, /150/);
    spec([])
      .when(send({ message: 'm'.repeat(5001) }))
      .thenThrows(ValidationError, /5000/);
  });

  it('does not receive the same message twice', () => {
    spec([received]).when(send()).thenThrows(ConflictError);
  });
});
