import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractsAndEscrowsJob } from '../workflows/money-jobs.ts';
import { URGENT_MESSAGES as M } from '../shared/domain/urgent/rules.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { signUp, type Browser } from './support/http-client.ts';
import { SUCCESS_CARD, card, idempotencyKey } from './support/money-flow.ts';
import { waitUntil } from './support/wait.ts';

/**
 * Urgent alerts through the API: only Local customers send them; they reach the paid contractors
 * near the work who offer the category; the first acceptance wins, also when two arrive at the
 * same instant; the job becomes a work order at the premium price, and the premium is in the contract.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Alert = {
  id: string;
  status: string;
  priceCents: number;
  premiumCents: number;
  multiplier: number;
  postalCode: string;
  reached: number | null;
  acceptedBy: { id: string; name: string } | null;
  acceptedByMe: boolean;
  workOrderId: string | null;
};
type Person = Awaited<ReturnType<typeof signUp>>;

const upgrade = async (browser: Browser) => {
  const bought = await browser.post(
    '/api/plans/purchase',
    { planId: 'local', ...card(SUCCESS_CARD) },
    idempotencyKey(),
  );
  expect(bought.statusCode, bought.body).toBe(200);
};

/** A contractor offering plumbing around a postal code; `paid` buys Local. */
async function plumber(postalCode: string, paid: boolean): Promise<Person> {
  const pro = await signUp(t.app, { role: 'contractor' });
  const area = await pro.browser.request('PUT', '/api/contractor/service-area', {
    postalCode,
    radiusKm: 40,
    services: ['plumbing'],
    hourlyRateCents: 9_000,
  });
  expect(area.statusCode, area.body).toBe(200);
  if (paid) await upgrade(pro.browser);
  return pro;
}

// Yellowknife (X1A): no demo contractors there, so the ones made here are everyone in range.
const HERE = 'X1A 2P7';
const FAR = 'M5V 2T6';
const urgentJob = (overrides: Record<string, unknown> = {}) => ({
  title: 'Burst pipe under the sink',
  description: 'Water everywhere under the kitchen sink and the shut-off valve is stuck.',
  category: 'repairs',
  service: 'plumbing',
  postalCode: HERE,
  baseCents: 15_000,
  multiplier: 2.5,
  ...overrides,
});
const send = (browser: Browser, overrides: Record<string, unknown> = {}) =>
  browser.post('/api/urgent-alerts', urgentJob(overrides));
const accept = (browser: Browser, id: string) => browser.post(`/api/urgent-alerts/${id}/accept`, {});

let customer: Person;
let nearA: Person;
let nearB: Person;
let nearFree: Person;
let far: Person;

beforeAll(async () => {
  customer = await signUp(t.app, { role: 'customer' });
  [nearA, nearB, nearFree, far] = await Promise.all([
    plumber(HERE, true),
    plumber(HERE, true),
    plumber(HERE, false),
    plumber(FAR, true),
  ]);
});

describe('sending an urgent alert', () => {
  it('needs Local: a Starter customer is refused before anything is sent', async () => {
    const starter = await signUp(t.app, { role: 'customer' });
    const refused = await send(starter.browser);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: M.paidPlanToSend });
    expect((await nearA.browser.get('/api/urgent-alerts')).json().alerts).toEqual([]);
  });

  it('refuses a premium outside 1x–3x or off the quarter steps, a price in the body, and no postal code', async () => {
    await upgrade(customer.browser);
    for (const multiplier of [0.5, 3.5, 1.1, '2']) {
      const response = await send(customer.browser, { multiplier });
      expect(response.statusCode, String(multiplier)).toBe(400);
      expect(response.json()).toEqual({ error: M.multiplier });
    }
    expect((await send(customer.browser, { baseCents: 0 })).json()).toEqual({ error: M.base });
    expect((await send(customer.browser, { priceCents: 1 })).statusCode).toBe(400);
    expect((await send(customer.browser, { postalCode: null })).statusCode).toBe(400);
  });

  it('answers 409 when no paid contractor near the work offers the category', async () => {
    const response = await send(customer.browser, { category: 'painting', service: 'painting' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: M.nobodyNearby });
  });

  it('reaches the paid contractors in range, who are notified at once, and no one else', async () => {
    const response = await send(customer.browser);
    expect(response.statusCode, response.body).toBe(201);
    const alert = response.json().alert as Alert;
    expect(alert).toMatchObject({
      status: 'open',
      multiplier: 2.5,
      priceCents: 37_500,
      premiumCents: 22_500,
      reached: 2,
      postalCode: HERE,
    });
    for (const pro of [nearA, nearB]) {
      const seen = (await pro.browser.get(`/api/urgent-alerts/${alert.id}`)).json().alert as Alert;
      expect(seen).toMatchObject({ status: 'open', priceCents: 37_500, reached: null, postalCode: 'X1A' });
      await waitUntil(async () => {
        const list = (await pro.browser.get('/api/notifications')).json() as { title: string }[];
        return list.some((n) => n.title === 'Urgent job near you');
      });
    }
    for (const pro of [nearFree, far]) {
      expect((await pro.browser.get(`/api/urgent-alerts/${alert.id}`)).statusCode).toBe(403);
      expect((await accept(pro.browser, alert.id)).json()).toEqual({ error: M.notForYou });
    }
    expect((await accept(customer.browser, alert.id)).statusCode).toBe(403);
  });
});

describe('accepting an urgent alert', () => {
  it('gives the job to exactly one of two contractors accepting at the same instant', async () => {
    for (let round = 0; round < 5; round++) {
      const alert = (await send(customer.browser)).json().alert as Alert;
      const answers = await Promise.all([accept(nearA.browser, alert.id), accept(nearB.browser, alert.id)]);
      const codes = answers.map((answer) => answer.statusCode).sort();
      expect(codes, answers.map((a) => a.body).join(' | ')).toEqual([200, 409]);
      const loser = answers.find((answer) => answer.statusCode === 409)!;
      expect(loser.json()).toEqual({ error: M.taken });
      const winner = answers[0]!.statusCode === 200 ? nearA : nearB;
      const seen = (await customer.browser.get(`/api/urgent-alerts/${alert.id}`)).json().alert as Alert;
      expect(seen).toMatchObject({ status: 'accepted', acceptedBy: { id: winner.user.id }, workOrderId: alert.id });
    }
  });

  it('makes the job a work order at the premium price, and writes the premium into the contract', async () => {
    const alert = (await send(customer.browser, { multiplier: 1.5, baseCents: 20_000 })).json().alert as Alert;
    expect(alert.priceCents).toBe(30_000);
    const won = await accept(nearA.browser, alert.id);
    expect(won.statusCode, won.body).toBe(200);
    expect(won.json().alert).toMatchObject({ acceptedByMe: true, postalCode: HERE, workOrderId: alert.id });

    const order = await customer.browser.get(`/api/work-orders/${alert.id}`);
    expect(order.statusCode, order.body).toBe(200);
    expect(order.json().workOrder).toMatchObject({
      status: 'awarded',
      mode: 'direct',
      awardedPriceCents: 30_000,
      awardedContractor: { id: nearA.user.id },
    });

    await contractsAndEscrowsJob.run({
      sql: t.runtime.sql,
      store: t.runtime.store,
      now: new Date(),
      gateway: t.runtime.gateway,
    });
    await t.runtime.runner!.idle();
    const contract = await customer.browser.get(`/api/contracts/${alert.id}`);
    expect(contract.statusCode, contract.body).toBe(200);
    const text = JSON.stringify(contract.json());
    expect(text).toContain('an urgent premium of 1.5x the normal price of $200.00, that is $100.00 on top of it');
    expect(text).toContain('une prime d’urgence de 1,5');

    // The customer is told; a late acceptance is refused.
    expect((await accept(nearB.browser, alert.id)).json()).toEqual({ error: M.taken });
  });
});

describe('withdrawing an urgent alert', () => {
  it('lets only its customer withdraw it before anyone accepts; then nobody can accept it', async () => {
    const alert = (await send(customer.browser)).json().alert as Alert;
    const other = await signUp(t.app, { role: 'customer' });
    expect((await other.browser.post(`/api/urgent-alerts/${alert.id}/cancel`, {})).statusCode).toBe(403);
    const withdrawn = await customer.browser.post(`/api/urgent-alerts/${alert.id}/cancel`, {});
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().alert.status).toBe('cancelled');
    expect((await accept(nearA.browser, alert.id)).json()).toEqual({ error: M.cancelled });
    expect((await customer.browser.get(`/api/urgent-alerts/${randomUUID()}`)).statusCode).toBe(404);
    expect((await customer.browser.get('/api/urgent-alerts/not-an-id')).statusCode).toBe(400);
  });
});
