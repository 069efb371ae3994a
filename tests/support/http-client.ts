import { randomInt, randomUUID } from 'node:crypto';
import { parsePosition } from '../../shared/eventstore/types.ts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { registerAccount } from '../../api/modules/accounts/service.ts';
import type { Runtime } from '../../runtime/runtime.ts';
import { confirmationLinkFor } from './outbox.ts';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * A random private address per simulated browser: the login/sign-up rate limit (10 a minute per
 * IP and route) then never trips by accident, not even across runs that share a Redis.
 */
export function randomIp(): string {
  return `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

/**
 * A cookie jar for one simulated browser, like `Client` in app.ts, with its own client address
 * and access to the raw `sid` cookie.
 */
export class Browser {
  readonly cookies = new Map<string, string>();
  readonly ip: string;

  constructor(
    readonly app: FastifyInstance,
    options: { ip?: string } = {},
  ) {
    this.ip = options.ip ?? randomIp();
  }

  async request(
    method: Method,
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await this.app.inject({
      method,
      url,
      remoteAddress: this.ip,
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(body !== undefined && typeof body !== 'string' ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body !== undefined ? { payload: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    });
    for (const set of response.cookies) {
      if (set.maxAge === 0 || (set.expires && set.expires.getTime() < Date.now())) this.cookies.delete(set.name);
      else this.cookies.set(set.name, set.value);
    }
    return response;
  }

  cookie(name: string) {
    return this.cookies.get(name);
  }

  get = (url: string, headers?: Record<string, string>) => this.request('GET', url, undefined, headers);
  post = (url: string, body?: unknown, headers?: Record<string, string>) => this.request('POST', url, body, headers);
  patch = (url: string, body?: unknown, headers?: Record<string, string>) => this.request('PATCH', url, body, headers);
  put = (url: string, body?: unknown, headers?: Record<string, string>) => this.request('PUT', url, body, headers);
  delete = (url: string, body?: unknown, headers?: Record<string, string>) =>
    this.request('DELETE', url, body, headers);
}

let counter = 0;
/** A unique, valid sign-up payload (unique across runs and files). */
export function uniqueRegistration(overrides: Partial<Record<string, unknown>> = {}) {
  counter += 1;
  const tag = `${counter}x${randomUUID().slice(0, 8)}`;
  return {
    name: `Tester ${tag}`,
    email: `user.${tag}@example.ca`,
    password: 'correct-horse-battery',
    role: 'customer' as string,
    dateOfBirth: '1990-05-20',
    ...overrides,
  };
}

/**
 * Signs a new account up through the API as a person does: the sign-up, the confirmation link from
 * the e-mail the app wrote to its outbox folder, the confirmation (which signs them in). Returns
 * the signed-in browser and its user.
 */
export async function signUp(app: FastifyInstance, overrides: Partial<Record<string, unknown>> = {}) {
  const browser = new Browser(app);
  const registration = uniqueRegistration(overrides);
  const response = await browser.post('/api/auth/register', registration);
  if (response.statusCode !== 202) {
    throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  }
  const user = await confirmSignUp(browser, registration.email);
  return { browser, registration, user };
}

/**
 * Opens the confirmation link e-mailed to `email` (the `count`-th e-mail to it) in `browser`;
 * answers the new, signed-in user.
 */
export async function confirmSignUp(browser: Browser, email: string, options: { count?: number } = {}) {
  const link = await confirmationLinkFor(browser.app.config.DATA_DIR, email, options);
  const confirmed = await browser.post('/api/auth/confirm-registration', { token: link.searchParams.get('token') });
  const body = confirmed.json() as {
    user: { id: string; role: string; name: string; email: string };
    position?: string;
  };
  // 202: confirmed, but the read models were slower than the answer may wait (a loaded machine);
  // the test goes on once they hold the account, as a person would after a moment.
  const position = confirmed.statusCode === 202 && body.position ? parsePosition(body.position) : null;
  if (position) {
    const reached = await browser.app.runtime.checkpoints.waitFor(position, { timeoutMs: 30_000 });
    if (reached) return body.user;
  }
  if (confirmed.statusCode !== 201) {
    throw new Error(`sign-up confirmation failed: ${confirmed.statusCode} ${confirmed.body}`);
  }
  return body.user;
}

/** Admins are not created by public sign-up: the operator path, then wait for the projections. */
export async function createAdmin(runtime: Runtime, overrides: Partial<Record<string, unknown>> = {}) {
  const registration = uniqueRegistration({ role: 'admin', name: 'Admin Person', ...overrides });
  const { accountId } = await registerAccount(
    { sql: runtime.sql, store: runtime.store, emailHashKey: 'test-email-hash-key' },
    {
      name: registration.name,
      email: registration.email,
      password: registration.password,
      role: 'admin',
      dateOfBirth: registration.dateOfBirth,
    },
    { actorId: null, correlationId: randomUUID(), now: new Date() },
  );
  // idle() waits for every committed event, also one held back behind another database's open
  // transaction, so the account row is there when it resolves.
  await runtime.runner!.idle();
  return { accountId, registration };
}

/** Counts es_events rows whose data or metadata mention `text` (case-insensitive). */
export async function eventsMentioning(runtime: Runtime, text: string): Promise<number> {
  const [row] = await runtime.sql<{ count: string }[]>`
    select count(*)::text as count from es_events
    where data::text ilike '%' || ${text} || '%' or metadata::text ilike '%' || ${text} || '%'`;
  return Number(row!.count);
}
