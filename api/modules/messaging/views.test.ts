import { describe, expect, it } from 'vitest';
import type { ConversationRow } from '../../../projections/messaging.ts';
import { conversationView, messageView } from '../../../shared/http/messaging.ts';
import { FORMER_MEMBER } from '../accounts/personal-data.ts';
import { conversationToView, messageToView, otherPartyId } from './views.ts';

const customer = { id: '11111111-1111-4111-8111-111111111111' };
const contractor = { id: '22222222-2222-4222-8222-222222222222' };
const workOrderId = '33333333-3333-4333-8333-333333333333';
const messageId = '44444444-4444-4444-8444-444444444444';

const row: ConversationRow = {
  kind: 'work-order',
  id: workOrderId,
  customerId: customer.id,
  contractorId: contractor.id,
  title: 'Fix the fence',
  startsAt: null,
  workOrderId: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  messageCount: 3,
  lastMessage: { id: messageId, senderId: contractor.id, preview: 'On my way', postedAt: '2026-01-02T00:00:00.000Z' },
};

describe('conversation views', () => {
  const names = new Map([
    [customer.id, 'Casey'],
    [contractor.id, 'Robin'],
  ]);

  it('shows each party the other one, with their role, and marks whose the last message is', () => {
    const mine = conversationToView(row, customer, names, 2);
    expect(mine.otherParty).toEqual({ id: contractor.id, name: 'Robin', role: 'contractor' });
    expect(mine.lastMessage?.mine).toBe(false);
    expect(mine.unreadCount).toBe(2);
    expect(mine.subject).toEqual({
      kind: 'work-order',
      id: workOrderId,
      title: 'Fix the fence',
      startsAt: null,
      workOrderId: null,
    });

    const theirs = conversationToView(row, contractor, names, 0);
    expect(theirs.otherParty).toEqual({ id: customer.id, name: 'Casey', role: 'customer' });
    expect(theirs.lastMessage?.mine).toBe(true);
    expect(conversationView.parse(theirs)).toEqual(theirs);
  });

  it('has no other party before a work order has its contractor, and names a closed account a former member', () => {
    const open = { ...row, contractorId: null, lastMessage: null };
    expect(otherPartyId(open, customer)).toBeNull();
    expect(conversationToView(open, customer, names, 0).otherParty).toBeNull();
    expect(conversationToView(row, customer, new Map(), 0).otherParty?.name).toBe(FORMER_MEMBER);
  });

  it('marks my own messages and names their sender', () => {
    const message = { id: messageId, senderId: customer.id, body: 'Hello', postedAt: '2026-01-03T00:00:00.000Z' };
    const view = messageToView(message, customer, names);
    expect(view).toEqual({ ...message, senderName: 'Casey', mine: true });
    expect(messageToView(message, contractor, new Map()).senderName).toBe(FORMER_MEMBER);
    expect(messageView.parse(view)).toEqual(view);
  });
});
