import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRuntime } from '../runtime/runtime.ts';
import { createTestApp, testConfig, type TestApp } from './support/app.ts';
import { Browser, signUp } from './support/http-client.ts';
import { confirmationLinkFor } from './support/outbox.ts';
import { waitUntil } from './support/wait.ts';

const ACCESS_DENIED = 'Access denied. This page requires contractor access.';
const YEARS_MESSAGE = 'Years of experience must be a number from 0 to 100';
const STATEMENT_MESSAGE = 'The approach statement must be at most 500 characters';

/** The onboarding payload the site sends, with a title and description of our own. */
function onboardingOffering(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Garden clean-up',
    description: 'Raking, weeding and hauling away yard waste, done properly.',
    pricingModel: 'hourly',
    price: '50',
    isRemoteService: false,
    isActive: true,
    ...overrides,
  };
}

const profile = (overrides: Record<string, unknown> = {}) => ({
  location: 'Halifax, NS',
  canWorkRemotely: false,
  yearsOfExperience: 5,
  expertiseStatement: 'Careful and on time.',
  ...overrides,
});

type Directory = {
  total: number;
  contractors: {
    id: string;
    name: string;
    location: string | null;
    canWorkRemotely: boolean;
    yearsOfExperience: number | null;
    expertiseStatement: string | null;
    offerings: { id: string; title: string; priceCents: number; price: string; isRemoteService: boolean }[];
  }[];
};

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

const contractor = () => signUp(t.app, { role: 'contractor' });
const customer = () => signUp(t.app, { role: 'customer' });

async function browse(query: string): Promise<Directory> {
  const response = await new Browser(t.app).get(`/api/contractors/browse${query}`);
  expect(response.statusCode).toBe(200);
  return response.json() as Directory;
}

describe('PATCH /api/contractor/profile', () => {
  it('rejects a signed-out visitor with 401', async () => {
    const response = await new Browser(t.app).patch('/api/contractor/profile', profile());
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: expect.any(String) });
  });

  it('rejects a customer with 403', async () => {
    const { browser } = await customer();
    const response = await browser.patch('/api/contractor/profile', profile());
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: ACCESS_DENIED });
  });

  it('saves a contractor profile and shows it in the directory at once', async () => {
    const { browser, user } = await contractor();
    const token = `lighthouse${randomUUID().slice(0, 8)}`;
    const response = await browser.patch(
      '/api/contractor/profile',
      profile({ location: 'Lunenburg, NS', yearsOfExperience: 12, expertiseStatement: `I restore ${token} windows.` }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });

    const { contractors } = await browse(`?search=${token}`);
    expect(contractors).toHaveLength(1);
    expect(contractors[0]).toMatchObject({
      id: user.id,
      name: user.name,
      location: 'Lunenburg, NS',
      yearsOfExperience: 12,
      expertiseStatement: `I restore ${token} windows.`,
      canWorkRemotely: false,
    });
  });

  it('answers 200 to saving an unchanged profile, appending nothing', async () => {
    const { browser, user } = await contractor();
    expect((await browser.patch('/api/contractor/profile', profile())).statusCode).toBe(200);
    const count = async () => {
      const [row] = await t.runtime.sql<{ count: string }[]>`
        select count(*)::text as count from es_events where stream_id = ${`contractor-${user.id}`}`;
      return Number(row!.count);
    };
    expect(await count()).toBe(1);
    const again = await browser.patch('/api/contractor/profile', profile());
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ success: true });
    expect(await count()).toBe(1);
  });

  it('keeps the fields a partial PATCH leaves out, and clears an emptied one', async () => {
    const { browser, user } = await contractor();
    await browser.patch('/api/contractor/profile', profile({ location: 'Moncton, NB', canWorkRemotely: true }));
    expect((await browser.patch('/api/contractor/profile', { yearsOfExperience: 9 })).statusCode).toBe(200);
    const read = async () => {
      const [row] = await t.runtime.sql<
        {
          location: string | null;
          can_work_remotely: boolean;
          years_of_experience: number | null;
          expertise_statement: string | null;
        }[]
      >`select location, can_work_remotely, years_of_experience, expertise_statement
        from rm_contractor_directory where contractor_id = ${user.id}`;
      return row;
    };
    expect(await read()).toEqual({
      location: 'Moncton, NB',
      can_work_remotely: true,
      years_of_experience: 9,
      expertise_statement: 'Careful and on time.',
    });
    expect((await browser.patch('/api/contractor/profile', { location: '' })).statusCode).toBe(200);
    expect((await read())!.location).toBeNull();
    expect((await read())!.years_of_experience).toBe(9);
  });

  it('accepts the optional fields left out or empty', async () => {
    const { browser, user } = await contractor();
    const response = await browser.patch('/api/contractor/profile', {
      location: '',
      yearsOfExperience: '',
      expertiseStatement: '',
    });
    expect(response.statusCode).toBe(200);
    const minimal = await browser.patch('/api/contractor/profile', {});
    expect(minimal.statusCode).toBe(200);
    const [row] = await t.runtime.sql<{ years_of_experience: number | null; expertise_statement: string | null }[]>`
      select years_of_experience, expertise_statement from rm_contractor_directory where contractor_id = ${user.id}`;
    expect(row).toEqual({ years_of_experience: null, expertise_statement: null });
  });

  it.each([0, 100, '7'])('accepts %j years of experience', async (years) => {
    const { browser, user } = await contractor();
    const response = await browser.patch('/api/contractor/profile', profile({ yearsOfExperience: years }));
    expect(response.statusCode).toBe(200);
    const [row] = await t.runtime.sql<{ years_of_experience: number }[]>`
      select years_of_experience from rm_contractor_directory where contractor_id = ${user.id}`;
    expect(row!.years_of_experience).toBe(Number(years));
  });

  it.each([101, -1, 'abc', true, 2.5])('rejects %j years of experience with 400', async (years) => {
    const { browser } = await contractor();
    const response = await browser.patch('/api/contractor/profile', profile({ yearsOfExperience: years }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: YEARS_MESSAGE });
  });

  it('accepts a statement of 500 characters and rejects one of 501', async () => {
    const { browser } = await contractor();
    const ok = await browser.patch('/api/contractor/profile', profile({ expertiseStatement: 'x'.repeat(500) }));
    expect(ok.statusCode).toBe(200);
    const tooLong = await browser.patch('/api/contractor/profile', profile({ expertiseStatement: 'x'.repeat(501) }));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({ error: STATEMENT_MESSAGE });
  });

  it('rejects an unknown field with 400 naming it', async () => {
    const { browser } = await contractor();
    const response = await browser.patch('/api/contractor/profile', profile({ hourlyRate: 80 }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toContain('hourlyRate');
  });

  it('rejects a non-boolean canWorkRemotely with 400', async () => {
    const { browser } = await contractor();
    const response = await browser.patch('/api/contractor/profile', profile({ canWorkRemotely: 'yes' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'canWorkRemotely must be true or false' });
  });
});

describe('POST /api/service-offerings', () => {
  it('rejects a signed-out visitor with 401', async () => {
    const response = await new Browser(t.app).post('/api/service-offerings', onboardingOffering());
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: expect.any(String) });
  });

  it('rejects a customer with 403', async () => {
    const { browser } = await customer();
    const response = await browser.post('/api/service-offerings', onboardingOffering());
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: ACCESS_DENIED });
    expect((await browser.get('/api/service-offerings/my')).statusCode).toBe(403);
  });

  it("creates the onboarding payload's offering, priced in cents, readable at once", async () => {
    const { browser, user } = await contractor();
    const token = `gutter${randomUUID().slice(0, 8)}`;
    const payload = onboardingOffering({ title: `Clean ${token} gutters` });
    const response = await browser.post('/api/service-offerings', payload);
    expect(response.statusCode).toBe(201);
    const { offering } = response.json();
    expect(offering).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      contractorId: user.id,
      title: payload.title,
      description: payload.description,
      pricingModel: 'hourly',
      priceCents: 5000,
      price: '50',
      isRemoteService: false,
      isActive: true,
      // 'Clean … gutters' names no service of the taxonomy.
      service: null,
      // A new offering is closed to barter until the contractor opens it.
      acceptsBarter: false,
      barterWants: null,
      createdAt: expect.any(String),
    });
    expect(response.json().pending).toBeUndefined();

    // Read-your-writes: no waiting, no polling.
    const mine = await browser.get('/api/service-offerings/my');
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual([{ ...offering, createdAt: expect.any(String) }]);

    const { contractors } = await browse(`?search=${token}`);
    expect(contractors).toHaveLength(1);
    expect(contractors[0]!.id).toBe(user.id);
    expect(contractors[0]!.name).toBe(user.name);
    expect(contractors[0]!.offerings).toEqual([
      expect.objectContaining({ id: offering.id, title: payload.title, priceCents: 5000, price: '50' }),
    ]);
  });

  it('keeps an inactive offering in the own list but out of the directory', async () => {
    const { browser, user } = await contractor();
    const token = `dormant${randomUUID().slice(0, 8)}`;
    const response = await browser.post(
      '/api/service-offerings',
      onboardingOffering({ title: `${token} pruning`, isActive: false }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().offering.isActive).toBe(false);
    const mine = (await browser.get('/api/service-offerings/my')).json();
    expect(mine).toEqual([expect.objectContaining({ title: `${token} pruning`, isActive: false })]);
    expect(await browse(`?search=${token}`)).toEqual({ total: 0, place: null, contractors: [] });
    const listed = (await browse('?limit=100')).contractors.find((c) => c.id === user.id);
    expect(listed?.offerings).toEqual([]);
  });

  it.each([
    ['49.99', 4999, '49.99'],
    [75, 7500, '75'],
    ['0.5', 50, '0.50'],
  ])('stores the price %j as %i cents', async (price, cents, shown) => {
    const { browser } = await contractor();
    const response = await browser.post('/api/service-offerings', onboardingOffering({ price, pricingModel: 'fixed' }));
    expect(response.statusCode).toBe(201);
    expect(response.json().offering).toMatchObject({ priceCents: cents, price: shown, pricingModel: 'fixed' });
  });

  it.each(['', 'abc', '-5', '50.123', '1e3'])('rejects the price %j with 400', async (price) => {
    const { browser } = await contractor();
    const response = await browser.post('/api/service-offerings', onboardingOffering({ price }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Price must be an amount in dollars, such as 50 or 49.99' });
  });

  it.each([
    ['a title of 2 characters', { title: 'ab' }, 'Service title must be at least 3 characters'],
    ['a title of blanks', { title: '     ' }, 'Service title must be at least 3 characters'],
    ['a missing title', { title: undefined }, 'Service title must be at least 3 characters'],
    [
      'a description of 19 characters',
      { description: 'x'.repeat(19) },
      'Please provide a detailed description (20+ characters)',
    ],
    ['a missing description', { description: undefined }, 'Please provide a detailed description (20+ characters)'],
    ['an unknown pricing model', { pricingModel: 'per-day' }, 'pricingModel must be hourly or fixed'],
  ])('rejects %s with the spec message', async (_label, overrides, message) => {
    const { browser } = await contractor();
    const response = await browser.post('/api/service-offerings', onboardingOffering(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: message });
    expect((await browser.get('/api/service-offerings/my')).json()).toEqual([]);
  });

  it('rejects an unknown field with 400', async () => {
    const { browser } = await contractor();
    const response = await browser.post('/api/service-offerings', onboardingOffering({ contractorId: randomUUID() }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toContain('contractorId');
  });
});

describe('GET /api/service-offerings/my', () => {
  it('rejects a signed-out visitor with 401', async () => {
    const response = await new Browser(t.app).get('/api/service-offerings/my');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: expect.any(String) });
  });

  it("lists only the contractor's own offerings, oldest first", async () => {
    const alice = await contractor();
    const bob = await contractor();
    const a1 = await alice.browser.post('/api/service-offerings', onboardingOffering({ title: 'Alice first' }));
    const b1 = await bob.browser.post('/api/service-offerings', onboardingOffering({ title: 'Bob only' }));
    const a2 = await alice.browser.post('/api/service-offerings', onboardingOffering({ title: 'Alice second' }));
    expect([a1.statusCode, b1.statusCode, a2.statusCode]).toEqual([201, 201, 201]);

    const mine = await alice.browser.get('/api/service-offerings/my');
    expect(mine.statusCode).toBe(200);
    expect(mine.json().map((o: { title: string }) => o.title)).toEqual(['Alice first', 'Alice second']);
    expect(mine.json().every((o: { contractorId: string }) => o.contractorId === alice.user.id)).toBe(true);

    const bobs = await bob.browser.get('/api/service-offerings/my');
    expect(bobs.json().map((o: { id: string }) => o.id)).toEqual([b1.json().offering.id]);

    const fresh = await contractor();
    expect((await fresh.browser.get('/api/service-offerings/my')).json()).toEqual([]);
  });
});

describe('GET /api/contractors/browse', () => {
  it('lists contractors with their name and offerings, and no customers', async () => {
    const token = `tiler${randomUUID().slice(0, 8)}`;
    const pro = await contractor();
    const client = await customer();
    await pro.browser.patch('/api/contractor/profile', profile({ expertiseStatement: `${token} specialist` }));
    const created = await pro.browser.post(
      '/api/service-offerings',
      onboardingOffering({ title: 'Bathroom tiling', price: '65' }),
    );
    expect(created.statusCode).toBe(201);

    const all = await browse('?limit=100');
    const ids = all.contractors.map((c) => c.id);
    expect(ids).toContain(pro.user.id);
    expect(ids).not.toContain(client.user.id);
    expect(all.total).toBeGreaterThanOrEqual(all.contractors.length);

    const { contractors } = await browse(`?search=${token}`);
    expect(contractors).toEqual([
      expect.objectContaining({
        id: pro.user.id,
        name: pro.user.name,
        offerings: [expect.objectContaining({ title: 'Bathroom tiling', priceCents: 6500, price: '65' })],
      }),
    ]);
    // Personal data beyond the display name is not published.
    expect(JSON.stringify(contractors)).not.toContain(pro.registration.email);
  });

  it('filters by search text in offerings, case-insensitively', async () => {
    const token = `Chimney${randomUUID().slice(0, 8)}`;
    const match = await contractor();
    const other = await contractor();
    await match.browser.post(
      '/api/service-offerings',
      onboardingOffering({ description: `Sweeping ${token} flues, safely and cleanly.` }),
    );
    await other.browser.post('/api/service-offerings', onboardingOffering({ title: 'Something else entirely' }));

    const { contractors, total } = await browse(`?search=${encodeURIComponent(token.toUpperCase())}`);
    expect(contractors.map((c) => c.id)).toEqual([match.user.id]);
    expect(total).toBe(1);

    const none = await browse(`?search=nothing-matches-${randomUUID()}`);
    expect(none).toEqual({ total: 0, place: null, contractors: [] });
  });

  it('treats % and _ in the search as plain text', async () => {
    const response = await browse('?search=%25');
    // No contractor profile in this file contains a literal %.
    expect(response.contractors).toEqual([]);
  });

  it('filters remote contractors with remote=true', async () => {
    const token = `remotefix${randomUUID().slice(0, 8)}`;
    const remote = await contractor();
    const local = await contractor();
    await remote.browser.patch(
      '/api/contractor/profile',
      profile({ canWorkRemotely: true, expertiseStatement: token }),
    );
    await remote.browser.post('/api/service-offerings', onboardingOffering({ isRemoteService: true }));
    await local.browser.patch(
      '/api/contractor/profile',
      profile({ canWorkRemotely: false, expertiseStatement: token }),
    );

    const both = await browse(`?search=${token}`);
    expect(both.contractors.map((c) => c.id).sort()).toEqual([remote.user.id, local.user.id].sort());

    const remoteOnly = await browse(`?search=${token}&remote=true`);
    expect(remoteOnly.contractors.map((c) => c.id)).toEqual([remote.user.id]);

    const localOnly = await browse(`?search=${token}&remote=false`);
    expect(localOnly.contractors.map((c) => c.id)).toEqual([local.user.id]);
  });

  it('pages with limit and offset', async () => {
    const token = `pager${randomUUID().slice(0, 8)}`;
    for (let i = 0; i < 3; i++) {
      const pro = await contractor();
      await pro.browser.patch('/api/contractor/profile', profile({ expertiseStatement: token }));
    }
    const first = await browse(`?search=${token}&limit=2`);
    expect(first.total).toBe(3);
    expect(first.contractors).toHaveLength(2);
    const second = await browse(`?search=${token}&limit=2&offset=2`);
    expect(second.total).toBe(3);
    expect(second.contractors).toHaveLength(1);
    expect(first.contractors.map((c) => c.id)).not.toContain(second.contractors[0]!.id);
    // Past the end: no entries, but the total still counts every match.
    expect(await browse(`?search=${token}&limit=2&offset=4`)).toEqual({ total: 3, place: null, contractors: [] });
  });

  it('drops a deleted contractor from the directory at once', async () => {
    const token = `gone${randomUUID().slice(0, 8)}`;
    const pro = await contractor();
    await pro.browser.patch('/api/contractor/profile', profile({ expertiseStatement: token }));
    expect((await browse(`?search=${token}`)).contractors).toHaveLength(1);
    const deleted = await pro.browser.delete('/api/auth/account', { password: pro.registration.password });
    expect(deleted.statusCode).toBe(200);
    expect(await browse(`?search=${token}`)).toEqual({ total: 0, place: null, contractors: [] });
  });

  const LIMIT_MESSAGE = 'limit must be a whole number from 1 to 100';
  it.each([
    ['an unknown query parameter', '?colour=blue', 'querystring: Unrecognized key: "colour"'],
    ['limit=0', '?limit=0', LIMIT_MESSAGE],
    ['limit=101', '?limit=101', LIMIT_MESSAGE],
    ['limit=abc', '?limit=abc', LIMIT_MESSAGE],
    ['limit=2.5', '?limit=2.5', LIMIT_MESSAGE],
    ['offset=-1', '?offset=-1', 'offset must be a whole number from 0 to 10000'],
    ['remote=maybe', '?remote=maybe', 'remote must be true or false'],
    ['a search of 101 characters', `?search=${'a'.repeat(101)}`, 'search must be at most 100 characters'],
  ])('rejects %s with 400 and a message naming it', async (_label, query, message) => {
    const response = await new Browser(t.app).get(`/api/contractors/browse${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: message });
  });
});

describe('commands with projections not running', () => {
  let slow: TestApp;

  beforeAll(async () => {
    slow = await createTestApp({ RUN_PROJECTIONS: 'false', READ_YOUR_WRITES_TIMEOUT_MS: '200' });
  });

  afterAll(async () => {
    await slow?.close();
  });

  it('answer 202 with pending and the position to wait for', async () => {
    const browser = new Browser(slow.app);
    const email = `pending.${randomUUID()}@example.ca`;
    const signUpAnswer = await browser.post('/api/auth/register', {
      name: 'Pending Person',
      email,
      password: 'correct-horse-battery',
      role: 'contractor',
      dateOfBirth: '1985-03-14',
    });
    // The confirmation e-mail leaves from the API itself: no projection worker is needed for it.
    expect(signUpAnswer.statusCode).toBe(202);
    const link = await confirmationLinkFor(slow.config.DATA_DIR, email);
    const register = await browser.post('/api/auth/confirm-registration', { token: link.searchParams.get('token') });
    expect(register.statusCode).toBe(202);
    const body = register.json();
    expect(body.pending).toBe(true);
    expect(body.position).toMatch(/^\d+\/\d+$/);
    expect(register.headers['x-event-position']).toBe(body.position);
    expect(body.user).toMatchObject({ name: 'Pending Person', role: 'contractor' });

    // Project what there is so far in another process-like runtime, then stop it again.
    const projector = await createRuntime(testConfig({ DATABASE_URL: slow.database.url, RUN_PROJECTIONS: 'true' }));
    try {
      await projector.runner!.idle();
      await waitUntil(async () => (await browser.get('/api/auth/me')).statusCode === 200, {
        message: 'the pending sign-up was never projected',
      });
    } finally {
      await projector.close();
    }

    // Nothing projects the next write: the offering is accepted but not yet readable.
    const created = await browser.post('/api/service-offerings', onboardingOffering());
    expect(created.statusCode).toBe(202);
    expect(created.json()).toMatchObject({
      pending: true,
      position: expect.any(String),
      offering: { priceCents: 5000, title: 'Garden clean-up' },
    });
    expect(created.headers['x-event-position']).toBe(created.json().position);
    expect(created.json().position).not.toBe(body.position);
    expect((await browser.get('/api/service-offerings/my')).json()).toEqual([]);
  });
});
