import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingRemindersJob } from '../workflows/booking-reminders.ts';
import { allScheduledJobs } from '../workflows/scheduled-jobs.ts';
import { scheduleStreamId } from '../shared/domain/booking/events.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { signUp, type Browser } from './support/http-client.ts';
import { waitUntil } from './support/wait.ts';

/**
 * The 24-hour reminder job, run with a chosen `now` (the bookings lie days ahead, so the app's own
 * background tick, which runs with the real clock, never finds them due).
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

const HOUR = 3_600_000;

async function contractorWithBookings(count: number, options: { confirm: boolean } = { confirm: true }) {
  const pro = await signUp(t.app, { role: 'contractor' });
  const set = await pro.browser.request('PUT', '/api/contractor/availability', {
    timeZone: 'America/Winnipeg',
    weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '08:00', end: '18:00' })),
    slotMinutes: 60,
  });
  expect(set.statusCode, set.body).toBe(200);
  const from = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  const to = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
  const slots = (
    (
      await pro.browser.get(`/api/contractors/${pro.user.id}/slots?from=${from}&to=${to}&tz=America/Winnipeg`)
    ).json() as {
      slots: { startsAt: string }[];
    }
  ).slots;
  const bookings: { id: string; startsAt: string; customer: Browser }[] = [];
  for (const slot of slots.slice(0, count)) {
    const client = await signUp(t.app, { role: 'customer' });
    const response = await client.browser.post('/api/bookings', { contractorId: pro.user.id, startsAt: slot.startsAt });
    expect(response.statusCode, response.body).toBe(201);
    const id = (response.json() as { booking: { id: string } }).booking.id;
    if (options.confirm) expect((await pro.browser.post(`/api/bookings/${id}/confirm`)).statusCode).toBe(200);
    bookings.push({ id, startsAt: slot.startsAt, customer: client.browser });
  }
  return { pro, bookings };
}

async function reminderEvents(contractorId: string) {
  const events = await t.runtime.store.readStream(scheduleStreamId(contractorId));
  return events.filter((e) => e.type === 'BookingReminderSent').map((e) => (e.data as { bookingId: string }).bookingId);
}

const run = (now: Date) =>
  bookingRemindersJob.run({ sql: t.runtime.sql, store: t.runtime.store, gateway: t.runtime.gateway, now });

describe('the booking-reminders job', () => {
  it('is one of the jobs the worker runs', () => {
    expect(allScheduledJobs).toContain(bookingRemindersJob);
    expect(bookingRemindersJob.name).toBe('booking-reminders');
  });

  it('reminds of each confirmed booking within 24 h exactly once, even run twice at once and again', async () => {
    const { pro, bookings } = await contractorWithBookings(3);
    // 23 h before the first start: the first two (an hour apart) are due, the third (2 h later) is not.
    const now = new Date(Date.parse(bookings[0]!.startsAt) - 23 * HOUR);
    expect(Date.parse(bookings[2]!.startsAt) - now.getTime()).toBeGreaterThan(24 * HOUR);

    const [first, second] = await Promise.all([run(now), run(now)]);
    expect(first + second).toBe(2);
    await t.runtime.runner!.idle();
    expect(await run(now)).toBe(0);
    expect(await run(new Date(now.getTime() + 10 * 60_000))).toBe(0);
    expect((await reminderEvents(pro.user.id)).sort()).toEqual([bookings[0]!.id, bookings[1]!.id].sort());

    // Later the third is due, and only the third is reminded.
    const later = new Date(Date.parse(bookings[2]!.startsAt) - 20 * HOUR);
    const concurrent = await Promise.all([run(later), run(later), run(later)]);
    expect(concurrent.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await reminderEvents(pro.user.id)).toHaveLength(3);

    // Both parties are told, once each.
    type Note = { type: string; booking?: { startTime: string } };
    const customerNotes = await waitUntil(async () => {
      const list = (await bookings[0]!.customer.get('/api/notifications')).json() as Note[];
      return list.some((n) => n.type === 'reminder') && list;
    });
    expect(customerNotes.filter((n) => n.type === 'reminder')).toEqual([
      expect.objectContaining({ booking: { startTime: bookings[0]!.startsAt } }),
    ]);
    const contractorNotes = await waitUntil(async () => {
      const list = (await pro.browser.get('/api/notifications')).json() as Note[];
      return list.filter((n) => n.type === 'reminder').length === 3 && list;
    });
    expect(contractorNotes.filter((n) => n.type === 'reminder')).toHaveLength(3);
  });

  it('leaves requests, cancelled bookings and bookings further than 24 h alone', async () => {
    const { pro, bookings } = await contractorWithBookings(2, { confirm: false });
    const now = new Date(Date.parse(bookings[0]!.startsAt) - 2 * HOUR);
    expect(await run(now)).toBe(0);
    expect((await pro.browser.post(`/api/bookings/${bookings[0]!.id}/confirm`)).statusCode).toBe(200);
    expect((await pro.browser.post(`/api/bookings/${bookings[0]!.id}/cancel`)).statusCode).toBe(200);
    expect(await run(now)).toBe(0);
    expect(await reminderEvents(pro.user.id)).toEqual([]);
  });

  it('reminds again for the new time after a reschedule', async () => {
    const { pro, bookings } = await contractorWithBookings(1);
    const booking = bookings[0]!;
    const now = new Date(Date.parse(booking.startsAt) - 5 * HOUR);
    expect(await run(now)).toBe(1);
    await t.runtime.runner!.idle();
    const slots = (
      (
        await pro.browser.get(
          `/api/contractors/${pro.user.id}/slots?tz=America/Winnipeg&from=${booking.startsAt.slice(0, 10)}`,
        )
      ).json() as {
        slots: { startsAt: string }[];
      }
    ).slots;
    const next = slots.find((s) => s.startsAt > booking.startsAt)!;
    const moved = await pro.browser.post(`/api/bookings/${booking.id}/reschedule`, { startsAt: next.startsAt });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await run(now)).toBe(1);
    expect(await run(now)).toBe(0);
    expect(await reminderEvents(pro.user.id)).toEqual([booking.id, booking.id]);
  });
});
