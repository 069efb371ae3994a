import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewsPublishJob } from '../workflows/reviews-publish.ts';
import { allScheduledJobs } from '../workflows/scheduled-jobs.ts';
import { scheduleStreamId } from '../shared/domain/booking/events.ts';
import { REVIEW_MESSAGES } from '../shared/domain/reviews/decider.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { Browser, createAdmin, signUp } from './support/http-client.ts';
import { waitUntil } from './support/wait.ts';

/**
 * Double-blind reviews through the API. Bookings belong to another module: these tests append its
 * contract events (shared/domain/booking/events.ts) straight to the store to simulate a job.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Person = Awaited<ReturnType<typeof signUp>>;
type ReviewView = {
  bookingId: string;
  side: string;
  reviewerId: string;
  reviewerName: string;
  revieweeId: string;
  rating: number;
  text: string;
  published: boolean;
  publishedAt: string | null;
};
type BookingReviews = {
  bookingId: string;
  published: boolean;
  reviews: ReviewView[];
  viewer: null | { side: string; hasReviewed: boolean; otherSideReviewed: boolean; canReview: boolean };
};

const DAY = 24 * 60 * 60 * 1000;

/** A booking between the two, requested and (unless `completedAt` is null) completed. */
async function booking(customer: Person, contractor: Person, completedAt: Date | null = new Date()) {
  const bookingId = randomUUID();
  const customerId = customer.user.id;
  const contractorId = contractor.user.id;
  const requestedAt = new Date((completedAt ?? new Date()).getTime() - 3 * DAY).toISOString();
  const startsAt = new Date((completedAt ?? new Date()).getTime() - 2 * DAY).toISOString();
  await t.runtime.store.append(scheduleStreamId(contractorId), [
    {
      type: 'BookingRequested',
      data: {
        bookingId,
        contractorId,
        customerId,
        startsAt,
        endsAt: new Date(Date.parse(startsAt) + 2 * 60 * 60 * 1000).toISOString(),
        timeZone: 'America/Toronto',
        customerTimeZone: 'America/Toronto',
        workOrderId: null,
        offeringId: null,
        priceCents: 25_000,
        note: null,
        requestedAt,
      },
    },
    { type: 'BookingConfirmed', data: { bookingId, contractorId, customerId, startsAt, confirmedAt: requestedAt } },
    ...(completedAt
      ? [
          {
            type: 'BookingCompleted',
            data: {
              bookingId,
              contractorId,
              customerId,
              workOrderId: null,
              completedBy: contractorId,
              completedAt: completedAt.toISOString(),
            },
          },
        ]
      : []),
  ]);
  await waitUntil(
    async () =>
      (
        await t.runtime.sql`
          select 1 from rm_review_jobs where job_id = ${bookingId}
            and (completed_at is not null or ${completedAt === null})`
      ).length > 0,
    { message: 'the booking was not projected for reviews' },
  );
  return bookingId;
}

const review = (text = 'Arrived on time and left the place spotless.', rating = 5) => ({ rating, text });

async function bookingReviews(browser: Browser, bookingId: string): Promise<BookingReviews> {
  const response = await browser.get(`/api/bookings/${bookingId}/reviews`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as BookingReviews;
}

async function notificationsOf(browser: Browser) {
  const response = await browser.get('/api/notifications');
  return response.json() as { title: string; message: string; priority: string; type: string; actionUrl?: string }[];
}

async function pending(browser: Browser) {
  const response = await browser.get('/api/reviews/pending');
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    bookingId: string;
    side: string;
    otherParty: { name: string };
    otherSideReviewed: boolean;
  }[];
}

let customer: Person;
let contractor: Person;
let stranger: Person;
beforeAll(async () => {
  [customer, contractor, stranger] = await Promise.all([
    signUp(t.app, { role: 'customer', name: 'Marie Tremblay' }),
    signUp(t.app, { role: 'contractor', name: 'Jean-Luc Bouchard' }),
    signUp(t.app, { role: 'customer' }),
  ]);
});

describe('POST /api/bookings/:bookingId/reviews', () => {
  it('asks for sign-in', async () => {
    const bookingId = await booking(customer, contractor);
    const response = await new Browser(t.app).post(`/api/bookings/${bookingId}/reviews`, review());
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBeTruthy();
  });

  it('lets only the two parties review: another member and an admin get 403, an unknown booking 404', async () => {
    const bookingId = await booking(customer, contractor);
    const other = await stranger.browser.post(`/api/bookings/${bookingId}/reviews`, review());
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ error: REVIEW_MESSAGES.notParty });

    const admin = await createAdmin(t.runtime);
    const adminBrowser = new Browser(t.app);
    const login = await adminBrowser.post('/api/auth/login', {
      email: admin.registration.email,
      password: admin.registration.password,
    });
    expect(login.statusCode, login.body).toBe(200);
    expect((await adminBrowser.post(`/api/bookings/${bookingId}/reviews`, review())).statusCode).toBe(403);

    const unknown = await customer.browser.post(`/api/bookings/${randomUUID()}/reviews`, review());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: REVIEW_MESSAGES.bookingNotFound });
  });

  it('waits for the job to be completed (409)', async () => {
    const bookingId = await booking(customer, contractor, null);
    const response = await customer.browser.post(`/api/bookings/${bookingId}/reviews`, review());
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: REVIEW_MESSAGES.notCompleted });
  });

  it('rejects bad input with a 400 and a clear message', async () => {
    const bookingId = await booking(customer, contractor);
    const url = `/api/bookings/${bookingId}/reviews`;
    const cases: [unknown, string][] = [
      [{ rating: 0, text: 'Long enough text here.' }, REVIEW_MESSAGES.rating],
      [{ rating: 6, text: 'Long enough text here.' }, REVIEW_MESSAGES.rating],
      [{ rating: 4.5, text: 'Long enough text here.' }, REVIEW_MESSAGES.rating],
      [{ rating: '5', text: 'Long enough text here.' }, REVIEW_MESSAGES.rating],
      [{ text: 'Long enough text here.' }, REVIEW_MESSAGES.rating],
      [{ rating: 5, text: '  too short  ' }, REVIEW_MESSAGES.text],
      [{ rating: 5, text: 'x'.repeat(2001) }, REVIEW_MESSAGES.text],
      [{ rating: 5 }, REVIEW_MESSAGES.text],
      [{ rating: 5, text: 'A bell \u0007 rang during the work.' }, REVIEW_MESSAGES.control],
    ];
    for (const [body, message] of cases) {
      const response = await customer.browser.post(url, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json(), JSON.stringify(body)).toEqual({ error: message });
    }
    const extra = await customer.browser.post(url, { ...review(), stars: 5 });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error).toBeTruthy();
    expect((await customer.browser.post(`/api/bookings/not-a-uuid/reviews`, review())).json()).toEqual({
      error: 'The booking id is not valid',
    });
    // Nothing was written by any of these.
    expect((await bookingReviews(customer.browser, bookingId)).reviews).toEqual([]);
  });
});

describe('the double-blind rule', () => {
  it('hides the first review from the other side until they write theirs; then both are public', async () => {
    const bookingId = await booking(customer, contractor);
    expect((await pending(customer.browser)).map((p) => p.bookingId)).toContain(bookingId);
    expect((await pending(contractor.browser)).find((p) => p.bookingId === bookingId)).toMatchObject({
      side: 'contractor',
      otherParty: { name: 'Marie Tremblay' },
      otherSideReviewed: false,
    });

    const first = await customer.browser.post(
      `/api/bookings/${bookingId}/reviews`,
      review('  Jean-Luc fixed the leak fast and explained everything.  ', 5),
    );
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      published: false,
      review: {
        side: 'customer',
        rating: 5,
        text: 'Jean-Luc fixed the leak fast and explained everything.',
        reviewerName: 'Marie T.',
        published: false,
      },
    });

    // The writer sees their own review; the other side, another member and a visitor see none.
    const mine = await bookingReviews(customer.browser, bookingId);
    expect(mine.reviews.map((r) => r.side)).toEqual(['customer']);
    expect(mine.viewer).toMatchObject({ side: 'customer', hasReviewed: true, canReview: false });
    const theirs = await bookingReviews(contractor.browser, bookingId);
    expect(theirs.reviews).toEqual([]);
    expect(theirs.viewer).toMatchObject({ side: 'contractor', otherSideReviewed: true, canReview: true });
    expect((await bookingReviews(stranger.browser, bookingId)).reviews).toEqual([]);
    expect((await bookingReviews(stranger.browser, bookingId)).viewer).toBeNull();
    expect((await bookingReviews(new Browser(t.app), bookingId)).reviews).toEqual([]);
    // Nor anywhere else: the contractor's public reviews, reviews about them, their list.
    const publicList = await new Browser(t.app).get(`/api/contractors/${contractor.user.id}/reviews`);
    expect(JSON.stringify(publicList.json())).not.toContain('fixed the leak');
    const about = await contractor.browser.get(`/api/users/${contractor.user.id}/reviews`);
    expect(JSON.stringify(about.json())).not.toContain('fixed the leak');
    const contractorMine = await contractor.browser.get('/api/reviews/mine');
    expect(JSON.stringify(contractorMine.json())).not.toContain('fixed the leak');

    // It is no longer to write for the customer; the contractor is nudged and still has it to write.
    expect((await pending(customer.browser)).map((p) => p.bookingId)).not.toContain(bookingId);
    expect((await pending(contractor.browser)).find((p) => p.bookingId === bookingId)?.otherSideReviewed).toBe(true);
    await waitUntil(async () =>
      (await notificationsOf(contractor.browser)).find((n) => n.title === 'A review is waiting for yours'),
    );
    const nudge = (await notificationsOf(contractor.browser)).find((n) => n.title === 'A review is waiting for yours')!;
    expect(nudge).toMatchObject({
      type: 'system',
      priority: 'low',
      message: 'Your customer left a review of your job. Write yours to see it.',
      actionUrl: '/reviews',
    });
    expect((await notificationsOf(customer.browser)).map((n) => n.title)).not.toContain(
      'A review is waiting for yours',
    );

    // A second review by the same side is a conflict.
    const again = await customer.browser.post(`/api/bookings/${bookingId}/reviews`, review());
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: REVIEW_MESSAGES.alreadyReviewed });

    // The second side writes: both are published at once.
    const second = await contractor.browser.post(
      `/api/bookings/${bookingId}/reviews`,
      review('Marie was clear about the job and easy to reach.', 4),
    );
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json()).toMatchObject({ published: true, review: { side: 'contractor', published: true } });

    for (const browser of [customer.browser, contractor.browser, stranger.browser, new Browser(t.app)]) {
      const seen = await bookingReviews(browser, bookingId);
      expect(seen.published).toBe(true);
      expect(seen.reviews.map((r) => [r.side, r.rating, r.published])).toEqual([
        ['customer', 5, true],
        ['contractor', 4, true],
      ]);
    }
    expect((await pending(contractor.browser)).map((p) => p.bookingId)).not.toContain(bookingId);
    const late = await contractor.browser.post(`/api/bookings/${bookingId}/reviews`, review());
    expect(late.statusCode).toBe(409);

    for (const person of [customer, contractor]) {
      await waitUntil(async () => (await notificationsOf(person.browser)).find((n) => n.title === 'Reviews published'));
    }
    const published = (await notificationsOf(customer.browser)).find((n) => n.title === 'Reviews published')!;
    expect(published).toMatchObject({
      type: 'system',
      priority: 'normal',
      message: 'Both reviews of your booking are written: you can now read them.',
      actionUrl: '/reviews',
    });
    // French readers get French.
    const fr = await customer.browser.get('/api/notifications?locale=fr');
    expect((fr.json() as { title: string }[]).map((n) => n.title)).toContain('Avis publiés');
  });

  it('publishes exactly once when both sides submit at the same instant', async () => {
    const bookingId = await booking(customer, contractor);
    const [a, b] = await Promise.all([
      customer.browser.post(`/api/bookings/${bookingId}/reviews`, review('Both at once, from the customer side.')),
      contractor.browser.post(`/api/bookings/${bookingId}/reviews`, review('Both at once, from the contractor side.')),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    // One of them saw the other's review already written, and published both.
    expect([a.json().published, b.json().published].sort()).toEqual([false, true]);
    const events = await t.runtime.store.readStream(`review-${bookingId}`);
    expect(events.map((e) => e.type)).toEqual(['ReviewSubmitted', 'ReviewSubmitted', 'ReviewsPublished']);
    expect((events[2]!.data as { reviews: unknown[] }).reviews).toHaveLength(2);
  });

  it('publishes a lone review once 7 days have passed, through the scheduled job', async () => {
    expect(allScheduledJobs).toContain(reviewsPublishJob);
    const completedAt = new Date(Date.now() - 6 * DAY);
    const bookingId = await booking(customer, contractor, completedAt);
    const written = await contractor.browser.post(
      `/api/bookings/${bookingId}/reviews`,
      review('Friendly customer, the driveway was cleared for us.', 5),
    );
    expect(written.statusCode, written.body).toBe(201);
    expect((await bookingReviews(customer.browser, bookingId)).reviews).toEqual([]);

    // Before the 7 days: nothing to publish.
    const job = { sql: t.runtime.sql, store: t.runtime.store, gateway: t.runtime.gateway };
    expect(await reviewsPublishJob.run({ ...job, now: new Date() })).toBe(0);
    expect(await reviewsPublishJob.run({ ...job, now: new Date(completedAt.getTime() + 7 * DAY - 1000) })).toBe(0);

    // Once the window has closed (7 days after completion, not after the review): published once.
    const after = new Date(completedAt.getTime() + 7 * DAY + 1000);
    expect(await reviewsPublishJob.run({ ...job, now: after })).toBe(1);
    await waitUntil(async () => (await bookingReviews(customer.browser, bookingId)).published, {
      message: 'the publication was not projected',
    });
    expect(await reviewsPublishJob.run({ ...job, now: after })).toBe(0);

    const seen = await bookingReviews(customer.browser, bookingId);
    expect(seen.reviews.map((r) => [r.side, r.text])).toEqual([
      ['contractor', 'Friendly customer, the driveway was cleared for us.'],
    ]);
    expect(seen.viewer).toMatchObject({ hasReviewed: false, canReview: false });
    const events = await t.runtime.store.readStream(`review-${bookingId}`);
    expect(events.map((e) => e.type)).toEqual(['ReviewSubmitted', 'ReviewsPublished']);
    expect((events[1]!.data as { reason: string }).reason).toBe('window-closed');
    await waitUntil(async () =>
      (await notificationsOf(customer.browser)).find(
        (n) =>
          n.message === 'The 7-day review window of your booking has closed: the reviews written are now published.',
      ),
    );
  });

  it('closes writing when the window has closed, even before the job has run', async () => {
    const bookingId = await booking(customer, contractor, new Date(Date.now() - 8 * DAY));
    const response = await customer.browser.post(`/api/bookings/${bookingId}/reviews`, review());
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: REVIEW_MESSAGES.windowClosed });
    expect((await pending(customer.browser)).map((p) => p.bookingId)).not.toContain(bookingId);
  });
});

describe('GET /api/bookings/:bookingId/reviews', () => {
  it('answers 404 for an unknown booking and 400 for a bad id', async () => {
    const unknown = await customer.browser.get(`/api/bookings/${randomUUID()}/reviews`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: REVIEW_MESSAGES.bookingNotFound });
    const bad = await customer.browser.get('/api/bookings/123/reviews');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'The booking id is not valid' });
  });
});

describe('GET /api/reviews/pending and /api/reviews/mine', () => {
  it('ask for sign-in', async () => {
    for (const url of ['/api/reviews/pending', '/api/reviews/mine']) {
      expect((await new Browser(t.app).get(url)).statusCode, url).toBe(401);
    }
  });

  it('list only my own bookings', async () => {
    const bookingId = await booking(customer, contractor);
    expect((await pending(stranger.browser)).map((p) => p.bookingId)).not.toContain(bookingId);
    await customer.browser.post(`/api/bookings/${bookingId}/reviews`, review('Quick, tidy and friendly work overall.'));
    const mine = await customer.browser.get('/api/reviews/mine');
    expect(mine.statusCode).toBe(200);
    const entry = (mine.json() as BookingReviews[]).find((b) => b.bookingId === bookingId);
    expect(entry).toMatchObject({ published: false, viewer: { side: 'customer', hasReviewed: true } });
    expect(entry!.reviews.map((r) => r.text)).toEqual(['Quick, tidy and friendly work overall.']);
    const strangers = await stranger.browser.get('/api/reviews/mine');
    expect((strangers.json() as BookingReviews[]).map((b) => b.bookingId)).not.toContain(bookingId);
    expect((await customer.browser.get('/api/reviews/mine?limit=0')).statusCode).toBe(400);
  });
});

describe('GET /api/contractors/:id/reviews and /api/users/:id/reviews', () => {
  it('page published reviews about a contractor with their average and count', async () => {
    const pro = await signUp(t.app, { role: 'contractor' });
    const ratings = [5, 3, 4];
    for (const [index, rating] of ratings.entries()) {
      const client = await signUp(t.app, { role: 'customer', name: `Client Number${index}` });
      const bookingId = await booking(client, pro);
      await client.browser.post(
        `/api/bookings/${bookingId}/reviews`,
        review(`Review number ${index} of the job.`, rating),
      );
      const back = await pro.browser.post(
        `/api/bookings/${bookingId}/reviews`,
        review(`The customer number ${index} was great.`, 1),
      );
      expect(back.statusCode, back.body).toBe(201);
    }
    const visitor = new Browser(t.app);
    const all = await visitor.get(`/api/contractors/${pro.user.id}/reviews`);
    expect(all.statusCode, all.body).toBe(200);
    const body = all.json() as { average: number; count: number; reviews: ReviewView[]; hasMore: boolean };
    // Only what customers wrote about the contractor, not what the contractor wrote.
    expect(body).toMatchObject({ average: 4, count: 3, hasMore: false });
    expect(body.reviews.every((r) => r.side === 'customer' && r.revieweeId === pro.user.id)).toBe(true);
    expect(body.reviews[0]!.reviewerName).toMatch(/^Client N\.$/);

    const first = (await visitor.get(`/api/contractors/${pro.user.id}/reviews?limit=2`)).json();
    expect(first.reviews).toHaveLength(2);
    expect(first.hasMore).toBe(true);
    const second = (await visitor.get(`/api/contractors/${pro.user.id}/reviews?limit=2&offset=2`)).json();
    expect(second.reviews).toHaveLength(1);
    expect(second.hasMore).toBe(false);

    const nobody = (await visitor.get(`/api/contractors/${randomUUID()}/reviews`)).json();
    expect(nobody).toEqual({ average: null, count: 0, reviews: [], hasMore: false });

    for (const query of ['?limit=0', '?limit=51', '?offset=-1', '?sort=best']) {
      const response = await visitor.get(`/api/contractors/${pro.user.id}/reviews${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error).toBeTruthy();
    }
    expect((await visitor.get('/api/contractors/nope/reviews')).json()).toEqual({ error: 'The user id is not valid' });
  });

  it('shows what contractors wrote about a customer to signed-in members only', async () => {
    const client = await signUp(t.app, { role: 'customer' });
    const bookingId = await booking(client, contractor);
    await contractor.browser.post(`/api/bookings/${bookingId}/reviews`, review('Paid on time, very welcoming.', 5));
    await client.browser.post(`/api/bookings/${bookingId}/reviews`, review('Good work on the fence repair.', 4));
    expect((await new Browser(t.app).get(`/api/users/${client.user.id}/reviews`)).statusCode).toBe(401);
    const seen = await stranger.browser.get(`/api/users/${client.user.id}/reviews`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ average: 5, count: 1 });
    expect((seen.json() as { reviews: ReviewView[] }).reviews[0]).toMatchObject({
      side: 'contractor',
      text: 'Paid on time, very welcoming.',
      reviewerName: 'Jean-Luc B.',
    });
  });
});
