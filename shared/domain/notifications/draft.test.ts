import { describe, expect, it } from 'vitest';
import { notificationIdFor } from './draft.ts';

// Ids already stored in read models and the e-mail outbox: moving or rewriting the function must
// give the same id for the same parts, byte for byte.
describe('notificationIdFor', () => {
  it('keeps the ids it has always given', () => {
    const eventId = '0b7a1d1e-2f4e-4b7a-9b0e-1a2b3c4d5e70';
    const userId = '6f1c1c1e-8f4e-4b7a-9b0e-1a2b3c4d5e6f';
    expect(notificationIdFor(eventId, 'welcome', userId)).toBe('e356cd02-3689-5453-a795-fbbab61b74a6');
    expect(notificationIdFor(eventId, 'review-nudge', userId)).toBe('aef19e82-710b-55e8-8d42-0b30b6113750');
    expect(notificationIdFor('a', 'b')).toBe('4a3dec2d-1f82-5528-8855-c42db0ee4239');
    expect(notificationIdFor('ab')).toBe('da23614e-0246-5a0d-bc7b-d1bdab5c9c47');
    expect(notificationIdFor('')).toBe('da39a3ee-5e6b-5b0d-b255-bfef95601890');
  });
});
