import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personalDataByEmail } from '../api/modules/accounts/personal-data.ts';
import { DEMO_PASSWORD, seedDemoData } from '../api/seed.ts';
import { SWITCH_USER_MESSAGES as M } from '../shared/domain/user-switch/decider.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { Browser, createAdmin, eventsMentioning, signUp } from './support/http-client.ts';

type SwitchRecord = {
  id: string;
  actor: { id: string; name: string };
  target: { id: string; name: string };
  mode: 'admin' | 'demo';
  switchedAt: string;
};

async function signIn(t: TestApp, email: string, password: string): Promise<Browser> {
  const browser = new Browser(t.app);
  const login = await browser.post('/api/auth/login', { email, password });
  expect(login.statusCode, login.body).toBe(200);
  return browser;
}

async function signedInAdmin(t: TestApp) {
  const { accountId, registration } = await createAdmin(t.runtime);
  const browser = await signIn(t, registration.email, registration.password);
  return {
    browser,
    id: accountId,
    name: registration.name,
    signInAgain: () => signIn(t, registration.email, registration.password),
  };
}

async function switchRecords(t: TestApp, reader: Browser, query = ''): Promise<SwitchRecord[]> {
  await t.runtime.runner!.idle();
  const response = await reader.get(`/api/admin/user-switches${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { switches: SwitchRecord[] }).switches;
}

describe('switch-user outside demo mode', () => {
  let t: TestApp;
  /** A second administrator who reads the records (the switching one becomes someone else). */
  let reader: Browser;

  beforeAll(async () => {
    t = await createTestApp({ DEMO_MODE: 'false' });
    reader = (await signedInAdmin(t)).browser;
  });

  afterAll(async () => {
    await t?.close();
  });

  it('keeps the administrator as the one acting across switches, never the account switched into', async () => {
    const admin = await signedInAdmin(t);
    const { user: first } = await signUp(t.app, { role: 'customer' });
    const { user: second } = await signUp(t.app, { role: 'contractor' });
    expect((await admin.browser.post('/api/auth/switch-user', { userId: first.id })).statusCode).toBe(200);
    // Now acting as a customer, the admin switches on: still the admin's switch, recorded as theirs.
    const onwards = await admin.browser.post('/api/auth/switch-user', { userId: second.id });
    expect(onwards.statusCode, onwards.body).toBe(200);
    const records = await switchRecords(t, reader);
    expect(records.filter((record) => record.actor.id === first.id)).toEqual([]);
    expect(records.filter((record) => record.actor.id === admin.id).map((record) => record.target.id)).toEqual([
      second.id,
      first.id,
    ]);
    // A fresh sign-in as the member is the member again: no switching for them.
    const member = await signUp(t.app, { role: 'customer' });
    expect((await member.browser.post('/api/auth/switch-user', { userId: second.id })).statusCode).toBe(403);
  });

  it('records an administrator’s switch, listed for admins newest first with names read now, on a verifiable chain', async () => {
    const admin = await signedInAdmin(t);
    const { user: first } = await signUp(t.app, { role: 'contractor' });
    const { user: second } = await signUp(t.app, { role: 'customer' });

    expect((await admin.browser.post('/api/auth/switch-user', { userId: first.id })).statusCode).toBe(200);
    // The admin signs in again (the first browser is the contractor now) and switches a second time.
    const again = await admin.signInAgain();
    expect((await again.post('/api/auth/switch-user', { userId: second.id })).statusCode).toBe(200);

    const records = (await switchRecords(t, reader)).filter((record) => record.actor.id === admin.id);
    expect(records).toEqual([
      {
        id: expect.any(String),
        actor: { id: admin.id, name: admin.name },
        target: { id: second.id, name: second.name },
        mode: 'admin',
        switchedAt: expect.any(String),
      },
      {
        id: expect.any(String),
        actor: { id: admin.id, name: admin.name },
        target: { id: first.id, name: first.name },
        mode: 'admin',
        switchedAt: expect.any(String),
      },
    ]);
    expect(Date.parse(records[0]!.switchedAt)).toBeGreaterThanOrEqual(Date.parse(records[1]!.switchedAt));

    // The events carry ids only.
    expect(await eventsMentioning(t.runtime, first.name)).toBe(0);
    expect(await eventsMentioning(t.runtime, admin.name)).toBe(0);

    // The acting admin's stream is hash-chained and replayable in the auditor view.
    const stream = `user-switch-${admin.id}`;
    const verify = await reader.get(`/api/audit/streams/${stream}/verify`);
    expect(verify.statusCode, verify.body).toBe(200);
    expect(verify.json()).toMatchObject({
      ok: true,
      length: 2,
      chain: { ok: true, headHash: expect.stringMatching(/^[0-9a-f]{64}$/) },
    });
    const history = await reader.get(`/api/audit/streams/${stream}`);
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json()).toMatchObject({
      kind: 'user-switch',
      events: [
        { type: 'UserSwitched', actorId: admin.id, data: { actorId: admin.id, targetId: first.id, mode: 'admin' } },
        { type: 'UserSwitched', actorId: admin.id, data: { actorId: admin.id, targetId: second.id, mode: 'admin' } },
      ],
      state: { switches: 2, lastTargetId: second.id },
    });
  });

  it('reads a deleted account as a former member', async () => {
    const admin = await signedInAdmin(t);
    const { browser, registration, user } = await signUp(t.app);
    expect((await admin.browser.post('/api/auth/switch-user', { userId: user.id })).statusCode).toBe(200);
    expect((await browser.delete('/api/auth/account', { password: registration.password })).statusCode).toBe(200);
    const [record] = (await switchRecords(t, reader)).filter((r) => r.actor.id === admin.id);
    expect(record).toMatchObject({ actor: { name: admin.name }, target: { id: user.id, name: 'Former member' } });
  });

  it('refuses a customer and a contractor with 403 and records nothing', async () => {
    const { user: target } = await signUp(t.app);
    for (const role of ['customer', 'contractor']) {
      const { browser, user } = await signUp(t.app, { role });
      const response = await browser.post('/api/auth/switch-user', { userId: target.id });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: M.adminsOnly });
      expect((await switchRecords(t, reader)).some((record) => record.actor.id === user.id)).toBe(false);
      expect(await t.runtime.store.readStream(`user-switch-${user.id}`)).toEqual([]);
    }
  });

  it('shows the record to administrators only, and validates its paging', async () => {
    const visitor = await new Browser(t.app).get('/api/admin/user-switches');
    expect(visitor.statusCode).toBe(401);
    for (const role of ['customer', 'contractor']) {
      const { browser } = await signUp(t.app, { role });
      const response = await browser.get('/api/admin/user-switches');
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: expect.any(String) });
    }
    const bad = await reader.get('/api/admin/user-switches?limit=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'limit must be a whole number from 1 to 100' });
    const page = await reader.get('/api/admin/user-switches?limit=1&offset=1');
    expect(page.statusCode).toBe(200);
    const body = page.json() as { total: number; switches: SwitchRecord[] };
    expect(body.switches).toHaveLength(1);
    expect(body.total).toBeGreaterThanOrEqual(3);
  });
});

describe('switch-user in demo mode', () => {
  let demo: TestApp;
  const idOf = async (email: string) => (await personalDataByEmail(demo.runtime.sql, email))!.accountId;

  beforeAll(async () => {
    demo = await createTestApp({ DEMO_MODE: 'true' });
    const deps = { sql: demo.runtime.sql, store: demo.runtime.store, emailHashKey: 'test-email-hash-key' };
    expect((await seedDemoData(deps)).seeded).toBe(true);
    await demo.runtime.runner!.idle(60_000);
  }, 120_000);

  afterAll(async () => {
    await demo?.close();
  });

  it('lets a new sign-up switch into a seeded customer and contractor, and records each switch', async () => {
    const { browser, user } = await signUp(demo.app, { role: 'customer' });
    const contractorId = await idOf('contractor@demo.ca');
    const toContractor = await browser.post('/api/auth/switch-user', { userId: contractorId });
    expect(toContractor.statusCode, toContractor.body).toBe(200);
    expect(toContractor.json().user).toMatchObject({
      id: contractorId,
      role: 'contractor',
      email: 'contractor@demo.ca',
    });
    expect((await browser.get('/api/auth/me')).json().id).toBe(contractorId);

    const customerId = await idOf('customer@demo.ca');
    const toCustomer = await browser.post('/api/auth/switch-user', { userId: customerId });
    expect(toCustomer.statusCode, toCustomer.body).toBe(200);

    const admin = await signIn(demo, 'admin@demo.ca', DEMO_PASSWORD);
    const records = await switchRecords(demo, admin);
    const mine = records.filter((r) => r.actor.id === user.id || r.actor.id === contractorId);
    // Both switches are the sign-up's: the person switching, not the account they switched into.
    expect(mine.map((r) => [r.actor.id, r.target.id, r.mode])).toEqual([
      [user.id, customerId, 'demo'],
      [user.id, contractorId, 'demo'],
    ]);
  });

  it('refuses to switch into a real sign-up with 403, whoever asks, even the demo admin', async () => {
    const { user: real } = await signUp(demo.app, { role: 'contractor' });
    const { browser } = await signUp(demo.app, { role: 'customer' });
    const response = await browser.post('/api/auth/switch-user', { userId: real.id });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: M.demoAccountsOnly });

    const admin = await signIn(demo, 'admin@demo.ca', DEMO_PASSWORD);
    const asAdmin = await admin.post('/api/auth/switch-user', { userId: real.id });
    expect(asAdmin.statusCode).toBe(403);
    expect(asAdmin.json()).toEqual({ error: M.demoAccountsOnly });
    expect((await admin.get('/api/auth/me')).json().email).toBe('admin@demo.ca');
  });

  it('refuses a non-admin’s switch into the demo admin, also from a seeded account, and lets an admin in', async () => {
    const adminId = await idOf('admin@demo.ca');
    const { browser, user } = await signUp(demo.app, { role: 'customer' });
    const direct = await browser.post('/api/auth/switch-user', { userId: adminId });
    expect(direct.statusCode).toBe(403);
    expect(direct.json()).toEqual({ error: M.adminTarget });
    expect((await browser.get('/api/auth/me')).json().id).toBe(user.id);

    // Through a seeded contractor first: still not an administrator.
    expect((await browser.post('/api/auth/switch-user', { userId: await idOf('sparkle@demo.ca') })).statusCode).toBe(
      200,
    );
    const viaSeeded = await browser.post('/api/auth/switch-user', { userId: adminId });
    expect(viaSeeded.statusCode).toBe(403);
    expect((await browser.get('/api/auth/me')).json().email).toBe('sparkle@demo.ca');
    const metrics = await browser.get('/api/admin/metrics');
    expect(metrics.statusCode).toBe(403);

    const { browser: realAdmin } = await signedInAdmin(demo);
    expect((await realAdmin.post('/api/auth/switch-user', { userId: adminId })).statusCode).toBe(200);
  });
});
