import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES } from '../api/modules/work/uploads.ts';
import { WORK_ROUTE_MESSAGES } from '../api/modules/work/routes.ts';
import { PHOTOS_PER_UPLOAD, WORK_MESSAGES, WORK_ORDER_PHOTO_LIMIT } from '../shared/domain/work/rules.ts';
import { workOrderStreamId } from '../shared/domain/work/events.ts';
import { scheduleStreamId } from '../shared/domain/booking/events.ts';
import { POSTAL_CODE_MESSAGE } from '../shared/geo/index.ts';
import type { OrderListItemView, ProposalView, WorkOrderView } from '../shared/http/work.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { Browser, signUp } from './support/http-client.ts';
import { JPEG, PNG, WEBP, uploadPhotos, type UploadFile } from './support/uploads.ts';
import { waitUntil } from './support/wait.ts';

type WorkOrder = WorkOrderView;
type Proposal = ProposalView;
type Listed = OrderListItemView;

let t: TestApp;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'work-uploads-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  // The directory helper adds these columns to the directory read model; make sure they exist
  // here so the comparison's contractor facts are exercised either way.
  await t.runtime.sql.unsafe(`
    alter table rm_contractor_directory add column if not exists rating_average double precision;
    alter table rm_contractor_directory add column if not exists rating_count integer;
    alter table rm_contractor_directory add column if not exists completed_jobs integer;
    alter table rm_contractor_directory add column if not exists badges jsonb;
    alter table rm_contractor_directory add column if not exists lat double precision;
    alter table rm_contractor_directory add column if not exists lng double precision;`);
});

afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const customer = () => signUp(t.app, { role: 'customer' });
const contractor = () => signUp(t.app, { role: 'contractor' });
const visitor = () => new Browser(t.app);

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const orderBody = (overrides: Record<string, unknown> = {}) => ({
  title: 'Paint a two-bedroom apartment',
  description: 'Two bedrooms and a hallway, walls only. Paint is supplied.',
  category: 'painting',
  service: 'painting',
  postalCode: 'm5v2t6',
  remote: false,
  budgetMinCents: 80_000,
  budgetMaxCents: 120_000,
  preferredDates: [inDays(10), inDays(12)],
  photos: [],
  mode: 'bids',
  ...overrides,
});

const proposalBody = (overrides: Record<string, unknown> = {}) => ({
  priceCents: 100_000,
  durationHours: 16,
  earliestStart: inDays(7),
  message: 'Two painters, two days, clean finish guaranteed.',
  ...overrides,
});

async function postOrder(browser: Browser, overrides: Record<string, unknown> = {}): Promise<WorkOrder> {
  const response = await browser.post('/api/work-orders', orderBody(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { workOrder: WorkOrder }).workOrder;
}

async function propose(browser: Browser, orderId: string, overrides: Record<string, unknown> = {}): Promise<Proposal> {
  const response = await browser.post(`/api/work-orders/${orderId}/proposals`, proposalBody(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { proposal: Proposal }).proposal;
}

async function getOrder(browser: Browser, id: string) {
  const response = await browser.get(`/api/work-orders/${id}`);
  return { status: response.statusCode, body: response.json() };
}

async function browse(query: string, browser: Browser = visitor()): Promise<{ total: number; orders: Listed[] }> {
  const response = await browser.get(`/api/work-orders/browse${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const expectError = (response: { statusCode: number; json(): unknown }, status: number, message?: string) => {
  expect(response.statusCode).toBe(status);
  expect(response.json()).toEqual({ error: message ?? expect.any(String) });
};

async function notificationsOf(userId: string, expected: number) {
  return waitUntil(
    async () => {
      const rows = await t.runtime.sql<
        { type: string; priority: string; title_key: string; action_url: string | null }[]
      >`select type, priority, title_key, action_url from rm_notifications
        where user_id = ${userId} and title_key like 'work.%' order by created_at, id`;
      return rows.length >= expected ? rows : null;
    },
    { message: `${expected} work notifications for ${userId}` },
  );
}

async function streamTypes(orderId: string): Promise<string[]> {
  return (await t.runtime.store.readStream(workOrderStreamId(orderId))).map((event) => event.type);
}

async function appendBookingEvent(contractorId: string, type: string, data: Record<string, unknown>) {
  await t.runtime.store.append(scheduleStreamId(contractorId), [{ type, data }], { expectedRevision: 'any' });
}

async function waitForStatus(browser: Browser, orderId: string, status: string) {
  return waitUntil(
    async () => {
      const { body } = await getOrder(browser, orderId);
      return body.workOrder?.status === status ? body : null;
    },
    { message: `order ${orderId} to become ${status}` },
  );
}

// ─── Posting ─────────────────────────────────────────────────────────────────────────────────

describe('POST /api/work-orders', () => {
  it('posts an order open for bids, resolving the postal code to its city and FSA', async () => {
    const { browser, user } = await customer();
    const order = await postOrder(browser, { title: '  Paint a two-bedroom apartment ' });
    expect(order).toMatchObject({
      mode: 'bids',
      status: 'open',
      title: 'Paint a two-bedroom apartment',
      location: { city: 'Toronto', province: 'ON', fsa: 'M5V', postalCode: 'M5V 2T6' },
      budgetMinCents: 80_000,
      budgetMaxCents: 120_000,
      proposalCount: 0,
      customer: { id: user.id, name: user.name },
      directContractor: null,
    });
    expect(order.preferredDates).toEqual([inDays(10), inDays(12)]);
    expect(await streamTypes(order.id)).toEqual(['WorkOrderPosted']);
  });

  it('posts remote work without a postal code', async () => {
    const { browser } = await customer();
    const order = await postOrder(browser, {
      postalCode: null,
      remote: true,
      category: 'lessons',
      service: 'tutoring',
    });
    expect(order).toMatchObject({ remote: true, location: null });
  });

  it('sends a direct post to the picked contractor, who is notified with a high-priority booking request', async () => {
    const { browser, user } = await customer();
    const picked = await contractor();
    const order = await postOrder(browser, { mode: 'direct', directContractorId: picked.user.id });
    expect(order.directContractor).toEqual({ id: picked.user.id, name: picked.user.name });
    const requests = await picked.browser.get('/api/work-orders/direct-requests');
    expect(requests.statusCode).toBe(200);
    const [listed] = (requests.json() as { orders: WorkOrder[] }).orders;
    expect(listed).toMatchObject({ id: order.id, customer: { id: user.id, name: user.name }, status: 'open' });
    const [notification] = await notificationsOf(picked.user.id, 1);
    expect(notification).toEqual({
      type: 'booking_request',
      priority: 'high',
      title_key: 'work.directRequest.title',
      action_url: `/projects/${order.id}`,
    });
  });

  it('refuses a signed-out visitor (401) and a contractor (403)', async () => {
    expectError(await visitor().post('/api/work-orders', orderBody()), 401);
    const { browser } = await contractor();
    expectError(
      await browser.post('/api/work-orders', orderBody()),
      403,
      'Access denied. This page requires customer access.',
    );
  });

  it('refuses bad input with a clear message', async () => {
    const { browser, user } = await customer();
    const someCustomer = await customer();
    const cases: [Record<string, unknown>, string][] = [
      [{ postalCode: '12345' }, POSTAL_CODE_MESSAGE],
      [{ postalCode: 'Z1A 1A1' }, POSTAL_CODE_MESSAGE],
      [{ postalCode: 'M5V 2T' }, POSTAL_CODE_MESSAGE],
      [{ postalCode: null }, WORK_MESSAGES.locationRequired],
      [{ postalCode: '' }, WORK_MESSAGES.locationRequired],
      [{ title: 'Fix' }, WORK_MESSAGES.title],
      [{ title: 'x'.repeat(121) }, WORK_MESSAGES.title],
      [{ description: 'Too short' }, WORK_MESSAGES.description],
      [{ category: 'astrology' }, WORK_MESSAGES.category],
      [{ service: 'plumbing' }, WORK_MESSAGES.service],
      [{ budgetMinCents: 0 }, WORK_MESSAGES.budgetPositive],
      [{ budgetMinCents: 10.5 }, WORK_MESSAGES.budgetCents],
      [{ budgetMaxCents: 100_000_001 }, WORK_MESSAGES.budgetMax],
      [{ budgetMinCents: 150_000 }, WORK_MESSAGES.budgetOrder],
      [{ preferredDates: ['2020-01-01'] }, WORK_MESSAGES.preferredDatePast],
      [{ preferredDates: ['2026-02-30'] }, WORK_MESSAGES.preferredDateFormat],
      [{ preferredDates: [1, 2, 3, 4, 5, 6].map((d) => inDays(d)) }, WORK_MESSAGES.preferredDatesCount],
      [
        { photos: Array.from({ length: WORK_ORDER_PHOTO_LIMIT + 1 }, () => `${randomUUID()}.jpg`) },
        WORK_MESSAGES.photos,
      ],
      [{ photos: [`${randomUUID()}.jpg`] }, WORK_ROUTE_MESSAGES.photoNotFound],
      [{ photos: ['../../etc/passwd'] }, 'A photo reference is not valid'],
      [{ mode: 'auction' }, 'mode must be direct or bids'],
      [{ mode: 'direct' }, WORK_MESSAGES.directContractorRequired],
      [{ mode: 'direct', directContractorId: randomUUID() }, WORK_ROUTE_MESSAGES.contractorNotFound],
      [{ mode: 'direct', directContractorId: someCustomer.user.id }, WORK_ROUTE_MESSAGES.contractorNotFound],
      [{ mode: 'direct', directContractorId: user.id }, WORK_MESSAGES.directContractorSelf],
      [{ mode: 'direct', directContractorId: 'not-an-id' }, 'The chosen contractor is not valid'],
    ];
    for (const [overrides, message] of cases) {
      const response = await browser.post('/api/work-orders', orderBody(overrides));
      expect({ overrides, status: response.statusCode, body: response.json() }).toEqual({
        overrides,
        status: 400,
        body: { error: message },
      });
    }
    expectError(await browser.post('/api/work-orders', { ...orderBody(), extra: 1 }), 400);
    const bidsWithContractor = await browser.post(
      '/api/work-orders',
      orderBody({ directContractorId: (await contractor()).user.id }),
    );
    expectError(bidsWithContractor, 400, WORK_MESSAGES.directContractorInBids);
  });
});

// ─── Reading one order: the rights matrix ─────────────────────────────────────────────────────

describe('GET /api/work-orders/:id', () => {
  it('shows an open order for bids: everything to its customer, the public part to everyone else', async () => {
    const owner = await customer();
    const order = await postOrder(owner.browser);
    const bidder = await contractor();
    await propose(bidder.browser, order.id);

    const mine = await getOrder(owner.browser, order.id);
    expect(mine.status).toBe(200);
    expect(mine.body.workOrder.location.postalCode).toBe('M5V 2T6');
    expect(mine.body.workOrder.customer).toEqual({ id: owner.user.id, name: owner.user.name });
    expect(mine.body.proposals).toHaveLength(1);
    expect(mine.body.viewer).toMatchObject({ isCustomer: true, canEdit: true, canCancel: true, canPropose: false });

    const others = [visitor(), (await customer()).browser, (await contractor()).browser];
    for (const browser of others) {
      const seen = await getOrder(browser, order.id);
      expect(seen.status).toBe(200);
      expect(seen.body.workOrder.location).toMatchObject({ city: 'Toronto', fsa: 'M5V', postalCode: null });
      expect(seen.body.workOrder.customer).toBeNull();
      expect(seen.body.proposals).toBeNull();
      expect(seen.body.viewer.canEdit).toBe(false);
      expect(JSON.stringify(seen.body)).not.toContain('M5V 2T6');
      expect(JSON.stringify(seen.body)).not.toContain(owner.user.name);
    }
    expect((await getOrder(others[2]!, order.id)).body.viewer.canPropose).toBe(true);
    expect((await getOrder(others[1]!, order.id)).body.viewer.canPropose).toBe(false);

    const asBidder = await getOrder(bidder.browser, order.id);
    expect(asBidder.body.myProposal).toMatchObject({ contractorId: bidder.user.id, status: 'live' });
    expect(asBidder.body.viewer.canPropose).toBe(false);
  });

  it('shows a direct post only to its customer and picked contractor', async () => {
    const owner = await customer();
    const picked = await contractor();
    const order = await postOrder(owner.browser, { mode: 'direct', directContractorId: picked.user.id });
    const asPicked = await getOrder(picked.browser, order.id);
    expect(asPicked.status).toBe(200);
    expect(asPicked.body.workOrder.location.postalCode).toBe('M5V 2T6');
    expect(asPicked.body.workOrder.customer).toEqual({ id: owner.user.id, name: owner.user.name });
    expect(asPicked.body.viewer).toMatchObject({ isDirectContractor: true, canAnswerDirectRequest: true });
    expect((await getOrder(visitor(), order.id)).status).toBe(401);
    expect((await getOrder((await customer()).browser, order.id)).status).toBe(403);
    expect((await getOrder((await contractor()).browser, order.id)).status).toBe(403);
  });

  it('after an award: the hired contractor sees the order, a declined bidder its public part, strangers nothing', async () => {
    const owner = await customer();
    const order = await postOrder(owner.browser);
    const winner = await contractor();
    const loser = await contractor();
    const won = await propose(winner.browser, order.id);
    await propose(loser.browser, order.id, { priceCents: 90_000 });
    const accepted = await owner.browser.post(`/api/work-orders/${order.id}/proposals/${won.id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);

    const asWinner = await getOrder(winner.browser, order.id);
    expect(asWinner.body.workOrder).toMatchObject({
      status: 'awarded',
      awardedContractor: { id: winner.user.id },
      awardedPriceCents: 100_000,
    });
    expect(asWinner.body.workOrder.location.postalCode).toBe('M5V 2T6');
    const asLoser = await getOrder(loser.browser, order.id);
    expect(asLoser.status).toBe(200);
    expect(asLoser.body.workOrder.location.postalCode).toBeNull();
    expect(asLoser.body.myProposal.status).toBe('declined');
    expect((await getOrder(visitor(), order.id)).status).toBe(401);
    expect((await getOrder((await contractor()).browser, order.id)).status).toBe(403);
  });

  it('answers 404 for an unknown order and 400 for a malformed id', async () => {
    expectError(await visitor().get(`/api/work-orders/${randomUUID()}`), 404, WORK_MESSAGES.notFound);
    expectError(await visitor().get('/api/work-orders/nope'), 400, 'The work order id is not valid');
  });
});

// ─── Editing and cancelling ───────────────────────────────────────────────────────────────────

describe('PUT /api/work-orders/:id', () => {
  const edit = (overrides: Record<string, unknown> = {}) => {
    const { mode: _mode, ...body } = orderBody({
      title: 'Paint three rooms instead',
      postalCode: 'H2X 1Y4',
      ...overrides,
    });
    return body;
  };

  it('lets the customer edit an open order, relocating it', async () => {
    const owner = await customer();
    const order = await postOrder(owner.browser);
    const response = await owner.browser.request('PUT', `/api/work-orders/${order.id}`, edit());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().workOrder).toMatchObject({
      title: 'Paint three rooms instead',
      location: { city: 'Montréal', fsa: 'H2X', postalCode: 'H2X 1Y4' },
    });
    expect((await getOrder(visitor(), order.id)).body.workOrder.title).toBe('Paint three rooms instead');
  });

  it('refuses anonymous (401), contractors (403), other customers (403) and unknown orders (404)', async () => {
    const owner = await customer();
    const order = await postOrder(owner.browser);
    expectError(await visitor().request('PUT', `/api/work-orders/${order.id}`, edit()), 401);
    expectError(await (await contractor()).browser.request('PUT', `/api/work-orders/${order.id}`, edit()), 403);
    expectError(
      await (await customer()).browser.request('PUT', `/api/work-orders/${order.id}`, edit()),
      403,
      WORK_MESSAGES.onlyCustomerEdits,
    );
    expectError(
      await owner.browser.request('PUT', `/api/work-orders/${randomUUID()}`, edit()),
      404,
      WORK_MESSAGES.notFound,
    );
  });

  it('refuses bad input and an awarded order', async () => {
    const owner = await customer();
    const order = await postOrder(owner.browser);
    expectError(
      await owner.browser.request('PUT', `/api/work-orders/${order.id}`, edit({ postalCode: 'ABC' })),
      400,
      POSTAL_CODE_MESSAGE,
    );
    expectError(await owner.browser.request('PUT', `/api/work-orders/${order.id}`, { ...edit(), mode: 'direct' }), 400);
    const bidder = await contractor();
    const proposal = await propose(bidder.browser, order.id);
    await owner.browser.post(`/api/work-orders/${order.id}/proposals/${proposal.id}/accept`);
    expectError(
      await owner.browser.request('PUT', `/api/work-orders/${order.id}`, edit()),
      409,
      WORK_MESSAGES.notEditable,
    );
  });
});

describe('POST /api/work-orders/:id/cancel', () => {
  it('cancels, declines the live proposals and tells each bidder once', async () => {
    const owner = await customer();
    const order = await postOrder(owner.browser);
    const a = await contractor();
    const b = await contractor();
    await propose(a.browser, order.id);
    await propose(b.browser, order.id);
    const response = await owner.browser.post(`/api/work-orders/${order.id}/cancel`, { reason: 'Sold the house' });
    expect(response.statusCode, response.body).toBe(200);
    expect(await streamTypes(order.id)).toEqual([
      'WorkOrderPosted',
      'ProposalSubmitted',
      'ProposalSubmitted',
      'ProposalDeclined',
      'ProposalDeclined',
      'WorkOrderCancelled',
    ]);
    const mine = await getOrder(owner.browser, order.id);
    expect(mine.body.workOrder).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Sold the house',
      proposalCount: 0,
    });
    for (const bidder of [a, b]) {
      const notes = await notificationsOf(bidder.user.id, 1);
      expect(notes).toEqual([
        {
          type: 'booking_cancellation',
          priority: 'normal',
          title_key: 'work.orderCancelled.title',
          action_url: '/open-bids#my-proposals',
        },
      ]);
    }
    const { orders } = await browse('?limit=100');
    expect(orders.map((o) => o.id)).not.toContain(order.id);
  });

  it('tells the picked contractor of a cancelled direct post', async () => {
    const owner = await customer();
    const picked = await contractor();
    const order = await postOrder(owner.browser, { mode: 'direct', directContractorId: picked.user.id });
    expect((await owner.browser.post(`/api/work-orders/${order.id}/cancel`)).statusCode).toBe(200);
    const notes = await notificationsOf(picked.user.id, 2);
    expect(notes.map((n) => n.type)).toEqual(['booking_request', 'booking_cancellation']);
  });

  it('refuses anonymous, contractors, other customers, a second cancel and an order with a booking', async () => {
    const owner = await customer();
    const order = await postOrder(owner.browser);
    expectError(await visitor().post(`/api/work-orders/${order.id}/cancel`), 401);
    expectError(await (await contractor()).browser.post(`/api/work-orders/${order.id}/cancel`), 403);
    expectError(
      await (await customer()).browser.post(`/api/work-orders/${order.id}/cancel`),
      403,
      WORK_MESSAGES.onlyCustomerCancels,
    );
    expectError(
      await owner.browser.post(`/api/work-orders/${order.id}/cancel`, { reason: 'x'.repeat(501) }),
      400,
      WORK_MESSAGES.reason,
    );
    expect((await owner.browser.post(`/api/work-orders/${order.id}/cancel`)).statusCode).toBe(200);
    expectError(await owner.browser.post(`/api/work-orders/${order.id}/cancel`), 409, WORK_MESSAGES.alreadyCancelled);

    const booked = await postOrder(owner.browser);
    const hired = await contractor();
    const proposal = await propose(hired.browser, booked.id);
    await owner.browser.post(`/api/work-orders/${booked.id}/proposals/${proposal.id}/accept`);
    await appendBookingEvent(
      hired.user.id,
      'BookingRequested',
      bookingRequested(randomUUID(), hired.user.id, owner.user.id, booked.id),
    );
    await waitForStatus(owner.browser, booked.id, 'scheduled');
    expectError(await owner.browser.post(`/api/work-orders/${booked.id}/cancel`), 409, WORK_MESSAGES.hasBooking);
  });
});

describe('GET /api/work-orders/mine', () => {
  it('lists only my orders, newest first; contractors get 403 and visitors 401', async () => {
    const owner = await customer();
    const first = await postOrder(owner.browser);
    const second = await postOrder(owner.browser, { title: 'Second job posted today' });
    await postOrder((await customer()).browser);
    const response = await owner.browser.get('/api/work-orders/mine');
    expect(response.statusCode).toBe(200);
    expect((response.json() as { orders: WorkOrder[] }).orders.map((o) => o.id)).toEqual([second.id, first.id]);
    expectError(await visitor().get('/api/work-orders/mine'), 401);
    expectError(await (await contractor()).browser.get('/api/work-orders/mine'), 403);
  });
});

// ─── Browsing ────────────────────────────────────────────────────────────────────────────────

describe('GET /api/work-orders/browse', () => {
  let toronto: WorkOrder;
  let mississauga: WorkOrder;
  let montreal: WorkOrder;
  let remote: WorkOrder;
  let direct: WorkOrder;
  const category = 'moving';

  beforeAll(async () => {
    const owner = await customer();
    toronto = await postOrder(owner.browser, {
      category,
      service: 'moving-help',
      postalCode: 'M5V 2T6',
      budgetMinCents: 50_000,
      budgetMaxCents: 50_000,
    });
    mississauga = await postOrder(owner.browser, {
      category,
      service: 'junk-removal',
      postalCode: 'L5B 1M2',
      budgetMinCents: 150_000,
      budgetMaxCents: 300_000,
    });
    montreal = await postOrder(owner.browser, {
      category,
      service: 'moving-help',
      postalCode: 'H2X 1Y4',
      budgetMinCents: 90_000,
      budgetMaxCents: 110_000,
    });
    remote = await postOrder(owner.browser, {
      category,
      service: null,
      postalCode: null,
      remote: true,
      budgetMinCents: 20_000,
      budgetMaxCents: 30_000,
    });
    direct = await postOrder(owner.browser, {
      category,
      service: null,
      mode: 'direct',
      directContractorId: (await contractor()).user.id,
    });
  });

  const ids = (orders: Listed[]) => orders.map((o) => o.id);

  it('lists open orders taking bids to anyone, never direct posts, never the full postal code', async () => {
    const { orders, total } = await browse(`?category=${category}&limit=100`);
    expect(new Set(ids(orders))).toEqual(new Set([toronto.id, mississauga.id, montreal.id, remote.id]));
    expect(total).toBe(4);
    expect(ids(orders)).not.toContain(direct.id);
    for (const order of orders) {
      expect(order.customer).toBeNull();
      expect(order.location?.postalCode ?? null).toBeNull();
    }
  });

  it('filters by distance from a postal code, remote work included unless asked not to', async () => {
    const near = await browse(`?category=${category}&postalCode=M5V%202T6&radiusKm=50&sort=distance`);
    expect(ids(near.orders)).toEqual([toronto.id, mississauga.id, remote.id]);
    expect(near.orders[0]!.distanceKm).toBe(0);
    expect(near.orders[1]!.distanceKm).toBeGreaterThan(15);
    expect(near.orders[1]!.distanceKm).toBeLessThan(30);
    expect(near.orders[2]!.distanceKm).toBeNull();
    const noRemote = await browse(`?category=${category}&postalCode=m5v2t6&radiusKm=50&includeRemote=false`);
    expect(new Set(ids(noRemote.orders))).toEqual(new Set([toronto.id, mississauga.id]));
  });

  it('filters by distance from a GPS position', async () => {
    const { orders } = await browse(`?category=${category}&lat=45.5&lng=-73.57&radiusKm=25&includeRemote=false`);
    expect(ids(orders)).toEqual([montreal.id]);
  });

  it('measures from a position given with more decimals than a float holds (found by the fuzzer: a 500)', async () => {
    const response = await visitor().get(`/api/work-orders/browse?category=${category}&lat=3e-323&lng=-7.4e-323`);
    expect(response.statusCode, response.body).toBe(200);
    const directory = await visitor().get('/api/contractors/browse?lat=3e-323&lng=-7.4e-323&distanceKm=50');
    expect(directory.statusCode, directory.body).toBe(200);
  });

  it('filters by budget overlap and sorts by budget', async () => {
    const { orders } = await browse(`?category=${category}&budgetMinCents=100000&budgetMaxCents=200000&sort=budget`);
    expect(ids(orders)).toEqual([mississauga.id, montreal.id]);
  });

  it('filters by service', async () => {
    const { orders } = await browse(`?category=${category}&service=junk-removal`);
    expect(ids(orders)).toEqual([mississauga.id]);
  });

  it("shows a contractor their own proposal, and measures from the contractor's own location with near=me", async () => {
    const me = await contractor();
    await propose(me.browser, toronto.id);
    await t.runtime
      .sql`update rm_contractor_directory set lat = 45.5017, lng = -73.5673 where contractor_id = ${me.user.id}`;
    const { orders } = await browse(`?category=${category}&near=me&radiusKm=30&sort=distance`, me.browser);
    expect(ids(orders)).toEqual([montreal.id, remote.id]);
    const all = await browse(`?category=${category}&limit=100`, me.browser);
    expect(all.orders.find((o) => o.id === toronto.id)!.myProposal).toMatchObject({ status: 'live' });
    expect(all.orders.find((o) => o.id === montreal.id)!.myProposal).toBeNull();
  });

  it('answers a repeated search from memory, shows a new order at once, and each contractor their own proposal', async () => {
    // A budget no other test uses keeps this search to its own orders.
    const search = `?category=cleaning&budgetMinCents=777700&budgetMaxCents=777700`;
    expect((await browse(search)).total).toBe(0);
    const owner = await customer();
    const order = await postOrder(owner.browser, {
      category: 'cleaning',
      service: 'house-cleaning',
      budgetMinCents: 777_700,
      budgetMaxCents: 777_700,
    });
    // The post answered once the board had it: the kept empty answer is gone.
    expect(ids((await browse(search)).orders)).toEqual([order.id]);

    // Written past the projections: the kept answer cannot see it, so the board answers from memory.
    await t.runtime.sql`update rm_work_orders set title = 'Changed in place' where work_order_id = ${order.id}`;
    try {
      expect((await browse(search)).orders[0]!.title).toBe(order.title);
      const me = await contractor();
      expect((await browse(search, me.browser)).orders[0]!.myProposal).toBeNull();
      await propose(me.browser, order.id);
      // The proposal counts on the order: a new public page, with the contractor's own proposal in theirs only.
      const mine = await browse(search, me.browser);
      expect(mine.orders[0]!.myProposal).toMatchObject({ status: 'live' });
      expect((await browse(search, (await contractor()).browser)).orders[0]!.myProposal).toBeNull();
      expect((await browse(search)).orders[0]!.myProposal).toBeNull();
    } finally {
      t.runtime.answerCaches.clear();
    }
    expect((await browse(search)).orders[0]!.title).toBe('Changed in place');
  });

  it('refuses near=me to visitors (401), customers (403) and contractors without a location (400)', async () => {
    expectError(await visitor().get('/api/work-orders/browse?near=me'), 401);
    expectError(
      await (await customer()).browser.get('/api/work-orders/browse?near=me'),
      403,
      WORK_ROUTE_MESSAGES.nearMeContractors,
    );
    expectError(
      await (await contractor()).browser.get('/api/work-orders/browse?near=me'),
      400,
      WORK_ROUTE_MESSAGES.noOwnLocation,
    );
  });

  it('refuses bad filters with clear messages', async () => {
    const cases: [string, string][] = [
      ['?postalCode=90210', POSTAL_CODE_MESSAGE],
      ['?postalCode=M5V', POSTAL_CODE_MESSAGE],
      ['?lat=45', 'Give both lat and lng, or neither'],
      ['?lat=95&lng=10', 'lat must be a latitude from -90 to 90'],
      ['?radiusKm=0', 'radiusKm must be a number from 1 to 1000'],
      ['?category=astrology', WORK_MESSAGES.category],
      ['?sort=cheapest', 'sort must be newest, budget or distance'],
      ['?budgetMinCents=abc', 'budgetMinCents must be a whole number of cents from 0 to 100000000'],
      // Found by the fuzzer: a fraction reached the integer column as a 500.
      ['?budgetMaxCents=7.7e-247', 'budgetMaxCents must be a whole number of cents from 0 to 100000000'],
      ['?budgetMinCents=99999999.5', 'budgetMinCents must be a whole number of cents from 0 to 100000000'],
      ['?limit=500', 'limit must be a whole number from 1 to 100'],
    ];
    for (const [query, message] of cases) {
      const response = await visitor().get(`/api/work-orders/browse${query}`);
      expect({ query, status: response.statusCode, body: response.json() }).toEqual({
        query,
        status: 400,
        body: { error: message },
      });
    }
  });
});

// ─── Direct requests ─────────────────────────────────────────────────────────────────────────

describe('direct requests', () => {
  async function directOrder() {
    const owner = await customer();
    const picked = await contractor();
    const order = await postOrder(owner.browser, { mode: 'direct', directContractorId: picked.user.id });
    return { owner, picked, order };
  }

  it('the picked contractor accepts: the order is awarded at the budget maximum and the customer is told', async () => {
    const { owner, picked, order } = await directOrder();
    const response = await picked.browser.post(`/api/work-orders/${order.id}/direct-request/accept`);
    expect(response.statusCode, response.body).toBe(200);
    const mine = await getOrder(owner.browser, order.id);
    expect(mine.body.workOrder).toMatchObject({
      status: 'awarded',
      awardedContractor: { id: picked.user.id, name: picked.user.name },
      awardedPriceCents: 120_000,
    });
    expect(await notificationsOf(owner.user.id, 1)).toEqual([
      {
        type: 'booking_confirmation',
        priority: 'high',
        title_key: 'work.directAccepted.title',
        action_url: `/projects/${order.id}`,
      },
    ]);
    expectError(
      await picked.browser.post(`/api/work-orders/${order.id}/direct-request/decline`),
      409,
      WORK_MESSAGES.directAnswered,
    );
  });

  it('the picked contractor declines with a reason and the customer is told', async () => {
    const { owner, picked, order } = await directOrder();
    const response = await picked.browser.post(`/api/work-orders/${order.id}/direct-request/decline`, {
      reason: 'Fully booked this month',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await getOrder(owner.browser, order.id)).body.workOrder).toMatchObject({
      status: 'declined',
      declineReason: 'Fully booked this month',
    });
    expect(await notificationsOf(owner.user.id, 1)).toEqual([
      {
        type: 'booking_update',
        priority: 'normal',
        title_key: 'work.directDeclined.title',
        action_url: `/projects/${order.id}`,
      },
    ]);
  });

  it('refuses anonymous (401), customers (403), other contractors (403) and orders open for bids (409)', async () => {
    const { owner, order } = await directOrder();
    for (const answer of ['accept', 'decline']) {
      const url = `/api/work-orders/${order.id}/direct-request/${answer}`;
      expectError(await visitor().post(url), 401);
      expectError(await owner.browser.post(url), 403, 'Access denied. This page requires contractor access.');
      expectError(await (await contractor()).browser.post(url), 403, WORK_MESSAGES.onlyPickedContractor);
    }
    const bids = await postOrder(owner.browser);
    expectError(
      await (await contractor()).browser.post(`/api/work-orders/${bids.id}/direct-request/accept`),
      409,
      WORK_MESSAGES.notDirect,
    );
    expectError(
      await (await contractor()).browser.post(`/api/work-orders/${randomUUID()}/direct-request/accept`),
      404,
      WORK_MESSAGES.notFound,
    );
  });

  it('GET /api/work-orders/direct-requests is for contractors only', async () => {
    expectError(await visitor().get('/api/work-orders/direct-requests'), 401);
    expectError(await (await customer()).browser.get('/api/work-orders/direct-requests'), 403);
    const { browser } = await contractor();
    expect((await browser.get('/api/work-orders/direct-requests')).json()).toEqual({ orders: [] });
  });
});

// ─── Proposals ───────────────────────────────────────────────────────────────────────────────

describe('POST /api/work-orders/:id/proposals', () => {
  it('submits a proposal, counts it on the order and tells the customer', async () => {
    const owner = await customer();
    const order = await postOrder(owner.browser);
    const bidder = await contractor();
    const proposal = await propose(bidder.browser, order.id, { message: '  I can start Monday with a helper. ' });
    expect(proposal).toMatchObject({ contractorId: bidder.user.id, status: 'live', priceCents: 100_000 });
    const listed = (await browse('?limit=100')).orders.find((o) => o.id === order.id)!;
    expect(listed.proposalCount).toBe(1);
    expect(await notificationsOf(owner.user.id, 1)).toEqual([
      {
        type: 'booking_update',
        priority: 'normal',
        title_key: 'work.proposalSubmitted.title',
        action_url: `/projects/${order.id}/proposals`,
      },
    ]);
  });

  it('allows one live proposal per contractor', async () => {
    const order = await postOrder((await customer()).browser);
    const bidder = await contractor();
    await propose(bidder.browser, order.id);
    expectError(
      await bidder.browser.post(`/api/work-orders/${order.id}/proposals`, proposalBody()),
      409,
      WORK_MESSAGES.liveProposalExists,
    );
  });

  it('refuses anonymous (401), customers (403), direct posts and closed orders (409), unknown orders (404)', async () => {
    const owner = await customer();
    const order = await postOrder(owner.browser);
    expectError(await visitor().post(`/api/work-orders/${order.id}/proposals`, proposalBody()), 401);
    expectError(await owner.browser.post(`/api/work-orders/${order.id}/proposals`, proposalBody()), 403);
    const bidder = await contractor();
    const direct = await postOrder(owner.browser, { mode: 'direct', directContractorId: bidder.user.id });
    expectError(
      await bidder.browser.post(`/api/work-orders/${direct.id}/proposals`, proposalBody()),
      409,
      WORK_MESSAGES.notBids,
    );
    await owner.browser.post(`/api/work-orders/${order.id}/cancel`);
    expectError(
      await bidder.browser.post(`/api/work-orders/${order.id}/proposals`, proposalBody()),
      409,
      WORK_MESSAGES.notOpenForProposals,
    );
    expectError(
      await bidder.browser.post(`/api/work-orders/${randomUUID()}/proposals`, proposalBody()),
      404,
      WORK_MESSAGES.notFound,
    );
  });

  it('refuses bad input with a clear message', async () => {
    const order = await postOrder((await customer()).browser);
    const { browser } = await contractor();
    const cases: [Record<string, unknown>, string][] = [
      [{ priceCents: 0 }, WORK_MESSAGES.price],
      [{ priceCents: 'lots' }, WORK_MESSAGES.price],
      [{ priceCents: 100_000_001 }, WORK_MESSAGES.price],
      [{ durationHours: 0.25 }, WORK_MESSAGES.duration],
      [{ durationHours: 2000 }, WORK_MESSAGES.duration],
      [{ earliestStart: 'soon' }, WORK_MESSAGES.earliestStartFormat],
      [{ earliestStart: '2020-01-01' }, WORK_MESSAGES.earliestStartPast],
      [{ message: 'Hi' }, WORK_MESSAGES.proposalMessage],
      [{ message: 'x'.repeat(2001) }, WORK_MESSAGES.proposalMessage],
    ];
    for (const [overrides, message] of cases) {
      const response = await browser.post(`/api/work-orders/${order.id}/proposals`, proposalBody(overrides));
      expect({ overrides, status: response.statusCode, body: response.json() }).toEqual({
        overrides,
        status: 400,
        body: { error: message },
      });
    }
  });
});

describe('POST /api/work-orders/:id/proposals/:proposalId/withdraw', () => {
  it('lets only its contractor withdraw, before acceptance', async () => {
    const owner = await customer();
    const order = await postOrder(owner.browser);
    const bidder = await contractor();
    const proposal = await propose(bidder.browser, order.id);
    const url = `/api/work-orders/${order.id}/proposals/${proposal.id}/withdraw`;
    expectError(await visitor().post(url), 401);
    expectError(await owner.browser.post(url), 403);
    expectError(await (await contractor()).browser.post(url), 403, WORK_MESSAGES.onlyProposalOwner);
    expect((await bidder.browser.post(url)).statusCode).toBe(200);
    expectError(await bidder.browser.post(url), 409, WORK_MESSAGES.proposalNotLive);
    expect((await browse('?limit=100')).orders.find((o) => o.id === order.id)!.proposalCount).toBe(0);

    const again = await propose(bidder.browser, order.id);
    await owner.browser.post(`/api/work-orders/${order.id}/proposals/${again.id}/accept`);
    expectError(
      await bidder.browser.post(`/api/work-orders/${order.id}/proposals/${again.id}/withdraw`),
      409,
      WORK_MESSAGES.proposalAccepted,
    );
    expectError(
      await bidder.browser.post(`/api/work-orders/${order.id}/proposals/${randomUUID()}/withdraw`),
      404,
      WORK_MESSAGES.proposalNotFound,
    );
  });
});

describe('GET /api/proposals/mine', () => {
  it("lists a contractor's proposals with their orders and statuses", async () => {
    const owner = await customer();
    const first = await postOrder(owner.browser);
    const second = await postOrder(owner.browser);
    const me = await contractor();
    const rival = await contractor();
    const won = await propose(me.browser, first.id);
    await propose(me.browser, second.id);
    const rivalBid = await propose(rival.browser, second.id);
    await owner.browser.post(`/api/work-orders/${first.id}/proposals/${won.id}/accept`);
    await owner.browser.post(`/api/work-orders/${second.id}/proposals/${rivalBid.id}/accept`);
    const response = await me.browser.get('/api/proposals/mine');
    expect(response.statusCode).toBe(200);
    const { proposals } = response.json() as { proposals: { proposal: Proposal; workOrder: WorkOrder }[] };
    expect(proposals.map((p) => [p.workOrder.id, p.proposal.status])).toEqual([
      [second.id, 'declined'],
      [first.id, 'accepted'],
    ]);
    expect(proposals[1]!.workOrder.customer).toEqual({ id: owner.user.id, name: owner.user.name });
    expect(proposals[0]!.workOrder.customer).toBeNull();
    expectError(await visitor().get('/api/proposals/mine'), 401);
    expectError(await owner.browser.get('/api/proposals/mine'), 403);
  });
});

// ─── Comparing and accepting ─────────────────────────────────────────────────────────────────

describe('GET /api/work-orders/:id/proposals', () => {
  it('compares proposals for the customer with contractor names, ratings, badges, jobs and distance', async () => {
    const owner = await customer();
    const order = await postOrder(owner.browser);
    const rated = await contractor();
    const fresh = await contractor();
    await propose(rated.browser, order.id, { priceCents: 95_000, durationHours: 12.5 });
    await propose(fresh.browser, order.id, { priceCents: 110_000 });
    // The directory keeps badges as text[] (or jsonb in an older layout): write them either way.
    const [{ data_type: badgesType } = { data_type: 'jsonb' }] = await t.runtime.sql<{ data_type: string }[]>`
      select data_type from information_schema.columns
      where table_name = 'rm_contractor_directory' and column_name = 'badges' and table_schema = current_schema()`;
    const badges =
      badgesType === 'ARRAY'
        ? t.runtime.sql`${['top-rated', 'verified']}::text[]`
        : t.runtime.sql`${t.runtime.sql.json(['top-rated', 'verified'])}`;
    await t.runtime.sql`
      update rm_contractor_directory set rating_average = 4.5, rating_count = 12, completed_jobs = 7,
        badges = ${badges}, lat = 43.5665, lng = -79.6035
      where contractor_id = ${rated.user.id}`;
    const response = await owner.browser.get(`/api/work-orders/${order.id}/proposals`);
    expect(response.statusCode, response.body).toBe(200);
    const { proposals, workOrder } = response.json();
    expect(workOrder.id).toBe(order.id);
    expect(proposals).toHaveLength(2);
    expect(proposals[0]).toMatchObject({
      contractorId: rated.user.id,
      contractorName: rated.user.name,
      priceCents: 95_000,
      durationHours: 12.5,
      status: 'live',
      ratingAverage: 4.5,
      ratingCount: 12,
      completedJobs: 7,
      badges: ['top-rated', 'verified'],
    });
    expect(proposals[0].distanceKm).toBeGreaterThan(15);
    expect(proposals[0].distanceKm).toBeLessThan(30);
    expect(proposals[1]).toMatchObject({ contractorName: fresh.user.name, distanceKm: null });
  });

  it('is for the order’s customer only', async () => {
    const owner = await customer();
    const order = await postOrder(owner.browser);
    const bidder = await contractor();
    await propose(bidder.browser, order.id);
    const url = `/api/work-orders/${order.id}/proposals`;
    expectError(await visitor().get(url), 401);
    expectError(await (await customer()).browser.get(url), 403, WORK_ROUTE_MESSAGES.onlyCustomerCompares);
    expectError(await bidder.browser.get(url), 403, WORK_ROUTE_MESSAGES.onlyCustomerCompares);
    expectError(await owner.browser.get(`/api/work-orders/${randomUUID()}/proposals`), 404);
  });
});

describe('POST /api/work-orders/:id/proposals/:proposalId/accept', () => {
  it('hires one contractor, declines the others and tells everyone', async () => {
    const owner = await customer();
    const order = await postOrder(owner.browser);
    const winner = await contractor();
    const loser = await contractor();
    const won = await propose(winner.browser, order.id);
    await propose(loser.browser, order.id, { priceCents: 130_000 });
    const response = await owner.browser.post(`/api/work-orders/${order.id}/proposals/${won.id}/accept`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true, awardedContractorId: winner.user.id });
    expect(await streamTypes(order.id)).toEqual([
      'WorkOrderPosted',
      'ProposalSubmitted',
      'ProposalSubmitted',
      'ProposalAccepted',
      'ProposalDeclined',
      'WorkOrderAwarded',
    ]);
    const compared = (await owner.browser.get(`/api/work-orders/${order.id}/proposals`)).json();
    expect(compared.proposals.map((p: Proposal) => p.status)).toEqual(['accepted', 'declined']);
    expect(await notificationsOf(winner.user.id, 1)).toEqual([
      {
        type: 'booking_confirmation',
        priority: 'high',
        title_key: 'work.proposalAccepted.title',
        action_url: `/projects/${order.id}`,
      },
    ]);
    expect(await notificationsOf(loser.user.id, 1)).toEqual([
      {
        type: 'booking_update',
        priority: 'low',
        title_key: 'work.proposalDeclined.title',
        action_url: '/open-bids#my-proposals',
      },
    ]);
    expect((await browse('?limit=100')).orders.map((o) => o.id)).not.toContain(order.id);
  });

  it('refuses a second accept with 409', async () => {
    const owner = await customer();
    const order = await postOrder(owner.browser);
    const a = await propose((await contractor()).browser, order.id);
    const b = await propose((await contractor()).browser, order.id);
    expect((await owner.browser.post(`/api/work-orders/${order.id}/proposals/${a.id}/accept`)).statusCode).toBe(200);
    for (const id of [a.id, b.id]) {
      expectError(
        await owner.browser.post(`/api/work-orders/${order.id}/proposals/${id}/accept`),
        409,
        WORK_MESSAGES.alreadyAccepted,
      );
    }
  });

  it('two simultaneous accepts of two proposals: exactly one wins, the other is a 409, one award in the stream', async () => {
    for (let round = 0; round < 3; round++) {
      const owner = await customer();
      const order = await postOrder(owner.browser);
      const a = await propose((await contractor()).browser, order.id);
      const b = await propose((await contractor()).browser, order.id);
      // Two tabs of the same customer, one click each, at the same instant.
      const second = new Browser(t.app);
      for (const [name, value] of owner.browser.cookies) second.cookies.set(name, value);
      const responses = await Promise.all([
        owner.browser.post(`/api/work-orders/${order.id}/proposals/${a.id}/accept`),
        second.post(`/api/work-orders/${order.id}/proposals/${b.id}/accept`),
      ]);
      expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const refused = responses.find((r) => r.statusCode === 409)!;
      expect(refused.json()).toEqual({ error: WORK_MESSAGES.alreadyAccepted });
      const types = await streamTypes(order.id);
      expect(types.filter((type) => type === 'WorkOrderAwarded')).toHaveLength(1);
      expect(types.filter((type) => type === 'ProposalAccepted')).toHaveLength(1);
    }
  });

  it('refuses anonymous (401), contractors (403), other customers (403), withdrawn and unknown proposals', async () => {
    const owner = await customer();
    const order = await postOrder(owner.browser);
    const bidder = await contractor();
    const proposal = await propose(bidder.browser, order.id);
    const url = `/api/work-orders/${order.id}/proposals/${proposal.id}/accept`;
    expectError(await visitor().post(url), 401);
    expectError(await bidder.browser.post(url), 403);
    expectError(await (await customer()).browser.post(url), 403, WORK_MESSAGES.onlyCustomerAccepts);
    expectError(
      await owner.browser.post(`/api/work-orders/${order.id}/proposals/${randomUUID()}/accept`),
      404,
      WORK_MESSAGES.proposalNotFound,
    );
    await bidder.browser.post(`/api/work-orders/${order.id}/proposals/${proposal.id}/withdraw`);
    expectError(await owner.browser.post(url), 409, WORK_MESSAGES.proposalNotLive);
    expectError(await owner.browser.post(`/api/work-orders/${order.id}/proposals/nope/accept`), 400);
  });
});

// ─── The booking contract moves the order's status ───────────────────────────────────────────

function bookingRequested(bookingId: string, contractorId: string, customerId: string, workOrderId: string) {
  const startsAt = new Date(Date.now() + 5 * 86_400_000).toISOString();
  return {
    bookingId,
    contractorId,
    customerId,
    startsAt,
    endsAt: new Date(Date.parse(startsAt) + 3_600_000).toISOString(),
    timeZone: 'America/Toronto',
    customerTimeZone: 'America/Toronto',
    workOrderId,
    offeringId: null,
    priceCents: 100_000,
    note: null,
    requestedAt: new Date().toISOString(),
  };
}

describe('work-order status follows its booking', () => {
  it('scheduled when booked, awarded again when that booking is cancelled, completed when done', async () => {
    const owner = await customer();
    const order = await postOrder(owner.browser);
    const hired = await contractor();
    const proposal = await propose(hired.browser, order.id);
    await owner.browser.post(`/api/work-orders/${order.id}/proposals/${proposal.id}/accept`);
    const first = randomUUID();
    await appendBookingEvent(
      hired.user.id,
      'BookingRequested',
      bookingRequested(first, hired.user.id, owner.user.id, order.id),
    );
    expect((await waitForStatus(owner.browser, order.id, 'scheduled')).workOrder.bookingId).toBe(first);
    await appendBookingEvent(hired.user.id, 'BookingCancelled', {
      bookingId: first,
      contractorId: hired.user.id,
      customerId: owner.user.id,
      cancelledBy: owner.user.id,
      lateFeeCents: 0,
      reason: null,
      cancelledAt: new Date().toISOString(),
    });
    expect((await waitForStatus(owner.browser, order.id, 'awarded')).workOrder.bookingId).toBeNull();
    const second = randomUUID();
    await appendBookingEvent(
      hired.user.id,
      'BookingRequested',
      bookingRequested(second, hired.user.id, owner.user.id, order.id),
    );
    await waitForStatus(owner.browser, order.id, 'scheduled');
    await appendBookingEvent(hired.user.id, 'BookingCompleted', {
      bookingId: second,
      contractorId: hired.user.id,
      customerId: owner.user.id,
      workOrderId: order.id,
      completedBy: hired.user.id,
      completedAt: new Date().toISOString(),
    });
    await waitForStatus(owner.browser, order.id, 'completed');
  });
});

// ─── Photos ──────────────────────────────────────────────────────────────────────────────────

const upload = (browser: Browser | null, files: UploadFile[]) => uploadPhotos(t.app, browser, files);

describe('POST /api/uploads/photos and GET /api/uploads/:id', () => {
  it('stores JPEG, PNG and WebP by their bytes and serves them with their type and long caching', async () => {
    const { browser } = await customer();
    const response = await upload(browser, [
      { name: 'a.jpg', type: 'image/jpeg', bytes: JPEG },
      // The browser's claim and the name do not count: these bytes are a PNG.
      { name: 'b.jpg', type: 'image/jpeg', bytes: PNG },
      { name: 'c.webp', type: 'image/webp', bytes: WEBP },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const { photos } = response.json() as { photos: { id: string; url: string }[] };
    expect(photos.map((p) => p.id.split('.')[1])).toEqual(['jpg', 'png', 'webp']);
    const served = await visitor().get(photos[1]!.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.equals(PNG)).toBe(true);

    const order = await postOrder(browser, { photos: photos.map((p) => p.id) });
    expect(order.photos).toEqual(photos);
    expect((await getOrder(visitor(), order.id)).body.workOrder.photos).toEqual(photos);
  });

  it('lets contractors upload too, and refuses visitors (401)', async () => {
    const { browser } = await contractor();
    expect((await upload(browser, [{ name: 'a.png', type: 'image/png', bytes: PNG }])).statusCode).toBe(201);
    expectError(await upload(null, [{ name: 'a.png', type: 'image/png', bytes: PNG }]), 401);
  });

  it('refuses other files, unreadable images, files over 5 MB, too many files and no file, keeping none of them', async () => {
    const { browser } = await customer();
    const before = await import('node:fs/promises').then((fs) => fs.readdir(path.join(dataDir, 'uploads')));
    expectError(
      await upload(browser, [
        { name: 'a.png', type: 'image/png', bytes: PNG },
        { name: 'evil.png', type: 'image/png', bytes: Buffer.from('<svg onload=alert(1)>') },
      ]),
      415,
      UPLOAD_MESSAGES.type,
    );
    // A PNG signature followed by anything else: no decoder reads its dimensions.
    expectError(
      await upload(browser, [
        { name: 'a.png', type: 'image/png', bytes: PNG },
        { name: 'broken.png', type: 'image/png', bytes: Buffer.concat([PNG.subarray(0, 12), Buffer.alloc(4096, 7)]) },
      ]),
      415,
      'This photo could not be read: it must be a complete JPEG, PNG or WebP image.',
    );
    const big = Buffer.concat([JPEG, Buffer.alloc(5 * 1024 * 1024, 0)]);
    expectError(
      await upload(browser, [{ name: 'big.jpg', type: 'image/jpeg', bytes: big }]),
      413,
      'Photos can be at most 5 MB.',
    );
    const many = Array.from({ length: PHOTOS_PER_UPLOAD + 1 }, (_, i) => ({
      name: `${i}.png`,
      type: 'image/png',
      bytes: PNG,
    }));
    expectError(await upload(browser, many), 400, UPLOAD_MESSAGES.tooMany);
    expectError(await upload(browser, []), 400, UPLOAD_MESSAGES.noFile);
    expectError(await browser.post('/api/uploads/photos', { photo: 'x' }), 400, UPLOAD_MESSAGES.notMultipart);
    const after = await import('node:fs/promises').then((fs) => fs.readdir(path.join(dataDir, 'uploads')));
    expect(after.sort()).toEqual(before.sort());
  });

  it('answers 400 to a request cut short in the middle of a photo, keeping nothing of it', async () => {
    const { browser } = await customer();
    const before = await import('node:fs/promises').then((fs) => fs.readdir(path.join(dataDir, 'uploads')));
    const boundary = '----cut-short';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PNG,
      Buffer.alloc(64 * 1024, 1),
      // No closing boundary: the body ends inside the file.
    ]);
    const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/photos',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie },
    });
    expectError(response, 400, 'The upload was cut short before the end of the file. Please send it again.');
    const after = await import('node:fs/promises').then((fs) => fs.readdir(path.join(dataDir, 'uploads')));
    expect(after.sort()).toEqual(before.sort());
  });

  it('answers 400 to a multipart request without its boundary (it was a 500)', async () => {
    const { browser } = await customer();
    const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/photos',
      payload: Buffer.concat([Buffer.from('--x\r\n'), PNG]),
      headers: { 'content-type': 'multipart/form-data', cookie },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(typeof response.json().error).toBe('string');
  });

  it('answers 404 for an unknown photo and 400 for a malformed id', async () => {
    expectError(await visitor().get(`/api/uploads/${randomUUID()}.png`), 404);
    expectError(await visitor().get('/api/uploads/..%2F..%2Fsecrets.json'), 400, 'The photo id is not valid');
  });
});
