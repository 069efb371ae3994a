import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';
import { Browser, createAdmin, eventsMentioning, signUp, uniqueRegistration } from './support/http-client.ts';

/** The UTC calendar date `years` years before today, shifted by `dayOffset` days. */
function birthDate(years: number, dayOffset = 0): string {
  const now = new Date();
  const month = now.getUTCMonth();
  let day = now.getUTCDate();
  // Someone born on 29 February turns a year older on 28 February in a common year.
  if (month === 1 && day === 29) day = 28;
  return new Date(Date.UTC(now.getUTCFullYear() - years, month, day + dayOffset)).toISOString().slice(0, 10);
}

const EMAIL_TAKEN = 'An account with this email address already exists.';
const INVALID_CREDENTIALS = 'Invalid email or password';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ DEMO_MODE: 'false' });
});

afterAll(async () => {
  await t?.close();
});

describe('POST /api/auth/register', () => {
  it('creates a customer, answers 201 with the user and signs them in', async () => {
    const browser = new Browser(t.app);
    const registration = uniqueRegistration({ role: 'customer' });
    const response = await browser.post('/api/auth/register', registration);
    expect(response.statusCode).toBe(201);
    const { user } = response.json();
    expect(user).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      role: 'customer',
      name: registration.name,
      email: registration.email,
      authenticated: true,
    });
    expect(browser.cookie('sid')).toBeTruthy();

    // Read-your-writes: the session works at once.
    const me = await browser.get('/api/auth/me');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual(user);
  });

  it('creates a contractor with the contractor role', async () => {
    const browser = new Browser(t.app);
    const response = await browser.post('/api/auth/register', uniqueRegistration({ role: 'contractor' }));
    expect(response.statusCode).toBe(201);
    expect(response.json().user.role).toBe('contractor');
    const me = await browser.get('/api/auth/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().role).toBe('contractor');
  });

  it('trims the name and the e-mail it stores', async () => {
    const browser = new Browser(t.app);
    const registration = uniqueRegistration();
    const response = await browser.post('/api/auth/register', {
      ...registration,
      name: `  ${registration.name}  `,
      email: `  ${registration.email}  `,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().user.name).toBe(registration.name);
    expect(response.json().user.email).toBe(registration.email);
  });

  it.each([
    ['a name of one character', { name: 'A' }, 'Name must be at least 2 characters'],
    ['a name of blanks', { name: '   ' }, 'Name must be at least 2 characters'],
    ['a missing name', { name: undefined }, 'Name must be at least 2 characters'],
    ['an invalid e-mail', { email: 'not-an-email' }, 'Please enter a valid email address'],
    ['a missing e-mail', { email: undefined }, 'Please enter a valid email address'],
    ['a password of 7 characters', { password: '1234567' }, 'Password must be at least 8 characters'],
    ['a missing password', { password: undefined }, 'Password must be at least 8 characters'],
    ['a missing role', { role: undefined }, 'Please select your role'],
    ['an unknown role', { role: 'superhero' }, 'Please select your role'],
    ['the admin role', { role: 'admin' }, 'Please select your role'],
  ])('rejects %s with the spec message', async (_label, overrides, message) => {
    const browser = new Browser(t.app);
    const response = await browser.post('/api/auth/register', uniqueRegistration(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: message });
    expect(browser.cookie('sid')).toBeUndefined();
  });

  it('rejects a missing date of birth', async () => {
    const response = await new Browser(t.app).post(
      '/api/auth/register',
      uniqueRegistration({ dateOfBirth: undefined }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Date of birth is required (YYYY-MM-DD)' });
  });

  it.each(['2001-02-30', '2001-13-01', '20-01-2001', '2001/01/20', 'yesterday'])(
    'rejects the invalid calendar date %s',
    async (dateOfBirth) => {
      const response = await new Browser(t.app).post('/api/auth/register', uniqueRegistration({ dateOfBirth }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'Date of birth must be a real date in the form YYYY-MM-DD' });
    },
  );

  it('rejects someone who turns 15 tomorrow', async () => {
    const browser = new Browser(t.app);
    const registration = uniqueRegistration({ dateOfBirth: birthDate(15, 1) });
    const response = await browser.post('/api/auth/register', registration);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'You must be 15 or older to use this service.' });
    expect(browser.cookie('sid')).toBeUndefined();
    // Nothing was reserved: the address is still free for a valid sign-up.
    const retry = await browser.post('/api/auth/register', { ...registration, dateOfBirth: '1990-01-01' });
    expect(retry.statusCode).toBe(201);
  });

  it('rejects a ten-year-old', async () => {
    const response = await new Browser(t.app).post(
      '/api/auth/register',
      uniqueRegistration({ dateOfBirth: birthDate(10) }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'You must be 15 or older to use this service.' });
  });

  it('accepts someone who turns 15 today', async () => {
    const response = await new Browser(t.app).post(
      '/api/auth/register',
      uniqueRegistration({ dateOfBirth: birthDate(15) }),
    );
    expect(response.statusCode).toBe(201);
  });

  it('rejects an e-mail already registered, whatever its case and surrounding blanks', async () => {
    const first = uniqueRegistration();
    expect((await new Browser(t.app).post('/api/auth/register', first)).statusCode).toBe(201);

    const browser = new Browser(t.app);
    const response = await browser.post('/api/auth/register', {
      ...uniqueRegistration(),
      email: `  ${first.email.toUpperCase()} `,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: EMAIL_TAKEN });
    expect(browser.cookie('sid')).toBeUndefined();
  });

  it('rejects a contractor sign-up with the e-mail of an existing customer', async () => {
    const customer = uniqueRegistration({ role: 'customer' });
    expect((await new Browser(t.app).post('/api/auth/register', customer)).statusCode).toBe(201);
    const response = await new Browser(t.app).post('/api/auth/register', {
      ...uniqueRegistration({ role: 'contractor' }),
      email: customer.email,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: EMAIL_TAKEN });
  });

  it('accepts exactly one of two concurrent sign-ups with the same e-mail', async () => {
    const email = uniqueRegistration().email;
    const responses = await Promise.all([
      new Browser(t.app).post('/api/auth/register', uniqueRegistration({ email, role: 'customer' })),
      new Browser(t.app).post(
        '/api/auth/register',
        uniqueRegistration({ email: email.toUpperCase(), role: 'contractor' }),
      ),
    ]);
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409]);
    expect(responses.find((r) => r.statusCode === 409)!.json()).toEqual({ error: EMAIL_TAKEN });
    const [row] = await t.runtime.sql<{ count: string }[]>`
      select count(*)::text as count from account_personal where email_normalized = ${email.toLowerCase()}`;
    expect(row!.count).toBe('1');
  });

  it('keeps no personal data in the event log', async () => {
    const { registration, user } = await signUp(t.app, { name: `Zebulon ${randomUUID().slice(0, 6)}` });
    // The account's events are there, by id only.
    const [events] = await t.runtime.sql<{ count: string }[]>`
      select count(*)::text as count from es_events where data->>'accountId' = ${user.id}`;
    expect(Number(events!.count)).toBeGreaterThan(0);
    expect(await eventsMentioning(t.runtime, registration.email)).toBe(0);
    expect(await eventsMentioning(t.runtime, registration.name)).toBe(0);
    expect(await eventsMentioning(t.runtime, registration.dateOfBirth)).toBe(0);
  });
});

describe('GET /api/auth/me', () => {
  it('rejects a signed-out visitor with 401 and an error body', async () => {
    const response = await new Browser(t.app).get('/api/auth/me');
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toEqual({ error: expect.any(String) });
    expect(response.json().error.length).toBeGreaterThan(0);
  });

  it('rejects a forged session cookie with 401', async () => {
    const response = await new Browser(t.app).get('/api/auth/me', { cookie: 'sid=not-a-real-session.signature' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: expect.any(String) });
  });
});

describe('POST /api/auth/login', () => {
  it('signs in with the right password, whatever the e-mail case', async () => {
    const { registration, user } = await signUp(t.app);
    const browser = new Browser(t.app);
    const response = await browser.post('/api/auth/login', {
      email: `  ${registration.email.toUpperCase()}  `,
      password: registration.password,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user });
    const me = await browser.get('/api/auth/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(user.id);
  });

  it('rejects a wrong password with 401 and the generic message', async () => {
    const { registration } = await signUp(t.app);
    const browser = new Browser(t.app);
    const response = await browser.post('/api/auth/login', { email: registration.email, password: 'wrong-password-1' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: INVALID_CREDENTIALS });
    expect((await browser.get('/api/auth/me')).statusCode).toBe(401);
  });

  it('rejects an unknown e-mail with the same 401 and message', async () => {
    const response = await new Browser(t.app).post('/api/auth/login', {
      email: `nobody.${randomUUID()}@example.ca`,
      password: 'whatever-password',
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: INVALID_CREDENTIALS });
  });

  it.each([
    ['a missing e-mail', { password: 'secret-password' }, 'Email is required'],
    ['an empty e-mail', { email: '', password: 'secret-password' }, 'Email is required'],
    ['a blank e-mail', { email: '   ', password: 'secret-password' }, 'Email is required'],
    ['a missing password', { email: 'someone@example.ca' }, 'Password is required'],
    ['an empty password', { email: 'someone@example.ca', password: '' }, 'Password is required'],
  ])('rejects %s with the spec message', async (_label, body, message) => {
    const response = await new Browser(t.app).post('/api/auth/login', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: message });
  });

  it('regenerates the session id at sign-in and retires the old one', async () => {
    const { browser, registration, user } = await signUp(t.app);
    const before = browser.cookie('sid');
    expect(before).toBeTruthy();

    const response = await browser.post('/api/auth/login', {
      email: registration.email,
      password: registration.password,
    });
    expect(response.statusCode).toBe(200);
    const after = browser.cookie('sid');
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);
    expect((await browser.get('/api/auth/me')).json().id).toBe(user.id);

    // Whoever kept the old cookie is not signed in any more.
    const stale = await new Browser(t.app).get('/api/auth/me', { cookie: `sid=${before}` });
    expect(stale.statusCode).toBe(401);
  });
});

describe('sign-out', () => {
  it('POST /api/auth/logout answers {success:true} and ends the session', async () => {
    const { browser } = await signUp(t.app);
    const sid = browser.cookie('sid');
    expect((await browser.get('/api/auth/me')).statusCode).toBe(200);

    const response = await browser.post('/api/auth/logout');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect((await browser.get('/api/auth/me')).statusCode).toBe(401);
    // Replaying the old cookie does not bring the session back.
    expect((await new Browser(t.app).get('/api/auth/me', { cookie: `sid=${sid}` })).statusCode).toBe(401);
  });

  it('POST /api/auth/logout when signed out still answers {success:true}', async () => {
    const response = await new Browser(t.app).post('/api/auth/logout');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
  });

  it('GET /auth/logout ends the session and redirects 302 to /', async () => {
    const { browser } = await signUp(t.app);
    const sid = browser.cookie('sid');
    const response = await browser.get('/auth/logout');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/');
    expect((await browser.get('/api/auth/me')).statusCode).toBe(401);
    expect((await new Browser(t.app).get('/api/auth/me', { cookie: `sid=${sid}` })).statusCode).toBe(401);
  });
});

describe('POST /api/auth/switch-user', () => {
  it('rejects a signed-out visitor with 401', async () => {
    const { user } = await signUp(t.app);
    const response = await new Browser(t.app).post('/api/auth/switch-user', { userId: user.id });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: expect.any(String) });
  });

  it('rejects a customer or contractor with 403 when demo mode is off', async () => {
    const { user: target } = await signUp(t.app);
    for (const role of ['customer', 'contractor']) {
      const { browser, user } = await signUp(t.app, { role });
      const response = await browser.post('/api/auth/switch-user', { userId: target.id });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: 'Only administrators can switch user.' });
      // Still themselves.
      expect((await browser.get('/api/auth/me')).json().id).toBe(user.id);
    }
  });

  it('lets an admin act as another user', async () => {
    const { registration } = await createAdmin(t.runtime);
    const admin = new Browser(t.app);
    const login = await admin.post('/api/auth/login', { email: registration.email, password: registration.password });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.role).toBe('admin');
    const sidBefore = admin.cookie('sid');

    const { user: target } = await signUp(t.app, { role: 'contractor' });
    const response = await admin.post('/api/auth/switch-user', { userId: target.id });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user: target });
    expect(admin.cookie('sid')).not.toBe(sidBefore);
    const me = await admin.get('/api/auth/me');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual(target);
  });

  it('answers 404 for an unknown user and 400 for a malformed id', async () => {
    const { registration } = await createAdmin(t.runtime);
    const admin = new Browser(t.app);
    expect(
      (await admin.post('/api/auth/login', { email: registration.email, password: registration.password })).statusCode,
    ).toBe(200);

    const unknown = await admin.post('/api/auth/switch-user', { userId: randomUUID() });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'User not found.' });

    const malformed = await admin.post('/api/auth/switch-user', { userId: 'not-a-uuid' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ error: 'userId must be a valid user id' });

    const missing = await admin.post('/api/auth/switch-user', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ error: 'userId must be a valid user id' });

    // The admin is still signed in as themselves.
    expect((await admin.get('/api/auth/me')).json().role).toBe('admin');
  });

  it('refuses to switch to a deleted account', async () => {
    const { registration } = await createAdmin(t.runtime);
    const admin = new Browser(t.app);
    await admin.post('/api/auth/login', { email: registration.email, password: registration.password });
    const { browser, registration: gone, user } = await signUp(t.app);
    expect((await browser.delete('/api/auth/account', { password: gone.password })).statusCode).toBe(200);
    const response = await admin.post('/api/auth/switch-user', { userId: user.id });
    expect(response.statusCode).toBe(404);
  });
});

describe('POST /api/auth/switch-user in demo mode', () => {
  let demo: TestApp;

  beforeAll(async () => {
    demo = await createTestApp({ DEMO_MODE: 'true' });
  });

  afterAll(async () => {
    await demo?.close();
  });

  // Switching into the seeded demo accounts is tested in api.switch-user.test.ts (it needs the seed).
  it('refuses to let a signed-in user act as another member who signed up', async () => {
    const { browser, user } = await signUp(demo.app, { role: 'customer' });
    const { user: target } = await signUp(demo.app, { role: 'contractor' });
    const response = await browser.post('/api/auth/switch-user', { userId: target.id });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: 'In demo mode you can only switch to one of the demo accounts.' });
    expect((await browser.get('/api/auth/me')).json()).toEqual(user);
  });

  it('still requires a signed-in user', async () => {
    const { user: target } = await signUp(demo.app);
    const response = await new Browser(demo.app).post('/api/auth/switch-user', { userId: target.id });
    expect(response.statusCode).toBe(401);
  });

  it('answers 404 for an unknown user', async () => {
    const { browser } = await signUp(demo.app);
    const response = await browser.post('/api/auth/switch-user', { userId: randomUUID() });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'User not found.' });
  });
});

describe('DELETE /api/auth/account', () => {
  it('rejects a signed-out visitor with 401', async () => {
    const response = await new Browser(t.app).delete('/api/auth/account', { password: 'whatever-password' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: expect.any(String) });
  });

  it('rejects a wrong password with 401 and keeps the account', async () => {
    const { browser, registration, user } = await signUp(t.app);
    const response = await browser.delete('/api/auth/account', { password: 'not-my-password' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: INVALID_CREDENTIALS });
    expect((await browser.get('/api/auth/me')).json().id).toBe(user.id);
    const login = await new Browser(t.app).post('/api/auth/login', {
      email: registration.email,
      password: registration.password,
    });
    expect(login.statusCode).toBe(200);
  });

  it('rejects a missing password with 400', async () => {
    const { browser } = await signUp(t.app);
    const response = await browser.delete('/api/auth/account', {});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Password is required' });
  });

  it('deletes the account and its personal data; the e-mail can register again', async () => {
    const name = `Quentin Deletable ${randomUUID().slice(0, 8)}`;
    const { browser, registration, user } = await signUp(t.app, { name, role: 'contractor' });
    const sid = browser.cookie('sid');

    const response = await browser.delete('/api/auth/account', { password: registration.password });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });

    // Signed out, also for anyone replaying the old cookie.
    expect((await browser.get('/api/auth/me')).statusCode).toBe(401);
    expect((await new Browser(t.app).get('/api/auth/me', { cookie: `sid=${sid}` })).statusCode).toBe(401);

    // The credentials are gone.
    const login = await new Browser(t.app).post('/api/auth/login', {
      email: registration.email,
      password: registration.password,
    });
    expect(login.statusCode).toBe(401);
    expect(login.json()).toEqual({ error: INVALID_CREDENTIALS });

    // No personal data anywhere: not in the personal-data table, not in the log.
    const [personal] = await t.runtime.sql<{ count: string }[]>`
      select count(*)::text as count from account_personal where account_id = ${user.id}`;
    expect(personal!.count).toBe('0');
    expect(await eventsMentioning(t.runtime, registration.email)).toBe(0);
    expect(await eventsMentioning(t.runtime, name)).toBe(0);
    const [account] = await t.runtime.sql<{ status: string }[]>`
      select status from rm_accounts where account_id = ${user.id}`;
    expect(account?.status).toBe('closed');

    // The same e-mail (in another case) holds a new account of any role.
    const again = new Browser(t.app);
    const reRegistered = await again.post('/api/auth/register', {
      ...uniqueRegistration({ role: 'customer' }),
      email: registration.email.toUpperCase(),
    });
    expect(reRegistered.statusCode).toBe(201);
    expect(reRegistered.json().user.id).not.toBe(user.id);
    expect((await again.get('/api/auth/me')).statusCode).toBe(200);
    const relogin = await new Browser(t.app).post('/api/auth/login', {
      email: registration.email,
      password: 'correct-horse-battery',
    });
    expect(relogin.statusCode).toBe(200);
    expect(relogin.json().user.id).toBe(reRegistered.json().user.id);
  });
});
