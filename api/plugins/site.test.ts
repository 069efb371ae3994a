import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { SESSION_HINT_COOKIE } from '../../shared/http/accounts.ts';
import { sessionHintCookie } from './site.ts';

const request = (userId: string | undefined, hint?: string, protocol = 'http') =>
  ({
    session: { userId },
    cookies: hint === undefined ? {} : { [SESSION_HINT_COOKIE]: hint },
    protocol,
  }) as unknown as FastifyRequest;

describe('the session hint cookie on pages', () => {
  it('is set, readable by scripts, for a signed-in session', () => {
    const cookie = sessionHintCookie(request('user-1'));
    expect(cookie).toBe('signed_in=1; Path=/; Max-Age=604800; SameSite=Lax');
    expect(cookie).not.toMatch(/HttpOnly/i);
    expect(sessionHintCookie(request('user-1', '1', 'https'))).toMatch(/; Secure$/);
  });

  it('is cleared once the session has no user, and left alone for a visitor without one', () => {
    expect(sessionHintCookie(request(undefined, '1'))).toBe('signed_in=; Path=/; Max-Age=0; SameSite=Lax');
    expect(sessionHintCookie(request(undefined))).toBeNull();
  });
});
