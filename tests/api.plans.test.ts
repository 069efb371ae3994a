import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planRenewalsJob } from '../workflows/plan-renewals.ts';
import { PLAN_MESSAGES as M } from '../shared/domain/plans/messages.ts';
import { planStreamId } from '../shared/domain/plans/events.ts';
import { GATEWAY_MESSAGES, SANDBOX_CARDS, type PaymentGateway } from '../shared/payments/gateway.ts';
import { waitUntil } from './support/wait.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { signUp, type Browser } from './support/http-client.ts';
import { DAY, SUCCESS_CARD, card, idempotencyKey } from './support/money-flow.ts';
import type { planView } from '../shared/http/plans.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type PlanView = z.output<typeof planView>;

const buy = (browser: Browser, planId: string, number = SUCCESS_CARD) =>
  browser.post('/api/plans/purchase', { planId, ...card(number) }, idempotencyKey());
const me = async (browser: Browser) => (await browser.get('/api/plans/me')).json() as PlanView;
const billing = async (browser: Browser) =>
  (await browser.get('/api/billing')).json().items as { kind: string; item: string; amountCents: number }[];
const runRenewals = async (now: Date, gateway: PaymentGateway = t.runtime.gateway) => {
  const handled = await planRenewalsJob.run({ sql: t.runtime.sql, store: t.runtime.store, now, gateway });
  await t.runtime.runner!.idle();
  return handled;
};
/** A gateway that declines every charge on a saved card. */
const declining = (): PaymentGateway => ({
  ...t.runtime.gateway,
  chargeSaved: async () => ({ ok: false, code: 'card_declined', last4: '4242', message: GATEWAY_MESSAGES.declined }),
});

/** A contractor on Local whose first renewal was declined: past due, with the retry's time. */
async function pastDuePlan() {
  const person = await signUp(t.app, { role: 'contractor' });
  const first = (await buy(person.browser, 'local')).json() as PlanView;
  await runRenewals(new Date(first.periodEnd!), declining());
  const retryAt = await waitUntil(
    async () => {
      const view = await me(person.browser);
      return view.status === 'past-due' ? view.retryAt : null;
    },
    { message: 'the plan did not become past due' },
  );
  return { ...person, retryAt: retryAt! };
}

const directoryEntry = async (browser: Browser, id: string) =>
  (await browser.get(`/api/contractors/${id}`)).json() as {
    priorityPlacement: boolean;
    featured: boolean;
    boosted: boolean;
  };

describe('plans: buying Local', () => {
  it('starts everyone on Starter, with the usage of each limit', async () => {
    const { browser } = await signUp(t.app, { role: 'contractor' });
    const view = await me(browser);
    expect(view).toMatchObject({ planId: 'starter', status: 'free', period: null, card: null, canBuyPaidPlan: true });
    expect(view.usage).toEqual([
      { key: 'maxDirectHireConnections', used: 0, limit: 3, per: 'month' },
      { key: 'maxPhotosUploads', used: null, limit: 5, per: 'work-order' },
      { key: 'maxBidProjects', used: 0, limit: 5, per: 'month' },
      { key: 'maxGalleryBillboards', used: 0, limit: 0, per: 'total' },
    ]);
    expect((await billing(browser)).length).toBe(0);
  });

  it('needs 18 or older: a 16-year-old is refused before any charge', async () => {
    const sixteen = new Date(Date.now() - 16.5 * 365.25 * DAY).toISOString().slice(0, 10);
    const { browser } = await signUp(t.app, { dateOfBirth: sixteen });
    expect((await me(browser)).canBuyPaidPlan).toBe(false);
    const response = await buy(browser, 'local');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: M.tooYoung });
    expect((await me(browser)).planId).toBe('starter');
  });

  it('charges $19 from the catalogue, keeps the card for renewals, and lifts the listing', async () => {
    const { browser, user } = await signUp(t.app, { role: 'contractor' });
    const declined = await buy(browser, 'local', SANDBOX_CARDS.declined);
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toEqual({ error: GATEWAY_MESSAGES.declined });
    expect((await me(browser)).planId).toBe('starter');

    const bought = await buy(browser, 'local');
    expect(bought.statusCode, bought.body).toBe(200);
    const view = bought.json() as PlanView;
    expect(view).toMatchObject({
      planId: 'local',
      status: 'active',
      period: 1,
      card: { brand: 'visa', last4: '4242' },
    });
    expect(view.usage.find((line) => line.key === 'maxBidProjects')).toMatchObject({ limit: null });
    expect(await billing(browser)).toEqual([
      expect.objectContaining({ kind: 'plan', item: 'local', amountCents: 1_900 }),
    ]);
    expect(await directoryEntry(browser, user.id)).toMatchObject({ priorityPlacement: true, featured: true });

    expect((await buy(browser, 'local')).json()).toEqual({ error: M.alreadyOn('Local') });
    expect((await buy(browser, 'local')).statusCode).toBe(409);
  });

  it('refuses plans not offered, the free plan, a price in the body, and a missing key', async () => {
    const { browser } = await signUp(t.app);
    expect((await buy(browser, 'pro')).statusCode).toBe(403);
    expect((await buy(browser, 'pro')).json()).toEqual({ error: M.notOffered });
    expect((await buy(browser, 'starter')).statusCode).toBe(400);
    const priced = await browser.post(
      '/api/plans/purchase',
      { planId: 'local', priceCents: 1, ...card(SUCCESS_CARD) },
      idempotencyKey(),
    );
    expect(priced.statusCode).toBe(400);
    expect((await browser.post('/api/plans/purchase', { planId: 'local', ...card(SUCCESS_CARD) })).statusCode).toBe(
      400,
    );
    expect((await buy(browser, 'gold')).statusCode).toBe(400);
    expect((await buy(browser, 'local', '4242 4242 4242 4241')).json()).toEqual({
      error: GATEWAY_MESSAGES.invalidNumber,
    });
  });

  it('is for signed-in customers and contractors only', async () => {
    const { Browser } = await import('./support/http-client.ts');
    const visitor = new Browser(t.app);
    expect((await buy(visitor, 'local')).statusCode).toBe(401);
    expect((await visitor.get('/api/plans/me')).statusCode).toBe(401);
  });
});

describe('plans: renewals and cancelling', () => {
  it('renews each month on the card on file, once, with a receipt per period', async () => {
    const { browser, user } = await signUp(t.app);
    const first = (await buy(browser, 'local')).json() as PlanView;
    const periodEnd = new Date(first.periodEnd!);
    // A second before the period ends, this plan is not due (others bought earlier in this file may be).
    await runRenewals(new Date(periodEnd.getTime() - 1000));
    expect(await me(browser)).toMatchObject({ period: 1 });
    expect(await runRenewals(periodEnd)).toBeGreaterThanOrEqual(1);
    // idle() sees what the $all reader sees; another test file's open transaction can hold that back.
    await expect
      .poll(() => me(browser), { timeout: 15_000 })
      .toMatchObject({ planId: 'local', status: 'active', period: 2 });
    // A second tick at the same instant charges nothing more.
    await runRenewals(periodEnd);
    expect(await billing(browser)).toHaveLength(2);
    const history = await t.runtime.store.readStream(planStreamId(user.id));
    expect(history.map((event) => event.type)).toEqual(['PlanPurchased', 'PlanRenewed']);
  });

  it('retries a declined renewal in a grace period, then returns the account to Starter', async () => {
    const { browser, user, retryAt: firstRetry } = await pastDuePlan();
    // Each retry is due at the retryAt the previous decline set: wait for the read model to show
    // the new one before running the next (another file's open transaction can hold it back).
    let retryAt: string | null = firstRetry;
    await runRenewals(new Date(retryAt), declining());
    const previous = retryAt;
    retryAt = await waitUntil(
      async () => {
        const view = await me(browser);
        return view.retryAt && view.retryAt !== previous ? view.retryAt : null;
      },
      { message: 'the second decline did not set a new retry time' },
    );
    await runRenewals(new Date(retryAt!), declining());
    await expect.poll(() => me(browser), { timeout: 15_000 }).toMatchObject({ planId: 'starter', status: 'free' });
    expect(await directoryEntry(browser, user.id)).toMatchObject({ priorityPlacement: false, featured: false });
  });

  it('a cancellation racing a renewal charge ends one way: renewed then cancelling, or ended and not charged', async () => {
    const { browser, user, retryAt } = await pastDuePlan();
    // The retry's charge takes a moment at the gateway; the holder cancels during it.
    const slow: PaymentGateway = {
      ...t.runtime.gateway,
      chargeSaved: async (input) => {
        await new Promise((resolve) => setTimeout(resolve, 400));
        return t.runtime.gateway.chargeSaved(input);
      },
    };
    const [, cancelled] = await Promise.all([
      runRenewals(new Date(retryAt), slow),
      new Promise((resolve) => setTimeout(resolve, 100)).then(() => browser.post('/api/plans/cancel', {})),
    ]);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const types = (await t.runtime.store.readStream(planStreamId(user.id))).map((event) => event.type);
    const renewed = types.includes('PlanRenewed');
    const ended = types.includes('PlanEnded');
    expect(renewed !== ended, types.join(', ')).toBe(true);
    const ledger = (t.runtime.gateway as unknown as { ledger: Map<string, { result: unknown }> }).ledger;
    const charge = ledger.get(`charge:${planStreamId(user.id)}:period-2:attempt-2`)?.result as
      { ok: boolean; paymentId?: string } | undefined;
    if (renewed) {
      // Paid for the new period, then set to end with it.
      expect(charge?.ok).toBe(true);
      expect((cancelled.json() as PlanView).status).toBe('cancelling');
    } else {
      // Ended at once: no money taken for a period that will not be served.
      expect(!charge?.ok || ledger.has(`refund:${charge.paymentId}:unrecorded`)).toBe(true);
    }
  });

  it('cancels at the period end, can resume before it, and ends on time', async () => {
    const { browser } = await signUp(t.app);
    expect((await browser.post('/api/plans/cancel', {})).json()).toEqual({ error: M.noPaidPlan });
    const first = (await buy(browser, 'local')).json() as PlanView;
    expect((await browser.post('/api/plans/cancel', {})).json()).toMatchObject({
      planId: 'local',
      status: 'cancelling',
    });
    expect((await browser.post('/api/plans/resume', {})).json()).toMatchObject({ status: 'active' });
    await browser.post('/api/plans/cancel', {});
    await runRenewals(new Date(first.periodEnd!));
    await expect.poll(() => me(browser)).toMatchObject({ planId: 'starter', status: 'free' });
    expect(await billing(browser)).toHaveLength(1);
    // Back on Starter the plan can be bought again.
    expect((await buy(browser, 'local')).statusCode).toBe(200);
  });

  it('keeps the plan history auditable by its owner', async () => {
    const { browser, user } = await signUp(t.app);
    await buy(browser, 'local');
    const history = await browser.get(`/api/audit/streams/plan-${user.id}`);
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json().state).toMatchObject({ planId: 'local', status: 'active' });
    expect((await browser.get(`/api/audit/streams/plan-${user.id}/verify`)).json()).toMatchObject({ ok: true });
    const stranger = (await signUp(t.app)).browser;
    expect((await stranger.get(`/api/audit/streams/plan-${user.id}`)).statusCode).toBe(404);
  });
});

describe('listing boosts', () => {
  it('gives the first 7-day boost free, charges the next, extends a running one, and ranks it', async () => {
    const { browser, user } = await signUp(t.app, { role: 'contractor' });
    const free = await browser.post('/api/boosts', { boostId: 'boost-7' }, idempotencyKey());
    expect(free.statusCode, free.body).toBe(200);
    const afterFree = free.json() as PlanView;
    const firstEnd = Date.parse(afterFree.boost.activeUntil!);
    expect(firstEnd - Date.now()).toBeGreaterThan(6.9 * DAY);
    expect(afterFree.boost.firstBoostFree).toBe(false);
    expect(afterFree.boost.prices.find((p) => p.boostId === 'boost-7')!.priceCents).toBe(500);
    expect(await directoryEntry(browser, user.id)).toMatchObject({ boosted: true });

    const noCard = await browser.post('/api/boosts', { boostId: 'boost-7' }, idempotencyKey());
    expect(noCard.statusCode).toBe(400);
    expect(noCard.json()).toEqual({ error: M.cardRequired });
    const paid = await browser.post('/api/boosts', { boostId: 'featured-30', ...card(SUCCESS_CARD) }, idempotencyKey());
    expect(paid.statusCode, paid.body).toBe(200);
    expect(Date.parse((paid.json() as PlanView).boost.activeUntil!) - firstEnd).toBe(30 * DAY);
    expect((await billing(browser)).map((line) => [line.item, line.amountCents])).toEqual([
      ['featured-30', 1_500],
      ['boost-7', 0],
    ]);
  });

  it('is for contractors, with a known boost and a card that works', async () => {
    const customer = (await signUp(t.app)).browser;
    expect((await customer.post('/api/boosts', { boostId: 'boost-7' }, idempotencyKey())).statusCode).toBe(403);
    const { browser } = await signUp(t.app, { role: 'contractor' });
    expect((await browser.post('/api/boosts', { boostId: 'boost-1' }, idempotencyKey())).statusCode).toBe(400);
    await browser.post('/api/boosts', { boostId: 'boost-7' }, idempotencyKey());
    const declined = await browser.post(
      '/api/boosts',
      { boostId: 'premium-90', ...card(SANDBOX_CARDS.declined) },
      idempotencyKey(),
    );
    expect(declined.statusCode).toBe(402);
    expect(await billing(browser)).toHaveLength(1);
  });
});
