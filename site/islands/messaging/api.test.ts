import { describe, expect, it } from 'vitest';
import { conversationParam, parseConversationParam } from './api.ts';

describe('the ?c= parameter of /messages', () => {
  const id = '1b7a1d1e-2f4e-4b7a-9b0e-1a2b3c4d5e70';

  it('round-trips a booking and a work order', () => {
    expect(parseConversationParam(conversationParam('booking', id))).toEqual({ kind: 'booking', id });
    expect(parseConversationParam(conversationParam('work-order', id))).toEqual({ kind: 'work-order', id });
    expect(parseConversationParam(`booking:${id.toUpperCase()}`)).toEqual({ kind: 'booking', id });
  });

  it('ignores anything else', () => {
    for (const value of [null, '', 'booking', `job:${id}`, `booking:${id}x`, `booking:../${id}`]) {
      expect(parseConversationParam(value)).toBeNull();
    }
  });
});
