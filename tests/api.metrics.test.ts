import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';
import { Browser, createAdmin, signUp } from './support/http-client.ts';
import { idempotencyKey as key, moneyFlow } from './support/money-flow.ts';
import { waitUntil } from './support/wait.ts';

/**
 * The admin dashboard's platform metrics through the API and the platform-metrics read model:
 * a funded job adds to GMV and to the escrow held; its release moves the fee and its tax into the
 * month and empties the hold; the contractor counts as active; the job counts in its province.
 */
let t: TestApp;
let admin: Browser;
const { fundedJob, settle } = moneyFlow(() => t);

beforeAll(async () => {
  t = await createTestApp();
  const account = await createAdmin(t.runtime);
  admin = new Browser(t.app);
  const login = await admin.post('/api/auth/login', {
    email: account.registration.email,
    password: account.registration.password,
  });
  expect(login.statusCode, login.body).toBe(200);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

type Metrics = {
  totals: {
    gmvCents: number;
    feesCents: number;
    taxCents: number;
    escrowHeldCents: number;
    escrowHeldJobs: number;
    activeContractors: number;
  };
  months: { month: string; gmvCents: number; feesCents: number; taxCents: number; jobsFunded: number }[];
  provinces: { province: string; jobs: number }[];
};

async function metrics(): Promise<Metrics> {
  const answer = await admin.get('/api/admin/metrics');
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as Metrics;
}

describe('platform metrics', () => {
  it('counts GMV and escrow held when funded, fees and tax when released, active contractors and provinces', async () => {
    const before = await metrics();
    const { customer, contractor, jobId } = await fundedJob(100_000);
    await settle();
    await waitUntil(async () => (await metrics()).totals.gmvCents === before.totals.gmvCents + 100_000, {
      message: 'GMV did not grow',
    });
    let now = await metrics();
    expect(now.totals.escrowHeldCents - before.totals.escrowHeldCents).toBe(100_000);
    expect(now.totals.escrowHeldJobs - before.totals.escrowHeldJobs).toBe(1);
    const thisMonth = DateTime.now().setZone('America/Toronto').toFormat('yyyy-MM');
    expect(now.months).toHaveLength(12);
    expect(now.months.at(-1)!.month).toBe(thisMonth);

    expect((await contractor.browser.post(`/api/escrows/${jobId}/complete`, {}, key())).statusCode).toBe(200);
    expect((await customer.browser.post(`/api/escrows/${jobId}/approve`, {}, key())).statusCode).toBe(200);
    await waitUntil(async () => (await metrics()).totals.escrowHeldCents === before.totals.escrowHeldCents, {
      message: 'the escrow was still counted as held',
    });
    now = await metrics();
    // $1,000 at 6 % = $60 fee; HST 13 % on it = $7.80 (a Toronto contractor).
    expect(now.totals.feesCents - before.totals.feesCents).toBe(6_000);
    expect(now.totals.taxCents - before.totals.taxCents).toBe(780);
    expect(now.months.at(-1)!.feesCents - (before.months.at(-1)?.feesCents ?? 0)).toBe(6_000);
    expect(now.totals.activeContractors - before.totals.activeContractors).toBe(1);
    const on = (m: Metrics) => m.provinces.find((p) => p.province === 'ON')?.jobs ?? 0;
    expect(on(now) - on(before)).toBe(1);
  });

  it('is for admins only', async () => {
    const customer = await signUp(t.app);
    const contractor = await signUp(t.app, { role: 'contractor' });
    expect((await customer.browser.get('/api/admin/metrics')).statusCode).toBe(403);
    expect((await contractor.browser.get('/api/admin/metrics')).statusCode).toBe(403);
    expect((await new Browser(t.app).get('/api/admin/metrics')).statusCode).toBe(401);
  });
});
