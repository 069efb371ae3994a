import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { findBooking } from '../projections/bookings.ts';
import { findContract } from '../projections/contracts.ts';
import { scheduledJobLock } from '../infrastructure/scheduling/scheduled.ts';
import { connect } from '../shared/db/postgres.ts';
import { contractsAndEscrowsJob } from '../workflows/money-jobs.ts';
import { WORK_ORDER_MESSAGES } from '../api/modules/booking/work-orders.ts';
import { scheduleStreamId } from '../shared/domain/booking/events.ts';
import { BOOKING_MESSAGES as M } from '../shared/domain/booking/messages.ts';
import { workOrderStreamId } from '../shared/domain/work/events.ts';
import type { bookingView, slotsView } from '../shared/http/booking.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { Browser, createAdmin, signUp } from './support/http-client.ts';
import { waitUntil } from './support/wait.ts';

type Slots = z.output<typeof slotsView>;
type Slot = Slots['slots'][number];
type Booking = z.output<typeof bookingView>;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

const HOUR = 3_600_000;
const anonymous = () => new Browser(t.app);
const customer = () => signUp(t.app, { role: 'customer' });
const contractor = () => signUp(t.app, { role: 'contractor' });
const put = (browser: Browser, url: string, body?: unknown) => browser.request('PUT', url, body);

/** Every day 00:00–23:30 in Toronto, 30-minute slots: a slot is always at most 1.5 h away. */
const allDay = {
  timeZone: 'America/Toronto',
  weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '23:30' })),
  slotMinutes: 30,
};

async function openContractor(availability: object = allDay) {
  const person = await contractor();
  const response = await put(person.browser, '/api/contractor/availability', availability);
  expect(response.statusCode, response.body).toBe(200);
  return person;
}

async function slots(contractorId: string, query = ''): Promise<Slots> {
  const response = await anonymous().get(`/api/contractors/${contractorId}/slots${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Slots;
}

/** The first open slot at least `hours` ahead (within the next week). */
async function slotAhead(contractorId: string, hours: number): Promise<Slot> {
  const all = (await slots(contractorId, '?tz=America/Toronto')).slots;
  const found = all.find((s) => Date.parse(s.startsAt) >= Date.now() + hours * HOUR);
  if (!found) throw new Error(`no slot ${hours} h ahead`);
  return found;
}

async function book(browser: Browser, body: Record<string, unknown>): Promise<Booking> {
  const response = await browser.post('/api/bookings', body);
  expect(response.statusCode, response.body).toBe(201);
  const { booking } = response.json() as { booking: { id: string } };
  return read(browser, booking.id);
}

async function read(browser: Browser, id: string): Promise<Booking> {
  const response = await browser.get(`/api/bookings/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Booking;
}

/** A contractor with all-day availability, a customer, and a requested booking `hours` ahead. */
async function requestedBooking(hours = 48) {
  const pro = await openContractor();
  const client = await customer();
  const slot = await slotAhead(pro.user.id, hours);
  const booking = await book(client.browser, { contractorId: pro.user.id, startsAt: slot.startsAt });
  return { pro, client, slot, booking };
}

async function confirmedBooking(hours = 48) {
  const setup = await requestedBooking(hours);
  const response = await setup.pro.browser.post(`/api/bookings/${setup.booking.id}/confirm`);
  expect(response.statusCode, response.body).toBe(200);
  return setup;
}

const errorOf = (response: { json(): unknown }) => (response.json() as { error: string }).error;

// ─── Availability ────────────────────────────────────────────────────────────────────────────

describe('GET and PUT /api/contractor/availability', () => {
  it('asks for sign-in, and refuses customers', async () => {
    expect((await anonymous().get('/api/contractor/availability')).statusCode).toBe(401);
    expect((await put(anonymous(), '/api/contractor/availability', allDay)).statusCode).toBe(401);
    const { browser } = await customer();
    expect((await browser.get('/api/contractor/availability')).statusCode).toBe(403);
    expect((await put(browser, '/api/contractor/availability', allDay)).statusCode).toBe(403);
  });

  it('starts empty, saves weekly windows, and shows each contractor only their own', async () => {
    const { browser } = await contractor();
    expect((await browser.get('/api/contractor/availability')).json()).toEqual({ availability: null, exceptions: [] });
    const body = {
      timeZone: 'America/St_Johns',
      weekly: [
        { weekday: 3, start: '13:00', end: '17:00' },
        { weekday: 1, start: '09:00', end: '12:00' },
      ],
      slotMinutes: 90,
    };
    const saved = await put(browser, '/api/contractor/availability', body);
    expect(saved.statusCode, saved.body).toBe(200);
    const expected = {
      availability: {
        timeZone: 'America/St_Johns',
        weekly: [
          { weekday: 1, start: '09:00', end: '12:00' },
          { weekday: 3, start: '13:00', end: '17:00' },
        ],
        slotMinutes: 90,
      },
      exceptions: [],
    };
    expect(saved.json()).toEqual(expected);
    expect((await browser.get('/api/contractor/availability')).json()).toEqual(expected);
    const other = await contractor();
    expect((await other.browser.get('/api/contractor/availability')).json()).toEqual({
      availability: null,
      exceptions: [],
    });
  });

  it('refuses bad input with a clear message', async () => {
    const { browser } = await contractor();
    const cases: [object, string][] = [
      [{ ...allDay, timeZone: 'Europe/Paris' }, M.timeZone],
      [{ ...allDay, slotMinutes: 20 }, M.slotMinutes],
      [{ ...allDay, slotMinutes: 481 }, M.slotMinutes],
      [
        { ...allDay, weekly: [{ weekday: 1, start: '9:00', end: '12:00' }] },
        'Times must be written HH:MM (24-hour clock)',
      ],
      [{ ...allDay, weekly: [{ weekday: 1, start: '12:00', end: '09:00' }] }, 'Each window must end after it starts'],
      [
        {
          ...allDay,
          weekly: [
            { weekday: 1, start: '09:00', end: '12:00' },
            { weekday: 1, start: '11:00', end: '13:00' },
          ],
        },
        'Availability windows on one day must not overlap',
      ],
      [{ ...allDay, weekly: [{ weekday: 9, start: '09:00', end: '12:00' }] }, M.weekday],
    ];
    for (const [body, message] of cases) {
      const response = await put(browser, '/api/contractor/availability', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(response)).toBe(message);
    }
  });
});

describe('PUT and DELETE /api/contractor/availability/exceptions/:date', () => {
  const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

  it('asks for sign-in, refuses customers, and needs weekly availability first', async () => {
    const date = inDays(5);
    expect(
      (await put(anonymous(), `/api/contractor/availability/exceptions/${date}`, { windows: [] })).statusCode,
    ).toBe(401);
    const client = await customer();
    expect(
      (await put(client.browser, `/api/contractor/availability/exceptions/${date}`, { windows: [] })).statusCode,
    ).toBe(403);
    expect((await client.browser.delete(`/api/contractor/availability/exceptions/${date}`)).statusCode).toBe(403);
    const fresh = await contractor();
    const response = await put(fresh.browser, `/api/contractor/availability/exceptions/${date}`, { windows: [] });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toBe(M.noAvailabilityYet);
  });

  it('closes a day (no slots that day), opens other hours, and removes the exception again', async () => {
    const pro = await openContractor();
    const date = inDays(4);
    const closed = await put(pro.browser, `/api/contractor/availability/exceptions/${date}`, {
      windows: [],
      note: 'Family day',
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect((closed.json() as { exceptions: unknown[] }).exceptions).toEqual([
      { date, windows: [], note: 'Family day' },
    ]);
    const next = new Date(Date.parse(`${date}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const that = await slots(pro.user.id, `?from=${date}&to=${next}&tz=America/Toronto`);
    expect(that.slots).toEqual([]);

    const short = await put(pro.browser, `/api/contractor/availability/exceptions/${date}`, {
      windows: [{ start: '10:00', end: '11:00' }],
    });
    expect(short.statusCode).toBe(200);
    const shortSlots = await slots(pro.user.id, `?from=${date}&to=${next}&tz=America/Toronto`);
    expect(shortSlots.slots.map((s) => s.time)).toEqual(['10:00', '10:30']);

    const removed = await pro.browser.delete(`/api/contractor/availability/exceptions/${date}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((removed.json() as { exceptions: unknown[] }).exceptions).toEqual([]);
    expect((await slots(pro.user.id, `?from=${date}&to=${next}&tz=America/Toronto`)).slots.length).toBe(47);
    const again = await pro.browser.delete(`/api/contractor/availability/exceptions/${date}`);
    expect(again.statusCode).toBe(404);
    expect(errorOf(again)).toBe(M.exceptionNotFound);
  });

  it('refuses an impossible date, a past date, bad windows and a long note', async () => {
    const pro = await openContractor();
    const cases: [string, object, string][] = [
      ['2027-02-30', { windows: [] }, M.exceptionDate],
      ['20270201', { windows: [] }, M.exceptionDate],
      ['2020-01-01', { windows: [] }, M.exceptionPast],
      [inDays(3), { windows: [{ start: '12:00', end: '11:00' }] }, 'Each window must end after it starts'],
      [inDays(3), { windows: [], note: 'x'.repeat(201) }, M.exceptionNote],
    ];
    for (const [date, body, message] of cases) {
      const response = await put(pro.browser, `/api/contractor/availability/exceptions/${date}`, body);
      expect(response.statusCode, date).toBe(400);
      expect(errorOf(response)).toBe(message);
    }
  });
});

// ─── Public schedule and slots ───────────────────────────────────────────────────────────────

describe('GET /api/contractors/:id/slots', () => {
  it('shows the slots in the viewer’s zone, the contractor’s by default', async () => {
    const pro = await openContractor({
      timeZone: 'America/Toronto',
      weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '09:00', end: '10:00' })),
      slotMinutes: 60,
    });
    const inToronto = await slots(pro.user.id);
    expect(inToronto.timeZone).toBe('America/Toronto');
    expect(inToronto.viewerTimeZone).toBe('America/Toronto');
    expect(inToronto.slotMinutes).toBe(60);
    expect(new Set(inToronto.slots.map((s) => s.time))).toEqual(new Set(['09:00']));
    // The default window is the next 7 days from the viewer's today, and at some hours two zones
    // are on different dates: the same dates for both make the same instants. Halifax and St. John's
    // change their clocks with Toronto in every time zone data version (the western provinces keep
    // daylight time from November 2026 in tz 2026e only; see shared/time-zone-data.ts).
    const from = new Date(Date.now() + 2 * 24 * HOUR).toISOString().slice(0, 10);
    const to = new Date(Date.parse(from) + 7 * 24 * HOUR).toISOString().slice(0, 10);
    const inHalifax = await slots(pro.user.id, `?tz=America/Halifax&from=${from}&to=${to}`);
    expect(new Set(inHalifax.slots.map((s) => s.time))).toEqual(new Set(['10:00']));
    const inStJohns = await slots(pro.user.id, `?tz=America/St_Johns&from=${from}&to=${to}`);
    expect(new Set(inStJohns.slots.map((s) => s.time))).toEqual(new Set(['10:30']));
    // Same instants whatever the viewer's zone.
    expect(inHalifax.slots).toHaveLength(7);
    expect(inStJohns.slots.map((s) => s.startsAt)).toEqual(inHalifax.slots.map((s) => s.startsAt));
  });

  it('answers an empty list for a contractor without availability', async () => {
    const pro = await contractor();
    const answer = await slots(pro.user.id, '?tz=America/Halifax');
    expect(answer).toMatchObject({ timeZone: null, slotMinutes: null, viewerTimeZone: 'America/Halifax', slots: [] });
  });

  it('answers 404 for someone who is not a contractor, 400 for bad input', async () => {
    expect((await anonymous().get(`/api/contractors/${randomUUID()}/slots`)).statusCode).toBe(404);
    const client = await customer();
    const notContractor = await anonymous().get(`/api/contractors/${client.user.id}/slots`);
    expect(notContractor.statusCode).toBe(404);
    expect(errorOf(notContractor)).toBe(M.contractorNotFound);
    expect((await anonymous().get('/api/contractors/not-an-id/slots')).statusCode).toBe(400);
    const pro = await openContractor();
    const cases: [string, string][] = [
      ['?tz=Mars/Olympus', M.viewerTimeZone],
      ['?from=2026-13-01', 'from must be a date written YYYY-MM-DD'],
      ['?from=tomorrow', 'from must be a date written YYYY-MM-DD'],
      ['?from=2026-05-10&to=2026-05-10', 'to must be after from'],
      ['?from=2026-05-01&to=2026-07-01', 'Ask for at most 42 days of slots at a time'],
    ];
    for (const [query, message] of cases) {
      const response = await anonymous().get(`/api/contractors/${pro.user.id}/slots${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(errorOf(response)).toBe(message);
    }
  });
});

describe('GET /api/contractors/:id/schedule', () => {
  it('gives the name, zone, slot length, active offerings with the price of one booking, and the policy', async () => {
    const pro = await openContractor({ ...allDay, slotMinutes: 90 });
    const offering = await pro.browser.post('/api/service-offerings', {
      title: 'Snow removal',
      description: 'Driveway and walkway snow clearing, salt included.',
      pricingModel: 'hourly',
      price: '40',
      isRemoteService: false,
    });
    expect(offering.statusCode, offering.body).toBe(201);
    const response = await anonymous().get(`/api/contractors/${pro.user.id}/schedule`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      contractor: { id: pro.user.id, name: pro.user.name },
      timeZone: 'America/Toronto',
      slotMinutes: 90,
      offerings: [{ title: 'Snow removal', pricingModel: 'hourly', priceCents: 4_000, bookingPriceCents: 6_000 }],
      policy: { freeHours: 24, lateFeePercent: 20, minimumFeeCents: 1_500, noPriceFeeCents: 2_500 },
    });
  });

  it('answers 404 for an unknown contractor', async () => {
    const response = await anonymous().get(`/api/contractors/${randomUUID()}/schedule`);
    expect(response.statusCode).toBe(404);
  });
});

// ─── Requests ────────────────────────────────────────────────────────────────────────────────

describe('POST /api/bookings', () => {
  it('books an open slot; both parties read it with the other’s name; the slot is gone', async () => {
    const { pro, client, slot, booking } = await requestedBooking();
    expect(booking).toMatchObject({
      status: 'requested',
      startsAt: slot.startsAt,
      endsAt: slot.endsAt,
      timeZone: 'America/Toronto',
      contractor: { id: pro.user.id, name: pro.user.name },
      customer: { id: client.user.id, name: client.user.name },
      viewerRole: 'customer',
      priceCents: null,
      actions: { confirm: false, decline: false, reschedule: true, cancel: true, complete: false },
    });
    const asContractor = await read(pro.browser, booking.id);
    expect(asContractor).toMatchObject({
      viewerRole: 'contractor',
      actions: { confirm: true, decline: true, reschedule: true, cancel: true, complete: false },
    });
    const after = await slots(pro.user.id, '?tz=America/Toronto');
    expect(after.slots.map((s) => s.startsAt)).not.toContain(slot.startsAt);
  });

  it('keeps the customer’s zone and a trimmed note', async () => {
    const pro = await openContractor();
    const client = await customer();
    const slot = await slotAhead(pro.user.id, 30);
    const booking = await book(client.browser, {
      contractorId: pro.user.id,
      startsAt: slot.startsAt,
      timeZone: 'America/Vancouver',
      note: '  Back door, please  ',
    });
    expect(booking).toMatchObject({ customerTimeZone: 'America/Vancouver', note: 'Back door, please' });
  });

  it('prices a booking of an offering for the slot length', async () => {
    const pro = await openContractor({ ...allDay, slotMinutes: 120 });
    const created = await pro.browser.post('/api/service-offerings', {
      title: 'Furniture assembly',
      description: 'Flat-pack furniture assembled and anchored to the wall.',
      pricingModel: 'hourly',
      price: '45.50',
      isRemoteService: false,
    });
    const offeringId = (created.json() as { offering: { id: string } }).offering.id;
    const client = await customer();
    const slot = await slotAhead(pro.user.id, 30);
    const booking = await book(client.browser, { contractorId: pro.user.id, startsAt: slot.startsAt, offeringId });
    expect(booking).toMatchObject({ priceCents: 9_100, offering: { id: offeringId, title: 'Furniture assembly' } });
    expect(booking.cancellation.lateFeeCents).toBe(1_820);

    const other = await openContractor();
    const response = await client.browser.post('/api/bookings', {
      contractorId: other.user.id,
      startsAt: (await slotAhead(other.user.id, 30)).startsAt,
      offeringId,
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toBe('That service is not offered by this contractor.');
  });

  it('refuses a time outside availability with the clear message', async () => {
    const pro = await openContractor({
      timeZone: 'America/Toronto',
      weekly: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '12:00' })),
      slotMinutes: 60,
    });
    const client = await customer();
    // 07:00 UTC is 02:00 or 03:00 in Toronto: never inside 09:00–12:00.
    const night = new Date(Date.now() + 3 * 86_400_000);
    night.setUTCHours(7, 0, 0, 0);
    const response = await client.browser.post('/api/bookings', {
      contractorId: pro.user.id,
      startsAt: night.toISOString(),
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toBe("That time is outside this contractor's availability.");
    // Off the slot grid too.
    const slot = await slotAhead(pro.user.id, 2);
    const offGrid = await client.browser.post('/api/bookings', {
      contractorId: pro.user.id,
      startsAt: new Date(Date.parse(slot.startsAt) + 15 * 60_000).toISOString(),
    });
    expect(offGrid.statusCode).toBe(400);
    expect(errorOf(offGrid)).toBe(M.outsideAvailability);
  });

  it('refuses a taken slot (409), a slot too soon, and a calendar without availability', async () => {
    const { pro, slot } = await requestedBooking();
    const second = await customer();
    const taken = await second.browser.post('/api/bookings', { contractorId: pro.user.id, startsAt: slot.startsAt });
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken)).toBe(M.slotTaken);

    const soon = new Date(Date.now() + 10 * 60_000);
    soon.setUTCMinutes(soon.getUTCMinutes() < 30 ? 30 : 60, 0, 0);
    const tooSoon = await second.browser.post('/api/bookings', {
      contractorId: pro.user.id,
      startsAt: soon.toISOString(),
    });
    expect(tooSoon.statusCode).toBe(400);
    expect(errorOf(tooSoon)).toBe(M.tooSoon);

    const idle = await contractor();
    const none = await second.browser.post('/api/bookings', {
      contractorId: idle.user.id,
      startsAt: new Date(Date.now() + 48 * HOUR).toISOString(),
    });
    expect(none.statusCode).toBe(400);
    expect(errorOf(none)).toBe(M.notTakingBookings);
  });

  it('checks rights: anonymous 401, a contractor (even booking themselves) 403, an unknown contractor 404', async () => {
    const pro = await openContractor();
    const slot = await slotAhead(pro.user.id, 30);
    const body = { contractorId: pro.user.id, startsAt: slot.startsAt };
    expect((await anonymous().post('/api/bookings', body)).statusCode).toBe(401);
    expect((await pro.browser.post('/api/bookings', body)).statusCode).toBe(403);
    const other = await contractor();
    expect((await other.browser.post('/api/bookings', body)).statusCode).toBe(403);
    const client = await customer();
    const unknown = await client.browser.post('/api/bookings', { ...body, contractorId: randomUUID() });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown)).toBe(M.contractorNotFound);
  });

  it('refuses malformed bodies with a clear message', async () => {
    const pro = await openContractor();
    const client = await customer();
    const startsAt = (await slotAhead(pro.user.id, 30)).startsAt;
    const cases: [Record<string, unknown>, string][] = [
      [{ startsAt }, 'contractorId must be a contractor id'],
      [
        { contractorId: pro.user.id, startsAt: 'next tuesday' },
        'startsAt must be a date and time with its offset, such as 2026-03-03T15:00:00Z',
      ],
      [{ contractorId: pro.user.id, startsAt, timeZone: 'Nowhere/Special' }, M.viewerTimeZone],
      [{ contractorId: pro.user.id, startsAt, note: 'x'.repeat(501) }, M.note],
      [
        { contractorId: pro.user.id, startsAt, jobType: 'subscription', workOrderId: 'abc' },
        'jobType must be work-order',
      ],
      [{ contractorId: pro.user.id, startsAt, jobType: 'work-order' }, 'jobType needs a workOrderId'],
    ];
    for (const [body, message] of cases) {
      const response = await client.browser.post('/api/bookings', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(response)).toBe(message);
    }
    const extra = await client.browser.post('/api/bookings', { contractorId: pro.user.id, startsAt, price: 1 });
    expect(extra.statusCode).toBe(400);
  });
});

// ─── Booking an awarded job ──────────────────────────────────────────────────────────────────

/** Simulates the work module: a posted order, optionally awarded (its contract events). */
async function workOrder(customerId: string, award: { contractorId: string; priceCents: number } | null) {
  const workOrderId = randomUUID();
  const now = new Date().toISOString();
  const events = [
    {
      type: 'WorkOrderPosted',
      data: {
        workOrderId,
        customerId,
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
    ...(award
      ? [
          {
            type: 'WorkOrderAwarded',
            data: {
              workOrderId,
              customerId,
              contractorId: award.contractorId,
              proposalId: randomUUID(),
              priceCents: award.priceCents,
              awardedAt: now,
            },
          },
        ]
      : []),
  ];
  await t.runtime.store.append(workOrderStreamId(workOrderId), events, { expectedRevision: 'no_stream' });
  await waitUntil(
    async () =>
      (
        await t.runtime.sql`select 1 from rm_booking_work_orders where work_order_id = ${workOrderId}
          and status = ${award ? 'awarded' : 'open'}`
      ).length > 0,
    { message: 'the work order was not projected' },
  );
  return workOrderId;
}

describe('booking an awarded job', () => {
  it('shows the job’s terms to its customer only, and books it at the agreed price, once', async () => {
    const pro = await openContractor();
    const client = await customer();
    const id = await workOrder(client.user.id, { contractorId: pro.user.id, priceCents: 52_500 });

    const terms = await client.browser.get(`/api/work-orders/${id}/booking-terms`);
    expect(terms.statusCode, terms.body).toBe(200);
    expect(terms.json()).toEqual({
      workOrderId: id,
      jobType: 'work-order',
      title: 'Repaint the living room',
      contractorId: pro.user.id,
      priceCents: 52_500,
      activeBookingId: null,
    });
    expect((await anonymous().get(`/api/work-orders/${id}/booking-terms`)).statusCode).toBe(401);
    expect((await pro.browser.get(`/api/work-orders/${id}/booking-terms`)).statusCode).toBe(403);
    const stranger = await customer();
    const foreign = await stranger.browser.get(`/api/work-orders/${id}/booking-terms`);
    expect(foreign.statusCode).toBe(403);
    expect(errorOf(foreign)).toBe(WORK_ORDER_MESSAGES.notOwner);
    expect((await client.browser.get(`/api/work-orders/${randomUUID()}/booking-terms`)).statusCode).toBe(404);

    const slot = await slotAhead(pro.user.id, 30);
    const booking = await book(client.browser, {
      contractorId: pro.user.id,
      startsAt: slot.startsAt,
      workOrderId: id,
      jobType: 'work-order',
    });
    expect(booking).toMatchObject({ priceCents: 52_500, workOrder: { id, title: 'Repaint the living room' } });
    expect(booking.cancellation.lateFeeCents).toBe(10_500);
    const after = await client.browser.get(`/api/work-orders/${id}/booking-terms`);
    expect((after.json() as { activeBookingId: string }).activeBookingId).toBe(booking.id);

    const again = await client.browser.post('/api/bookings', {
      contractorId: pro.user.id,
      startsAt: (await slotAhead(pro.user.id, 40)).startsAt,
      workOrderId: id,
    });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toBe(M.workOrderBooked);

    const byStranger = await stranger.browser.post('/api/bookings', {
      contractorId: pro.user.id,
      startsAt: (await slotAhead(pro.user.id, 40)).startsAt,
      workOrderId: id,
    });
    expect(byStranger.statusCode).toBe(403);
    expect(errorOf(byStranger)).toBe(WORK_ORDER_MESSAGES.notOwner);
  });

  it('refuses a job not awarded, awarded to someone else, or unknown', async () => {
    const pro = await openContractor();
    const client = await customer();
    const startsAt = (await slotAhead(pro.user.id, 30)).startsAt;
    const open = await workOrder(client.user.id, null);
    const notAwarded = await client.browser.post('/api/bookings', {
      contractorId: pro.user.id,
      startsAt,
      workOrderId: open,
    });
    expect(notAwarded.statusCode).toBe(409);
    expect(errorOf(notAwarded)).toBe(WORK_ORDER_MESSAGES.notAwarded);
    const terms = await client.browser.get(`/api/work-orders/${open}/booking-terms`);
    expect(terms.statusCode).toBe(409);

    const rival = await openContractor();
    const theirs = await workOrder(client.user.id, { contractorId: rival.user.id, priceCents: 10_000 });
    const wrong = await client.browser.post('/api/bookings', {
      contractorId: pro.user.id,
      startsAt,
      workOrderId: theirs,
    });
    expect(wrong.statusCode).toBe(409);
    expect(errorOf(wrong)).toBe(WORK_ORDER_MESSAGES.notAwarded);

    const unknown = await client.browser.post('/api/bookings', {
      contractorId: pro.user.id,
      startsAt,
      workOrderId: randomUUID(),
    });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown)).toBe(WORK_ORDER_MESSAGES.notFound);
  });

  it('gives a job booked before its contract was drawn up a contract with the booked time', async () => {
    // The money timer is held (a worker was down) from the award until the customer has booked.
    const lock = connect(t.database.url, { max: 1 });
    const { namespace, key } = scheduledJobLock(contractsAndEscrowsJob.name);
    try {
      await lock.reserve().then(async (session) => {
        await session`select pg_advisory_lock(${namespace}, ${key})`;
        try {
          const pro = await openContractor();
          const client = await customer();
          const id = await workOrder(client.user.id, { contractorId: pro.user.id, priceCents: 52_500 });
          const slot = await slotAhead(pro.user.id, 30);
          const booking = await book(client.browser, {
            contractorId: pro.user.id,
            startsAt: slot.startsAt,
            workOrderId: id,
            jobType: 'work-order',
          });
          await t.runtime.runner!.idle();
          expect(await findContract(t.runtime.sql, id)).toBeNull();
          await session`select pg_advisory_unlock(${namespace}, ${key})`;
          await waitUntil(async () => (await findContract(t.runtime.sql, id)) !== null, {
            message: 'the booked job got no contract',
          });
          const contract = (await findContract(t.runtime.sql, id))!;
          expect(contract.terms.priceCents).toBe(52_500);
          expect(Date.parse(contract.terms.schedule!.startsAt)).toBe(Date.parse(booking.startsAt));
        } finally {
          session.release();
        }
      });
    } finally {
      await lock.end();
    }
  });
});

// ─── Answers and changes: the rights matrix ──────────────────────────────────────────────────

describe('the rights matrix of the booking routes', () => {
  it('lets only the two parties read a booking; everyone else gets 404 (or 401 signed out)', async () => {
    const { pro, client, booking } = await requestedBooking();
    expect((await read(client.browser, booking.id)).id).toBe(booking.id);
    expect((await read(pro.browser, booking.id)).id).toBe(booking.id);
    expect((await anonymous().get(`/api/bookings/${booking.id}`)).statusCode).toBe(401);
    for (const outsider of [await customer(), await contractor()]) {
      const response = await outsider.browser.get(`/api/bookings/${booking.id}`);
      expect(response.statusCode).toBe(404);
      expect(errorOf(response)).toBe(M.bookingNotFound);
    }
    const admin = await createAdmin(t.runtime);
    const adminBrowser = new Browser(t.app);
    await adminBrowser.post('/api/auth/login', {
      email: admin.registration.email,
      password: admin.registration.password,
    });
    expect((await adminBrowser.get(`/api/bookings/${booking.id}`)).statusCode).toBe(404);
    expect((await client.browser.get('/api/bookings/not-an-id')).statusCode).toBe(400);
  });

  it('answers every command 401 signed out and 404 to outsiders, and keeps contractor actions to the contractor', async () => {
    const { pro, client, booking, slot } = await requestedBooking();
    const newTime = (await slotAhead(pro.user.id, 60)).startsAt;
    const bodies: Record<string, unknown> = {
      confirm: undefined,
      decline: { reason: 'Busy' },
      reschedule: { startsAt: newTime },
      cancel: { reason: 'Changed plans' },
      complete: undefined,
    };
    const outsiders = [await customer(), await contractor()];
    for (const [action, body] of Object.entries(bodies)) {
      const url = `/api/bookings/${booking.id}/${action}`;
      expect((await anonymous().post(url, body)).statusCode, action).toBe(401);
      for (const outsider of outsiders) {
        const response = await outsider.browser.post(url, body);
        expect(response.statusCode, action).toBe(404);
      }
    }
    for (const action of ['confirm', 'decline', 'complete']) {
      const response = await client.browser.post(`/api/bookings/${booking.id}/${action}`, bodies[action]);
      expect(response.statusCode, action).toBe(403);
      expect(errorOf(response)).toBe(M.contractorOnly);
    }
    // Nothing changed.
    expect(await read(client.browser, booking.id)).toMatchObject({ status: 'requested', startsAt: slot.startsAt });
  });
});

describe('POST /api/bookings/:id/confirm and /decline', () => {
  it('confirms once; a second answer is 409', async () => {
    const { pro, client, booking } = await requestedBooking();
    const confirmed = await pro.browser.post(`/api/bookings/${booking.id}/confirm`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((confirmed.json() as { booking: { status: string } }).booking.status).toBe('confirmed');
    expect((await read(client.browser, booking.id)).status).toBe('confirmed');
    const again = await pro.browser.post(`/api/bookings/${booking.id}/confirm`);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toBe(M.notRequested);
    const decline = await pro.browser.post(`/api/bookings/${booking.id}/decline`);
    expect(decline.statusCode).toBe(409);
  });

  it('declines with a reason, which frees the slot', async () => {
    const { pro, client, booking, slot } = await requestedBooking();
    const declined = await pro.browser.post(`/api/bookings/${booking.id}/decline`, { reason: ' Away that week ' });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(await read(client.browser, booking.id)).toMatchObject({ status: 'declined' });
    const answer = await read(client.browser, booking.id);
    expect((answer as unknown as { declineReason: string }).declineReason).toBe('Away that week');
    expect((await slots(pro.user.id, '?tz=America/Toronto')).slots.map((s) => s.startsAt)).toContain(slot.startsAt);
    const long = await pro.browser.post(`/api/bookings/${booking.id}/decline`, { reason: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(errorOf(long)).toBe(M.reason);
  });
});

describe('POST /api/bookings/:id/reschedule', () => {
  it('by the customer: the booking needs the contractor’s confirmation again; the old slot is free', async () => {
    const { pro, client, booking, slot } = await confirmedBooking(48);
    const newSlot = await slotAhead(pro.user.id, 72);
    const moved = await client.browser.post(`/api/bookings/${booking.id}/reschedule`, { startsAt: newSlot.startsAt });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await read(pro.browser, booking.id)).toMatchObject({
      status: 'requested',
      startsAt: newSlot.startsAt,
      awaitingConfirmationOfNewTime: true,
      actions: { confirm: true },
    });
    const open = (await slots(pro.user.id, '?tz=America/Toronto')).slots.map((s) => s.startsAt);
    expect(open).toContain(slot.startsAt);
    expect(open).not.toContain(newSlot.startsAt);
    expect((await pro.browser.post(`/api/bookings/${booking.id}/confirm`)).statusCode).toBe(200);
  });

  it('by the contractor: stays confirmed', async () => {
    const { pro, client, booking } = await confirmedBooking(48);
    const newSlot = await slotAhead(pro.user.id, 60);
    const moved = await pro.browser.post(`/api/bookings/${booking.id}/reschedule`, { startsAt: newSlot.startsAt });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await read(client.browser, booking.id)).toMatchObject({ status: 'confirmed', startsAt: newSlot.startsAt });
  });

  it('refuses a taken slot (409), a time outside availability (400) and bad input', async () => {
    const { pro, client, booking } = await requestedBooking(48);
    const other = await customer();
    const otherSlot = await slotAhead(pro.user.id, 60);
    await book(other.browser, { contractorId: pro.user.id, startsAt: otherSlot.startsAt });
    const taken = await client.browser.post(`/api/bookings/${booking.id}/reschedule`, { startsAt: otherSlot.startsAt });
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken)).toBe(M.slotTaken);
    const offGrid = new Date(Date.parse(otherSlot.startsAt) + 10 * 60_000).toISOString();
    const outside = await client.browser.post(`/api/bookings/${booking.id}/reschedule`, { startsAt: offGrid });
    expect(outside.statusCode).toBe(400);
    expect(errorOf(outside)).toBe(M.outsideAvailability);
    const bad = await client.browser.post(`/api/bookings/${booking.id}/reschedule`, { startsAt: 'soon' });
    expect(bad.statusCode).toBe(400);
  });

  it('does not let the customer move a confirmed booking within 24 h of its start', async () => {
    const { pro, client, booking } = await confirmedBooking(2);
    const later = await slotAhead(pro.user.id, 30);
    const view = await read(client.browser, booking.id);
    expect(view.actions.reschedule).toBe(false);
    const response = await client.browser.post(`/api/bookings/${booking.id}/reschedule`, { startsAt: later.startsAt });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toBe(M.rescheduleTooLate);
  });
});

describe('POST /api/bookings/:id/cancel', () => {
  it('is free more than 24 h before the start', async () => {
    const { client, booking } = await confirmedBooking(30);
    const view = await read(client.browser, booking.id);
    expect(view.cancellation.feeIfCancelledNowCents).toBe(0);
    const cancelled = await client.browser.post(`/api/bookings/${booking.id}/cancel`, { reason: 'Sick' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await read(client.browser, booking.id)).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'customer',
      lateFeeCents: 0,
    });
    const again = await client.browser.post(`/api/bookings/${booking.id}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toBe(M.notActive);
  });

  it('shows the late fee before and charges it after, within 24 h; the contractor’s cancellation is free', async () => {
    const { pro, client, booking } = await confirmedBooking(2);
    const before = await read(client.browser, booking.id);
    expect(before.cancellation.feeIfCancelledNowCents).toBe(2_500);
    expect((await read(pro.browser, booking.id)).cancellation.feeIfCancelledNowCents).toBe(0);
    const cancelled = await client.browser.post(`/api/bookings/${booking.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await read(pro.browser, booking.id)).toMatchObject({ status: 'cancelled', lateFeeCents: 2_500 });

    const second = await confirmedBooking(2);
    const byContractor = await second.pro.browser.post(`/api/bookings/${second.booking.id}/cancel`);
    expect(byContractor.statusCode).toBe(200);
    expect(await read(second.client.browser, second.booking.id)).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'contractor',
      lateFeeCents: 0,
    });
  });
});

describe('POST /api/bookings/:id/complete', () => {
  it('refuses before the start, and completes a confirmed booking once it has started', async () => {
    const { pro, booking } = await confirmedBooking(48);
    const early = await pro.browser.post(`/api/bookings/${booking.id}/complete`);
    expect(early.statusCode).toBe(400);
    expect(errorOf(early)).toBe(M.notStartedYet);

    // A booking whose time has come: its events, as the calendar recorded them an hour ago.
    const client = await customer();
    const bookingId = randomUUID();
    const startsAt = new Date(Date.now() - HOUR).toISOString();
    const endsAt = new Date(Date.now() - HOUR / 2).toISOString();
    const then = new Date(Date.now() - 3 * HOUR).toISOString();
    await t.runtime.store.append(scheduleStreamId(pro.user.id), [
      {
        type: 'BookingRequested',
        data: {
          bookingId,
          contractorId: pro.user.id,
          customerId: client.user.id,
          startsAt,
          endsAt,
          timeZone: 'America/Toronto',
          customerTimeZone: 'America/Toronto',
          workOrderId: null,
          offeringId: null,
          priceCents: 8_000,
          note: null,
          requestedAt: then,
        },
      },
      {
        type: 'BookingConfirmed',
        data: { bookingId, contractorId: pro.user.id, customerId: client.user.id, startsAt, confirmedAt: then },
      },
    ]);
    await waitUntil(async () => (await findBooking(t.runtime.sql, bookingId))?.status === 'confirmed', {
      message: 'the booking was not projected',
    });
    const view = await read(pro.browser, bookingId);
    expect(view.actions).toMatchObject({ complete: true, cancel: false, reschedule: false });
    const completed = await pro.browser.post(`/api/bookings/${bookingId}/complete`);
    expect(completed.statusCode, completed.body).toBe(200);
    expect(await read(client.browser, bookingId)).toMatchObject({ status: 'completed' });
    const twice = await pro.browser.post(`/api/bookings/${bookingId}/complete`);
    expect(twice.statusCode).toBe(409);
    const cancelLate = await client.browser.post(`/api/bookings/${bookingId}/cancel`);
    expect(cancelLate.statusCode).toBe(409);

    await waitUntil(
      async () => {
        const list = (await client.browser.get('/api/notifications')).json() as { title: string }[];
        return list.some((n) => n.title === 'Job completed');
      },
      { message: 'the customer was not told of the completion' },
    );
  });
});

describe('GET /api/bookings/mine', () => {
  it('lists upcoming bookings for each party, and cancelled ones under past', async () => {
    const { pro, client, booking } = await requestedBooking(50);
    const second = await book(client.browser, {
      contractorId: pro.user.id,
      startsAt: (await slotAhead(pro.user.id, 30)).startsAt,
    });
    const mine = (await client.browser.get('/api/bookings/mine')).json() as Booking[];
    expect(mine.map((b) => b.id)).toEqual([second.id, booking.id]);
    const theirs = (await pro.browser.get('/api/bookings/mine?when=upcoming')).json() as Booking[];
    expect(theirs.map((b) => [b.id, b.viewerRole])).toEqual([
      [second.id, 'contractor'],
      [booking.id, 'contractor'],
    ]);
    await client.browser.post(`/api/bookings/${second.id}/cancel`);
    expect(((await client.browser.get('/api/bookings/mine')).json() as Booking[]).map((b) => b.id)).toEqual([
      booking.id,
    ]);
    expect(((await client.browser.get('/api/bookings/mine?when=past')).json() as Booking[]).map((b) => b.id)).toEqual([
      second.id,
    ]);
    const outsider = await customer();
    expect((await outsider.browser.get('/api/bookings/mine')).json()).toEqual([]);
  });

  it('asks for sign-in and a valid filter', async () => {
    expect((await anonymous().get('/api/bookings/mine')).statusCode).toBe(401);
    const client = await customer();
    const bad = await client.browser.get('/api/bookings/mine?when=later');
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)).toBe('when must be upcoming or past');
  });
});

describe('booking notifications through the API', () => {
  it('tells the contractor of a request and the customer of the confirmation, with the start time', async () => {
    const { pro, client, booking } = await requestedBooking(30);
    type Note = { type: string; priority: string; title: string; actionUrl?: string; booking?: { startTime: string } };
    const request = await waitUntil(async () => {
      const list = (await pro.browser.get('/api/notifications')).json() as Note[];
      return list.find((n) => n.type === 'booking_request');
    });
    expect(request).toMatchObject({
      priority: 'high',
      title: 'New booking request',
      actionUrl: `/bookings/${booking.id}`,
      booking: { startTime: booking.startsAt },
    });
    await pro.browser.post(`/api/bookings/${booking.id}/confirm`);
    const confirmation = await waitUntil(async () => {
      const list = (await client.browser.get('/api/notifications?locale=fr')).json() as Note[];
      return list.find((n) => n.type === 'booking_confirmation');
    });
    expect(confirmation).toMatchObject({ title: 'Réservation confirmée', booking: { startTime: booking.startsAt } });
  });
});

// ─── Double booking ──────────────────────────────────────────────────────────────────────────

describe('two customers requesting one slot at the same instant', () => {
  it('gives exactly one of them the slot, round after round; the other gets 409', async () => {
    const pro = await openContractor();
    const rounds = 6;
    const open = (await slots(pro.user.id, '?tz=America/Toronto')).slots.filter(
      (s) => Date.parse(s.startsAt) > Date.now() + 3 * HOUR,
    );
    for (let round = 0; round < rounds; round++) {
      const slot = open[round * 3]!;
      const [first, second] = await Promise.all([customer(), customer()]);
      const answers = await Promise.all(
        [first, second].map((c) =>
          c.browser.post('/api/bookings', { contractorId: pro.user.id, startsAt: slot.startsAt }),
        ),
      );
      expect(answers.map((a) => a.statusCode).sort(), `round ${round}`).toEqual([201, 409]);
      const loser = answers.find((a) => a.statusCode === 409)!;
      expect(errorOf(loser)).toBe(M.slotTaken);
      const [row] = await t.runtime.sql<{ count: string }[]>`
        select count(*)::text as count from rm_bookings
        where contractor_id = ${pro.user.id} and starts_at = ${slot.startsAt}`;
      expect(row!.count, `round ${round}`).toBe('1');
    }
    const events = await t.runtime.store.readStream(scheduleStreamId(pro.user.id));
    expect(events.filter((e) => e.type === 'BookingRequested')).toHaveLength(rounds);
  });
});
