import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pendingRegistrationsPurgeJob } from '../workflows/pending-registrations-purge.ts';
import type { ScheduledJobContext } from '../infrastructure/scheduling/scheduled.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import {
  Browser,
  confirmSignUp,
  createAdmin,
  eventsMentioning,
  signUp,
  uniqueRegistration,
} from './support/http-client.ts';
import { confirmationLinkFor, confirmationLinkIn, emailsTo, waitForEmail } from './support/outbox.ts';
import { sleep } from './support/wait.ts';

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

const SIGN_UP_ANSWER = { status: 'confirmation-sent' };
const CONFIRMATION_INVALID = 'This confirmation link is not valid or has already been used.';
const CONFIRMATION_EXPIRED = 'This confirmation link has expired. Please sign up again.';
const COMMON_PASSWORD = 'This password is too common. Please choose one that is harder to guess.';
const REPEATED_PASSWORD = 'A password cannot be one character repeated. Please choose one that is harder to guess.';
const FUTURE_BIRTH_DATE = 'Date of birth cannot be in the future.';
const TOO_OLD_BIRTH_DATE = 'Date of birth cannot be more than 120 years ago.';

const dataDir = () => t.config.DATA_DIR;
const tokenOf = (link: URL) => link.searchParams.get('token')!;
const PASSWORD_NEEDED = 'To finish in this browser, enter the password you chose when you signed up.';
const WRONG_PASSWORD = 'That is not the password you chose when you signed up. Please try again.';
const BINDING_COOKIE = 'signup_binding';
const confirm = (browser: Browser, token: string | null, password?: string) =>
  browser.post('/api/auth/confirm-registration', { token, ...(password === undefined ? {} : { password }) });
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

async function pendingRows(email: string) {
  return t.runtime.sql<{ token_hash: string; name: string; expires_at: Date }[]>`
    select token_hash, name, expires_at from account_pending_registration where email_normalized = ${email.toLowerCase()}`;
}

describe('POST /api/auth/register: sign-up by e-mail confirmation', () => {
  it('answers 202 and signs no one in; the link e-mailed creates the customer and signs them in', async () => {
    const browser = new Browser(t.app);
    const registration = uniqueRegistration({ role: 'customer' });
    const response = await browser.post('/api/auth/register', registration);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual(SIGN_UP_ANSWER);
    expect(browser.cookie('sid')).toBeUndefined();
    expect((await browser.get('/api/auth/me')).statusCode).toBe(401);

    const email = await waitForEmail(dataDir(), registration.email);
    expect(email.subject).toBe('Confirm your e-mail address to finish signing up');
    expect(email.text).toContain(`Hello ${registration.name},`);
    const link = confirmationLinkIn(email);
    expect(link.pathname).toBe('/signup/confirm');
    // No account until the link is opened.
    const early = await new Browser(t.app).post('/api/auth/login', {
      email: registration.email,
      password: registration.password,
    });
    expect(early.statusCode).toBe(401);

    const confirmed = await confirm(browser, tokenOf(link));
    expect(confirmed.statusCode).toBe(201);
    const { user } = confirmed.json();
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
    const login = await new Browser(t.app).post('/api/auth/login', {
      email: registration.email,
      password: registration.password,
    });
    expect(login.statusCode).toBe(200);
    // The pending sign-up is gone once used.
    expect(await pendingRows(registration.email)).toEqual([]);
  });

  it('creates a contractor with the contractor role', async () => {
    const { browser, user } = await signUp(t.app, { role: 'contractor' });
    expect(user.role).toBe('contractor');
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
    expect(response.statusCode).toBe(202);
    const user = await confirmSignUp(browser, registration.email);
    expect(user.name).toBe(registration.name);
    expect(user.email).toBe(registration.email);
  });

  it('writes the e-mail and its link in French for a sign-up from a French page', async () => {
    const browser = new Browser(t.app);
    const registration = uniqueRegistration({ language: 'fr' });
    expect((await browser.post('/api/auth/register', registration)).statusCode).toBe(202);
    const email = await waitForEmail(dataDir(), registration.email);
    expect(email.subject).toBe('Confirmez votre adresse courriel pour terminer votre inscription');
    expect(email.text).toContain(`Bonjour ${registration.name},`);
    expect(confirmationLinkIn(email).pathname).toBe('/fr/signup/confirm');
  });

  it.each([
    ['a name of one character', { name: 'A' }, 'Name must be at least 2 characters'],
    ['a name of blanks', { name: '   ' }, 'Name must be at least 2 characters'],
    ['a missing name', { name: undefined }, 'Name must be at least 2 characters'],
    ['an invalid e-mail', { email: 'not-an-email' }, 'Please enter a valid email address'],
    ['a missing e-mail', { email: undefined }, 'Please enter a valid email address'],
    ['a password of 7 characters', { password: '1234567' }, 'Password must be at least 8 characters'],
    ['a missing password', { password: undefined }, 'Password must be at least 8 characters'],
    ['the password "password"', { password: 'password' }, COMMON_PASSWORD],
    ['a common password in capitals', { password: 'PASSWORD1' }, COMMON_PASSWORD],
    ['the common password "qwertyuiop"', { password: 'qwertyuiop' }, COMMON_PASSWORD],
    ['the password "aaaaaaaa"', { password: 'aaaaaaaa' }, REPEATED_PASSWORD],
    ['one repeated character, long', { password: 'zzzzzzzzzzzzzzzzzzzz' }, REPEATED_PASSWORD],
    ['a missing role', { role: undefined }, 'Please select your role'],
    ['an unknown role', { role: 'superhero' }, 'Please select your role'],
    ['the admin role', { role: 'admin' }, 'Please select your role'],
    ['a birth date of 1800-01-01', { dateOfBirth: '1800-01-01' }, TOO_OLD_BIRTH_DATE],
    ['a birth date 120 years and a day ago', { dateOfBirth: birthDate(120, -1) }, TOO_OLD_BIRTH_DATE],
    ['a birth date tomorrow', { dateOfBirth: birthDate(0, 1) }, FUTURE_BIRTH_DATE],
    ['a birth date in 2999', { dateOfBirth: '2999-01-01' }, FUTURE_BIRTH_DATE],
    ['an unknown language', { language: 'de' }, 'language must be en or fr'],
  ])('rejects %s with a clear message', async (_label, overrides, message) => {
    const browser = new Browser(t.app);
    const registration = uniqueRegistration(overrides);
    const response = await browser.post('/api/auth/register', registration);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: message });
    expect(browser.cookie('sid')).toBeUndefined();
  });

  it('accepts a birth date exactly 120 years ago', async () => {
    const response = await new Browser(t.app).post(
      '/api/auth/register',
      uniqueRegistration({ dateOfBirth: birthDate(120) }),
    );
    expect(response.statusCode).toBe(202);
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

  it('rejects someone who turns 15 tomorrow, and keeps nothing', async () => {
    const browser = new Browser(t.app);
    const registration = uniqueRegistration({ dateOfBirth: birthDate(15, 1) });
    const response = await browser.post('/api/auth/register', registration);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'You must be 15 or older to use this service.' });
    expect(browser.cookie('sid')).toBeUndefined();
    expect(await pendingRows(registration.email)).toEqual([]);
    // The address is still free for a valid sign-up.
    const retry = await browser.post('/api/auth/register', { ...registration, dateOfBirth: '1990-01-01' });
    expect(retry.statusCode).toBe(202);
    expect((await confirmSignUp(browser, registration.email)).email).toBe(registration.email);
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
    const { user } = await signUp(t.app, { dateOfBirth: birthDate(15) });
    expect(user.id).toBeTruthy();
  });

  it('answers an address that has an account exactly as a new one, and e-mails its owner instead', async () => {
    const { registration: owner, user } = await signUp(t.app);
    const fresh = uniqueRegistration();

    const attempt = new Browser(t.app);
    const taken = await attempt.post('/api/auth/register', {
      ...uniqueRegistration({ password: 'a-different-password' }),
      email: `  ${owner.email.toUpperCase()} `,
    });
    const free = await new Browser(t.app).post('/api/auth/register', fresh);
    for (const response of [taken, free]) {
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual(SIGN_UP_ANSWER);
    }
    expect(taken.body).toBe(free.body);
    // Both set the binding cookie, byte for byte the same but for its random value.
    const bindingOf = (response: typeof taken) => response.cookies.find((c) => c.name === BINDING_COOKIE)!.value;
    expect(bindingOf(taken)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(bindingOf(free)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(bindingOf(taken)).not.toBe(bindingOf(free));
    const sameBut = (response: typeof taken) => {
      const { date: _date, ...headers } = response.headers;
      return { ...headers, 'set-cookie': String(headers['set-cookie']).replace(bindingOf(response), '<random>') };
    };
    expect(sameBut(taken)).toEqual(sameBut(free));
    expect(sameBut(taken)['set-cookie']).toBe(
      `${BINDING_COOKIE}=<random>; Max-Age=86400; Path=/api/auth; HttpOnly; SameSite=Lax`,
    );
    expect(attempt.cookie('sid')).toBeUndefined();

    // The owner's second e-mail (the first was their own confirmation) says what happened.
    const notice = await waitForEmail(dataDir(), owner.email, { count: 2 });
    expect(notice.subject).toBe('Someone tried to create an account with your e-mail address');
    expect(notice.text).toContain(`Hello ${owner.name},`);
    expect(notice.text).toContain('If it was you, sign in');
    expect(notice.text).toMatch(/http:\/\/localhost:\d+\/signin/);
    expect(() => confirmationLinkIn(notice)).toThrow();
    // Nothing changed: no pending sign-up, the old password works, the one typed does not.
    expect(await pendingRows(owner.email)).toEqual([]);
    const login = await new Browser(t.app).post('/api/auth/login', { email: owner.email, password: owner.password });
    expect(login.json().user.id).toBe(user.id);
    const other = await new Browser(t.app).post('/api/auth/login', {
      email: owner.email,
      password: 'a-different-password',
    });
    expect(other.statusCode).toBe(401);
    // The new address got its confirmation.
    expect(confirmationLinkIn(await waitForEmail(dataDir(), fresh.email)).pathname).toBe('/signup/confirm');
  });

  it('tells the owner in French when the attempt came from a French page', async () => {
    const { registration: owner } = await signUp(t.app);
    const attempt = await new Browser(t.app).post('/api/auth/register', {
      ...uniqueRegistration({ language: 'fr' }),
      email: owner.email,
    });
    expect(attempt.statusCode).toBe(202);
    const notice = await waitForEmail(dataDir(), owner.email, { count: 2 });
    expect(notice.subject).toBe('Quelqu’un a tenté de créer un compte avec votre adresse courriel');
    expect(notice.text).toMatch(/http:\/\/localhost:\d+\/fr\/signin/);
  });

  it('a second sign-up for a pending address replaces the first; only the newest link works', async () => {
    const first = uniqueRegistration({ role: 'customer' });
    const second = { ...uniqueRegistration({ role: 'contractor' }), email: first.email };
    const browser = new Browser(t.app);
    expect((await browser.post('/api/auth/register', first)).statusCode).toBe(202);
    const firstLink = await confirmationLinkFor(dataDir(), first.email);
    expect((await browser.post('/api/auth/register', second)).statusCode).toBe(202);
    const secondLink = await confirmationLinkFor(dataDir(), first.email, { count: 2 });
    expect(await pendingRows(first.email)).toHaveLength(1);

    const stale = await confirm(new Browser(t.app), tokenOf(firstLink));
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toEqual({ error: CONFIRMATION_INVALID });
    const fresh = await confirm(browser, tokenOf(secondLink));
    expect(fresh.statusCode).toBe(201);
    expect(fresh.json().user).toMatchObject({ name: second.name, role: 'contractor' });
  });

  it('creates exactly one account from two concurrent sign-ups with the same e-mail', async () => {
    const email = uniqueRegistration().email;
    const responses = await Promise.all([
      new Browser(t.app).post('/api/auth/register', uniqueRegistration({ email, role: 'customer' })),
      new Browser(t.app).post(
        '/api/auth/register',
        uniqueRegistration({ email: email.toUpperCase(), role: 'contractor' }),
      ),
    ]);
    expect(responses.map((r) => r.statusCode)).toEqual([202, 202]);
    await waitForEmail(dataDir(), email, { count: 2 });
    const links = (await emailsTo(dataDir(), email)).map(confirmationLinkIn);
    // Opened elsewhere than in the browsers that signed up: with the password both chose.
    const confirmations = await Promise.all(
      links.map((link) => confirm(new Browser(t.app), tokenOf(link), 'correct-horse-battery')),
    );
    expect(confirmations.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    const [row] = await t.runtime.sql<{ count: string }[]>`
      select count(*)::text as count from account_personal where email_normalized = ${email.toLowerCase()}`;
    expect(row!.count).toBe('1');
  });

  it('sends at most 5 sign-up e-mails an hour to one address, answering every sign-up the same', async () => {
    const email = uniqueRegistration().email;
    for (let i = 0; i < 7; i++) {
      const response = await new Browser(t.app).post('/api/auth/register', uniqueRegistration({ email }));
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual(SIGN_UP_ANSWER);
    }
    await waitForEmail(dataDir(), email, { count: 5 });
    await sleep(300);
    expect(await emailsTo(dataDir(), email)).toHaveLength(5);
  });

  it('keeps no personal data in the event log, and only a hash of the link token', async () => {
    const browser = new Browser(t.app);
    const registration = uniqueRegistration({ name: `Zebulon ${randomUUID().slice(0, 6)}` });
    expect((await browser.post('/api/auth/register', registration)).statusCode).toBe(202);
    const token = tokenOf(await confirmationLinkFor(dataDir(), registration.email));
    const [pending] = await pendingRows(registration.email);
    expect(pending!.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    const [stored] = await t.runtime.sql<{ count: string }[]>`
      select count(*)::text as count from account_pending_registration p where p::text like ${`%${token}%`}`;
    expect(stored!.count).toBe('0');
    expect(await eventsMentioning(t.runtime, registration.email)).toBe(0);

    const user = await confirmSignUp(browser, registration.email);
    // The account's events are there, by id only.
    const [events] = await t.runtime.sql<{ count: string }[]>`
      select count(*)::text as count from es_events where data->>'accountId' = ${user.id}`;
    expect(Number(events!.count)).toBeGreaterThan(0);
    expect(await eventsMentioning(t.runtime, registration.email)).toBe(0);
    expect(await eventsMentioning(t.runtime, registration.name)).toBe(0);
    expect(await eventsMentioning(t.runtime, registration.dateOfBirth)).toBe(0);
  });
});

describe('POST /api/auth/confirm-registration', () => {
  it('refuses an unknown token, a malformed one and a missing one with 400', async () => {
    for (const token of [randomBytes(32).toString('base64url'), 'not-a-token', null]) {
      const response = await confirm(new Browser(t.app), token);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: CONFIRMATION_INVALID });
    }
  });

  it('works once: the same link a second time is refused and signs no one in', async () => {
    const registration = uniqueRegistration();
    const browser = new Browser(t.app);
    expect((await browser.post('/api/auth/register', registration)).statusCode).toBe(202);
    const token = tokenOf(await confirmationLinkFor(dataDir(), registration.email));
    expect((await confirm(browser, token)).statusCode).toBe(201);
    const again = new Browser(t.app);
    const second = await confirm(again, token, registration.password);
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual({ error: CONFIRMATION_INVALID });
    expect(again.cookie('sid')).toBeUndefined();
  });

  it('refuses an expired link with 410 and removes it', async () => {
    const registration = uniqueRegistration();
    expect((await new Browser(t.app).post('/api/auth/register', registration)).statusCode).toBe(202);
    const token = tokenOf(await confirmationLinkFor(dataDir(), registration.email));
    const [pending] = await pendingRows(registration.email);
    // Issued for 24 hours.
    expect(pending!.expires_at.getTime() - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    expect(pending!.expires_at.getTime() - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
    await t.runtime.sql`
      update account_pending_registration set expires_at = now() - interval '1 second'
      where email_normalized = ${registration.email.toLowerCase()}`;
    const response = await confirm(new Browser(t.app), token);
    expect(response.statusCode).toBe(410);
    expect(response.json()).toEqual({ error: CONFIRMATION_EXPIRED });
    expect(await pendingRows(registration.email)).toEqual([]);
  });

  it('answers 409 when the address got an account between the sign-up and the confirmation', async () => {
    const registration = uniqueRegistration();
    expect((await new Browser(t.app).post('/api/auth/register', registration)).statusCode).toBe(202);
    const token = tokenOf(await confirmationLinkFor(dataDir(), registration.email));
    await createAdmin(t.runtime, { email: registration.email });
    const browser = new Browser(t.app);
    const response = await confirm(browser, token, registration.password);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: EMAIL_TAKEN });
    expect(browser.cookie('sid')).toBeUndefined();
  });

  it('the purge job deletes sign-ups whose link has expired, and only those', async () => {
    const registration = uniqueRegistration();
    expect((await new Browser(t.app).post('/api/auth/register', registration)).statusCode).toBe(202);
    await confirmationLinkFor(dataDir(), registration.email);
    const run = (now: Date) =>
      pendingRegistrationsPurgeJob.run({ sql: t.runtime.sql, store: t.runtime.store, now } as ScheduledJobContext);
    await run(new Date(Date.now() + 23 * 3600_000));
    expect(await pendingRows(registration.email)).toHaveLength(1);
    expect(await run(new Date(Date.now() + 25 * 3600_000))).toBeGreaterThanOrEqual(1);
    expect(await pendingRows(registration.email)).toEqual([]);
  });
});

describe('the confirmation link is bound to the browser that signed up', () => {
  /** Signs up in a browser of its own; the link's token and that browser (which holds the binding). */
  async function pendingSignUp(overrides: Partial<Record<string, unknown>> = {}) {
    const signUpBrowser = new Browser(t.app);
    const registration = uniqueRegistration(overrides);
    expect((await signUpBrowser.post('/api/auth/register', registration)).statusCode).toBe(202);
    const token = tokenOf(await confirmationLinkFor(dataDir(), registration.email));
    return { signUpBrowser, registration, token };
  }

  it('the sign-up answer sets an httpOnly, SameSite=Lax cookie for the auth API, for the 24 h of the link', async () => {
    const browser = new Browser(t.app);
    const response = await browser.post('/api/auth/register', uniqueRegistration());
    expect(response.statusCode).toBe(202);
    const [cookie, ...others] = response.cookies;
    expect(others).toEqual([]);
    expect(cookie).toEqual({
      name: BINDING_COOKIE,
      value: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      maxAge: 24 * 60 * 60,
      path: '/api/auth',
      httpOnly: true,
      sameSite: 'Lax',
    });
  });

  it('keeps only a hash of the binding with the pending sign-up', async () => {
    const { signUpBrowser, registration } = await pendingSignUp();
    const binding = signUpBrowser.cookie(BINDING_COOKIE)!;
    const [row] = await t.runtime.sql<{ binding_hash: string }[]>`
      select binding_hash from account_pending_registration where email_normalized = ${registration.email.toLowerCase()}`;
    expect(row!.binding_hash).toBe(sha256(binding));
    const [stored] = await t.runtime.sql<{ count: string }[]>`
      select count(*)::text as count from account_pending_registration p where p::text like ${`%${binding}%`}`;
    expect(stored!.count).toBe('0');
  });

  it('in the browser that signed up, the link confirms in one click and the binding is cleared', async () => {
    const { signUpBrowser, registration, token } = await pendingSignUp();
    const response = await confirm(signUpBrowser, token);
    expect(response.statusCode).toBe(201);
    expect(response.json().user.email).toBe(registration.email);
    expect(signUpBrowser.cookie('sid')).toBeTruthy();
    expect(signUpBrowser.cookie(BINDING_COOKIE)).toBeUndefined();
    expect((await signUpBrowser.get('/api/auth/me')).statusCode).toBe(200);
  });

  it('opened elsewhere without the password: 401 asking for it, no one signed in, the link still works', async () => {
    const { signUpBrowser, registration, token } = await pendingSignUp();
    const elsewhere = new Browser(t.app);
    const refused = await confirm(elsewhere, token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ error: PASSWORD_NEEDED });
    expect(elsewhere.cookie('sid')).toBeUndefined();
    expect(await pendingRows(registration.email)).toHaveLength(1);
    const early = await new Browser(t.app).post('/api/auth/login', {
      email: registration.email,
      password: registration.password,
    });
    expect(early.statusCode).toBe(401);
    // The link still works, in either browser.
    expect((await confirm(signUpBrowser, token)).statusCode).toBe(201);
  });

  it('opened elsewhere with the right password: the account is created and that browser signed in', async () => {
    const { registration, token } = await pendingSignUp({ role: 'contractor' });
    const elsewhere = new Browser(t.app);
    const response = await confirm(elsewhere, token, registration.password);
    expect(response.statusCode).toBe(201);
    expect(response.json().user).toMatchObject({ email: registration.email, role: 'contractor' });
    expect((await elsewhere.get('/api/auth/me')).json().email).toBe(registration.email);
    expect(await pendingRows(registration.email)).toEqual([]);
  });

  it('confirming with the password keeps the browser’s binding of its own, pending sign-up', async () => {
    const first = await pendingSignUp();
    const second = await pendingSignUp();
    const own = second.signUpBrowser.cookie(BINDING_COOKIE);
    // The first sign-up's link, opened in the browser of the second with the password…
    const response = await confirm(second.signUpBrowser, first.token, first.registration.password);
    expect(response.statusCode).toBe(201);
    expect(response.cookies.map((c) => c.name)).not.toContain(BINDING_COOKIE);
    expect(second.signUpBrowser.cookie(BINDING_COOKIE)).toBe(own);
    // …leaves the second's one click working there.
    expect((await confirm(second.signUpBrowser, second.token)).statusCode).toBe(201);
  });

  it('opened elsewhere with a wrong password: 401, nothing created, the link still works with the right one', async () => {
    const { registration, token } = await pendingSignUp();
    const elsewhere = new Browser(t.app);
    for (const password of ['not-the-password-1', registration.password.toUpperCase()]) {
      const refused = await confirm(elsewhere, token, password);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ error: WRONG_PASSWORD });
    }
    expect(elsewhere.cookie('sid')).toBeUndefined();
    expect(await pendingRows(registration.email)).toHaveLength(1);
    expect((await confirm(elsewhere, token, registration.password)).statusCode).toBe(201);
  });

  it('refuses an empty password as a missing one (400), and leaves the link working', async () => {
    const { signUpBrowser, token } = await pendingSignUp();
    const response = await confirm(new Browser(t.app), token, '');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: PASSWORD_NEEDED });
    expect((await confirm(signUpBrowser, token)).statusCode).toBe(201);
  });

  it('a stranger who signs up with an address that is not theirs cannot have its owner create the account', async () => {
    // The stranger signs up with the owner's address, in the stranger's browser, with a password they know.
    const { signUpBrowser: stranger, registration, token } = await pendingSignUp({ password: 'strangers-password-1' });
    // The owner has signed up elsewhere before, so their browser holds a binding of its own.
    const owner = new Browser(t.app);
    expect((await owner.post('/api/auth/register', uniqueRegistration())).statusCode).toBe(202);
    expect(owner.cookie(BINDING_COOKIE)).toBeTruthy();
    // The owner opens the e-mailed link: one click creates nothing.
    const click = await confirm(owner, token);
    expect(click.statusCode).toBe(401);
    expect(click.json()).toEqual({ error: PASSWORD_NEEDED });
    const stolen = await new Browser(t.app).post('/api/auth/login', {
      email: registration.email,
      password: 'strangers-password-1',
    });
    expect(stolen.statusCode).toBe(401);
    // The stranger's own binding without the token is nothing: the token is the link's secret.
    const guess = await confirm(stranger, randomBytes(32).toString('base64url'));
    expect(guess.statusCode).toBe(400);
  });

  it('a binding from another sign-up does not confirm this one', async () => {
    const first = await pendingSignUp();
    const second = await pendingSignUp();
    const swapped = new Browser(t.app);
    swapped.cookies.set(BINDING_COOKIE, first.signUpBrowser.cookie(BINDING_COOKIE)!);
    const response = await confirm(swapped, second.token);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: PASSWORD_NEEDED });
  });

  it('of two simultaneous confirmations with the right password, exactly one creates the account', async () => {
    const { registration, token } = await pendingSignUp();
    const answers = await Promise.all([
      confirm(new Browser(t.app), token, registration.password),
      confirm(new Browser(t.app), token, registration.password),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    const [row] = await t.runtime.sql<{ count: string }[]>`
      select count(*)::text as count from account_personal where email_normalized = ${registration.email.toLowerCase()}`;
    expect(row!.count).toBe('1');
  });
});

describe('the binding cookie over HTTPS (behind a TLS proxy)', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await createTestApp({ DEMO_MODE: 'false', TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await proxied?.close();
  });

  it('is Secure when the request came over HTTPS, as the session cookie', async () => {
    const browser = new Browser(proxied.app);
    const registration = uniqueRegistration();
    const response = await browser.post('/api/auth/register', registration, { 'x-forwarded-proto': 'https' });
    expect(response.statusCode).toBe(202);
    const binding = response.cookies.find((c) => c.name === BINDING_COOKIE);
    expect(binding).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/api/auth' });
    const token = tokenOf(await confirmationLinkFor(proxied.config.DATA_DIR, registration.email));
    const confirmed = await browser.post('/api/auth/confirm-registration', { token }, { 'x-forwarded-proto': 'https' });
    expect(confirmed.statusCode).toBe(201);
    expect(confirmed.cookies.find((c) => c.name === 'sid')?.secure).toBe(true);
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

  it('GET /auth/logout answers 405 (Allow: POST) and leaves the session signed in', async () => {
    const { browser, user } = await signUp(t.app);
    const response = await browser.get('/auth/logout');
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('POST');
    expect(response.json()).toEqual({ error: 'Sign out with POST /api/auth/logout.' });
    const me = await browser.get('/api/auth/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(user.id);
  });

  // What a page on another site can make a signed-in visitor's browser send.
  it.each([
    ['an Origin of another site', { origin: 'https://evil.example' }],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['a cross-site form post', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }],
  ])('refuses POST /api/auth/logout with %s and keeps the session', async (_label, headers) => {
    const { browser, user } = await signUp(t.app);
    for (const url of ['/api/auth/logout', '/auth/logout']) {
      const response = await browser.post(url, undefined, { host: 'market.example.ca', ...headers });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: 'Cross-site request refused.' });
    }
    expect((await browser.get('/api/auth/me')).json().id).toBe(user.id);
  });

  it.each(['/api/auth/logout', '/auth/logout'])('signs out with a same-origin POST %s', async (url) => {
    const { browser } = await signUp(t.app);
    const response = await browser.post(url, undefined, {
      host: 'market.example.ca',
      origin: 'https://market.example.ca',
      'sec-fetch-site': 'same-origin',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect((await browser.get('/api/auth/me')).statusCode).toBe(401);
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
    expect(reRegistered.statusCode).toBe(202);
    // A confirmation link, as for any free address (the first e-mail was the first account's).
    const reborn = await confirmSignUp(again, registration.email, { count: 2 });
    expect(reborn.id).not.toBe(user.id);
    expect((await again.get('/api/auth/me')).statusCode).toBe(200);
    const relogin = await new Browser(t.app).post('/api/auth/login', {
      email: registration.email,
      password: 'correct-horse-battery',
    });
    expect(relogin.statusCode).toBe(200);
    expect(relogin.json().user.id).toBe(reborn.id);
  });
});
