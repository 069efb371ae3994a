import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payoutsJob } from '../workflows/money-jobs.ts';
import { CRM_MESSAGES } from '../shared/domain/crm/decider.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { Browser, signUp } from './support/http-client.ts';
import { DAY, idempotencyKey as key, moneyFlow } from './support/money-flow.ts';
import { waitUntil } from './support/wait.ts';

/**
 * The contractor dashboard's CRM through the API and the contractor-crm read model: a bid is a
 * lead and a quoted job, the accepted bid is booked, funding puts it in progress, completion and
 * approval make it paid with its month's gross, fee, tax and net and a scheduled payout that turns
 * sent; the client's totals and private note; the losing bidder's lead is lost.
 */
let t: TestApp;
const { fundedJob, settle, jobContext } = moneyFlow(() => t);

beforeAll(async () => {
  t = await createTestApp();
}, 60_000);

afterAll(async () => {
  await t?.close();
});

type Crm = {
  leads: {
    id: string;
    kind: string;
    customer: { id: string; name: string };
    status: string;
    amountCents: number | null;
    title: string;
  }[];
  pipeline: {
    counts: Record<string, number>;
    valueCents: Record<string, number>;
    items: { jobId: string; stage: string; title: string }[];
  };
  calendar: unknown[];
  clients: {
    customer: { id: string; name: string };
    jobs: number;
    completedJobs: number;
    earnedCents: number;
    note: string | null;
  }[];
  earnings: {
    months: { month: string; grossCents: number; feeCents: number; taxCents: number; netCents: number; jobs: number }[];
    totals: Record<string, number>;
  };
  payouts: { jobId: string; amountCents: number; status: string }[];
};

async function crmOf(browser: Browser): Promise<Crm> {
  const response = await browser.get('/api/contractor/crm');
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Crm;
}

const stageOf = (crm: Crm, jobId: string) => crm.pipeline.items.find((item) => item.jobId === jobId)?.stage;

describe('contractor CRM', () => {
  it('follows a bid from lead to paid: pipeline, client totals, earnings by month and the payout', async () => {
    const { customer, contractor, jobId } = await fundedJob(100_000);
    await settle();
    let crm = await crmOf(contractor.browser);
    expect(crm.leads).toEqual([
      expect.objectContaining({
        kind: 'bid',
        status: 'won',
        amountCents: 100_000,
        title: 'Paint a two-bedroom apartment',
        customer: { id: customer.user.id, name: customer.user.name },
      }),
    ]);
    expect(stageOf(crm, jobId)).toBe('in_progress');
    expect(crm.pipeline.counts).toMatchObject({ in_progress: 1, paid: 0 });
    expect(crm.clients).toEqual([
      expect.objectContaining({
        customer: { id: customer.user.id, name: customer.user.name },
        jobs: 1,
        completedJobs: 0,
        earnedCents: 0,
      }),
    ]);

    expect((await contractor.browser.post(`/api/escrows/${jobId}/complete`, {}, key())).statusCode).toBe(200);
    await waitUntil(async () => stageOf(await crmOf(contractor.browser), jobId) === 'completed', {
      message: 'not completed in the CRM',
    });
    expect((await customer.browser.post(`/api/escrows/${jobId}/approve`, {}, key())).statusCode).toBe(200);
    await waitUntil(async () => stageOf(await crmOf(contractor.browser), jobId) === 'paid', {
      message: 'not paid in the CRM',
    });

    crm = await crmOf(contractor.browser);
    // $1,000 at 6 % = $60 fee; HST 13 % on the fee = $7.80; net $932.20, in this month (Toronto).
    const thisMonth = DateTime.now().setZone('America/Toronto').toFormat('yyyy-MM');
    expect(crm.earnings.months).toHaveLength(12);
    expect(crm.earnings.months.at(-1)).toEqual({
      month: thisMonth,
      grossCents: 100_000,
      feeCents: 6_000,
      taxCents: 780,
      netCents: 93_220,
      jobs: 1,
    });
    expect(crm.earnings.totals).toEqual({ grossCents: 100_000, feeCents: 6_000, taxCents: 780, netCents: 93_220 });
    expect(crm.clients[0]).toMatchObject({ jobs: 1, completedJobs: 1, earnedCents: 93_220 });
    expect(crm.payouts).toEqual([expect.objectContaining({ jobId, amountCents: 93_220, status: 'scheduled' })]);

    // Payouts go out on a business day after release: run the payouts job as of ten days on.
    await waitUntil(
      async () => {
        await payoutsJob.run(jobContext(new Date(Date.now() + 10 * DAY)));
        return (await crmOf(contractor.browser)).payouts[0]?.status === 'sent';
      },
      { message: 'the payout was not marked sent' },
    );

    // The customer and visitors have no CRM.
    expect((await customer.browser.get('/api/contractor/crm')).statusCode).toBe(403);
    expect((await new Browser(t.app).get('/api/contractor/crm')).statusCode).toBe(401);
  });

  it('marks the losing bid lost, and keeps private notes about clients only', async () => {
    const customer = await signUp(t.app, { role: 'customer' });
    const [winner, loser] = [await signUp(t.app, { role: 'contractor' }), await signUp(t.app, { role: 'contractor' })];
    const posted = await customer.browser.post('/api/work-orders', {
      title: 'Paint a bathroom ceiling',
      description: 'The ceiling has peeling paint; scrape, prime and paint it with a mould-resistant finish.',
      category: 'painting',
      service: 'painting',
      postalCode: 'M5V 2T6',
      remote: false,
      budgetMinCents: 20_000,
      budgetMaxCents: 40_000,
      preferredDates: [],
      photos: [],
      mode: 'bids',
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const orderId = posted.json().workOrder.id as string;
    const bid = (who: typeof winner, priceCents: number) =>
      who.browser.post(`/api/work-orders/${orderId}/proposals`, {
        priceCents,
        durationHours: 3,
        earliestStart: new Date(Date.now() + 7 * DAY).toISOString().slice(0, 10),
        message: 'Scraped, primed and two coats, tidy and quick.',
      });
    const winning = await bid(winner, 30_000);
    expect(winning.statusCode, winning.body).toBe(201);
    expect((await bid(loser, 35_000)).statusCode).toBe(201);
    await waitUntil(async () => stageOf(await crmOf(loser.browser), orderId) === 'quoted', { message: 'no quote' });
    const accepted = await customer.browser.post(
      `/api/work-orders/${orderId}/proposals/${winning.json().proposal.id}/accept`,
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    await waitUntil(async () => stageOf(await crmOf(loser.browser), orderId) === 'lost', { message: 'not lost' });
    expect((await crmOf(loser.browser)).leads).toEqual([
      expect.objectContaining({ kind: 'bid', status: 'lost', title: 'Paint a bathroom ceiling', amountCents: 35_000 }),
    ]);
    await waitUntil(async () => stageOf(await crmOf(winner.browser), orderId) === 'booked', { message: 'not booked' });
    const job = { customer, contractor: winner, jobId: orderId };
    const crm = await crmOf(job.contractor.browser);
    expect(stageOf(crm, job.jobId)).toBe('booked');

    const saved = await job.contractor.browser.put(`/api/contractor/crm/clients/${job.customer.user.id}/note`, {
      note: '  Side door; prefers mornings.  ',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ note: 'Side door; prefers mornings.' });
    expect((await crmOf(job.contractor.browser)).clients[0]!.note).toBe('Side door; prefers mornings.');

    const stranger = await signUp(t.app, { role: 'customer' });
    const refused = await job.contractor.browser.put(`/api/contractor/crm/clients/${stranger.user.id}/note`, {
      note: 'Hi',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(CRM_MESSAGES.notAClient);
    const tooLong = await job.contractor.browser.put(`/api/contractor/crm/clients/${job.customer.user.id}/note`, {
      note: 'x'.repeat(2001),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error).toBe(CRM_MESSAGES.noteTooLong);
    // A contractor who never dealt with this customer cannot write about them either.
    const unrelated = await signUp(t.app, { role: 'contractor' });
    const otherNote = await unrelated.browser.put(`/api/contractor/crm/clients/${job.customer.user.id}/note`, {
      note: 'Hi',
    });
    expect(otherNote.statusCode).toBe(403);
  });

  it('records a booking request as a lead and the calendar shows the confirmed booking', async () => {
    const pro = await signUp(t.app, { role: 'contractor' });
    const offering = await pro.browser.post('/api/service-offerings', {
      title: 'Gutter cleaning',
      description: 'Gutters and downspouts cleared, debris bagged and removed.',
      pricingModel: 'fixed',
      price: '150',
      isRemoteService: false,
      isActive: true,
    });
    expect(offering.statusCode).toBe(201);
    const hours = await pro.browser.request('PUT', '/api/contractor/availability', {
      timeZone: 'America/Toronto',
      weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '08:00', end: '18:00' })),
      slotMinutes: 60,
    });
    expect(hours.statusCode, hours.body).toBe(200);
    const customer = await signUp(t.app);
    const start = DateTime.now()
      .setZone('America/Toronto')
      .plus({ days: 3 })
      .set({ hour: 10, minute: 0, second: 0, millisecond: 0 });
    const requested = await customer.browser.post('/api/bookings', {
      contractorId: pro.user.id,
      offeringId: offering.json().offering.id,
      startsAt: start.toUTC().toISO(),
      timeZone: 'America/Toronto',
    });
    expect(requested.statusCode, requested.body).toBe(201);
    const bookingId = requested.json().booking.id as string;
    // The booking answers once the bookings read model has it; the CRM follows a moment later.
    await waitUntil(async () => (await crmOf(pro.browser)).leads.length === 1, { message: 'no lead in the CRM' });
    let crm = await crmOf(pro.browser);
    expect(crm.leads).toEqual([
      expect.objectContaining({
        kind: 'booking_request',
        status: 'open',
        title: 'Gutter cleaning',
        amountCents: 15_000,
      }),
    ]);
    expect(stageOf(crm, bookingId)).toBe('lead');
    const confirmed = await pro.browser.post(`/api/bookings/${bookingId}/confirm`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    await waitUntil(async () => stageOf(await crmOf(pro.browser), bookingId) === 'booked', { message: 'not booked' });
    crm = await crmOf(pro.browser);
    expect(crm.leads[0]!.status).toBe('won');
    expect(stageOf(crm, bookingId)).toBe('booked');
    expect(crm.calendar).toEqual([
      expect.objectContaining({
        jobId: bookingId,
        title: 'Gutter cleaning',
        startsAt: start.toUTC().toISO({ suppressMilliseconds: false }),
      }),
    ]);
  });
});
