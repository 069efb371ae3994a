import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUSPENSION_MESSAGES as M } from '../shared/domain/accounts/decider.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { Browser, createAdmin, signUp } from './support/http-client.ts';

/**
 * Admins list, suspend and restore users. Suspension takes effect at once: the user's very next
 * request is refused and they cannot sign in again (told why) until an admin restores them.
 */
let t: TestApp;
let admin: Browser;
let adminId: string;
beforeAll(async () => {
  t = await createTestApp();
  const created = await createAdmin(t.runtime);
  adminId = created.accountId;
  admin = new Browser(t.app);
  const login = await admin.post('/api/auth/login', {
    email: created.registration.email,
    password: created.registration.password,
  });
  expect(login.statusCode, login.body).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

type User = { id: string; name: string; email: string; status: string; suspensionReason: string | null };

describe('admin users', () => {
  it('are searched by name or e-mail, with % and _ taken literally, by admins only', async () => {
    const person = await signUp(t.app, { role: 'customer', name: 'Zoë Quintal-Search' });
    const found = (await admin.get('/api/admin/users?q=quintal-search')).json() as { users: User[] };
    expect(found.users.map((u) => u.id)).toEqual([person.user.id]);
    const byEmail = (
      await admin.get(`/api/admin/users?q=${encodeURIComponent(person.registration.email as string)}`)
    ).json();
    expect(byEmail.users.map((u: User) => u.id)).toEqual([person.user.id]);
    expect(((await admin.get('/api/admin/users?q=%25%25')).json() as { users: User[] }).users).toEqual([]);
    expect((await admin.get('/api/admin/users?status=frozen')).statusCode).toBe(400);
    expect((await person.browser.get('/api/admin/users')).statusCode).toBe(403);
    expect((await new Browser(t.app).get('/api/admin/users')).statusCode).toBe(401);
  });

  it('suspends at once: the next request is refused, sign-in says why; restoring lets them back in', async () => {
    const person = await signUp(t.app, { role: 'contractor' });
    expect((await person.browser.get('/api/auth/me')).statusCode).toBe(200);

    const suspended = await admin.post(`/api/admin/users/${person.user.id}/suspend`, { reason: '  Fake reviews  ' });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(suspended.json().user).toMatchObject({ status: 'suspended', suspensionReason: 'Fake reviews' });

    // The very next request, on the session it already had.
    expect((await person.browser.get('/api/auth/me')).statusCode).toBe(401);
    expect((await person.browser.get('/api/contractor/availability')).statusCode).toBe(401);
    const again = await new Browser(t.app).post('/api/auth/login', {
      email: person.registration.email,
      password: person.registration.password,
    });
    expect(again.statusCode).toBe(403);
    expect(again.json()).toEqual({ error: M.suspended });
    // A wrong password still gets the usual answer (it tells nothing about the account).
    const wrong = await new Browser(t.app).post('/api/auth/login', {
      email: person.registration.email,
      password: 'not-the-password-at-all',
    });
    expect(wrong.statusCode).toBe(401);

    expect((await admin.post(`/api/admin/users/${person.user.id}/suspend`, { reason: 'Twice' })).json()).toEqual({
      error: M.alreadySuspended,
    });
    // Nor is the suspended contractor shown to customers.
    const area = await new Browser(t.app).get(`/api/contractors/${person.user.id}`);
    expect(area.statusCode).toBe(404);
    const restored = await admin.post(`/api/admin/users/${person.user.id}/restore`, {});
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().user).toMatchObject({ status: 'active', suspensionReason: null });
    const back = new Browser(t.app);
    const login = await back.post('/api/auth/login', {
      email: person.registration.email,
      password: person.registration.password,
    });
    expect(login.statusCode, login.body).toBe(200);
    expect((await back.get('/api/auth/me')).statusCode).toBe(200);
    expect((await new Browser(t.app).get(`/api/contractors/${person.user.id}`)).statusCode).toBe(200);
  });

  it('refuses a missing reason, an admin target, an unknown user and non-admins', async () => {
    const person = await signUp(t.app, { role: 'customer' });
    expect((await admin.post(`/api/admin/users/${person.user.id}/suspend`, { reason: ' ' })).json()).toEqual({
      error: M.reason,
    });
    expect((await admin.post(`/api/admin/users/${person.user.id}/suspend`, {})).statusCode).toBe(400);
    expect((await admin.post(`/api/admin/users/${adminId}/suspend`, { reason: 'Locked out' })).json()).toEqual({
      error: M.adminsExempt,
    });
    expect(
      (await admin.post('/api/admin/users/7d9c1d1e-2f4e-4b7a-9b0e-1a2b3c4d5e70/suspend', { reason: 'Nobody' }))
        .statusCode,
    ).toBe(404);
    expect((await admin.post('/api/admin/users/not-an-id/suspend', { reason: 'Nobody' })).statusCode).toBe(400);
    const other = await signUp(t.app, { role: 'contractor' });
    expect(
      (await other.browser.post(`/api/admin/users/${person.user.id}/suspend`, { reason: 'Competitor' })).statusCode,
    ).toBe(403);
    expect((await admin.post(`/api/admin/users/${person.user.id}/restore`, {})).json()).toEqual({
      error: M.notSuspended,
    });
  });
});
