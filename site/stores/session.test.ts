import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  $me,
  $session,
  confirmRegistration,
  login,
  logout,
  register,
  switchUser,
  type CurrentUser,
} from './session.ts';

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);

const customer: CurrentUser = {
  id: '6f1c1c1e-8f4e-4b7a-9b0e-1a2b3c4d5e6f',
  role: 'customer',
  name: 'Chloé Tremblay',
  email: 'customer@demo.ca',
  authenticated: true,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Routes calls by method and path, and records them. */
function server(routes: Record<string, () => Response>) {
  fetchMock.mockImplementation(async (input, init) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    const route = routes[key];
    if (!route) throw new Error(`unexpected call ${key}`);
    return route();
  });
}
const calls = () => fetchMock.mock.calls.map(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}`);
/**
 * The calls but the session's own reads: the listener each test starts reads /api/auth/me when the
 * store holds no fresh answer, which depends on the tests that ran before, not on the one running.
 */
const callsBesidesSessionReads = () => calls().filter((call) => call !== 'GET /api/auth/me');

let unbind: () => void;
beforeEach(() => {
  fetchMock.mockReset();
  unbind = $session.listen(() => {});
});
afterEach(() => unbind());

async function settled() {
  await vi.waitFor(() => expect($me.get().loading).toBe(false));
  return $session.get();
}

describe('$session', () => {
  it('is unauthenticated when /api/auth/me answers 401, and authenticated after login', async () => {
    let signedIn = false;
    server({
      'GET /api/auth/me': () => (signedIn ? json(200, customer) : json(401, { error: 'Not signed in' })),
      'POST /api/auth/login': () => {
        signedIn = true;
        return json(200, { user: customer });
      },
    });
    $me.invalidate();
    expect((await settled()).status).toBe('unauthenticated');
    const user = await login({ email: customer.email, password: 'demo-pass-2024' });
    expect(user).toEqual(customer);
    expect(await settled()).toEqual({ status: 'authenticated', user: customer });
    // The session was fetched again after the login (docs/product.md#site).
    await vi.waitFor(() => expect(calls().filter((c) => c === 'GET /api/auth/me').length).toBeGreaterThanOrEqual(2));
  });

  it("reports the server's login error, else 'Login failed', without retrying", async () => {
    server({ 'POST /api/auth/login': () => json(401, { error: 'Invalid email or password' }) });
    await expect(login({ email: 'a@b.ca', password: 'wrong-pass' })).rejects.toThrow('Invalid email or password');
    fetchMock.mockReset();
    server({ 'POST /api/auth/login': () => new Response('<html>oops</html>', { status: 502 }) });
    await expect(login({ email: 'a@b.ca', password: 'wrong-pass' })).rejects.toThrow('Login failed');
    expect(calls()).toEqual(['POST /api/auth/login']);
  });

  it("reports 'Switch user failed' when the server gives no reason", async () => {
    server({
      'POST /api/auth/switch-user': () => new Response('', { status: 500, statusText: 'Internal Server Error' }),
    });
    await expect(switchUser(customer.id)).rejects.toThrow('Switch user failed');
  });
});

describe('logout', () => {
  it('tries GET /auth/logout first and marks the user signed out', async () => {
    server({
      'GET /auth/logout': () => new Response(null, { status: 200 }),
      'GET /api/auth/me': () => json(401, { error: 'Not signed in' }),
    });
    $me.mutate(customer);
    await logout();
    expect(calls()[0]).toBe('GET /auth/logout');
    expect(calls()).not.toContain('POST /api/auth/logout');
    expect($session.get().status).toBe('unauthenticated');
  });

  it('falls back to POST /api/auth/logout when the first call fails', async () => {
    server({
      'GET /auth/logout': () => new Response('nope', { status: 404 }),
      'POST /api/auth/logout': () => json(200, { success: true }),
      'GET /api/auth/me': () => json(401, { error: 'Not signed in' }),
    });
    $me.mutate(customer);
    await logout();
    expect(callsBesidesSessionReads().slice(0, 2)).toEqual(['GET /auth/logout', 'POST /api/auth/logout']);
    expect($session.get().status).toBe('unauthenticated');
  });

  it('signs out by POST when the server refuses the GET with 405, as it does', async () => {
    server({
      'GET /auth/logout': () =>
        new Response(JSON.stringify({ error: 'Sign out with POST /api/auth/logout.' }), {
          status: 405,
          headers: { allow: 'POST', 'content-type': 'application/json' },
        }),
      'POST /api/auth/logout': () => json(200, { success: true }),
      'GET /api/auth/me': () => json(401, { error: 'Not signed in' }),
    });
    $me.mutate(customer);
    await logout();
    expect(callsBesidesSessionReads().slice(0, 2)).toEqual(['GET /auth/logout', 'POST /api/auth/logout']);
    expect($session.get().status).toBe('unauthenticated');
  });

  it("reports the server's error, else 'Logout failed', when both calls fail", async () => {
    server({
      'GET /auth/logout': () => new Response('', { status: 500 }),
      'POST /api/auth/logout': () => new Response('', { status: 500, statusText: 'Internal Server Error' }),
    });
    await expect(logout()).rejects.toThrow('Logout failed');
  });
});

describe('sign-up by e-mail confirmation', () => {
  it('register sends the page language and resolves on 202 with nothing to sign in', async () => {
    let sent: unknown = null;
    fetchMock.mockImplementation(async (input, init) => {
      if (`${init?.method} ${String(input)}` !== 'POST /api/auth/register')
        throw new Error(`unexpected ${String(input)}`);
      sent = JSON.parse(String(init?.body));
      return json(202, { status: 'confirmation-sent' });
    });
    const registration = {
      name: 'Chloé Tremblay',
      email: 'chloe@example.ca',
      password: 'a-long-enough-password',
      role: 'customer' as const,
      dateOfBirth: '1990-05-20',
      language: 'fr' as const,
    };
    await expect(register(registration)).resolves.toBeUndefined();
    expect(sent).toEqual(registration);
  });

  it('confirmRegistration posts the token and marks the new user signed in', async () => {
    server({
      'POST /api/auth/confirm-registration': () => json(201, { user: customer }),
      'GET /api/auth/me': () => json(200, customer),
    });
    await expect(confirmRegistration('t'.repeat(43))).resolves.toEqual(customer);
    expect(callsBesidesSessionReads()[0]).toBe('POST /api/auth/confirm-registration');
    expect(await settled()).toEqual({ status: 'authenticated', user: customer });
  });
});
