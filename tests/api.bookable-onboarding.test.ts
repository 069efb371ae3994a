import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { LOCATION_MESSAGE, RADIUS_MESSAGE } from '../shared/domain/catalogue/decider.ts';
import { BOOKING_MESSAGES } from '../shared/domain/booking/messages.ts';
import { TIME_PROPOSAL_MESSAGES, timeProposalStreamId } from '../shared/domain/booking/time-proposals.ts';
import { WORK_ORDER_MESSAGES } from '../api/modules/booking/work-orders.ts';
import type { slotView, timeProposalAnswer, timeProposalsView } from '../shared/http/booking.ts';
import { workOrderStreamId } from '../shared/domain/work/events.ts';
import { handleCommand } from '../shared/domain/decider.ts';
import { escrowDecider, type EscrowCommand } from '../shared/domain/escrow/decider.ts';
import { escrowStreamId } from '../shared/domain/escrow/events.ts';
import { scheduleStreamId } from '../shared/domain/booking/events.ts';
import { initialOnboardingValues, onboardingRequests, type OnboardingValues } from '../site/islands/auth/validation.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { Browser, eventsMentioning, signUp } from './support/http-client.ts';
import { waitUntil } from './support/wait.ts';

/**
 * Live means bookable: what the onboarding wizard sends at Go Live (the site's own request list)
 * gives the contractor a service area around their location and open slots, and a customer whose
 * contractor has no hours can still propose times, which the contractor is told about and can
 * accept: one of the times becomes a confirmed booking of the job, and the customer is told.
 */

type Person = Awaited<ReturnType<typeof signUp>>;
type Slot = z.output<typeof slotView>;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const DAY = 86_400_000;
const errorOf = (response: { json(): unknown }) => (response.json() as { error: string }).error;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const wizard: OnboardingValues = {
  ...initialOnboardingValues,
  serviceTitle: 'House Cleaning',
  serviceDescription: 'Kitchens, bathrooms and floors, with my own supplies.',
  location: 'Montréal, QC',
};

/** Goes Live as the wizard does: the same requests, in the same order. */
async function goLive(person: Person, values: OnboardingValues) {
  for (const request of onboardingRequests(values)) {
    const response = await person.browser.request(request.method, request.path, request.body);
    expect(response.statusCode, `${request.method} ${request.path}: ${response.body}`).toBeLessThan(300);
  }
}

async function slotsOf(contractorId: string): Promise<{ timeZone: string | null; slots: Slot[] }> {
  const now = Date.now();
  const response = await new Browser(t.app).get(
    `/api/contractors/${contractorId}/slots?from=${isoDay(now)}&to=${isoDay(now + 14 * DAY)}&tz=America/Toronto`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { timeZone: string | null; slots: Slot[] };
}

describe('onboarding with a location', () => {
  it('gives a service area around the location and bookable slots in the next 14 days', async () => {
    const pro = await signUp(t.app, { role: 'contractor' });
    await goLive(pro, { ...wizard, radiusKm: '40' });

    const area = await pro.browser.get('/api/contractor/service-area');
    expect(area.statusCode, area.body).toBe(200);
    expect(area.json()).toMatchObject({
      serviceArea: { city: 'Montréal', province: 'QC', radiusKm: 40, services: [], postalCode: null },
    });
    expect((area.json() as { serviceArea: { fsa: string } }).serviceArea.fsa).toMatch(/^H\d[A-Z]$/);

    // The directory measures from the area's centre: found near Montréal, not near Vancouver.
    const near = await new Browser(t.app).get('/api/contractors/browse?city=Montr%C3%A9al&province=QC&distanceKm=10');
    expect((near.json() as { contractors: { id: string }[] }).contractors.map((c) => c.id)).toContain(pro.user.id);
    const far = await new Browser(t.app).get('/api/contractors/browse?city=Vancouver&province=BC&distanceKm=50');
    expect((far.json() as { contractors: { id: string }[] }).contractors.map((c) => c.id)).not.toContain(pro.user.id);

    // Monday to Friday, 9:00 to 17:00, hour-long slots: bookable within the next 14 days.
    const { timeZone, slots } = await slotsOf(pro.user.id);
    expect(timeZone).toBe('America/Toronto');
    expect(slots.length).toBeGreaterThanOrEqual(8 * 8);
    for (const slot of slots) {
      const weekday = new Date(`${slot.date}T12:00:00Z`).getUTCDay();
      expect(weekday, slot.date).not.toBe(0);
      expect(weekday, slot.date).not.toBe(6);
      expect(slot.time >= '09:00' && slot.time < '17:00', slot.time).toBe(true);
    }

    // And a customer can book the first one.
    const client = await signUp(t.app, { role: 'customer' });
    const booked = await client.browser.post('/api/bookings', {
      contractorId: pro.user.id,
      startsAt: slots[0]!.startsAt,
    });
    expect(booked.statusCode, booked.body).toBe(201);
  });

  it('takes a postal code too, keeping the full code out of the event log', async () => {
    const pro = await signUp(t.app, { role: 'contractor' });
    await goLive(pro, { ...wizard, location: 'k1a 0b1' });
    const area = await pro.browser.get('/api/contractor/service-area');
    expect(area.json()).toMatchObject({ serviceArea: { fsa: 'K1A', postalCode: 'K1A 0B1', radiusKm: 25 } });
    expect(await eventsMentioning(t.runtime, 'K1A 0B1')).toBe(0);
  });

  it('refuses a place it does not know, a bad radius, and anyone but a contractor', async () => {
    const pro = await signUp(t.app, { role: 'contractor' });
    const unknown = await pro.browser.put('/api/contractor/service-area/location', { location: 'Atlantis' });
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown)).toBe(LOCATION_MESSAGE);
    for (const radiusKm of [0, 251, 2.5, '25']) {
      const bad = await pro.browser.put('/api/contractor/service-area/location', { location: 'Halifax, NS', radiusKm });
      expect(bad.statusCode, String(radiusKm)).toBe(400);
      expect(errorOf(bad)).toBe(RADIUS_MESSAGE);
    }
    const blank = await pro.browser.put('/api/contractor/service-area/location', { location: '  ' });
    expect(blank.statusCode).toBe(400);
    expect((await pro.browser.get('/api/contractor/service-area')).json()).toMatchObject({ serviceArea: null });

    const client = await signUp(t.app, { role: 'customer' });
    const body = { location: 'Halifax, NS' };
    expect((await client.browser.put('/api/contractor/service-area/location', body)).statusCode).toBe(403);
    expect((await new Browser(t.app).put('/api/contractor/service-area/location', body)).statusCode).toBe(401);
  });
});

// ─── The customer of a contractor without hours ───────────────────────────────────────────────

/** A job the customer posted and awarded to the contractor (the work module's contract events). */
async function awardedJob(customer: Person, contractor: Person) {
  const workOrderId = randomUUID();
  const now = new Date().toISOString();
  await t.runtime.store.append(workOrderStreamId(workOrderId), [
    {
      type: 'WorkOrderPosted',
      data: {
        workOrderId,
        customerId: customer.user.id,
        mode: 'bids',
        directContractorId: null,
        title: 'Repaint the living room',
        description: 'Two walls, light grey, ceiling excluded.',
        category: 'home-improvement',
        service: null,
        location: null,
        remote: false,
        budgetMinCents: 40_000,
        budgetMaxCents: 60_000,
        preferredDates: [],
        photos: [],
        postedAt: now,
      },
    },
    {
      type: 'WorkOrderAwarded',
      data: {
        workOrderId,
        customerId: customer.user.id,
        contractorId: contractor.user.id,
        proposalId: randomUUID(),
        priceCents: 50_000,
        awardedAt: now,
      },
    },
  ]);
  await waitUntil(
    async () =>
      (
        await t.runtime.sql`select 1 from rm_conversations where kind = 'work-order' and subject_id = ${workOrderId}
          and contractor_id = ${contractor.user.id}`
      ).length > 0,
    { message: 'the awarded job was not projected' },
  );
  return workOrderId;
}

type Notification = { type: string; priority: string; title: string; message: string; actionUrl?: string };

describe('proposing times to a contractor without hours', () => {
  it('posts the message in the job’s conversation and tells the contractor', async () => {
    const pro = await signUp(t.app, { role: 'contractor' });
    const client = await signUp(t.app, { role: 'customer' });
    const job = await awardedJob(client, pro);
    expect((await slotsOf(pro.user.id)).timeZone).toBeNull();

    const times = [new Date(Date.now() + 3 * DAY).toISOString(), new Date(Date.now() + 2 * DAY).toISOString()];
    const message = 'Could you come on one of these? Tuesday 10:00 or Wednesday 14:00. The side door is open.';
    const response = await client.browser.post(`/api/work-orders/${job}/time-proposals`, { times, message });
    expect(response.statusCode, response.body).toBe(201);
    const { proposal } = response.json() as z.output<typeof timeProposalAnswer>;
    expect(proposal.times).toEqual([...times].sort());

    // The message is stored in the job's conversation, which both parties read.
    const thread = await pro.browser.get(`/api/conversations/work-order/${job}/messages`);
    expect(thread.statusCode, thread.body).toBe(200);
    expect((thread.json() as { messages: { id: string; body: string }[] }).messages).toEqual([
      expect.objectContaining({ id: proposal.messageId, body: message }),
    ]);

    // The contractor is notified (high priority), with a way to the job's page, where they accept a time.
    let mine: Notification[] = [];
    await waitUntil(
      async () => {
        mine = (await pro.browser.get('/api/notifications')).json() as Notification[];
        return mine.some((n) => n.title === 'A customer proposed times');
      },
      { message: 'the contractor was not notified' },
    );
    expect(mine.find((n) => n.title === 'A customer proposed times')).toMatchObject({
      type: 'booking_request',
      priority: 'high',
      actionUrl: `/projects/${job}`,
    });
    expect(mine.find((n) => n.title === 'A customer proposed times')!.message).toContain('2 time(s)');
    // The customer is not notified of their own proposal.
    const theirs = (await client.browser.get('/api/notifications')).json() as Notification[];
    expect(theirs.some((n) => n.title === 'A customer proposed times')).toBe(false);

    // The proposal event carries ids and instants; the text lives in the conversation only.
    const [row] = await t.runtime.sql<{ data: Record<string, unknown> }[]>`
      select data from es_events where type = 'TimesProposed' and data->>'proposalId' = ${proposal.id}`;
    expect(Object.keys(row!.data).sort()).toEqual(
      ['contractorId', 'customerId', 'messageId', 'proposalId', 'proposedAt', 'times', 'workOrderId'].sort(),
    );
  });

  it('refuses a contractor with hours, a job not theirs or not awarded, and bad times, posting nothing', async () => {
    const pro = await signUp(t.app, { role: 'contractor' });
    const client = await signUp(t.app, { role: 'customer' });
    const job = await awardedJob(client, pro);
    const url = `/api/work-orders/${job}/time-proposals`;
    const soon = new Date(Date.now() + 2 * DAY).toISOString();
    const ok = { times: [soon], message: 'Would Tuesday morning work?' };

    const cases: [unknown, number, string][] = [
      [{ ...ok, times: [] }, 400, TIME_PROPOSAL_MESSAGES.times],
      [{ ...ok, times: [soon, soon] }, 400, TIME_PROPOSAL_MESSAGES.times],
      [
        { ...ok, times: [1, 2, 3, 4].map((d) => new Date(Date.now() + d * DAY).toISOString()) },
        400,
        TIME_PROPOSAL_MESSAGES.times,
      ],
      [{ ...ok, times: [new Date(Date.now() - DAY).toISOString()] }, 400, TIME_PROPOSAL_MESSAGES.tooSoon],
      [{ ...ok, times: [new Date(Date.now() + 200 * DAY).toISOString()] }, 400, TIME_PROPOSAL_MESSAGES.tooFarAhead],
      [{ ...ok, times: ['tomorrow'] }, 400, ''],
      [{ ...ok, message: '   ' }, 400, ''],
      [{ times: [soon] }, 400, ''],
      [{ ...ok, extra: true }, 400, ''],
    ];
    for (const [body, status, error] of cases) {
      const response = await client.browser.post(url, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      if (error) expect(errorOf(response)).toBe(error);
      else expect(errorOf(response)).toBeTruthy();
    }

    const stranger = await signUp(t.app, { role: 'customer' });
    const foreign = await stranger.browser.post(url, ok);
    expect(foreign.statusCode).toBe(403);
    expect(errorOf(foreign)).toBe(WORK_ORDER_MESSAGES.notOwner);
    expect((await pro.browser.post(url, ok)).statusCode).toBe(403);
    expect((await new Browser(t.app).post(url, ok)).statusCode).toBe(401);
    const unknown = await client.browser.post(`/api/work-orders/${randomUUID()}/time-proposals`, ok);
    expect(unknown.statusCode).toBe(404);
    expect((await client.browser.post('/api/work-orders/not%20an%20id/time-proposals', ok)).statusCode).toBe(400);

    // Once the contractor publishes hours, the customer books a slot instead.
    const hours = await pro.browser.put('/api/contractor/availability', {
      timeZone: 'America/Toronto',
      weekly: [{ weekday: 1, start: '09:00', end: '17:00' }],
      slotMinutes: 60,
    });
    expect(hours.statusCode, hours.body).toBe(200);
    const withHours = await client.browser.post(url, ok);
    expect(withHours.statusCode).toBe(409);
    expect(errorOf(withHours)).toBe(TIME_PROPOSAL_MESSAGES.hasHours);

    // None of the refusals left a message behind.
    const thread = await client.browser.get(`/api/conversations/work-order/${job}/messages`);
    expect((thread.json() as { messages: unknown[] }).messages).toEqual([]);
  });
});

// ─── The contractor accepts a proposed time ───────────────────────────────────────────────────

type ProposalView = z.output<typeof timeProposalsView>[number];

async function proposed(client: Person, job: string, times: string[]) {
  const response = await client.browser.post(`/api/work-orders/${job}/time-proposals`, {
    times,
    message: 'Would one of these times work for you?',
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as z.output<typeof timeProposalAnswer>).proposal;
}

const proposalsOf = async (person: Person, job: string) => {
  const response = await person.browser.get(`/api/work-orders/${job}/time-proposals`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ProposalView[];
};

describe('accepting a proposed time', () => {
  it('books the chosen time for the job, confirmed, and tells the customer', async () => {
    const pro = await signUp(t.app, { role: 'contractor' });
    const client = await signUp(t.app, { role: 'customer' });
    const job = await awardedJob(client, pro);
    const times = [new Date(Date.now() + 2 * DAY).toISOString(), new Date(Date.now() + 3 * DAY).toISOString()];
    const proposal = await proposed(client, job, times);

    await waitUntil(async () => (await proposalsOf(pro, job)).length === 1, { message: 'the proposal was not read' });
    expect(await proposalsOf(pro, job)).toEqual([
      expect.objectContaining({ id: proposal.id, times: proposal.times, accepted: null, canAccept: true }),
    ]);
    expect(await proposalsOf(client, job)).toEqual([expect.objectContaining({ id: proposal.id, canAccept: false })]);

    const chosen = proposal.times[1]!;
    const accepted = await pro.browser.post(`/api/work-orders/${job}/time-proposals/${proposal.id}/accept`, {
      startsAt: chosen,
      timeZone: 'America/Toronto',
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const { booking } = accepted.json() as { booking: { id: string; status: string; startsAt: string } };
    expect(booking).toMatchObject({ status: 'confirmed', startsAt: chosen });

    // The customer's booking of the job, confirmed; the proposal shows it and offers nothing more.
    const mine = (await client.browser.get('/api/bookings/mine')).json() as {
      id: string;
      status: string;
      startsAt: string;
    }[];
    expect(mine).toEqual([expect.objectContaining({ id: booking.id, status: 'confirmed', startsAt: chosen })]);
    expect(await proposalsOf(pro, job)).toEqual([
      expect.objectContaining({ accepted: { bookingId: booking.id, startsAt: chosen }, canAccept: false }),
    ]);

    // The customer is told the time was accepted (and not the contractor, who booked it).
    let theirs: Notification[] = [];
    await waitUntil(
      async () => {
        theirs = (await client.browser.get('/api/notifications')).json() as Notification[];
        return theirs.some((n) => n.title === 'Your proposed time was accepted');
      },
      { message: 'the customer was not notified' },
    );
    expect(theirs.find((n) => n.title === 'Your proposed time was accepted')).toMatchObject({
      type: 'booking_confirmation',
      actionUrl: `/bookings/${booking.id}`,
    });
    expect(theirs.some((n) => n.title === 'Booking confirmed')).toBe(false);
    const proNotes = (await pro.browser.get('/api/notifications')).json() as Notification[];
    expect(proNotes.some((n) => n.title.startsWith('New booking request'))).toBe(false);

    // A second accept (another time) is refused: the job has its booking.
    const again = await pro.browser.post(`/api/work-orders/${job}/time-proposals/${proposal.id}/accept`, {
      startsAt: proposal.times[0],
    });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toBe(BOOKING_MESSAGES.workOrderBooked);
  });

  it('tells the booking to the customer in the time zone they proposed from, not the contractor’s', async () => {
    const pro = await signUp(t.app, { role: 'contractor' });
    const client = await signUp(t.app, { role: 'customer' });
    const job = await awardedJob(client, pro);
    const response = await client.browser.post(`/api/work-orders/${job}/time-proposals`, {
      times: [new Date(Date.now() + 2 * DAY).toISOString()],
      message: 'Would this time work for you?',
      timeZone: 'America/Vancouver',
    });
    expect(response.statusCode, response.body).toBe(201);
    const { proposal } = response.json() as z.output<typeof timeProposalAnswer>;
    const accepted = await pro.browser.post(`/api/work-orders/${job}/time-proposals/${proposal.id}/accept`, {
      startsAt: proposal.times[0],
      timeZone: 'America/Halifax',
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const events = await t.runtime.store.readStream(scheduleStreamId(pro.user.id));
    const requested = events.find((event) => event.type === 'BookingRequested');
    expect(requested?.data).toMatchObject({ workOrderId: job, customerTimeZone: 'America/Vancouver' });
    const bad = await client.browser.post(`/api/work-orders/${job}/time-proposals`, {
      times: [new Date(Date.now() + 2 * DAY).toISOString()],
      message: 'And this one?',
      timeZone: 'Mars/Base',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('is refused once the work is marked done, for a proposal, an accept and a booked slot alike', async () => {
    const pro = await signUp(t.app, { role: 'contractor' });
    const client = await signUp(t.app, { role: 'customer' });
    const job = await awardedJob(client, pro);
    const proposal = await proposed(client, job, [new Date(Date.now() + 2 * DAY).toISOString()]);
    // The job's escrow as the money module writes it: created, funded, then the work marked complete.
    const context = { actorId: pro.user.id, correlationId: randomUUID(), now: new Date() };
    const money: EscrowCommand[] = [
      {
        type: 'CreateEscrow',
        jobId: job,
        contractVersion: 1,
        customerId: client.user.id,
        contractorId: pro.user.id,
        amountCents: 50_000,
        contractorProvince: 'ON',
        startsAt: null,
        now: new Date(),
      },
      {
        type: 'RecordFunding',
        actorId: client.user.id,
        amountCents: 50_000,
        paymentId: `pay_${randomUUID()}`,
        cardBrand: 'visa',
        cardLast4: '4242',
        now: new Date(),
      },
      { type: 'MarkWorkComplete', actorId: pro.user.id, note: null, now: new Date() },
    ];
    for (const command of money)
      await handleCommand(t.runtime.store, escrowStreamId(job), escrowDecider, command, context);

    const accept = await pro.browser.post(`/api/work-orders/${job}/time-proposals/${proposal.id}/accept`, {
      startsAt: proposal.times[0],
    });
    expect(accept.statusCode).toBe(409);
    expect(errorOf(accept)).toBe(WORK_ORDER_MESSAGES.workDone);
    const again = await client.browser.post(`/api/work-orders/${job}/time-proposals`, {
      times: [new Date(Date.now() + 3 * DAY).toISOString()],
      message: 'One more time?',
    });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toBe(WORK_ORDER_MESSAGES.workDone);
    const french = await client.browser.request(
      'POST',
      `/api/work-orders/${job}/time-proposals`,
      { times: [new Date(Date.now() + 3 * DAY).toISOString()], message: 'Encore une fois?' },
      { 'accept-language': 'fr-CA' },
    );
    expect(errorOf(french)).toBe(
      'Ce travail est terminé ou son paiement est réglé : aucune visite ne peut être réservée.',
    );
    const none = await t.runtime
      .sql`select 1 from es_events where type = 'BookingRequested' and data->>'workOrderId' = ${job}`;
    expect(none).toHaveLength(0);

    // A slot of the contractor's new hours cannot be booked for the job either.
    const hours = await pro.browser.put('/api/contractor/availability', {
      timeZone: 'America/Toronto',
      weekly: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '17:00' })),
      slotMinutes: 60,
    });
    expect(hours.statusCode, hours.body).toBe(200);
    let slot: Slot | undefined;
    await waitUntil(async () => (slot = (await slotsOf(pro.user.id)).slots[0]) !== undefined, {
      message: 'the hours were not read',
    });
    const booking = await client.browser.post('/api/bookings', {
      contractorId: pro.user.id,
      startsAt: slot!.startsAt,
      workOrderId: job,
      jobType: 'work-order',
    });
    expect(booking.statusCode).toBe(409);
    expect(errorOf(booking)).toBe(WORK_ORDER_MESSAGES.workDone);

    // Changes requested put the work back in progress: a time can be accepted again.
    await handleCommand(
      t.runtime.store,
      escrowStreamId(job),
      escrowDecider,
      { type: 'RequestChanges', actorId: client.user.id, note: 'The second wall needs another coat.', now: new Date() },
      context,
    );
    const reopened = await pro.browser.post(`/api/work-orders/${job}/time-proposals/${proposal.id}/accept`, {
      startsAt: proposal.times[0],
    });
    expect(reopened.statusCode, reopened.body).toBe(201);
  });

  it('two accepts at the same instant make one booking', async () => {
    const pro = await signUp(t.app, { role: 'contractor' });
    const client = await signUp(t.app, { role: 'customer' });
    const job = await awardedJob(client, pro);
    const times = [new Date(Date.now() + 2 * DAY).toISOString(), new Date(Date.now() + 4 * DAY).toISOString()];
    const proposal = await proposed(client, job, times);
    const url = `/api/work-orders/${job}/time-proposals/${proposal.id}/accept`;
    const answers = await Promise.all([
      pro.browser.post(url, { startsAt: proposal.times[0] }),
      pro.browser.post(url, { startsAt: proposal.times[1] }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const rows = await t.runtime.sql`
      select 1 from es_events where type = 'BookingRequested' and data->>'workOrderId' = ${job}`;
    expect(rows).toHaveLength(1);
  });

  it('is the job’s contractor’s, for one of the proposed times still ahead, on that job only', async () => {
    const pro = await signUp(t.app, { role: 'contractor' });
    const client = await signUp(t.app, { role: 'customer' });
    const job = await awardedJob(client, pro);
    const otherJob = await awardedJob(client, pro);
    const times = [new Date(Date.now() + 2 * DAY).toISOString()];
    const proposal = await proposed(client, job, times);
    const url = `/api/work-orders/${job}/time-proposals/${proposal.id}/accept`;
    const ok = { startsAt: proposal.times[0] };

    const otherPro = await signUp(t.app, { role: 'contractor' });
    const foreign = await otherPro.browser.post(url, ok);
    expect(foreign.statusCode).toBe(403);
    expect(errorOf(foreign)).toBe(TIME_PROPOSAL_MESSAGES.contractorOnly);
    expect((await client.browser.post(url, ok)).statusCode).toBe(403);
    expect((await new Browser(t.app).post(url, ok)).statusCode).toBe(401);
    expect((await otherPro.browser.get(`/api/work-orders/${job}/time-proposals`)).statusCode).toBe(403);
    expect((await new Browser(t.app).get(`/api/work-orders/${job}/time-proposals`)).statusCode).toBe(401);

    const notProposed = await pro.browser.post(url, { startsAt: new Date(Date.now() + 5 * DAY).toISOString() });
    expect(notProposed.statusCode).toBe(400);
    expect(errorOf(notProposed)).toBe(BOOKING_MESSAGES.notProposedTime);
    const elsewhere = await pro.browser.post(`/api/work-orders/${otherJob}/time-proposals/${proposal.id}/accept`, ok);
    expect(elsewhere.statusCode).toBe(404);
    expect(errorOf(elsewhere)).toBe(TIME_PROPOSAL_MESSAGES.notFound);
    const unknown = await pro.browser.post(`/api/work-orders/${job}/time-proposals/${randomUUID()}/accept`, ok);
    expect(unknown.statusCode).toBe(404);
    for (const bad of [
      `/api/work-orders/not-a-uuid/time-proposals/${proposal.id}/accept`,
      `/api/work-orders/${job}/time-proposals/nope/accept`,
    ]) {
      expect((await pro.browser.post(bad, ok)).statusCode).toBe(400);
    }
    for (const body of [{}, { startsAt: 'tomorrow' }, { ...ok, extra: 1 }, { ...ok, timeZone: 'Mars/Base' }]) {
      expect((await pro.browser.post(url, body)).statusCode, JSON.stringify(body)).toBe(400);
    }

    // A proposal whose time is now less than an hour away cannot be accepted any more.
    const lateId = randomUUID();
    const soon = new Date(Date.now() + 30 * 60_000).toISOString();
    await t.runtime.store.append(timeProposalStreamId(lateId), [
      {
        type: 'TimesProposed',
        data: {
          proposalId: lateId,
          workOrderId: job,
          customerId: client.user.id,
          contractorId: pro.user.id,
          messageId: randomUUID(),
          times: [soon],
          proposedAt: new Date(Date.now() - DAY).toISOString(),
        },
      },
    ]);
    const late = await pro.browser.post(`/api/work-orders/${job}/time-proposals/${lateId}/accept`, { startsAt: soon });
    expect(late.statusCode).toBe(409);
    expect(errorOf(late)).toBe(BOOKING_MESSAGES.proposedTimePassed);
    const none = await t.runtime
      .sql`select 1 from es_events where type = 'BookingRequested' and data->>'workOrderId' = ${job}`;
    expect(none).toHaveLength(0);
  });
});
