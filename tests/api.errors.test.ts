import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import errorsPlugin from '../api/plugins/errors.ts';
import { ConflictError, ForbiddenError } from '../shared/errors.ts';
import { WrongExpectedVersionError } from '../shared/eventstore/types.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { Browser, createAdmin, randomIp, signUp, uniqueRegistration } from './support/http-client.ts';

const NOT_JSON = 'The request body is not valid JSON.';
const CROSS_SITE = 'Cross-site request refused.';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

/** A raw request with a JSON content type and a body sent as given. */
function raw(
  method: 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload: string | Buffer,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method,
    url,
    payload,
    // Each request from its own address, clear of the sign-in rate limit.
    remoteAddress: randomIp(),
    headers: { 'content-type': 'application/json', ...headers },
  });
}

function expectErrorBody(response: { headers: Record<string, unknown>; json(): unknown }) {
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = response.json() as { error: unknown };
  expect(Object.keys(body as object)).toEqual(['error']);
  expect(body.error).toEqual(expect.any(String));
  expect((body.error as string).length).toBeGreaterThan(0);
  return body.error as string;
}

describe('malformed request bodies', () => {
  it.each([
    ['a truncated object', '{"email": "a@example.ca", "password": '],
    ['single quotes', "{'email': 'a@example.ca'}"],
    ['a trailing comma', '{"email": "a@example.ca", "password": "x",}'],
    ['plain text', 'email=a@example.ca'],
  ])('rejects %s with 400 and an error body', async (_label, payload) => {
    const response = await raw('POST', '/api/auth/login', payload);
    expect(response.statusCode).toBe(400);
    expect(expectErrorBody(response)).toBe(NOT_JSON);
  });

  it('rejects a prototype-pollution payload with 400', async () => {
    const response = await raw(
      'POST',
      '/api/auth/register',
      JSON.stringify(uniqueRegistration()).replace(/^\{/, '{"__proto__": {"role": "admin"}, '),
    );
    expect(response.statusCode).toBe(400);
    expectErrorBody(response);
  });

  it('rejects an empty body sent as JSON with 400', async () => {
    const response = await raw('POST', '/api/auth/login', '');
    expect(response.statusCode).toBe(400);
    expect(expectErrorBody(response)).toBe('The request body is empty but its content type is JSON.');
  });

  it.each([
    ['null', 'null'],
    ['an array', '[]'],
    ['a string', '"hello"'],
    ['a number', '42'],
  ])('rejects %s where an object is expected with 400', async (_label, payload) => {
    const response = await raw('POST', '/api/auth/login', payload);
    expect(response.statusCode).toBe(400);
    expectErrorBody(response);
  });

  it('rejects a body that is not JSON with 415', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: 'email=a@example.ca&password=secret',
      remoteAddress: randomIp(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(415);
    expect(expectErrorBody(response)).toBe('Send the request body as JSON (Content-Type: application/json).');
  });

  it('accepts a JSON content type with a charset', async () => {
    const response = await raw(
      'POST',
      '/api/auth/login',
      JSON.stringify({ email: 'x@example.ca', password: 'nope-nope' }),
      {
        'content-type': 'application/json; charset=utf-8',
      },
    );
    expect(response.statusCode).toBe(401);
  });

  it('rejects a body over 256 KiB with 413 and an error body', async () => {
    const payload = JSON.stringify({ ...uniqueRegistration(), name: 'x'.repeat(256 * 1024) });
    const response = await raw('POST', '/api/auth/register', payload);
    expect(response.statusCode).toBe(413);
    expect(expectErrorBody(response)).toBe('The request body is too large.');
  });

  it('accepts a body just under the limit as far as the validator', async () => {
    const padding = 256 * 1024 - 200;
    const response = await raw(
      'POST',
      '/api/auth/login',
      JSON.stringify({ email: 'a@example.ca', password: 'p'.repeat(padding) }),
    );
    // Within the body limit: the schema (password at most 1024 characters) answers, not the parser.
    expect(response.statusCode).toBe(400);
    expectErrorBody(response);
  });
});

describe('wrong types and unknown fields', () => {
  it.each([
    ['a numeric e-mail at sign-in', '/api/auth/login', { email: 42, password: 'secret-pass' }, 'Email is required'],
    [
      'a numeric password at sign-in',
      '/api/auth/login',
      { email: 'a@example.ca', password: 12345678 },
      'Password is required',
    ],
    [
      'an object as the name',
      '/api/auth/register',
      uniqueRegistration({ name: { first: 'Jo' } }),
      'Name must be at least 2 characters',
    ],
    [
      'a numeric date of birth',
      '/api/auth/register',
      uniqueRegistration({ dateOfBirth: 19900520 }),
      'Date of birth is required (YYYY-MM-DD)',
    ],
  ])('rejects %s with 400 and the field message', async (_label, url, body, message) => {
    const response = await new Browser(t.app).post(url, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: message });
  });

  it('rejects wrong types in a contractor payload with 400 naming the field', async () => {
    const { browser } = await signUp(t.app, { role: 'contractor' });
    const offering = {
      title: 'Snow clearing',
      description: 'Driveways and walks cleared before 7 a.m.',
      pricingModel: 'hourly',
      price: '50',
      isRemoteService: false,
      isActive: true,
    };
    const wrongActive = await browser.post('/api/service-offerings', { ...offering, isActive: 'true' });
    expect(wrongActive.statusCode).toBe(400);
    expect(wrongActive.json()).toEqual({ error: 'isActive must be true or false' });

    const wrongRemote = await browser.post('/api/service-offerings', { ...offering, isRemoteService: 1 });
    expect(wrongRemote.statusCode).toBe(400);
    expect(wrongRemote.json()).toEqual({ error: 'isRemoteService must be true or false' });

    const wrongPrice = await browser.post('/api/service-offerings', { ...offering, price: { amount: 50 } });
    expect(wrongPrice.statusCode).toBe(400);
    expect(wrongPrice.json().error).toMatch(/^Price must be/);

    const wrongProfile = await browser.patch('/api/contractor/profile', { location: 42 });
    expect(wrongProfile.statusCode).toBe(400);
    expect(wrongProfile.json()).toEqual({ error: 'location must be text' });
  });

  it('rejects a wrongly typed query parameter with 400 naming it', async () => {
    for (const query of ['limit=ten', 'limit=1&limit=2', 'offset=1.5', `search=${'s'.repeat(101)}`]) {
      const response = await t.app.inject({ method: 'GET', url: `/api/contractors/browse?${query}` });
      expect(response.statusCode, query).toBe(400);
      const field = query.split('=')[0]!;
      expect(expectErrorBody(response), query).toContain(field);
    }
  });

  it.each([
    ['sign-in', '/api/auth/login', { email: 'a@example.ca', password: 'secret-pass', isAdmin: true }, 'isAdmin'],
    ['sign-up', '/api/auth/register', uniqueRegistration({ status: 'active' }), 'status'],
  ])('rejects an unknown field at %s with 400 naming it', async (_label, url, body, field) => {
    const browser = new Browser(t.app);
    const response = await browser.post(url, body);
    expect(response.statusCode).toBe(400);
    expect(expectErrorBody(response)).toContain(field);
    expect(browser.cookie('sid')).toBeUndefined();
  });

  /** Switching user is for administrators: the gate answers others before the body is read. */
  async function signedInAdmin() {
    const { registration } = await createAdmin(t.runtime);
    const browser = new Browser(t.app);
    const login = await browser.post('/api/auth/login', { email: registration.email, password: registration.password });
    expect(login.statusCode, login.body).toBe(200);
    return browser;
  }

  it('rejects an unknown field at switch-user with 400 naming it, once signed in as an admin', async () => {
    const browser = await signedInAdmin();
    const response = await browser.post('/api/auth/switch-user', {
      userId: '00000000-0000-4000-8000-000000000000',
      as: 'admin',
    });
    expect(response.statusCode).toBe(400);
    expect(expectErrorBody(response)).toContain('as');
  });

  it('answers 401 to a signed-out write before looking at its body', async () => {
    const response = await new Browser(t.app).post('/api/auth/switch-user', { userId: 'not-a-uuid', as: 'admin' });
    expect(response.statusCode).toBe(401);
    const garbage = await new Browser(t.app).post('/api/service-offerings', '{not json');
    expect(garbage.statusCode).toBe(401);
  });

  it('rejects a malformed user id with 400', async () => {
    const browser = await signedInAdmin();
    for (const userId of ['not-a-uuid', '12345', "1' or '1'='1", 42]) {
      const response = await browser.post('/api/auth/switch-user', { userId });
      expect(response.statusCode, String(userId)).toBe(400);
      expect(response.json()).toEqual({ error: 'userId must be a valid user id' });
    }
  });
});

describe('text PostgreSQL cannot store', () => {
  const UNSTORABLE = 'must not contain NUL characters or invalid Unicode';

  it.each([
    [
      'a NUL in the name at sign-up',
      '/api/auth/register',
      () => uniqueRegistration({ name: 'Jo\u0000hn Doe' }),
      'name',
    ],
    [
      'a NUL in the password at sign-in',
      '/api/auth/login',
      () => ({ email: 'a@example.ca', password: 'pass\u0000word' }),
      'password',
    ],
    [
      'a NUL in the e-mail at sign-in',
      '/api/auth/login',
      () => ({ email: 'a\u0000@example.ca', password: 'password' }),
      'email',
    ],
  ])('rejects %s with 400 naming the field', async (_label, url, body, field) => {
    const response = await new Browser(t.app).post(url, body());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: `${field}: ${UNSTORABLE}` });
  });

  it('rejects a lone surrogate (\\ud800) in a JSON string with 400', async () => {
    const payload = JSON.stringify(uniqueRegistration({ name: 'PLACEHOLDER' })).replace('PLACEHOLDER', 'Jo\\ud800hn');
    const response = await raw('POST', '/api/auth/register', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: `name: ${UNSTORABLE}` });
  });

  it('accepts accents and emoji (well-formed surrogate pairs)', async () => {
    const { browser } = await signUp(t.app, { name: 'Zoë Côté 🍁' });
    expect((await browser.get('/api/auth/me')).json().name).toBe('Zoë Côté 🍁');
  });

  it('rejects a NUL in contractor text and in a search with 400, not 500', async () => {
    const { browser } = await signUp(t.app, { role: 'contractor' });
    const offering = await browser.post('/api/service-offerings', {
      title: 'Snow\u0000 clearing',
      description: 'Driveways and walks cleared before 7 a.m.',
      pricingModel: 'hourly',
      price: '50',
    });
    expect(offering.statusCode).toBe(400);
    expect(offering.json()).toEqual({ error: `title: ${UNSTORABLE}` });
    const profile = await browser.patch('/api/contractor/profile', { location: 'Hal\u0000ifax' });
    expect(profile.statusCode).toBe(400);
    expect(profile.json()).toEqual({ error: `location: ${UNSTORABLE}` });
    const search = await browser.get('/api/contractors/browse?search=%00');
    expect(search.statusCode).toBe(400);
    expect(search.json()).toEqual({ error: `search: ${UNSTORABLE}` });
    expect((await browser.get('/api/service-offerings/my')).json()).toEqual([]);
  });
});

describe('unknown routes', () => {
  it('answers 404 with an error body for an unknown /api route', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/does-not-exist?x=1' });
    expect(response.statusCode).toBe(404);
    expect(expectErrorBody(response)).toBe('Not found: GET /api/does-not-exist');
  });

  it('answers 404 with an error body for a known path with the wrong method', async () => {
    const response = await t.app.inject({ method: 'PUT', url: '/api/auth/login', payload: {} });
    expect(response.statusCode).toBe(404);
    expectErrorBody(response);
  });

  it('answers 400 with an error body for a malformed URL', async () => {
    for (const url of ['/api/%ZZ', '/%E0%A4%A']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({ error: 'The request URL is not valid.' });
    }
  });

  it('answers 404 with an error body for a POST to an unknown route', async () => {
    const response = await new Browser(t.app).post('/api/nothing-here', { a: 1 });
    expect(response.statusCode).toBe(404);
    expect(expectErrorBody(response)).toBe('Not found: POST /api/nothing-here');
  });
});

describe('CSRF defence', () => {
  const login = (headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nobody@example.ca', password: 'not-the-password' },
      remoteAddress: randomIp(),
      headers: { host: 'market.example.ca', ...headers },
    });

  it.each(['cross-site', 'same-site'])('refuses a write with sec-fetch-site: %s', async (site) => {
    const response = await login({ 'sec-fetch-site': site });
    expect(response.statusCode).toBe(403);
    expect(expectErrorBody(response)).toBe(CROSS_SITE);
  });

  it.each([
    'https://evil.example',
    'https://market.example.ca.evil.example',
    'http://market.example.ca:8080',
    'not a url',
    'null',
  ])('refuses a write from origin %s', async (origin) => {
    const response = await login({ origin });
    expect(response.statusCode).toBe(403);
    expect(expectErrorBody(response)).toBe(CROSS_SITE);
  });

  it('refuses a cross-site write even when the Origin matches', async () => {
    const response = await login({ origin: 'https://market.example.ca', 'sec-fetch-site': 'cross-site' });
    expect(response.statusCode).toBe(403);
  });

  it.each([
    ['sec-fetch-site: same-origin', { 'sec-fetch-site': 'same-origin' }],
    ['sec-fetch-site: none (typed by the user)', { 'sec-fetch-site': 'none' }],
    ['a matching origin', { origin: 'https://market.example.ca' }],
    ['a matching origin and same-origin', { origin: 'https://market.example.ca', 'sec-fetch-site': 'same-origin' }],
    ['neither header (not a browser)', {}],
  ])('lets through a write with %s', async (_label, headers) => {
    const response = await login(headers);
    // Past the CSRF check: the credentials are what fail.
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Invalid email or password' });
  });

  it('guards PATCH and DELETE as well, and lets cross-site reads through', async () => {
    const { browser } = await signUp(t.app, { role: 'contractor' });
    const patch = await browser.patch(
      '/api/contractor/profile',
      { canWorkRemotely: true },
      { 'sec-fetch-site': 'cross-site' },
    );
    expect(patch.statusCode).toBe(403);
    const del = await browser.delete(
      '/api/auth/account',
      { password: 'correct-horse-battery' },
      { origin: 'https://evil.example' },
    );
    expect(del.statusCode).toBe(403);
    expect((await browser.get('/api/auth/me')).statusCode).toBe(200);
    const read = await browser.get('/api/auth/me', { 'sec-fetch-site': 'cross-site' });
    expect(read.statusCode).toBe(200);
  });
});

describe('login throttling', () => {
  it('answers 429 to the 11th sign-in attempt in a minute from one address', async () => {
    const { registration } = await signUp(t.app);
    const attacker = new Browser(t.app);
    for (let i = 1; i <= 10; i++) {
      const response = await attacker.post('/api/auth/login', {
        email: registration.email,
        password: `guess-${i}-wrong`,
      });
      expect(response.statusCode, `attempt ${i}`).toBe(401);
    }
    // Even the right password is refused now.
    const blocked = await attacker.post('/api/auth/login', {
      email: registration.email,
      password: registration.password,
    });
    expect(blocked.statusCode).toBe(429);
    expect(expectErrorBody(blocked)).toMatch(/^Too many attempts\. Please wait \d+ seconds and try again\.$/);
    expect(attacker.cookie('sid')).toBeUndefined();

    // Another address is not affected.
    const user = new Browser(t.app);
    const ok = await user.post('/api/auth/login', { email: registration.email, password: registration.password });
    expect(ok.statusCode).toBe(200);
  });
});

describe('health and headers', () => {
  it('GET /api/health answers 200', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('GET /api/health/ready answers 200 with the projection positions', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.status).toBe('ready');
    expect(body.eventStore).toEqual(expect.any(String));
    expect(Object.keys(body.projections)).toEqual(
      expect.arrayContaining(['accounts', 'contractor-directory', 'service-offerings']),
    );
  });

  it('sends the security headers on answers and on errors', async () => {
    for (const url of ['/api/health', '/api/does-not-exist']) {
      const response = await t.app.inject({ method: 'GET', url });
      const csp = response.headers['content-security-policy'];
      expect(csp, url).toEqual(expect.stringContaining("default-src 'self'"));
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).toContain("object-src 'none'");
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(response.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
      expect(response.headers['x-powered-by'], url).toBeUndefined();
    }
  });

  it('sets the session cookie HttpOnly and SameSite=Lax', async () => {
    const response = await new Browser(t.app).post('/api/auth/login', {
      email: (await signUp(t.app)).registration.email,
      password: 'correct-horse-battery',
    });
    expect(response.statusCode).toBe(200);
    const sid = response.cookies.find((c) => c.name === 'sid');
    expect(sid).toBeDefined();
    expect(sid!.httpOnly).toBe(true);
    expect(String(sid!.sameSite).toLowerCase()).toBe('lax');
    expect(sid!.path).toBe('/');
  });
});

describe('the error handler', () => {
  let bare: FastifyInstance;

  beforeAll(async () => {
    const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(errorsPlugin);
    app.post('/conflict', async () => {
      throw new WrongExpectedVersionError('offering-123', 3n, 4n);
    });
    app.post('/app-conflict', async () => {
      throw new ConflictError('That slot is taken.');
    });
    app.get('/forbidden', async () => {
      throw new ForbiddenError();
    });
    app.get('/boom', async () => {
      throw new Error('secret internals: password=hunter2 at db.internal:5432');
    });
    app.get('/down', async () => {
      throw Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432'), { code: 'ECONNREFUSED' });
    });
    app.get('/teapot', async () => {
      throw Object.assign(new Error('I am a teapot'), { statusCode: 418 });
    });
    app.post(
      '/typed',
      { schema: { body: z.strictObject({ count: z.number(), nested: z.object({ flag: z.boolean() }).optional() }) } },
      async () => ({ ok: true }),
    );
    await app.ready();
    bare = app;
  });

  afterAll(async () => {
    await bare?.close();
  });

  it('turns a concurrency conflict into 409 without internals', async () => {
    const response = await bare.inject({ method: 'POST', url: '/conflict' });
    expect(response.statusCode).toBe(409);
    const error = expectErrorBody(response);
    expect(error).toBe('This record was changed by someone else at the same time. Reload and try again.');
    expect(error).not.toContain('offering-123');
  });

  it('passes an application error through with its status and message', async () => {
    const conflict = await bare.inject({ method: 'POST', url: '/app-conflict' });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toEqual({ error: 'That slot is taken.' });
    const forbidden = await bare.inject({ method: 'GET', url: '/forbidden' });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ error: 'You do not have permission to do that.' });
  });

  it('answers 500 with a generic message that leaks nothing for an unexpected error', async () => {
    const response = await bare.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(500);
    const error = expectErrorBody(response);
    expect(error).toBe('Something went wrong on our side. Please try again.');
    expect(response.body).not.toContain('hunter2');
    expect(response.body).not.toContain('secret internals');
    expect(response.body).not.toContain('stack');
  });

  it('answers 503 with retry-after when a dependency is down, without its address', async () => {
    const response = await bare.inject({ method: 'GET', url: '/down' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('2');
    expect(expectErrorBody(response)).not.toContain('10.0.0.5');
  });

  it('keeps the message of an error that carries a 4xx status', async () => {
    const response = await bare.inject({ method: 'GET', url: '/teapot' });
    expect(response.statusCode).toBe(418);
    expect(response.json()).toEqual({ error: 'I am a teapot' });
  });

  it("prefixes zod's default messages with the field path", async () => {
    const wrong = await bare.inject({ method: 'POST', url: '/typed', payload: { count: 'three' } });
    expect(wrong.statusCode).toBe(400);
    expect(expectErrorBody(wrong)).toMatch(/^count: /);
    const nested = await bare.inject({ method: 'POST', url: '/typed', payload: { count: 3, nested: { flag: 'no' } } });
    expect(nested.statusCode).toBe(400);
    expect(expectErrorBody(nested)).toMatch(/^nested\.flag: /);
    const extra = await bare.inject({ method: 'POST', url: '/typed', payload: { count: 3, extra: 1 } });
    expect(extra.statusCode).toBe(400);
    expect(expectErrorBody(extra)).toContain('extra');
  });
});
