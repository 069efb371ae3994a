import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { termsFor } from '../workflows/money-jobs.ts';
import { systemContext } from '../workflows/money-process.ts';
import { contractDecider } from '../shared/domain/contracts/decider.ts';
import { contractStreamId } from '../shared/domain/contracts/events.ts';
import { foldEvents, handleCommand } from '../shared/domain/decider.ts';
import { disputeStreamId } from '../shared/domain/disputes/events.ts';
import { escrowDecider, type EscrowState } from '../shared/domain/escrow/decider.ts';
import { escrowStreamId, type EscrowEvent } from '../shared/domain/escrow/events.ts';
import { workOrderStreamId } from '../shared/domain/work/events.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { Browser, signUp } from './support/http-client.ts';
import { card, idempotencyKey, moneyFlow, paintingOrder, SUCCESS_CARD, type Person } from './support/money-flow.ts';

/**
 * Commands on two streams that decide about the same money, raced through the API against the
 * real PostgreSQL store: cancelling a paid job against marking it complete (work orders and direct
 * bookings), and opening a dispute against approving the work. Exactly one side wins each time;
 * the other gets a 409 with a clear message, and the money adds up.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

const { settle, rowIn, sign, fundedJob } = moneyFlow(() => t);
const HOUR = 3_600_000;
const ok = (code: number) => code === 200 || code === 202;

async function escrowHistory(jobId: string) {
  const events = (await t.runtime.store.readStream(escrowStreamId(jobId))) as unknown as EscrowEvent[];
  return { events, state: foldEvents(escrowDecider, events) as Exclude<EscrowState, { status: 'none' }> };
}

/**
 * A refused side answers 409 with a message a person can act on: words, not a code (the work
 * rules' texts carry no full stop: "This work order was cancelled").
 */
function expectRefusals(answers: { statusCode: number; json(): unknown }[]) {
  for (const answer of answers.filter((a) => !ok(a.statusCode))) {
    expect(answer.statusCode).toBe(409);
    expect((answer.json() as { error: string }).error).toMatch(/^[A-Z]\w*(\W+\w+){3,}/);
  }
}

describe('cancelling a paid job against marking it complete', () => {
  it('on many work orders at once: each ends refunded in full with no payout, or completed with no refund', async () => {
    const jobs = [];
    for (let i = 0; i < 5; i++) jobs.push(await fundedJob(40_000 + i * 1_000));
    const race = jobs.map(async ({ customer, contractor, jobId }) => {
      const attempts = Array.from({ length: 16 }, (_, i) =>
        i % 2 === 0
          ? customer.browser
              .post(`/api/work-orders/${jobId}/cancel`, { reason: 'Plans changed' })
              .then((answer) => ({ side: 'cancel' as const, answer }))
          : contractor.browser
              .post(`/api/escrows/${jobId}/complete`, {}, idempotencyKey())
              .then((answer) => ({ side: 'complete' as const, answer })),
      );
      return { jobId, customer, results: await Promise.all(attempts) };
    });
    for (const { jobId, results } of await Promise.all(race)) {
      const won = (side: 'cancel' | 'complete') =>
        results.filter((r) => r.side === side && ok(r.answer.statusCode)).length;
      expect(won('cancel') + won('complete'), `${jobId}: exactly one decision`).toBe(1);
      expectRefusals(results.map((r) => r.answer));
      const { events, state } = await escrowHistory(jobId);
      const order = await t.runtime.store.readStream(workOrderStreamId(jobId));
      const orderCancelled = order.some((event) => event.type === 'WorkOrderCancelled');
      if (won('cancel') === 1) {
        // Refunded in the cancelling request itself, not by a later tick.
        expect(state.status).toBe('refunded');
        expect(orderCancelled).toBe(true);
        expect(events.some((event) => event.type === 'WorkMarkedComplete')).toBe(false);
        const refund = events.find((event) => event.type === 'EscrowRefunded')!.data as {
          refund: { amountCents: number };
          payout: unknown;
        };
        expect(refund.refund.amountCents).toBe(state.amountCents);
        expect(refund.payout).toBeNull();
        expect(state.paidOutCents).toBe(state.paidInCents);
      } else {
        expect(state.status).toBe('completed');
        expect(orderCancelled).toBe(false);
        expect(events.some((event) => event.type === 'EscrowRefunded')).toBe(false);
        expect(state.paidOutCents).toBe(0);
      }
      expect(state.paidInCents).toBe(state.amountCents);
    }
  });

  it('on a paid direct booking: cancelling it and marking its work complete never both win', async () => {
    const contractor = await signUp(t.app, { role: 'contractor' });
    const opened = await contractor.browser.request('PUT', '/api/contractor/availability', {
      timeZone: 'America/Toronto',
      weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '23:30' })),
      slotMinutes: 60,
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const offered = await contractor.browser.post('/api/service-offerings', {
      title: 'Deep cleaning',
      description: 'Kitchen, bathrooms and floors, with our own products and equipment.',
      pricingModel: 'fixed',
      price: '180',
      isRemoteService: false,
    });
    expect(offered.statusCode, offered.body).toBe(201);
    const offeringId = (offered.json().offering ?? offered.json()).id as string;
    const slots = (
      await new Browser(t.app).get(`/api/contractors/${contractor.user.id}/slots?tz=America/Toronto`)
    ).json().slots as { startsAt: string }[];
    const slot = slots.find((s) => Date.parse(s.startsAt) >= Date.now() + 72 * HOUR)!;
    const customer: Person = await signUp(t.app, { role: 'customer' });
    const booked = await customer.browser.post('/api/bookings', {
      contractorId: contractor.user.id,
      startsAt: slot.startsAt,
      offeringId,
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const bookingId = booked.json().booking.id as string;
    expect((await contractor.browser.post(`/api/bookings/${bookingId}/confirm`)).statusCode).toBe(200);
    await settle(rowIn('rm_contracts', bookingId));
    expect((await sign(customer, bookingId)).statusCode).toBe(200);
    expect((await sign(contractor, bookingId)).statusCode).toBe(200);
    await settle(rowIn('rm_escrows', bookingId));
    const funded = await customer.browser.post(`/api/escrows/${bookingId}/fund`, card(SUCCESS_CARD), idempotencyKey());
    expect(funded.statusCode, funded.body).toBe(200);

    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        i % 2 === 0
          ? customer.browser
              .post(`/api/bookings/${bookingId}/cancel`, { reason: 'Plans changed' })
              .then((answer) => ({ side: 'cancel', answer }))
          : contractor.browser
              .post(`/api/escrows/${bookingId}/complete`, {}, idempotencyKey())
              .then((answer) => ({ side: 'complete', answer })),
      ),
    );
    const won = (side: string) => results.filter((r) => r.side === side && ok(r.answer.statusCode)).length;
    expect(won('cancel') + won('complete')).toBe(1);
    expectRefusals(results.map((r) => r.answer));
    const { state } = await escrowHistory(bookingId);
    const [booking] = await t.runtime.sql<{ status: string }[]>`
      select status from rm_bookings where booking_id = ${bookingId}`;
    if (won('cancel') === 1) {
      // Three days ahead: free, so all of it back.
      expect(state).toMatchObject({ status: 'refunded', paidOutCents: 18_000 });
      expect(booking!.status).toBe('cancelled');
    } else {
      expect(state.status).toBe('completed');
      expect(booking!.status).toBe('confirmed');
    }
  });

  it('refuses to cancel a job whose work was marked complete, naming the way out', async () => {
    const { customer, contractor, jobId } = await fundedJob(30_000);
    expect((await contractor.browser.post(`/api/escrows/${jobId}/complete`, {}, idempotencyKey())).statusCode).toBe(
      200,
    );
    const refused = await customer.browser.post(`/api/work-orders/${jobId}/cancel`, { reason: 'Too late' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatch(/dispute/);
    const order = await t.runtime.store.readStream(workOrderStreamId(jobId));
    expect(order.some((event) => event.type === 'WorkOrderCancelled')).toBe(false);
  });

  it('cancels an awarded job before its contract is written, so no contract or escrow follows', async () => {
    const customer = await signUp(t.app, { role: 'customer' });
    const contractor = await signUp(t.app, { role: 'contractor' });
    const posted = await customer.browser.post('/api/work-orders', paintingOrder({ budgetMinCents: 40_000 }));
    expect(posted.statusCode, posted.body).toBe(201);
    const jobId = posted.json().workOrder.id as string;
    const proposal = await contractor.browser.post(`/api/work-orders/${jobId}/proposals`, {
      priceCents: 50_000,
      durationHours: 6,
      earliestStart: new Date(Date.now() + 7 * 24 * HOUR).toISOString().slice(0, 10),
      message: 'One coat with a sprayer, done in a day.',
    });
    expect(proposal.statusCode, proposal.body).toBe(201);
    const accepted = await customer.browser.post(
      `/api/work-orders/${jobId}/proposals/${proposal.json().proposal.id}/accept`,
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    // Cancelled before the money process wrote the contract…
    const cancelled = await customer.browser.post(`/api/work-orders/${jobId}/cancel`, { reason: 'Sold the house' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // …by a timer that had read the job as awarded a moment earlier: it writes nothing.
    const late = await handleCommand(
      t.runtime.store,
      contractStreamId(jobId),
      contractDecider,
      {
        type: 'GenerateContract',
        terms: termsFor({
          jobId,
          jobKind: 'work-order',
          customerId: customer.user.id,
          contractorId: contractor.user.id,
          title: 'Paint a two-bedroom apartment',
          scope: 'Walls only.',
          priceCents: 50_000,
          startsAt: null,
          endsAt: null,
          timeZone: null,
          workProvince: 'ON',
          contractorProvince: 'ON',
        }),
        now: new Date(),
      },
      systemContext(new Date()),
    );
    expect(late.newEvents).toEqual([]);
    await settle();
    const [contract] = await t.runtime.sql`select 1 from rm_contracts where job_id = ${jobId}`;
    expect(contract).toBeUndefined();
    expect(await t.runtime.store.readStream(escrowStreamId(jobId))).toEqual([]);
  });
});

describe('opening a dispute against approving the work', () => {
  it('exactly one wins: the money is frozen for the dispute, or released with no dispute left open', async () => {
    const { customer, contractor, jobId } = await fundedJob(55_000);
    expect((await contractor.browser.post(`/api/escrows/${jobId}/complete`, {}, idempotencyKey())).statusCode).toBe(
      200,
    );
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        i % 2 === 0
          ? customer.browser
              .post('/api/disputes', {
                jobId,
                reason: 'poor-quality',
                description: 'Two walls still show the old colour through the new coat, and the trim was not done.',
              })
              .then((answer) => ({ side: 'dispute', answer }))
          : customer.browser
              .post(`/api/escrows/${jobId}/approve`, {}, { 'idempotency-key': randomUUID() })
              .then((answer) => ({ side: 'approve', answer })),
      ),
    );
    const won = (side: string) =>
      results.filter((r) => r.side === side && (ok(r.answer.statusCode) || r.answer.statusCode === 201)).length;
    expect(won('dispute') + won('approve')).toBe(1);
    const { state } = await escrowHistory(jobId);
    const dispute = await t.runtime.store.readStream(disputeStreamId(jobId));
    if (won('dispute') === 1) {
      expect(state.status).toBe('frozen');
      expect(dispute.some((event) => event.type === 'DisputeVoided')).toBe(false);
    } else {
      expect(state.status).toBe('released');
      // A dispute that lost the race is voided, never left open on money that is gone.
      const opened = dispute.some((event) => event.type === 'DisputeOpened');
      expect(!opened || dispute.some((event) => event.type === 'DisputeVoided')).toBe(true);
    }
  });
});
