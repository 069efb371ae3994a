import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BARTER_MESSAGES as M } from '../shared/domain/barter/rules.ts';
import { OFFERING_MESSAGES } from '../shared/domain/catalogue/decider.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { Browser, createAdmin, signUp } from './support/http-client.ts';
import { waitUntil } from './support/wait.ts';

/**
 * Offerings a contractor edits, pauses and opens to barter, and barter trades end to end through
 * the API and the read models: browse, propose, counter, accept (with the CASL record), mark
 * complete on both sides, review; and who may not.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const offeringBody = (overrides: Record<string, unknown> = {}) => ({
  title: 'Bookkeeping for small trades',
  description: 'Monthly books, receipts sorted and GST/HST returns prepared.',
  pricingModel: 'hourly',
  price: '60',
  isRemoteService: true,
  isActive: true,
  ...overrides,
});

/** An edit sends the whole offering without its status (pause and resume change that). */
const editBody = (overrides: Record<string, unknown> = {}) => {
  const { isActive: _isActive, ...body } = offeringBody(overrides);
  return body;
};

async function contractorWithOffering(overrides: Record<string, unknown> = {}) {
  const pro = await signUp(t.app, { role: 'contractor' });
  const created = await pro.browser.post('/api/service-offerings', offeringBody(overrides));
  expect(created.statusCode, created.body).toBe(201);
  return { ...pro, offeringId: created.json().offering.id as string };
}

const terms = {
  proposerGives: 'Interior painting: two coats in one bedroom',
  proposerHours: 6,
  recipientHours: 4,
  message: 'Weekends suit me.',
};

async function barterServiceIds(query = '') {
  const listed = await new Browser(t.app).get(`/api/barter/services${query}`);
  expect(listed.statusCode, listed.body).toBe(200);
  return (listed.json().services as { offeringId: string }[]).map((s) => s.offeringId);
}

describe('service offerings: edit, pause, resume, barter', () => {
  it('edits, pauses and resumes an offering, and the directory profile follows', async () => {
    const pro = await contractorWithOffering();
    const edited = await pro.browser.put(
      `/api/service-offerings/${pro.offeringId}`,
      editBody({ title: 'Bookkeeping and payroll', price: '65.50' }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().offering).toMatchObject({
      title: 'Bookkeeping and payroll',
      priceCents: 6550,
      isActive: true,
    });

    const paused = await pro.browser.post(`/api/service-offerings/${pro.offeringId}/pause`);
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json().offering.isActive).toBe(false);
    const profile = await new Browser(t.app).get(`/api/contractors/${pro.user.id}`);
    expect(profile.json().offerings).toEqual([]);
    const again = await pro.browser.post(`/api/service-offerings/${pro.offeringId}/pause`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(OFFERING_MESSAGES.alreadyPaused);

    const resumed = await pro.browser.post(`/api/service-offerings/${pro.offeringId}/resume`);
    expect(resumed.statusCode, resumed.body).toBe(200);
    const back = await new Browser(t.app).get(`/api/contractors/${pro.user.id}`);
    expect(back.json().offerings).toEqual([
      expect.objectContaining({ id: pro.offeringId, title: 'Bookkeeping and payroll', priceCents: 6550 }),
    ]);

    const mine = await pro.browser.get('/api/service-offerings/my');
    expect(mine.json()).toEqual([expect.objectContaining({ id: pro.offeringId, priceCents: 6550, isActive: true })]);
  });

  it('refuses another contractor, a customer, a visitor and bad input', async () => {
    const pro = await contractorWithOffering();
    const other = await signUp(t.app, { role: 'contractor' });
    const customer = await signUp(t.app, { role: 'customer' });
    const url = `/api/service-offerings/${pro.offeringId}`;
    const notYours = await other.browser.post(`${url}/pause`);
    expect(notYours.statusCode).toBe(403);
    expect(notYours.json().error).toBe(OFFERING_MESSAGES.notYours);
    expect((await other.browser.put(`${url}/barter`, { acceptsBarter: true })).statusCode).toBe(403);
    expect((await customer.browser.post(`${url}/pause`)).statusCode).toBe(403);
    expect((await new Browser(t.app).post(`${url}/pause`)).statusCode).toBe(401);
    const bad = await pro.browser.put(url, editBody({ description: 'short' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Please provide a detailed description (20+ characters)');
    const tooLong = await pro.browser.put(`${url}/barter`, { acceptsBarter: true, barterWants: 'x'.repeat(301) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error).toBe(OFFERING_MESSAGES.barterWants);
    const missing = await pro.browser.post('/api/service-offerings/00000000-0000-4000-8000-000000000000/pause');
    expect(missing.statusCode).toBe(404);
    // Nothing changed.
    expect((await pro.browser.get('/api/service-offerings/my')).json()[0]).toMatchObject({
      isActive: true,
      acceptsBarter: false,
    });
  });

  it('lists a service open to barter only while it is open, active and its contractor in good standing', async () => {
    const pro = await contractorWithOffering({ title: 'Logo design for trades' });
    expect(await barterServiceIds()).not.toContain(pro.offeringId);
    const opened = await pro.browser.put(`/api/service-offerings/${pro.offeringId}/barter`, {
      acceptsBarter: true,
      barterWants: 'Plumbing or drywall work',
    });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().offering).toMatchObject({ acceptsBarter: true, barterWants: 'Plumbing or drywall work' });
    expect(await barterServiceIds()).toContain(pro.offeringId);
    expect(await barterServiceIds('?q=drywall')).toContain(pro.offeringId);
    expect(await barterServiceIds('?q=nothing-like-this')).not.toContain(pro.offeringId);

    await pro.browser.post(`/api/service-offerings/${pro.offeringId}/pause`);
    expect(await barterServiceIds()).not.toContain(pro.offeringId);
    await pro.browser.post(`/api/service-offerings/${pro.offeringId}/resume`);
    expect(await barterServiceIds()).toContain(pro.offeringId);

    const admin = await createAdmin(t.runtime);
    const adminBrowser = new Browser(t.app);
    await adminBrowser.post('/api/auth/login', {
      email: admin.registration.email,
      password: admin.registration.password,
    });
    const suspended = await adminBrowser.post(`/api/admin/users/${pro.user.id}/suspend`, { reason: 'Fake listings' });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(await barterServiceIds()).not.toContain(pro.offeringId);
    const someone = await signUp(t.app);
    const refused = await someone.browser.post('/api/barter/trades', { offeringId: pro.offeringId, ...terms });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(M.notBarter);

    expect((await new Browser(t.app).get('/api/barter/services?limit=0')).statusCode).toBe(400);
  });
});

describe('barter trades', () => {
  async function openOffering() {
    const pro = await contractorWithOffering();
    const opened = await pro.browser.put(`/api/service-offerings/${pro.offeringId}/barter`, { acceptsBarter: true });
    expect(opened.statusCode, opened.body).toBe(200);
    return pro;
  }

  it('goes from proposal through a counter-offer to acceptance, completion by both and two reviews', async () => {
    const pro = await openOffering();
    const customer = await signUp(t.app, { role: 'customer' });

    const proposed = await customer.browser.post('/api/barter/trades', { offeringId: pro.offeringId, ...terms });
    expect(proposed.statusCode, proposed.body).toBe(201);
    const trade = proposed.json().trade;
    expect(trade).toMatchObject({
      status: 'negotiating',
      viewerSide: 'proposer',
      termsAreMine: true,
      offeringTitle: 'Bookkeeping for small trades',
      recipient: { id: pro.user.id, name: pro.user.name },
      actions: { accept: false, withdraw: true, counter: false },
    });

    // The contractor sees it in their list with the answers open to them, and is notified.
    const theirs = (await pro.browser.get('/api/barter/trades')).json().trades;
    expect(theirs).toEqual([
      expect.objectContaining({
        id: trade.id,
        viewerSide: 'recipient',
        actions: expect.objectContaining({ accept: true, counter: true, decline: true, withdraw: false }),
      }),
    ]);
    await waitUntil(
      async () => {
        const list = (await pro.browser.get('/api/notifications')).json();
        return JSON.stringify(list).includes('New barter proposal');
      },
      { message: 'the contractor was not notified of the proposal' },
    );

    // The proposer cannot answer their own offer.
    const early = await customer.browser.post(`/api/barter/trades/${trade.id}/accept`);
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe(M.yourTurnNot);

    const countered = await pro.browser.post(`/api/barter/trades/${trade.id}/counter`, {
      ...terms,
      proposerHours: 8,
      message: 'Eight hours of painting, please.',
    });
    expect(countered.statusCode, countered.body).toBe(200);
    expect(countered.json().trade).toMatchObject({ termsAreMine: true, counters: 1, terms: { proposerHours: 8 } });

    const accepted = await customer.browser.post(`/api/barter/trades/${trade.id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const acceptedTrade = accepted.json().trade;
    expect(acceptedTrade).toMatchObject({
      status: 'accepted',
      terms: { proposerHours: 8 },
      actions: { markComplete: true },
    });
    // CASL: the acceptance is an existing business relationship for two years, recorded both ways.
    const until = Date.parse(acceptedTrade.relationshipUntil);
    expect(until - Date.parse(acceptedTrade.acceptedAt)).toBeGreaterThanOrEqual(730 * 86_400_000);
    const relationships = await t.runtime.sql<{ party_id: string; basis: string }[]>`
      select party_id, basis from rm_casl_relationships where source_id = ${trade.id} order by party_id`;
    expect(relationships.map((r) => r.party_id).sort()).toEqual([customer.user.id, pro.user.id].sort());
    expect(relationships.every((r) => r.basis === 'barter')).toBe(true);

    // Only its two parties can complete it.
    const stranger = await signUp(t.app, { role: 'contractor' });
    const strangerMark = await stranger.browser.post(`/api/barter/trades/${trade.id}/complete`);
    expect(strangerMark.statusCode).toBe(403);
    expect(strangerMark.json().error).toBe(M.notParty);
    expect((await stranger.browser.get(`/api/barter/trades/${trade.id}`)).statusCode).toBe(404);

    const first = await customer.browser.post(`/api/barter/trades/${trade.id}/complete`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().trade).toMatchObject({ status: 'accepted', actions: { markComplete: false } });
    expect((await customer.browser.post(`/api/barter/trades/${trade.id}/complete`)).json().error).toBe(M.alreadyMarked);
    const earlyReview = await customer.browser.post(`/api/barter/trades/${trade.id}/review`, { rating: 5 });
    expect(earlyReview.statusCode).toBe(409);
    const second = await pro.browser.post(`/api/barter/trades/${trade.id}/complete`);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().trade).toMatchObject({ status: 'completed', actions: { review: true } });

    const review = await customer.browser.post(`/api/barter/trades/${trade.id}/review`, {
      rating: 5,
      comment: 'Tidy books, on time.',
    });
    expect(review.statusCode, review.body).toBe(200);
    expect(review.json().trade).toMatchObject({
      proposerReview: { rating: 5, comment: 'Tidy books, on time.' },
      actions: { review: false },
    });
    expect((await customer.browser.post(`/api/barter/trades/${trade.id}/review`, { rating: 4 })).statusCode).toBe(409);
    const proReview = await pro.browser.post(`/api/barter/trades/${trade.id}/review`, { rating: 4, comment: null });
    expect(proReview.json().trade.recipientReview).toMatchObject({ rating: 4 });
  });

  it('declines with a reason, withdraws, and refuses a trade with oneself or a closed service', async () => {
    const pro = await openOffering();
    const customer = await signUp(t.app);
    const a = (await customer.browser.post('/api/barter/trades', { offeringId: pro.offeringId, ...terms })).json()
      .trade;
    const declined = await pro.browser.post(`/api/barter/trades/${a.id}/decline`, {
      reason: 'Fully booked this month',
    });
    expect(declined.json().trade).toMatchObject({ status: 'declined', declineReason: 'Fully booked this month' });
    expect((await customer.browser.post(`/api/barter/trades/${a.id}/accept`)).json().error).toBe(M.notNegotiating);

    const b = (await customer.browser.post('/api/barter/trades', { offeringId: pro.offeringId, ...terms })).json()
      .trade;
    expect((await pro.browser.post(`/api/barter/trades/${b.id}/withdraw`)).json().error).toBe(M.notYourOffer);
    const withdrawn = await customer.browser.post(`/api/barter/trades/${b.id}/withdraw`);
    expect(withdrawn.json().trade.status).toBe('withdrawn');

    const self = await pro.browser.post('/api/barter/trades', { offeringId: pro.offeringId, ...terms });
    expect(self.statusCode).toBe(409);
    expect(self.json().error).toBe(M.selfTrade);

    const closed = await contractorWithOffering();
    const refused = await customer.browser.post('/api/barter/trades', { offeringId: closed.offeringId, ...terms });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(M.notBarter);
  });

  it('answers bad input with the rule, and refuses visitors and admins', async () => {
    const pro = await openOffering();
    const customer = await signUp(t.app);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...terms, proposerGives: 'short' }, M.gives],
      [{ ...terms, proposerHours: 0.25 }, M.hours],
      [{ ...terms, recipientHours: 201 }, M.hours],
      [{ ...terms, proposerHours: '6' }, M.hours],
      [{ ...terms, message: 'x'.repeat(1001) }, M.message],
    ];
    for (const [body, error] of cases) {
      const answer = await customer.browser.post('/api/barter/trades', { offeringId: pro.offeringId, ...body });
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().error).toBe(error);
    }
    expect((await customer.browser.post('/api/barter/trades', { offeringId: 'nope', ...terms })).statusCode).toBe(400);
    expect(
      (await new Browser(t.app).post('/api/barter/trades', { offeringId: pro.offeringId, ...terms })).statusCode,
    ).toBe(401);
    const admin = await createAdmin(t.runtime);
    const adminBrowser = new Browser(t.app);
    await adminBrowser.post('/api/auth/login', {
      email: admin.registration.email,
      password: admin.registration.password,
    });
    expect((await adminBrowser.post('/api/barter/trades', { offeringId: pro.offeringId, ...terms })).statusCode).toBe(
      403,
    );
    const trade = (await customer.browser.post('/api/barter/trades', { offeringId: pro.offeringId, ...terms })).json()
      .trade;
    const review = await pro.browser.post(`/api/barter/trades/${trade.id}/review`, { rating: 6 });
    expect(review.statusCode).toBe(400);
    expect(review.json().error).toBe(M.rating);
  });
});
