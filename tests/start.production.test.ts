import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { DEMO_PASSWORD } from '../api/seed.ts';
import { staleTimeZoneDataWarning } from '../shared/time-zone-data.ts';
import { confirmationLinkFor } from './support/outbox.ts';
import { launchApp, makeDataDir, type LaunchedApp } from './support/start-app.ts';
import { awaitTheSiteBuild } from './support/built-site.ts';

/**
 * The Docker image's start: `node --import tsx runtime/api-server.ts` with NODE_ENV=production, a
 * SESSION_SECRET and no DATABASE_URL, i.e. on the embedded database. An attack found demo mode on
 * there: a new customer switched into a contractor, then into the admin, and read the metrics.
 */
const SESSION_SECRET = 'production-session-secret-of-at-least-32-characters';
const root = path.resolve(import.meta.dirname, '..');

let app: LaunchedApp;

awaitTheSiteBuild();

beforeAll(async () => {
  app = await launchApp({ entry: 'runtime/api-server.ts', env: { NODE_ENV: 'production', SESSION_SECRET } });
}, 240_000);

afterAll(async () => {
  await app?.stop();
});

const url = (route: string) => `${app.baseURL}${route}`;

async function post(route: string, body: unknown, cookie?: string) {
  return fetch(url(route), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

/** `name=value` of the cookie an answer sets. */
function cookieNamed(response: Response, name: string): string {
  const pair = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0]!)
    .find((candidate) => candidate.startsWith(`${name}=`));
  if (!pair) throw new Error(`no ${name} cookie in ${response.headers.getSetCookie().join(' | ')}`);
  return pair;
}

let registrations = 0;
/** Signs up through the API as a stranger would; the session cookie and the new user. */
async function register(role: 'customer' | 'contractor') {
  registrations += 1;
  const email = `prod.${role}.${registrations}.${Date.now()}@example.ca`;
  const response = await post('/api/auth/register', {
    name: `Production ${role}`,
    email,
    password: 'correct-horse-battery',
    role,
    dateOfBirth: '1990-05-20',
  });
  expect(response.status, await response.clone().text()).toBe(202);
  // The cookie that binds the link to this "browser", so it confirms without the password.
  const binding = cookieNamed(response, 'signup_binding');
  // Without SMTP_URL the confirmation e-mail is a file in the data folder's outbox.
  const link = await confirmationLinkFor(app.dataDir, email);
  const confirmed = await post('/api/auth/confirm-registration', { token: link.searchParams.get('token') }, binding);
  expect(confirmed.status, await confirmed.clone().text()).toBe(201);
  const cookie = cookieNamed(confirmed, 'sid');
  const { user } = (await confirmed.json()) as { user: { id: string } };
  return { cookie, user };
}

describe('a production start on the embedded database (the Docker image)', () => {
  it('starts, seeds nothing and prints no demo password', async () => {
    const output = app.output();
    expect(output).toContain('Marketplace ready at');
    expect(output).toContain('Database: embedded PostgreSQL');
    expect(output).not.toContain(DEMO_PASSWORD);
    expect(output).not.toMatch(/password/i);
    expect(output).not.toContain('Seeded demo data');
    expect(output).not.toContain('@demo.ca');
    // The operator is told when this runtime would put British Columbia's times an hour off.
    const timeZoneWarning = staleTimeZoneDataWarning();
    if (timeZoneWarning) expect(output).toContain(timeZoneWarning);
    else expect(output).not.toContain('time zone data');
    const browse = await fetch(url('/api/contractors/browse'));
    expect(((await browse.json()) as { total: number }).total).toBe(0);
  });

  it('has no demo admin to sign in as', async () => {
    const login = await post('/api/auth/login', { email: 'admin@demo.ca', password: DEMO_PASSWORD });
    expect(login.status).toBe(401);
  });

  it('refuses a new customer’s switch-user with 403 and keeps the admin metrics closed to them', async () => {
    const { user: contractor } = await register('contractor');
    const { cookie, user } = await register('customer');
    const switched = await post('/api/auth/switch-user', { userId: contractor.id }, cookie);
    expect(switched.status).toBe(403);
    expect(await switched.json()).toEqual({ error: 'Only administrators can switch user.' });
    const me = await fetch(url('/api/auth/me'), { headers: { cookie } });
    expect(((await me.json()) as { id: string }).id).toBe(user.id);
    const metrics = await fetch(url('/api/admin/metrics'), { headers: { cookie } });
    expect(metrics.status).toBe(403);
  });
});

describe('a production start asked for the demo', () => {
  const run = promisify(execFile);

  it.each(['DEMO_MODE', 'SEED_DEMO_DATA'])('refuses to start with %s=true, naming it', async (variable) => {
    // Its own folder: were the start not refused, it would not touch the project's .data.
    const dataDir = makeDataDir();
    onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
    const started = run(process.execPath, ['--import', 'tsx', 'runtime/api-server.ts'], {
      cwd: root,
      timeout: 20_000,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '/root',
        NODE_ENV: 'production',
        SESSION_SECRET,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        [variable]: 'true',
      },
    });
    const failure = (await started.then(
      () => null,
      (error: unknown) => error,
    )) as { code: number; stdout: string; stderr: string } | null;
    expect(failure, 'the process should have exited with an error').not.toBeNull();
    expect(failure!.code).toBe(1);
    expect(failure!.stderr).toContain(`${variable} must not be on when NODE_ENV=production`);
    expect(failure!.stdout).not.toContain('Marketplace ready at');
  });
});
