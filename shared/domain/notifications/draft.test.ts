import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { notificationIdFor } from './draft.ts';

/** The id as first written, byte by byte: the version and variant bits set on the digest's bytes. */
function bytewiseId(...parts: string[]): string {
  const bytes = createHash('sha1').update(parts.join('\u0000')).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

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

  it('gives the byte-wise id for any parts (every variant digit included)', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary' }), { maxLength: 4 }), (parts) => {
        expect(notificationIdFor(...parts)).toBe(bytewiseId(...parts));
      }),
      { numRuns: 2_000 },
    );
  });
});
