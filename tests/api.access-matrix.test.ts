import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';
import { Browser, createAdmin, signUp } from './support/http-client.ts';
import {
  DAY,
  card,
  idempotencyKey,
  moneyFlow,
  paintingOrder,
  SUCCESS_CARD,
  type Person,
} from './support/money-flow.ts';

/**
 * The access-control matrix, generated from the route table (the OpenAPI document): every
 * state-changing route is called as a visitor, a customer, a contractor and an administrator, and
 * every route that acts on someone's resource also as a stranger to it. The intended callers are
 * written here, from the product's rules, independently of the code: a route added without an
 * entry fails the first test, and a route whose guard disagrees fails the next ones.
 */

type Caller = 'visitor' | 'customer' | 'contractor' | 'admin';
const EVERYONE: Caller[] = ['visitor', 'customer', 'contractor', 'admin'];
const MEMBERS: Caller[] = ['customer', 'contractor', 'admin'];
const PARTIES: Caller[] = ['customer', 'contractor'];
const CUSTOMER: Caller[] = ['customer'];
const CONTRACTOR: Caller[] = ['contractor'];
const ADMIN: Caller[] = ['admin'];

/**
 * Who may call each state-changing route at all (the role gate). Routes on one resource answer its
 * strangers separately (OWNED below): an administrator is a stranger to a booking, for instance.
 */
const INTENDED: Record<string, Caller[]> = {
  'POST /api/auth/login': EVERYONE,
  'POST /api/auth/register': EVERYONE,
  // The token in the link is the credential, with the sign-up browser's cookie or the password chosen at sign-up.
  'POST /api/auth/confirm-registration': EVERYONE,
  'POST /api/auth/logout': EVERYONE,
  // Acting as another user is the administrators' support tool (everyone's in demo mode only).
  'POST /api/auth/switch-user': ADMIN,
  'DELETE /api/auth/account': MEMBERS,
  'POST /api/contact': EVERYONE,
  'POST /api/feedback': MEMBERS,
  'POST /api/feedback/{id}/upvote': MEMBERS,
  'PATCH /api/feedback/{id}/status': ADMIN,
  'POST /api/forum/posts': MEMBERS,
  'POST /api/forum/posts/{postId}/replies': MEMBERS,
  'POST /api/forum/posts/{id}/upvote': MEMBERS,
  'POST /api/forum/replies/{id}/upvote': MEMBERS,
  'POST /api/admin/forum/posts/{id}/hide': ADMIN,
  'POST /api/admin/forum/replies/{id}/hide': ADMIN,
  'POST /api/admin/forum/posts/{id}/restore': ADMIN,
  'POST /api/admin/forum/replies/{id}/restore': ADMIN,
  'PUT /api/notification-preferences': MEMBERS,
  'DELETE /api/notification-preferences/email-consent': MEMBERS,
  'PATCH /api/notifications/read-all': MEMBERS,
  'PATCH /api/notifications/{id}/read': MEMBERS,
  'DELETE /api/notifications/{id}': MEMBERS,
  'POST /api/conversations/{kind}/{id}/messages': MEMBERS,
  'POST /api/conversations/{kind}/{id}/read': MEMBERS,
  'POST /api/uploads/photos': PARTIES,
  'PATCH /api/contractor/profile': CONTRACTOR,
  'PUT /api/contractor/service-area': CONTRACTOR,
  'PUT /api/contractor/service-area/location': CONTRACTOR,
  'PUT /api/contractor/availability': CONTRACTOR,
  'PUT /api/contractor/availability/exceptions/{date}': CONTRACTOR,
  'DELETE /api/contractor/availability/exceptions/{date}': CONTRACTOR,
  'POST /api/service-offerings': CONTRACTOR,
  'PUT /api/service-offerings/{id}': CONTRACTOR,
  'POST /api/service-offerings/{id}/pause': CONTRACTOR,
  'POST /api/service-offerings/{id}/resume': CONTRACTOR,
  'PUT /api/service-offerings/{id}/barter': CONTRACTOR,
  'POST /api/work-orders': CUSTOMER,
  'PUT /api/work-orders/{id}': CUSTOMER,
  'POST /api/work-orders/{id}/cancel': CUSTOMER,
  'POST /api/work-orders/{id}/time-proposals': CUSTOMER,
  'POST /api/work-orders/{id}/time-proposals/{proposalId}/accept': CONTRACTOR,
  'POST /api/work-orders/{id}/direct-request/accept': CONTRACTOR,
  'POST /api/work-orders/{id}/direct-request/decline': CONTRACTOR,
  'POST /api/work-orders/{id}/proposals': CONTRACTOR,
  'POST /api/work-orders/{id}/proposals/{proposalId}/withdraw': CONTRACTOR,
  'POST /api/work-orders/{id}/proposals/{proposalId}/accept': CUSTOMER,
  'POST /api/bookings': CUSTOMER,
  'POST /api/bookings/{id}/confirm': MEMBERS,
  'POST /api/bookings/{id}/decline': MEMBERS,
  'POST /api/bookings/{id}/reschedule': MEMBERS,
  'POST /api/bookings/{id}/cancel': MEMBERS,
  'POST /api/bookings/{id}/complete': MEMBERS,
  'POST /api/bookings/{bookingId}/reviews': MEMBERS,
  'POST /api/work-orders/{workOrderId}/reviews': MEMBERS,
  'POST /api/contracts/{jobId}/sign': MEMBERS,
  'PUT /api/contracts/{jobId}/terms': MEMBERS,
  'POST /api/escrows/{jobId}/fund': MEMBERS,
  'POST /api/escrows/{jobId}/complete': MEMBERS,
  'POST /api/escrows/{jobId}/approve': MEMBERS,
  'POST /api/escrows/{jobId}/request-changes': MEMBERS,
  'POST /api/disputes': PARTIES,
  'POST /api/disputes/{disputeId}/evidence': PARTIES,
  'POST /api/disputes/{disputeId}/answer': PARTIES,
  'POST /api/disputes/{disputeId}/review-request': PARTIES,
  'POST /api/disputes/{disputeId}/decision': ADMIN,
  'POST /api/plans/purchase': PARTIES,
  'POST /api/plans/cancel': PARTIES,
  'POST /api/plans/resume': PARTIES,
  'POST /api/boosts': CONTRACTOR,
  'POST /api/urgent-alerts': CUSTOMER,
  'POST /api/urgent-alerts/{id}/accept': CONTRACTOR,
  'POST /api/urgent-alerts/{id}/cancel': CUSTOMER,
  'POST /api/credentials': CONTRACTOR,
  'POST /api/admin/credentials/{id}/approve': ADMIN,
  'POST /api/admin/credentials/{id}/reject': ADMIN,
  'POST /api/gallery': CONTRACTOR,
  'DELETE /api/gallery/{billboardId}': CONTRACTOR,
  'POST /api/recurring-offers': CONTRACTOR,
  'POST /api/recurring-offers/{offerId}/withdraw': CONTRACTOR,
  'POST /api/recurring-offers/{offerId}/subscribe': CUSTOMER,
  'POST /api/service-subscriptions/{id}/decline': CONTRACTOR,
  'POST /api/service-subscriptions/{id}/pause': CUSTOMER,
  'POST /api/service-subscriptions/{id}/resume': CUSTOMER,
  'POST /api/service-subscriptions/{id}/cancel': PARTIES,
  'POST /api/service-subscriptions/{id}/visits/{index}/skip': PARTIES,
  'POST /api/barter/trades': PARTIES,
  'POST /api/barter/trades/{id}/counter': PARTIES,
  'POST /api/barter/trades/{id}/accept': PARTIES,
  'POST /api/barter/trades/{id}/withdraw': PARTIES,
  'POST /api/barter/trades/{id}/complete': PARTIES,
  'POST /api/barter/trades/{id}/decline': PARTIES,
  'POST /api/barter/trades/{id}/review': PARTIES,
  'PUT /api/contractor/crm/clients/{customerId}/note': CONTRACTOR,
  'POST /api/ai/generate-upsells': MEMBERS,
  'POST /api/admin/users/{id}/suspend': ADMIN,
  'POST /api/admin/users/{id}/restore': ADMIN,
  'POST /api/admin/legal-copies/{jobId}/read': ADMIN,
};

/** Calling these as an allowed caller ends or changes its session: each call gets a fresh account. */
const SESSION_CHANGING = new Set(['POST /api/auth/logout', 'POST /api/auth/switch-user', 'DELETE /api/auth/account']);

/**
 * Routes that act on one resource whose strangers are not refused here, and why. Everything else
 * with an id in its path is exercised by OWNED below.
 */
const NOT_OWNED: Record<string, string> = {
  'POST /api/feedback/{id}/upvote': 'any member may upvote any feedback',
  'POST /api/forum/posts/{postId}/replies': 'any member may reply to any discussion',
  'POST /api/forum/posts/{id}/upvote': 'any member may upvote any discussion',
  'POST /api/forum/replies/{id}/upvote': 'any member may upvote any reply',
  'POST /api/work-orders/{id}/proposals': 'any contractor may bid on an order open for bids',
  'PUT /api/contractor/availability/exceptions/{date}': 'the date is in the caller’s own calendar',
  'DELETE /api/contractor/availability/exceptions/{date}': 'the date is in the caller’s own calendar',
  'PUT /api/contractor/crm/clients/{customerId}/note': 'the note is in the caller’s own CRM',
  'POST /api/recurring-offers/{offerId}/subscribe': 'any customer may subscribe to an offered service',
  'POST /api/urgent-alerts/{id}/accept':
    'reach, not ownership: tests/api.urgent.test.ts refuses contractors it was not sent to',
  // Admin-only routes: the role gate is the whole rule.
  'PATCH /api/feedback/{id}/status': 'administrators only',
  'POST /api/admin/forum/posts/{id}/hide': 'administrators only',
  'POST /api/admin/forum/replies/{id}/hide': 'administrators only',
  'POST /api/admin/forum/posts/{id}/restore': 'administrators only',
  'POST /api/admin/forum/replies/{id}/restore': 'administrators only',
  'POST /api/admin/credentials/{id}/approve': 'administrators only',
  'POST /api/admin/credentials/{id}/reject': 'administrators only',
  'POST /api/admin/users/{id}/suspend': 'administrators only',
  'POST /api/admin/users/{id}/restore': 'administrators only',
  'POST /api/admin/legal-copies/{jobId}/read': 'administrators only (reading a legal copy, with a reason)',
  'POST /api/disputes/{disputeId}/decision': 'administrators only (the arbitrator)',
  // Need a paid plan and its fixtures; their strangers are refused in their module suites.
  'DELETE /api/gallery/{billboardId}': 'tests/api.plan-limits.test.ts',
  'POST /api/recurring-offers/{offerId}/withdraw': 'tests/api.recurring.test.ts',
  'POST /api/service-subscriptions/{id}/decline': 'tests/api.recurring.test.ts',
  'POST /api/service-subscriptions/{id}/pause': 'tests/api.recurring.test.ts',
  'POST /api/service-subscriptions/{id}/resume': 'tests/api.recurring.test.ts',
  'POST /api/service-subscriptions/{id}/cancel': 'tests/api.recurring.test.ts',
  'POST /api/service-subscriptions/{id}/visits/{index}/skip': 'tests/api.recurring.test.ts',
  'POST /api/urgent-alerts/{id}/cancel': 'tests/api.urgent.test.ts',
  'POST /api/bookings/{bookingId}/reviews': 'tests/api.reviews.test.ts (needs a completed booking)',
  'POST /api/work-orders/{workOrderId}/reviews': 'tests/api.reviews.test.ts (needs a released work order)',
  'POST /api/disputes/{disputeId}/evidence': 'tests/api.disputes.test.ts (a multipart upload)',
  'POST /api/barter/trades/{id}/review': 'tests/api.barter.test.ts (needs a completed trade)',
};

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

let t: TestApp;
let routes: string[];
let adminLogin: { email: string; password: string };
const money = moneyFlow(() => t);

beforeAll(async () => {
  t = await createTestApp();
  const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  routes = Object.entries(spec.paths)
    .filter(([path]) => path.startsWith('/api/') && !path.startsWith('/api/docs'))
    .flatMap(([path, byMethod]) => Object.keys(byMethod).map((method) => `${method.toUpperCase()} ${path}`))
    .filter((route) => STATE_CHANGING.has(route.split(' ')[0]!));
  const admin = await createAdmin(t.runtime);
  adminLogin = { email: admin.registration.email, password: admin.registration.password };
}, 60_000);

afterAll(async () => {
  await t?.close();
});

async function signedInAdmin(): Promise<Browser> {
  const browser = new Browser(t.app);
  const login = await browser.post('/api/auth/login', adminLogin);
  expect(login.statusCode, login.body).toBe(200);
  return browser;
}

async function callerOf(role: Caller): Promise<Browser> {
  if (role === 'visitor') return new Browser(t.app);
  if (role === 'admin') return signedInAdmin();
  return (await signUp(t.app, { role })).browser;
}

const errorText = (body: string) => {
  try {
    return (JSON.parse(body) as { error?: unknown }).error;
  } catch {
    return undefined;
  }
};

// ── Fixtures: one fresh resource per route, owned by real parties ───────────────────────────────

type Setup = () => Promise<{
  url: string;
  body?: unknown;
  party: Browser;
  headers?: () => Record<string, string>;
  /** What the party gets when not a success (a state the strangers never reach). */
  partyStatus?: number;
}>;

const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

const orderBody = paintingOrder;

async function openOrder(overrides: Record<string, unknown> = {}) {
  const customer = await signUp(t.app, { role: 'customer' });
  const posted = await customer.browser.post('/api/work-orders', orderBody(overrides));
  expect(posted.statusCode, posted.body).toBe(201);
  return { customer, orderId: posted.json().workOrder.id as string };
}

async function orderWithProposal() {
  const order = await openOrder();
  const contractor = await signUp(t.app, { role: 'contractor' });
  const proposed = await contractor.browser.post(`/api/work-orders/${order.orderId}/proposals`, {
    priceCents: 100_000,
    durationHours: 16,
    earliestStart: inDays(7),
    message: 'Two painters, two days, clean finish guaranteed.',
  });
  expect(proposed.statusCode, proposed.body).toBe(201);
  return { ...order, contractor, proposalId: proposed.json().proposal.id as string };
}

async function directOrder() {
  const contractor = await signUp(t.app, { role: 'contractor' });
  const order = await openOrder({ mode: 'direct', directContractorId: contractor.user.id });
  return { ...order, contractor };
}

const offeringBody = {
  title: 'Interior painting',
  description: 'Walls and ceilings, two coats, furniture covered and moved back.',
  pricingModel: 'hourly',
  price: '55',
  isRemoteService: false,
};

async function offering() {
  const contractor = await signUp(t.app, { role: 'contractor' });
  const created = await contractor.browser.post('/api/service-offerings', offeringBody);
  expect(created.statusCode, created.body).toBe(201);
  const id = (created.json().offering ?? created.json()).id as string;
  return { contractor, id };
}

/** A contractor open every day, a customer, and a booking they requested two days ahead. */
async function requestedBooking() {
  const contractor = await signUp(t.app, { role: 'contractor' });
  const open = await contractor.browser.put('/api/contractor/availability', {
    timeZone: 'America/Toronto',
    weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '23:30' })),
    slotMinutes: 30,
  });
  expect(open.statusCode, open.body).toBe(200);
  const slots = (await new Browser(t.app).get(`/api/contractors/${contractor.user.id}/slots?tz=America/Toronto`)).json()
    .slots as { startsAt: string }[];
  const ahead = slots.filter((slot) => Date.parse(slot.startsAt) >= Date.now() + 2 * DAY);
  const customer = await signUp(t.app, { role: 'customer' });
  const booked = await customer.browser.post('/api/bookings', {
    contractorId: contractor.user.id,
    startsAt: ahead[0]!.startsAt,
  });
  expect(booked.statusCode, booked.body).toBe(201);
  return { contractor, customer, bookingId: booked.json().booking.id as string, later: ahead[4]!.startsAt };
}

async function contractView(person: Person, jobId: string) {
  const response = await person.browser.get(`/api/contracts/${jobId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { version: number; rendered: { textHash: string } };
}

async function completedEscrow() {
  const job = await money.fundedJob();
  const done = await job.contractor.browser.post(`/api/escrows/${job.jobId}/complete`, {}, idempotencyKey());
  expect(done.statusCode, done.body).toBe(200);
  return job;
}

async function openDispute() {
  const job = await money.fundedJob();
  const opened = await job.customer.browser.post('/api/disputes', {
    jobId: job.jobId,
    reason: 'poor-quality',
    description: 'The second coat was never applied and the trim is left unpainted.',
  });
  expect(opened.statusCode, opened.body).toBe(201);
  return { ...job, disputeId: opened.json().disputeId as string };
}

/** A contractor's barter offering and a customer's proposal for it. */
async function proposedTrade() {
  const owner = await offering();
  const opened = await owner.contractor.browser.put(`/api/service-offerings/${owner.id}/barter`, {
    acceptsBarter: true,
    barterWants: 'Bookkeeping',
  });
  expect(opened.statusCode, opened.body).toBe(200);
  await t.runtime.runner!.idle();
  const proposer = await signUp(t.app, { role: 'contractor' });
  const proposed = await proposer.browser.post('/api/barter/trades', {
    offeringId: owner.id,
    proposerGives: 'Two evenings of bookkeeping for the season',
    proposerHours: 4,
    recipientHours: 4,
    message: null,
  });
  expect(proposed.statusCode, proposed.body).toBe(201);
  return { owner: owner.contractor, proposer, tradeId: proposed.json().trade.id as string };
}

async function acceptedTrade() {
  const trade = await proposedTrade();
  const accepted = await trade.owner.browser.post(`/api/barter/trades/${trade.tradeId}/accept`, {});
  expect(accepted.statusCode, accepted.body).toBe(200);
  return trade;
}

async function notificationOf(person: Person) {
  let id: string | undefined;
  for (let tries = 0; tries < 50 && !id; tries++) {
    await t.runtime.runner!.idle();
    const list = (await person.browser.get('/api/notifications')).json() as { id: string }[];
    id = list[0]?.id;
    if (!id) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!id) throw new Error('no notification arrived');
  return id;
}

const OWNED: Record<string, Setup> = {
  'PUT /api/work-orders/{id}': async () => {
    const { customer, orderId } = await openOrder();
    // An edit sends the order's fields; how bids are taken is fixed when it is posted.
    const { mode: _mode, ...edit } = orderBody({ title: 'Paint three rooms' });
    return { url: `/api/work-orders/${orderId}`, body: edit, party: customer.browser };
  },
  'POST /api/work-orders/{id}/cancel': async () => {
    const { customer, orderId } = await openOrder();
    return { url: `/api/work-orders/${orderId}/cancel`, body: {}, party: customer.browser };
  },
  'POST /api/work-orders/{id}/proposals/{proposalId}/withdraw': async () => {
    const { contractor, orderId, proposalId } = await orderWithProposal();
    return { url: `/api/work-orders/${orderId}/proposals/${proposalId}/withdraw`, body: {}, party: contractor.browser };
  },
  'POST /api/work-orders/{id}/time-proposals': async () => {
    const { customer, orderId, proposalId } = await orderWithProposal();
    const awarded = await customer.browser.post(`/api/work-orders/${orderId}/proposals/${proposalId}/accept`, {});
    expect(awarded.statusCode, awarded.body).toBeLessThan(300);
    await t.runtime.runner!.idle();
    const body = { times: [new Date(Date.now() + 3 * DAY).toISOString()], message: 'Would this time suit you?' };
    return { url: `/api/work-orders/${orderId}/time-proposals`, body, party: customer.browser };
  },
  'POST /api/work-orders/{id}/time-proposals/{proposalId}/accept': async () => {
    const { customer, contractor, orderId, proposalId } = await orderWithProposal();
    const awarded = await customer.browser.post(`/api/work-orders/${orderId}/proposals/${proposalId}/accept`, {});
    expect(awarded.statusCode, awarded.body).toBeLessThan(300);
    await t.runtime.runner!.idle();
    const times = [new Date(Date.now() + 3 * DAY).toISOString()];
    const proposed = await customer.browser.post(`/api/work-orders/${orderId}/time-proposals`, {
      times,
      message: 'Would this time suit you?',
    });
    expect(proposed.statusCode, proposed.body).toBe(201);
    const { proposal } = proposed.json() as { proposal: { id: string; times: string[] } };
    return {
      url: `/api/work-orders/${orderId}/time-proposals/${proposal.id}/accept`,
      body: { startsAt: proposal.times[0] },
      party: contractor.browser,
    };
  },
  'POST /api/work-orders/{id}/proposals/{proposalId}/accept': async () => {
    const { customer, orderId, proposalId } = await orderWithProposal();
    return { url: `/api/work-orders/${orderId}/proposals/${proposalId}/accept`, body: {}, party: customer.browser };
  },
  'POST /api/work-orders/{id}/direct-request/accept': async () => {
    const { contractor, orderId } = await directOrder();
    return { url: `/api/work-orders/${orderId}/direct-request/accept`, body: {}, party: contractor.browser };
  },
  'POST /api/work-orders/{id}/direct-request/decline': async () => {
    const { contractor, orderId } = await directOrder();
    return { url: `/api/work-orders/${orderId}/direct-request/decline`, body: {}, party: contractor.browser };
  },
  'PUT /api/service-offerings/{id}': async () => {
    const { contractor, id } = await offering();
    return { url: `/api/service-offerings/${id}`, body: { ...offeringBody, price: '60' }, party: contractor.browser };
  },
  'POST /api/service-offerings/{id}/pause': async () => {
    const { contractor, id } = await offering();
    return { url: `/api/service-offerings/${id}/pause`, body: {}, party: contractor.browser };
  },
  'POST /api/service-offerings/{id}/resume': async () => {
    const { contractor, id } = await offering();
    const paused = await contractor.browser.post(`/api/service-offerings/${id}/pause`, {});
    expect(paused.statusCode, paused.body).toBe(200);
    return { url: `/api/service-offerings/${id}/resume`, body: {}, party: contractor.browser };
  },
  'PUT /api/service-offerings/{id}/barter': async () => {
    const { contractor, id } = await offering();
    return {
      url: `/api/service-offerings/${id}/barter`,
      body: { acceptsBarter: true, barterWants: 'Gardening' },
      party: contractor.browser,
    };
  },
  'POST /api/bookings/{id}/confirm': async () => {
    const { contractor, bookingId } = await requestedBooking();
    return { url: `/api/bookings/${bookingId}/confirm`, body: {}, party: contractor.browser };
  },
  'POST /api/bookings/{id}/decline': async () => {
    const { contractor, bookingId } = await requestedBooking();
    return { url: `/api/bookings/${bookingId}/decline`, body: {}, party: contractor.browser };
  },
  'POST /api/bookings/{id}/cancel': async () => {
    const { customer, bookingId } = await requestedBooking();
    return { url: `/api/bookings/${bookingId}/cancel`, body: {}, party: customer.browser };
  },
  'POST /api/bookings/{id}/reschedule': async () => {
    const { customer, bookingId, later } = await requestedBooking();
    return { url: `/api/bookings/${bookingId}/reschedule`, body: { startsAt: later }, party: customer.browser };
  },
  'POST /api/bookings/{id}/complete': async () => {
    // Completing needs a booking that has started: two days ahead, its party gets past the gate
    // and is refused on the booking's state (400), which strangers never reach.
    const { contractor, bookingId } = await requestedBooking();
    expect((await contractor.browser.post(`/api/bookings/${bookingId}/confirm`, {})).statusCode).toBe(200);
    return { url: `/api/bookings/${bookingId}/complete`, body: {}, party: contractor.browser, partyStatus: 400 };
  },
  'POST /api/contracts/{jobId}/sign': async () => {
    const { customer, jobId } = await money.awardedJob();
    const contract = await contractView(customer, jobId);
    return {
      url: `/api/contracts/${jobId}/sign`,
      body: {
        version: contract.version,
        textHash: contract.rendered.textHash,
        typedName: customer.user.name,
        consent: true,
      },
      party: customer.browser,
    };
  },
  'PUT /api/contracts/{jobId}/terms': async () => {
    const { customer, jobId } = await money.awardedJob();
    const contract = (await contractView(customer, jobId)) as { version: number; terms?: Record<string, unknown> };
    return {
      url: `/api/contracts/${jobId}/terms`,
      body: { version: contract.version, title: 'Paint a two-bedroom apartment and the hallway' },
      party: customer.browser,
    };
  },
  'POST /api/escrows/{jobId}/fund': async () => {
    const job = await money.awardedJob();
    expect((await money.sign(job.customer, job.jobId)).statusCode).toBe(200);
    expect((await money.sign(job.contractor, job.jobId)).statusCode).toBe(200);
    await money.settle(money.rowIn('rm_escrows', job.jobId));
    return {
      url: `/api/escrows/${job.jobId}/fund`,
      body: card(SUCCESS_CARD),
      party: job.customer.browser,
      headers: idempotencyKey,
    };
  },
  'POST /api/escrows/{jobId}/complete': async () => {
    const job = await money.fundedJob();
    return {
      url: `/api/escrows/${job.jobId}/complete`,
      body: {},
      party: job.contractor.browser,
      headers: idempotencyKey,
    };
  },
  'POST /api/escrows/{jobId}/approve': async () => {
    const job = await completedEscrow();
    return { url: `/api/escrows/${job.jobId}/approve`, body: {}, party: job.customer.browser, headers: idempotencyKey };
  },
  'POST /api/escrows/{jobId}/request-changes': async () => {
    const job = await completedEscrow();
    return {
      url: `/api/escrows/${job.jobId}/request-changes`,
      body: { note: 'The trim in the hallway still needs its second coat.' },
      party: job.customer.browser,
      headers: idempotencyKey,
    };
  },
  'POST /api/disputes/{disputeId}/answer': async () => {
    const dispute = await openDispute();
    return {
      url: `/api/disputes/${dispute.disputeId}/answer`,
      body: { statement: 'Both coats were applied; the trim was never part of the agreed scope.' },
      party: dispute.contractor.browser,
    };
  },
  'POST /api/disputes/{disputeId}/review-request': async () => {
    const dispute = await openDispute();
    // Before the analysis proposes a resolution there is nothing to appeal: the party reaches
    // that state check (409); strangers are stopped before it.
    return {
      url: `/api/disputes/${dispute.disputeId}/review-request`,
      body: {},
      party: dispute.customer.browser,
      partyStatus: 409,
    };
  },
  'POST /api/conversations/{kind}/{id}/messages': async () => {
    // A work order's conversation opens once a contractor is hired.
    const { customer, jobId: orderId } = await money.awardedJob();
    return {
      url: `/api/conversations/work-order/${orderId}/messages`,
      body: { body: 'Could you start on the Monday?' },
      party: customer.browser,
    };
  },
  'POST /api/conversations/{kind}/{id}/read': async () => {
    const { customer, jobId: orderId } = await money.awardedJob();
    return { url: `/api/conversations/work-order/${orderId}/read`, body: {}, party: customer.browser };
  },
  'PATCH /api/notifications/{id}/read': async () => {
    const { contractor } = await requestedBooking();
    return { url: `/api/notifications/${await notificationOf(contractor)}/read`, body: {}, party: contractor.browser };
  },
  'DELETE /api/notifications/{id}': async () => {
    const { contractor } = await requestedBooking();
    return { url: `/api/notifications/${await notificationOf(contractor)}`, party: contractor.browser };
  },
  'POST /api/barter/trades/{id}/counter': async () => {
    const { owner, tradeId } = await proposedTrade();
    return {
      url: `/api/barter/trades/${tradeId}/counter`,
      body: { proposerGives: 'Three evenings of bookkeeping', proposerHours: 6, recipientHours: 4, message: null },
      party: owner.browser,
    };
  },
  'POST /api/barter/trades/{id}/accept': async () => {
    const { owner, tradeId } = await proposedTrade();
    return { url: `/api/barter/trades/${tradeId}/accept`, body: {}, party: owner.browser };
  },
  'POST /api/barter/trades/{id}/decline': async () => {
    const { owner, tradeId } = await proposedTrade();
    return { url: `/api/barter/trades/${tradeId}/decline`, body: { reason: null }, party: owner.browser };
  },
  'POST /api/barter/trades/{id}/withdraw': async () => {
    const { proposer, tradeId } = await proposedTrade();
    return { url: `/api/barter/trades/${tradeId}/withdraw`, body: {}, party: proposer.browser };
  },
  'POST /api/barter/trades/{id}/complete': async () => {
    const { proposer, tradeId } = await acceptedTrade();
    return { url: `/api/barter/trades/${tradeId}/complete`, body: {}, party: proposer.browser };
  },
};

describe('the access-control matrix', { timeout: 300_000 }, () => {
  it('has an entry for every state-changing route, and no entry for a route that does not exist', () => {
    expect(routes.length).toBeGreaterThan(90);
    expect(routes.filter((route) => !(route in INTENDED))).toEqual([]);
    expect(Object.keys(INTENDED).filter((route) => !routes.includes(route))).toEqual([]);
    const withId = routes.filter((route) => /\{\w+\}/.test(route));
    const classified = new Set([...Object.keys(NOT_OWNED), ...Object.keys(OWNED)]);
    expect(withId.filter((route) => !classified.has(route))).toEqual([]);
    expect([...classified].filter((route) => !withId.includes(route))).toEqual([]);
  });

  it('lets each route’s intended callers past its gate and refuses everyone else (401 signed out, 403 otherwise)', async () => {
    const callers: Record<Caller, Browser> = {
      visitor: await callerOf('visitor'),
      customer: await callerOf('customer'),
      contractor: await callerOf('contractor'),
      admin: await callerOf('admin'),
    };
    const wrong: string[] = [];
    for (const route of routes) {
      const [method, path] = route.split(' ') as [string, string];
      // Ids of nothing: the gate answers before any lookup; an allowed caller then gets 400/404/409.
      const url = path.replace(/\{(\w+)\}/g, (_whole, name: string) => (name === 'date' ? '2031-01-15' : randomUUID()));
      for (const role of ['visitor', 'customer', 'contractor', 'admin'] as const) {
        const allowed = INTENDED[route]!.includes(role);
        const browser = allowed && SESSION_CHANGING.has(route) ? await callerOf(role) : callers[role];
        const response = await browser.request(method as 'POST', url, {});
        const status = response.statusCode;
        const error = errorText(response.body);
        const seen = `${role} ${route} → ${status} ${response.body.slice(0, 160)}`;
        if (status >= 500) wrong.push(`${seen} (server error)`);
        else if (status >= 400 && (typeof error !== 'string' || error === '')) wrong.push(`${seen} (no error text)`);
        else if (!allowed && status !== (role === 'visitor' ? 401 : 403)) wrong.push(`${seen} (should be refused)`);
        else if (allowed && (status === 401 || (status === 403 && /^Access denied/.test(String(error))))) {
          wrong.push(`${seen} (should pass the gate)`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  // ── Strangers ────────────────────────────────────────────────────────────────────────────────

  describe('a stranger to the resource is refused (401/403/404), and its party is let through', () => {
    for (const [route, setUp] of Object.entries(OWNED)) {
      it(route, async () => {
        const [method] = route.split(' ') as ['POST'];
        const { url, body, party, headers, partyStatus } = await setUp();
        const strangers: [string, Browser][] = [
          ['visitor', await callerOf('visitor')],
          ['another customer', await callerOf('customer')],
          ['another contractor', await callerOf('contractor')],
          ['an administrator', await callerOf('admin')],
        ];
        for (const [who, browser] of strangers) {
          const response = await browser.request(method, url, body, headers?.() ?? {});
          expect([401, 403, 404], `${who}: ${response.statusCode} ${response.body}`).toContain(response.statusCode);
          if (who === 'visitor') expect(response.statusCode).toBe(401);
          expect(typeof errorText(response.body)).toBe('string');
        }
        // The same request from the party passes: the refusals above were about who asked.
        const own = await party.request(method, url, body, headers?.() ?? {});
        if (partyStatus) expect(own.statusCode, own.body).toBe(partyStatus);
        else expect(own.statusCode, own.body).toBeLessThan(300);
      });
    }
  });
});
