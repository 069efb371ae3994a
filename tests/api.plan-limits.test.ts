import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';
import { Browser, signUp } from './support/http-client.ts';
import { SUCCESS_CARD, card, idempotencyKey } from './support/money-flow.ts';
import { photoIds } from './support/uploads.ts';

/**
 * Every plan limit, one by one, through the routes that use it: the limit is reached, the next
 * call is refused with a 403 naming the limit and the plan that lifts it, and after buying Local
 * the same call goes through.
 */
let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'plan-limits-'));
  t = await createTestApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const order = (overrides: Record<string, unknown> = {}) => ({
  title: 'Repaint the garden fence',
  description: 'About twenty metres of wooden fence, one coat, paint supplied.',
  category: 'painting',
  service: 'painting',
  postalCode: 'M5V 2T6',
  remote: false,
  budgetMinCents: 40_000,
  budgetMaxCents: 60_000,
  preferredDates: [inDays(9)],
  photos: [],
  mode: 'bids',
  ...overrides,
});

const proposal = {
  priceCents: 50_000,
  durationHours: 6,
  earliestStart: inDays(7),
  message: 'One painter, one day, two coats if needed.',
};

async function post(browser: Browser, overrides: Record<string, unknown> = {}) {
  return browser.post('/api/work-orders', order(overrides));
}

async function posted(browser: Browser, overrides: Record<string, unknown> = {}): Promise<string> {
  const response = await post(browser, overrides);
  expect(response.statusCode, response.body).toBe(201);
  const body = response.json() as { workOrder?: { id: string }; id?: string };
  return body.workOrder?.id ?? body.id!;
}

async function upgradeToLocal(browser: Browser) {
  const response = await browser.post(
    '/api/plans/purchase',
    { planId: 'local', ...card(SUCCESS_CARD) },
    idempotencyKey(),
  );
  expect(response.statusCode, response.body).toBe(200);
}

const bid = (browser: Browser, orderId: string) => browser.post(`/api/work-orders/${orderId}/proposals`, proposal);

const refusal = (response: { statusCode: number; json(): unknown }) => ({
  status: response.statusCode,
  body: response.json(),
});

describe('plan limits, one by one', () => {
  it('bid projects: 5 work orders a month on Starter, unlimited on Local; a re-bid is not a new project', async () => {
    const owner = await signUp(t.app, { role: 'customer' });
    const pro = await signUp(t.app, { role: 'contractor' });
    const orders: string[] = [];
    for (let i = 0; i < 7; i++) orders.push(await posted(owner.browser));

    const proposals: string[] = [];
    for (const id of orders.slice(0, 5)) {
      const response = await bid(pro.browser, id);
      expect(response.statusCode, response.body).toBe(201);
      proposals.push((response.json() as { proposal: { id: string } }).proposal.id);
    }
    expect(refusal(await bid(pro.browser, orders[5]!))).toEqual({
      status: 403,
      body: {
        error:
          'Plan limit reached: your Starter plan includes 5 bid projects a month. Upgrade to Local for unlimited bid projects.',
      },
    });

    // Withdrawing and bidding again on the same order is still one project.
    const withdrawn = await pro.browser.post(`/api/work-orders/${orders[0]}/proposals/${proposals[0]}/withdraw`, {});
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect((await bid(pro.browser, orders[0]!)).statusCode).toBe(201);

    const usage = (await pro.browser.get('/api/plans/me')).json() as { usage: { key: string; used: number }[] };
    expect(usage.usage.find((line) => line.key === 'maxBidProjects')?.used).toBe(5);

    await upgradeToLocal(pro.browser);
    expect((await bid(pro.browser, orders[5]!)).statusCode).toBe(201);
    expect((await bid(pro.browser, orders[6]!)).statusCode).toBe(201);
  });

  it('direct-hire connections: 3 accepted direct requests a month on Starter, unlimited on Local', async () => {
    const owner = await signUp(t.app, { role: 'customer' });
    const pro = await signUp(t.app, { role: 'contractor' });
    const direct = { mode: 'direct', directContractorId: pro.user.id };
    const orders: string[] = [];
    for (let i = 0; i < 4; i++) orders.push(await posted(owner.browser, direct));
    const accept = (id: string) => pro.browser.post(`/api/work-orders/${id}/direct-request/accept`, {});

    for (const id of orders.slice(0, 3)) expect((await accept(id)).statusCode).toBe(200);
    expect(refusal(await accept(orders[3]!))).toEqual({
      status: 403,
      body: {
        error:
          'Plan limit reached: your Starter plan includes 3 direct-hire connections a month. Upgrade to Local for unlimited direct-hire connections.',
      },
    });
    // Declining is always allowed: it is not a connection.
    const declinable = await posted(owner.browser, direct);
    expect((await pro.browser.post(`/api/work-orders/${declinable}/direct-request/decline`, {})).statusCode).toBe(200);

    await upgradeToLocal(pro.browser);
    expect((await accept(orders[3]!)).statusCode).toBe(200);
  });

  it('photo uploads: 5 per work order on Starter, 10 on Local, past that the coming Pro plan', async () => {
    const owner = await signUp(t.app, { role: 'customer' });
    const photos = await photoIds(t.app, owner.browser, 11);

    const id = await posted(owner.browser, { photos: photos.slice(0, 5) });
    expect(refusal(await post(owner.browser, { photos: photos.slice(0, 6) }))).toEqual({
      status: 403,
      body: {
        error:
          'Plan limit reached: your Starter plan includes 5 photo uploads per work order. Upgrade to Local for 10 photo uploads per work order.',
      },
    });
    const edit = (n: number) => {
      const { mode: _mode, ...details } = order({ photos: photos.slice(0, n) });
      return owner.browser.request('PUT', `/api/work-orders/${id}`, details);
    };
    const edited = await edit(6);
    expect(edited.statusCode).toBe(403);

    await upgradeToLocal(owner.browser);
    await posted(owner.browser, { photos: photos.slice(0, 10) });
    const grown = await edit(10);
    expect(grown.statusCode, grown.body).toBe(200);
    expect(refusal(await post(owner.browser, { photos: photos.slice(0, 11) }))).toEqual({
      status: 403,
      body: {
        error:
          'Plan limit reached: your Local plan includes 10 photo uploads per work order. The Pro plan (coming soon) offers unlimited photo uploads.',
      },
    });
  });

  it('remote work: neither Starter nor Local bids on remote work orders or accepts remote direct requests', async () => {
    const owner = await signUp(t.app, { role: 'customer' });
    const pro = await signUp(t.app, { role: 'contractor' });
    const remote = { remote: true, postalCode: null };
    const open = await posted(owner.browser, remote);
    const sent = await posted(owner.browser, { ...remote, mode: 'direct', directContractorId: pro.user.id });
    const starter = 'Remote work is not included in your Starter plan. The Pro plan (coming soon) offers it.';
    expect(refusal(await bid(pro.browser, open))).toEqual({ status: 403, body: { error: starter } });
    expect(refusal(await pro.browser.post(`/api/work-orders/${sent}/direct-request/accept`, {}))).toEqual({
      status: 403,
      body: { error: starter },
    });
    await upgradeToLocal(pro.browser);
    expect(refusal(await bid(pro.browser, open))).toEqual({
      status: 403,
      body: { error: 'Remote work is not included in your Local plan. The Pro plan (coming soon) offers it.' },
    });
  });
});

describe('gallery billboards', () => {
  it('none on Starter, 3 at once on Local; taking one down frees its place', async () => {
    const pro = await signUp(t.app, { role: 'contractor' });
    const photos = await photoIds(t.app, pro.browser, 5);
    const put = (i: number) =>
      pro.browser.post('/api/gallery', { title: `Deck ${i}`, caption: 'Cedar deck, stained.', photo: photos[i] });
    expect(refusal(await put(0))).toEqual({
      status: 403,
      body: {
        error:
          'Plan limit reached: your Starter plan includes no gallery billboards. Upgrade to Local for 3 gallery billboards.',
      },
    });
    await upgradeToLocal(pro.browser);
    for (const i of [0, 1, 2]) expect((await put(i)).statusCode).toBe(201);
    expect(refusal(await put(3))).toEqual({
      status: 403,
      body: {
        error:
          'Plan limit reached: your Local plan includes 3 gallery billboards. The Pro plan (coming soon) offers 10 gallery billboards.',
      },
    });
    const shown = (await new Browser(t.app).get(`/api/contractors/${pro.user.id}/gallery`)).json() as {
      billboards: { id: string; title: string; photo: { url: string } }[];
    };
    expect(shown.billboards.map((b) => b.title)).toEqual(['Deck 0', 'Deck 1', 'Deck 2']);
    const usage = (await pro.browser.get('/api/plans/me')).json() as { usage: { key: string; used: number }[] };
    expect(usage.usage.find((line) => line.key === 'maxGalleryBillboards')).toMatchObject({ used: 3, limit: 3 });

    // Someone else cannot take it down; the owner can, and the place is free again.
    const other = await signUp(t.app, { role: 'contractor' });
    expect((await other.browser.delete(`/api/gallery/${shown.billboards[0]!.id}`)).statusCode).toBe(404);
    expect((await pro.browser.delete(`/api/gallery/${shown.billboards[0]!.id}`)).statusCode).toBe(200);
    expect((await put(3)).statusCode).toBe(201);
    expect((await pro.browser.post('/api/gallery', { title: 'Deck', photo: 'nope.jpg' })).statusCode).toBe(400);
  });
});
