import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewsPublishJob } from '../workflows/reviews-publish.ts';
import { randomUUID } from 'node:crypto';
import { scheduleStreamId } from '../shared/domain/booking/events.ts';
import { REVIEW_MESSAGES } from '../shared/domain/reviews/decider.ts';
import type { JobReviewsView, PendingReviewView } from '../shared/http/reviews.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { signUp } from './support/http-client.ts';
import { DAY, idempotencyKey, moneyFlow, paintingOrder, type Person } from './support/money-flow.ts';
import { waitUntil } from './support/wait.ts';

/**
 * Reviews of a work order won by a bid: the whole job through the API (post, bid, accept, sign,
 * pay, complete, approve), then the double-blind reviews of both parties.
 */
let t: TestApp;
const money = moneyFlow(() => t);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const review = (text: string, rating = 5) => ({ rating, text });

async function pending(person: Person): Promise<PendingReviewView[]> {
  const response = await person.browser.get('/api/reviews/pending');
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as PendingReviewView[];
}

async function reviewsOf(person: Person | null, workOrderId: string): Promise<JobReviewsView> {
  const response = person
    ? await person.browser.get(`/api/work-orders/${workOrderId}/reviews`)
    : await t.app.inject({ method: 'GET', url: `/api/work-orders/${workOrderId}/reviews` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as JobReviewsView;
}

/** A $550 bid job, funded and marked complete by the contractor; `approve` releases it. */
async function completedBidJob() {
  const job = await money.fundedJob(55_000);
  const done = await job.contractor.browser.post(
    `/api/escrows/${job.jobId}/complete`,
    { note: 'All walls painted.' },
    idempotencyKey(),
  );
  expect(done.statusCode, done.body).toBe(200);
  const approve = async () => {
    const approved = await job.customer.browser.post(`/api/escrows/${job.jobId}/approve`, {}, idempotencyKey());
    expect(approved.statusCode, approved.body).toBe(200);
    await money.settle(
      async () =>
        (
          await t.runtime.sql`
            select 1 from rm_review_jobs where job_id = ${job.jobId} and completed_at is not null`
        ).length > 0,
    );
  };
  return { ...job, approve };
}

describe('reviews of a work order won by a bid', () => {
  it('opens at release for both parties, stays blind until both wrote, and refuses strangers and seconds', async () => {
    const { customer, contractor, jobId, approve } = await completedBidJob();
    const stranger = await signUp(t.app, { role: 'customer' });

    // Marked complete but not released yet: nothing to review.
    expect((await pending(customer)).map((p) => p.jobId)).not.toContain(jobId);
    const early = await customer.browser.post(`/api/work-orders/${jobId}/reviews`, review('Too early to say.'));
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json()).toEqual({ error: REVIEW_MESSAGES.notReleased });

    await approve();

    const [forCustomer] = (await pending(customer)).filter((p) => p.jobId === jobId);
    expect(forCustomer).toMatchObject({
      jobId,
      kind: 'work-order',
      bookingId: null,
      title: paintingOrder().title,
      side: 'customer',
      otherParty: { id: contractor.user.id, name: contractor.user.name },
      otherSideReviewed: false,
    });
    expect(Date.parse(forCustomer!.deadline) - Date.parse(forCustomer!.completedAt)).toBe(7 * DAY);
    const [forContractor] = (await pending(contractor)).filter((p) => p.jobId === jobId);
    expect(forContractor).toMatchObject({ jobId, kind: 'work-order', side: 'contractor' });
    expect((await pending(stranger)).map((p) => p.jobId)).not.toContain(jobId);

    // A third user is refused, and so is a booking route for a work order.
    const third = await stranger.browser.post(`/api/work-orders/${jobId}/reviews`, review('I was never there.'));
    expect(third.statusCode).toBe(403);
    expect(third.json()).toEqual({ error: REVIEW_MESSAGES.notParty });
    const asBooking = await customer.browser.post(`/api/bookings/${jobId}/reviews`, review('Wrong door entirely.'));
    expect(asBooking.statusCode).toBe(404);

    const first = await customer.browser.post(
      `/api/work-orders/${jobId}/reviews`,
      review('Clean lines and the furniture was covered.', 5),
    );
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ published: false, review: { jobId, kind: 'work-order', side: 'customer' } });

    // Blind: the contractor is told a review waits, but cannot read it; the public sees nothing.
    const contractorView = await reviewsOf(contractor, jobId);
    expect(contractorView.reviews).toEqual([]);
    expect(contractorView.viewer).toMatchObject({ side: 'contractor', otherSideReviewed: true, canReview: true });
    expect((await reviewsOf(null, jobId)).reviews).toEqual([]);
    expect((await pending(contractor)).find((p) => p.jobId === jobId)?.otherSideReviewed).toBe(true);
    expect((await pending(customer)).map((p) => p.jobId)).not.toContain(jobId);

    const again = await customer.browser.post(`/api/work-orders/${jobId}/reviews`, review('Changed my mind, 3.', 3));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: REVIEW_MESSAGES.alreadyReviewed });

    const second = await contractor.browser.post(
      `/api/work-orders/${jobId}/reviews`,
      review('Clear instructions and paid promptly.', 4),
    );
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().published).toBe(true);

    const published = await reviewsOf(null, jobId);
    expect(published.published).toBe(true);
    expect(published.reviews.map((r) => [r.side, r.rating])).toEqual([
      ['customer', 5],
      ['contractor', 4],
    ]);
    expect((await pending(contractor)).map((p) => p.jobId)).not.toContain(jobId);
    const closed = await stranger.browser.post(`/api/work-orders/${jobId}/reviews`, review('Still not a party.'));
    expect(closed.statusCode).toBe(403);

    // The events name the work order by id and carry no names.
    const events = await t.runtime.store.readStream(`review-${jobId}`);
    expect(events.map((e) => e.type)).toEqual(['ReviewSubmitted', 'ReviewSubmitted', 'ReviewsPublished']);
    expect(events[0]!.data).toMatchObject({ jobId, jobKind: 'work-order' });
    expect(JSON.stringify(events.map((e) => e.data))).not.toContain(customer.user.name);

    // The rating feeds the contractor's public reviews, their profile and the directory.
    const about = await t.app.inject({ method: 'GET', url: `/api/contractors/${contractor.user.id}/reviews` });
    expect(about.json()).toMatchObject({ average: 5, count: 1 });
    await waitUntil(
      async () => {
        const profile = await t.app.inject({ method: 'GET', url: `/api/contractors/${contractor.user.id}` });
        if (profile.statusCode !== 200) return false;
        const body = profile.json() as {
          rating: { average: number | null; count: number };
          reviews: { total: number };
        };
        return body.rating.count === 1 && body.rating.average === 5 && body.reviews.total === 1;
      },
      { message: "the work order's review did not reach the contractor's profile" },
    );

    // ... and the comparison of the proposals the contractor sends next.
    const next = await customer.browser.post('/api/work-orders', paintingOrder({ title: 'Paint the garage' }));
    expect(next.statusCode, next.body).toBe(201);
    const nextId = next.json().workOrder.id as string;
    const bid = await contractor.browser.post(`/api/work-orders/${nextId}/proposals`, {
      priceCents: 90_000,
      durationHours: 8,
      earliestStart: new Date(Date.now() + 7 * DAY).toISOString().slice(0, 10),
      message: 'One painter, one day, same care as last time.',
    });
    expect(bid.statusCode, bid.body).toBe(201);
    const compared = await customer.browser.get(`/api/work-orders/${nextId}/proposals`);
    expect(compared.statusCode, compared.body).toBe(200);
    expect(JSON.stringify(compared.json())).toContain('"ratingAverage":5');
  });

  it('publishes a lone review when the 7-day window closes, and closes writing', async () => {
    const { customer, contractor, jobId, approve } = await completedBidJob();
    await approve();
    const written = await customer.browser.post(
      `/api/work-orders/${jobId}/reviews`,
      review('Good work, a little late on the second day.', 4),
    );
    expect(written.statusCode, written.body).toBe(201);
    const [row] = await t.runtime.sql<{ completed_at: Date }[]>`
      select completed_at from rm_review_jobs where job_id = ${jobId}`;
    const releasedAt = row!.completed_at.getTime();

    const context = { sql: t.runtime.sql, store: t.runtime.store, gateway: t.runtime.gateway };
    expect(await reviewsPublishJob.run({ ...context, now: new Date(releasedAt + 7 * DAY - 1000) })).toBe(0);
    expect((await reviewsOf(contractor, jobId)).reviews).toEqual([]);

    expect(await reviewsPublishJob.run({ ...context, now: new Date(releasedAt + 7 * DAY + 1000) })).toBeGreaterThan(0);
    await waitUntil(async () => (await reviewsOf(null, jobId)).published, {
      message: 'the publication was not projected',
    });
    const seen = await reviewsOf(contractor, jobId);
    expect(seen.reviews.map((r) => [r.side, r.rating])).toEqual([['customer', 4]]);
    expect(seen.viewer).toMatchObject({ hasReviewed: false, canReview: false });
    const events = await t.runtime.store.readStream(`review-${jobId}`);
    expect((events.at(-1)!.data as { reason: string }).reason).toBe('window-closed');

    const late = await contractor.browser.post(`/api/work-orders/${jobId}/reviews`, review('Writing after it closed.'));
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ error: REVIEW_MESSAGES.windowClosed });
    expect((await pending(contractor)).map((p) => p.jobId)).not.toContain(jobId);
  });

  it("reviews a work order's booking with the work order, never on its own", async () => {
    const { customer, contractor, jobId, approve } = await completedBidJob();
    const bookingId = randomUUID();
    const at = new Date().toISOString();
    const parties = { bookingId, contractorId: contractor.user.id, customerId: customer.user.id };
    await t.runtime.store.append(scheduleStreamId(contractor.user.id), [
      {
        type: 'BookingRequested',
        data: {
          ...parties,
          startsAt: at,
          endsAt: at,
          timeZone: 'America/Toronto',
          customerTimeZone: 'America/Toronto',
          workOrderId: jobId,
          offeringId: null,
          priceCents: 55_000,
          note: null,
          requestedAt: at,
        },
      },
      {
        type: 'BookingCompleted',
        data: { ...parties, workOrderId: jobId, completedBy: contractor.user.id, completedAt: at },
      },
    ]);
    await approve();
    await t.runtime.runner!.idle();
    expect((await pending(customer)).map((p) => [p.kind, p.jobId])).toEqual([['work-order', jobId]]);
    const asBooking = await customer.browser.post(`/api/bookings/${bookingId}/reviews`, review('The booking alone.'));
    expect(asBooking.statusCode).toBe(404);
    expect(asBooking.json()).toEqual({ error: REVIEW_MESSAGES.bookingNotFound });
  });
});
