import { describe, expect, it } from 'vitest';
import { visitBookingId } from './visit-id.ts';

describe('visit booking ids', () => {
  it('are the same for the same visit, different for any other, and valid version 5 UUIDs', () => {
    const id = visitBookingId('5b0c1c1e-8f4e-4b7a-9b0e-1a2b3c4d5e01', 3);
    expect(visitBookingId('5b0c1c1e-8f4e-4b7a-9b0e-1a2b3c4d5e01', 3)).toBe(id);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const others = new Set(
      Array.from({ length: 200 }, (_, i) => visitBookingId('5b0c1c1e-8f4e-4b7a-9b0e-1a2b3c4d5e01', i)),
    );
    expect(others.size).toBe(200);
    expect(visitBookingId('5b0c1c1e-8f4e-4b7a-9b0e-1a2b3c4d5e02', 3)).not.toBe(id);
  });
});
