import { describe, expect, it } from 'vitest';
import { CONFIRMATION_LIFETIME_MS, confirmationExpiry, confirmationProblem } from './pending-registration.ts';

const now = new Date('2026-11-22T12:00:00.000Z');

describe('confirmationProblem', () => {
  it('is invalid when no pending sign-up has the token (unknown, used or replaced)', () => {
    expect(confirmationProblem(null, now)).toBe('invalid');
  });

  it('lets a link through for 24 hours, then calls it expired', () => {
    const expiresAt = confirmationExpiry(now);
    expect(expiresAt.getTime() - now.getTime()).toBe(CONFIRMATION_LIFETIME_MS);
    expect(CONFIRMATION_LIFETIME_MS).toBe(24 * 60 * 60 * 1000);
    expect(confirmationProblem({ expiresAt }, now)).toBeNull();
    expect(confirmationProblem({ expiresAt }, new Date(expiresAt.getTime() - 1))).toBeNull();
    expect(confirmationProblem({ expiresAt }, expiresAt)).toBe('expired');
    expect(confirmationProblem({ expiresAt }, new Date(expiresAt.getTime() + 60_000))).toBe('expired');
  });
});
