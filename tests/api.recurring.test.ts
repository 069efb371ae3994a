import type { z } from 'zod';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recurringActivationJob, recurringFundingJob, recurringVisitsJob } from '../workflows/recurring-jobs.ts';
import { BOOKING_MESSAGES } from '../shared/domain/booking/messages.ts';
import { PLAN_MESSAGES } from '../shared/domain/plans/messages.ts';
import { RECURRING_MESSAGES as M } from '../shared/domain/recurring/rules.ts';
import { visitBookingId } from '../shared/domain/recurring/visit-id.ts';
import { foldEvents } from '../shared/domain/decider.ts';
import { escrowDecider } from '../shared/domain/escrow/decider.ts';
import { escrowStreamId, type EscrowEvent } from '../shared/domain/escrow/events.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { Browser, signUp } from './support/http-client.ts';
import { card, idempotencyKey, moneyFlow, SUCCESS_CARD, type Person } from './support/money-flow.ts';
import { waitUntil } from './support/wait.ts';
import type { subscriptionView } from '../shared/http/recurring.ts';

/**
 * Recurring subscription services through the API and the jobs, as they run in production: a
 * contractor on Local offers a weekly service, a customer subscribes, both sign the agreement, the
 * visits of the next two weeks are booked confirmed with their own executed contracts and escrows
 * funded from the card on file; skip, pause, resume and cancel reach the calendar and the escrow.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const flow = moneyFlow(() => t);
const ZONE = 'America/Toronto';
const put = (browser: Browser, url: string, body?: unknown) => browser.request('PUT', url, body);

type Subscription = z.output<typeof subscriptionView>;
type Visit = Subscription['visits'][number];

/** A contractor open every day 08:00–18:00 in Toronto (1-hour visits), optionally on Local. */
async function openContractor(onLocal = true): Promise<Person> {
  const person = await signUp(t.app, { role: 'contractor' });
  const availability = await put(person.browser, '/api/contractor/availability', {
    timeZone: ZONE,
    weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '08:00', end: '18:00' })),
    slotMinutes: 60,
  });
  expect(availability.statusCode, availability.body).toBe(200);
  if (onLocal) {
    const bought = await person.browser.post(
      '/api/plans/purchase',
      { planId: 'local', ...card(SUCCESS_CARD) },
      idempotencyKey(),
    );
    expect(bought.statusCode, bought.body).toBe(200);
  }
  return person;
}

const offerBody = {
  title: 'Weekly lawn mowing',
  description: 'Mowing, edging and clippings taken away.',
  service: 'lawn-mowing',
  pricePerVisit: 60,
  frequencies: ['weekly', 'biweekly'],
};

async function offer(contractor: Person): Promise<string> {
  const response = await contractor.browser.post('/api/recurring-offers', offerBody);
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { offers: { id: string }[] }).offers[0]!.id;
}

/** 10:00 in Toronto, `days` from today: a local wall-clock time, as the subscribe form sends it. */
const localTenAm = (days: number) =>
  DateTime.now().setZone(ZONE).plus({ days }).set({ hour: 10, minute: 0 }).toFormat("yyyy-MM-dd'T'HH:mm");

function subscribe(customer: Person, offerId: string, overrides: Record<string, unknown> = {}) {
  return customer.browser.post(
    `/api/recurring-offers/${offerId}/subscribe`,
    {
      frequency: 'weekly',
      firstVisit: localTenAm(2),
      customerTimeZone: 'America/Vancouver',
      note: 'Gate code 1234',
      ...card(SUCCESS_CARD),
      ...overrides,
    },
    idempotencyKey(),
  );
}

const jobContext = () => flow.jobContext();
async function runVisitJobs() {
  await t.runtime.runner!.idle();
  await recurringActivationJob.run(jobContext());
  await t.runtime.runner!.idle();
  await recurringVisitsJob.run(jobContext());
  await t.runtime.runner!.idle();
}

async function subscription(person: Person, id: string): Promise<Subscription> {
  const response = await person.browser.get(`/api/service-subscriptions/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Subscription;
}

/** Runs the visits job until the subscription's visits satisfy `ready`. */
async function untilVisits(person: Person, id: string, ready: (visits: Visit[]) => boolean, message: string) {
  await waitUntil(
    async () => {
      await runVisitJobs();
      return ready((await subscription(person, id)).visits);
    },
    { message },
  );
}
const bookedCount = (visits: Visit[]) => visits.filter((v) => v.status === 'booked').length;

/** Subscribed, agreement signed by both and activated. */
async function activeSubscription(
  contractor: Person,
  customer: Person,
  offerId: string,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const subscribed = await subscribe(customer, offerId, overrides);
  expect(subscribed.statusCode, subscribed.body).toBe(201);
  const id = (subscribed.json() as Subscription).id;
  await flow.settle(flow.rowIn('rm_contracts', id));
  expect((await flow.sign(customer, id)).statusCode).toBe(200);
  expect((await flow.sign(contractor, id)).statusCode).toBe(200);
  await waitUntil(
    async () => {
      await runVisitJobs();
      return (await subscription(customer, id)).status === 'active';
    },
    { message: 'the subscription was not activated' },
  );
  return id;
}

async function escrowOf(person: Person, jobId: string) {
  const response = await person.browser.get(`/api/escrows/${jobId}`);
  return { status: response.statusCode, body: response.json() as { status: string } };
}

describe('recurring offers', () => {
  it('need a plan with subscription services: refused on Starter with the plan’s 403, allowed on Local', async () => {
    const contractor = await openContractor(false);
    const refused = await contractor.browser.post('/api/recurring-offers', offerBody);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatch(/Subscription services/);
    expect(refused.json().error).toMatch(/Local/);
    expect((await contractor.browser.get('/api/recurring-offers/mine')).json()).toEqual({
      offers: [],
      canOffer: false,
    });

    const bought = await contractor.browser.post(
      '/api/plans/purchase',
      { planId: 'local', ...card(SUCCESS_CARD) },
      idempotencyKey(),
    );
    expect(bought.statusCode, bought.body).toBe(200);
    const offerId = await offer(contractor);
    const listed = await new Browser(t.app).get(`/api/contractors/${contractor.user.id}/recurring-offers`);
    expect(listed.json()).toMatchObject({
      offers: [{ id: offerId, pricePerVisitCents: 6_000, frequencies: ['weekly', 'biweekly'], status: 'active' }],
      calendar: { timeZone: ZONE, visitMinutes: 60 },
    });
  });

  it('refuses bad input with 400 and the reason, and other roles with 403', async () => {
    const contractor = await openContractor();
    const bad = (body: object) => contractor.browser.post('/api/recurring-offers', { ...offerBody, ...body });
    expect((await bad({ pricePerVisit: 5 })).json()).toEqual({ error: M.price });
    expect((await bad({ pricePerVisit: 10.005 })).json()).toEqual({ error: M.price });
    expect((await bad({ frequencies: [] })).json()).toEqual({ error: M.frequencies });
    expect((await bad({ service: 'astrology' })).json()).toEqual({ error: M.service });
    expect((await bad({ title: 'ab' })).statusCode).toBe(400);
    const customer = await signUp(t.app, { role: 'customer' });
    expect((await customer.browser.post('/api/recurring-offers', offerBody)).statusCode).toBe(403);
    expect((await new Browser(t.app).post('/api/recurring-offers', offerBody)).statusCode).toBe(401);
  });

  it('is withdrawn by its contractor only; a withdrawn offer takes no subscription', async () => {
    const contractor = await openContractor();
    const offerId = await offer(contractor);
    const other = await openContractor();
    expect((await other.browser.post(`/api/recurring-offers/${offerId}/withdraw`, {})).json()).toEqual({
      error: M.notYourOffer,
    });
    const withdrawn = await contractor.browser.post(`/api/recurring-offers/${offerId}/withdraw`, {});
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().offers[0].status).toBe('withdrawn');
    const customer = await signUp(t.app, { role: 'customer' });
    expect((await subscribe(customer, offerId)).json()).toEqual({ error: M.offerWithdrawn });
  });
});

describe('subscribing', () => {
  it('checks the customer’s age, the frequency and the contractor’s calendar before keeping the card', async () => {
    const contractor = await openContractor();
    const offerId = await offer(contractor);
    const customer = await signUp(t.app, { role: 'customer' });
    expect((await subscribe(customer, offerId, { frequency: 'monthly' })).json()).toEqual({
      error: M.frequencyNotOffered,
    });
    // 07:00 is before the contractor's hours.
    const early = localTenAm(3).replace('T10:00', 'T07:00');
    expect((await subscribe(customer, offerId, { firstVisit: early })).json()).toEqual({
      error: BOOKING_MESSAGES.outsideAvailability,
    });
    expect((await subscribe(customer, offerId, { firstVisit: 'tomorrow' })).statusCode).toBe(400);
    const young = await signUp(t.app, {
      role: 'customer',
      dateOfBirth: DateTime.now().minus({ years: 16 }).toISODate(),
    });
    const refused = await subscribe(young, offerId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: PLAN_MESSAGES.tooYoung });
    expect((await subscribe(contractor, offerId)).statusCode).toBe(403);
    const list = (await customer.browser.get('/api/service-subscriptions')).json();
    expect(list).toEqual({ buying: [], selling: [] });
  });

  it('waits for both signatures, then books two weeks of confirmed visits with executed contracts and funded escrows', async () => {
    const contractor = await openContractor();
    const offerId = await offer(contractor);
    const customer = await signUp(t.app, { role: 'customer' });
    const subscribed = await subscribe(customer, offerId);
    expect(subscribed.statusCode, subscribed.body).toBe(201);
    const requested = subscribed.json() as Subscription;
    expect(requested).toMatchObject({ status: 'requested', role: 'customer', agreement: { status: 'pending' } });
    const id = requested.id;

    // Nothing is booked before the agreement is signed by both.
    await flow.settle(flow.rowIn('rm_contracts', id));
    await runVisitJobs();
    expect((await subscription(contractor, id)).status).toBe('requested');
    const agreement = (await customer.browser.get(`/api/contracts/${id}`)).json();
    expect(agreement.jobKind).toBe('subscription');
    expect(JSON.stringify(agreement)).toContain('Visits take place every week');
    expect(JSON.stringify(agreement)).toContain('Les visites ont lieu chaque semaine');
    expect((await flow.sign(customer, id)).statusCode).toBe(200);
    expect((await flow.sign(contractor, id)).statusCode).toBe(200);

    await untilVisits(customer, id, (visits) => bookedCount(visits) === 2, 'the visits were not booked');
    // Running the job again books nothing twice.
    await runVisitJobs();
    const bookings = await t.runtime.sql<{ bookingId: string; status: string; visitIndex: number }[]>`
      select booking_id as "bookingId", status, visit_index as "visitIndex" from rm_bookings
      where subscription_id = ${id} order by visit_index`;
    expect(bookings).toEqual([
      { bookingId: visitBookingId(id, 0), status: 'confirmed', visitIndex: 0 },
      { bookingId: visitBookingId(id, 1), status: 'confirmed', visitIndex: 1 },
    ]);
    const first = (await subscription(customer, id)).visits[0]!;
    expect(DateTime.fromISO(first.startsAt).setZone(ZONE).toFormat('HH:mm')).toBe('10:00');

    // Each visit has its own contract, executed under the agreement, and its own escrow, funded.
    for (const { bookingId } of bookings) {
      await flow.settle(flow.rowIn('rm_escrows', bookingId));
      const contract = (await contractor.browser.get(`/api/contracts/${bookingId}`)).json();
      expect(contract.status).toBe('executed');
      expect(JSON.stringify(contract)).toContain(`recurring service agreement ${id}`);
    }
    await recurringFundingJob.run(jobContext());
    await t.runtime.runner!.idle();
    for (const { bookingId } of bookings) {
      await waitUntil(async () => (await escrowOf(customer, bookingId)).body.status === 'funded', {
        message: 'the visit escrow was not funded',
      });
    }
    // A second run charges nothing again.
    expect(await recurringFundingJob.run(jobContext())).toBe(0);
    const booked = (await contractor.browser.get(`/api/bookings/${bookings[0]!.bookingId}`)).json();
    expect(booked.booking ?? booked).toMatchObject({ status: 'confirmed' });
  });

  it('tells the customer when the card on file is declined for a visit', async () => {
    const contractor = await openContractor();
    const offerId = await offer(contractor);
    const customer = await signUp(t.app, { role: 'customer' });
    const id = await activeSubscription(contractor, customer, offerId, card('4000 0000 0000 0002'));
    await untilVisits(customer, id, (visits) => bookedCount(visits) > 0, 'no visit was booked');
    const bookingId = visitBookingId(id, 0);
    await flow.settle(flow.rowIn('rm_escrows', bookingId));
    await recurringFundingJob.run(jobContext());
    await waitUntil(
      async () => {
        await t.runtime.runner!.idle();
        const notes = (await customer.browser.get('/api/notifications')).json() as { title: string }[];
        return notes.some((n) => n.title === 'A visit payment was declined');
      },
      { message: 'the customer was not told of the declined card' },
    );
    expect((await escrowOf(customer, bookingId)).body.status).toBe('awaiting-funding');
    // The job does not retry a declined card; the customer pays on the visit's contract page.
    expect(await recurringFundingJob.run(jobContext())).toBe(0);
    const paid = await customer.browser.post(`/api/escrows/${bookingId}/fund`, card(SUCCESS_CARD), idempotencyKey());
    expect(paid.statusCode, paid.body).toBe(200);
  });
});

describe('skip, pause, resume and cancel', () => {
  it('lets only the parties act, each on what is theirs', async () => {
    const contractor = await openContractor();
    const offerId = await offer(contractor);
    const customer = await signUp(t.app, { role: 'customer' });
    const id = await activeSubscription(contractor, customer, offerId);
    const stranger = await signUp(t.app, { role: 'customer' });
    expect((await stranger.browser.get(`/api/service-subscriptions/${id}`)).json()).toEqual({ error: M.notAParty });
    expect((await stranger.browser.post(`/api/service-subscriptions/${id}/visits/3/skip`, {})).json()).toEqual({
      error: M.notAParty,
    });
    expect((await contractor.browser.post(`/api/service-subscriptions/${id}/pause`, {})).statusCode).toBe(403);
    expect((await customer.browser.post(`/api/service-subscriptions/${id}/decline`, {})).statusCode).toBe(403);
    expect((await customer.browser.post(`/api/service-subscriptions/${id}/visits/abc/skip`, {})).json()).toEqual({
      error: M.visitIndex,
    });
    expect((await customer.browser.post(`/api/service-subscriptions/not-a-uuid/pause`, {})).statusCode).toBe(400);
  });

  it('skips a booked visit (cancelled on the calendar, its escrow refunded), pauses, resumes and cancels', async () => {
    const contractor = await openContractor();
    const offerId = await offer(contractor);
    const customer = await signUp(t.app, { role: 'customer' });
    const id = await activeSubscription(contractor, customer, offerId);
    await untilVisits(customer, id, (visits) => bookedCount(visits) === 2, 'the visits were not booked');
    const second = visitBookingId(id, 1);
    await flow.settle(flow.rowIn('rm_escrows', second));
    await recurringFundingJob.run(jobContext());
    await waitUntil(async () => (await escrowOf(customer, second)).body.status === 'funded', {
      message: 'the second visit was not funded',
    });

    // Skipping the second visit (a week ahead: free) cancels its booking and refunds its escrow.
    const skipped = await customer.browser.post(`/api/service-subscriptions/${id}/visits/1/skip`, {});
    expect(skipped.statusCode, skipped.body).toBe(200);
    expect((skipped.json() as Subscription).visits.find((v) => v.index === 1)?.status).toBe('skipped');
    const [cancelled] = await t.runtime.sql`select status from rm_bookings where booking_id = ${second}`;
    expect(cancelled!.status).toBe('cancelled');
    await flow.settle(async () => (await escrowOf(customer, second)).body.status === 'refunded');
    expect((await customer.browser.post(`/api/service-subscriptions/${id}/visits/1/skip`, {})).json()).toEqual({
      error: M.visitSkipped,
    });

    // Paused: no new visit is booked, and the contractor is told.
    const paused = await customer.browser.post(`/api/service-subscriptions/${id}/pause`, {});
    expect(paused.statusCode, paused.body).toBe(200);
    expect((paused.json() as Subscription).actions).toMatchObject({ pause: false, resume: true });
    // The first visit, more than 24 hours ahead, was given back: its booking is cancelled (free).
    const [first] = await t.runtime.sql`select status from rm_bookings where booking_id = ${visitBookingId(id, 0)}`;
    expect(first!.status).toBe('cancelled');
    expect((paused.json() as Subscription).visits[0]).toMatchObject({ index: 0, status: 'upcoming', bookingId: null });
    const resumed = await customer.browser.post(`/api/service-subscriptions/${id}/resume`, {});
    expect((resumed.json() as Subscription).status).toBe('active');
    // Resumed: the visit is booked again, under a new booking id.
    await untilVisits(
      customer,
      id,
      (visits) => visits[0]?.bookingId === visitBookingId(id, 0, 1),
      'the given-back visit was not booked again',
    );
    expect((await subscription(customer, id)).visits[0]).toMatchObject({ index: 0, status: 'booked' });

    // The contractor cancels: every future visit is cancelled, free for the customer.
    const ended = await contractor.browser.post(`/api/service-subscriptions/${id}/cancel`, { reason: 'Moving away' });
    expect(ended.statusCode, ended.body).toBe(200);
    expect((ended.json() as Subscription).status).toBe('cancelled');
    const live = await t.runtime.sql`
      select 1 from rm_bookings where subscription_id = ${id} and status in ('requested', 'confirmed')`;
    expect(live).toHaveLength(0);
    expect((await customer.browser.post(`/api/service-subscriptions/${id}/resume`, {})).json()).toEqual({
      error: M.ended,
    });
    await waitUntil(
      async () => {
        await t.runtime.runner!.idle();
        const notes = (await customer.browser.get('/api/notifications')).json() as { title: string }[];
        return notes.some((n) => n.title === 'Recurring service cancelled');
      },
      { message: 'the customer was not told of the cancellation' },
    );
    const mine = (await contractor.browser.get('/api/service-subscriptions')).json();
    expect(mine.selling.map((s: Subscription) => s.id)).toContain(id);
  });

  it('skipping a visit while its card is being charged ends one way: never charged, or refunded in full', async () => {
    const contractor = await openContractor();
    const offerId = await offer(contractor);
    const customer = await signUp(t.app, { role: 'customer' });
    const id = await activeSubscription(contractor, customer, offerId);
    await untilVisits(customer, id, (visits) => bookedCount(visits) === 2, 'the visits were not booked');
    const second = visitBookingId(id, 1);
    await flow.settle(flow.rowIn('rm_escrows', second));
    // The skip and the visit's charge on the card on file, at the same moment.
    const [skipped] = await Promise.all([
      customer.browser.post(`/api/service-subscriptions/${id}/visits/1/skip`, {}),
      recurringFundingJob.run(jobContext()),
    ]);
    expect(skipped.statusCode, skipped.body).toBe(200);
    // Decided in the skip itself: no timer has to refund it later.
    const events = (await t.runtime.store.readStream(escrowStreamId(second))) as unknown as EscrowEvent[];
    const escrow = foldEvents(escrowDecider, events);
    expect(['cancelled', 'refunded']).toContain(escrow.status);
    const gateway = t.runtime.gateway as unknown as { ledger: Map<string, { kind: string; result: unknown }> };
    const charge = gateway.ledger.get(`charge:${escrowStreamId(second)}:recurring-visit`);
    const charged = (charge?.result as { ok?: boolean } | undefined)?.ok === true;
    if (escrow.status === 'cancelled') {
      // Never paid: the card was not charged, or the charge was given back at once.
      const paymentId = (charge?.result as { paymentId?: string } | undefined)?.paymentId;
      expect(!charged || gateway.ledger.has(`refund:${paymentId}:unrecorded`)).toBe(true);
    } else {
      expect(charged).toBe(true);
      const refund = events.find((event) => event.type === 'EscrowRefunded')!.data as {
        refund: { amountCents: number };
      };
      expect(refund.refund.amountCents).toBe(6_000);
    }
  });

  it('records a visit the calendar refuses, and tells both parties', async () => {
    const contractor = await openContractor();
    const offerId = await offer(contractor);
    // Closed the day of the second visit.
    const closed = DateTime.now().setZone(ZONE).plus({ days: 9 }).toISODate();
    const exception = await put(contractor.browser, `/api/contractor/availability/exceptions/${closed}`, {
      windows: [],
      note: 'Holiday',
    });
    expect(exception.statusCode, exception.body).toBe(200);
    const customer = await signUp(t.app, { role: 'customer' });
    const id = await activeSubscription(contractor, customer, offerId);
    await untilVisits(
      customer,
      id,
      (visits) => visits.find((v) => v.index === 1)?.status === 'not-booked',
      'the refused visit was not recorded',
    );
    const [row] = await t.runtime.sql`select count(*)::int as n from rm_bookings where subscription_id = ${id}`;
    expect(row!.n).toBe(1);
    await waitUntil(
      async () => {
        await t.runtime.runner!.idle();
        const notes = (await contractor.browser.get('/api/notifications')).json() as { title: string }[];
        return notes.some((n) => n.title === 'A recurring visit could not be booked');
      },
      { message: 'the contractor was not told' },
    );
  });
});
