import { randomUUID } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comparePositions, type EventToAppend } from '../shared/eventstore/types.ts';
import { WROTE_AT_COOKIE, wroteAtOf } from '../api/plugins/answer-cache.ts';
import { distanceKm, lookupPostalCode } from '../shared/geo/index.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { Browser, signUp } from './support/http-client.ts';

const POSTAL_CODE_MESSAGE = 'Please enter a valid Canadian postal code (A1A 1A1)';
const ACCESS_DENIED = 'Access denied. This page requires contractor access.';

type Entry = {
  id: string;
  name: string;
  city: string | null;
  province: string | null;
  fsa: string | null;
  serviceRadiusKm: number | null;
  services: string[];
  categories: string[];
  remote: boolean;
  minPriceCents: number | null;
  hourlyRateCents: number | null;
  rating: { average: number | null; count: number };
  completedJobs: number;
  hasAvailability: boolean;
  badges: string[];
  boosted: boolean;
  priorityPlacement: boolean;
  distanceKm: number | null;
  offerings: { title: string; service: string | null }[];
};
type Browse = {
  total: number;
  place: { city: string; province: string; lat: number; lng: number } | null;
  contractors: Entry[];
};

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

const anonymous = () => new Browser(t.app);

async function browse(query: string): Promise<Browse> {
  const response = await anonymous().get(`/api/contractors/browse?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Browse;
}

const idsOf = (result: Browse) => result.contractors.map((c) => c.id);

/** A contractor with a profile carrying `token` (so a search isolates this test's contractors) and a service area. */
async function listed(
  token: string,
  area: { postalCode: string; services?: string[]; radiusKm?: number; hourlyRateCents?: number | null },
  profile: Record<string, unknown> = {},
) {
  const pro = await signUp(t.app, { role: 'contractor' });
  const patched = await pro.browser.patch('/api/contractor/profile', {
    expertiseStatement: `Careful work, ${token}.`,
    ...profile,
  });
  expect(patched.statusCode).toBe(200);
  const set = await pro.browser.request('PUT', '/api/contractor/service-area', {
    services: ['house-cleaning'],
    ...area,
  });
  expect(set.statusCode, set.body).toBe(200);
  return pro;
}

describe('read-your-writes on any API process', () => {
  it("marks the writer's browser with the write's position, which the answering process has heard of", async () => {
    const pro = await signUp(t.app, { role: 'contractor' });
    const patched = await pro.browser.patch('/api/contractor/profile', { expertiseStatement: 'Careful, tidy work.' });
    expect(patched.statusCode, patched.body).toBe(200);
    const cookie = patched.cookies.find((c) => c.name === WROTE_AT_COOKIE);
    expect(cookie).toMatchObject({ path: '/', httpOnly: true, sameSite: 'Lax', maxAge: 60 });
    const wroteAt = wroteAtOf(`${WROTE_AT_COOKIE}=${cookie!.value}`);
    expect(wroteAt).not.toBeNull();
    expect(comparePositions(t.runtime.checkpoints.position('contractor-directory'), wroteAt!)).toBeGreaterThanOrEqual(
      0,
    );
    // The browser keeps it, and its next read (which carries it) shows the write.
    expect(pro.browser.cookie(WROTE_AT_COOKIE)).toBe(cookie!.value);
    const profile = await pro.browser.get(`/api/contractors/${pro.user.id}`);
    expect((profile.json() as { expertiseStatement: string }).expertiseStatement).toBe('Careful, tidy work.');
  });

  it('marks nothing when a write is refused', async () => {
    const pro = await signUp(t.app, { role: 'contractor' });
    const refused = await pro.browser.patch('/api/contractor/profile', { expertiseStatement: 42 });
    expect(refused.statusCode).toBe(400);
    expect(refused.cookies.map((c) => c.name)).not.toContain(WROTE_AT_COOKIE);
  });
});

/** Appends events of another module's contract, as that module would, and waits for the directory. */
async function appendContract(streamId: string, events: EventToAppend[]) {
  const result = await t.runtime.store.append(
    streamId,
    events.map((e) => ({
      ...e,
      metadata: { actorId: null, correlationId: randomUUID(), occurredAt: new Date().toISOString() },
    })),
    { expectedRevision: 'any' },
  );
  const reached = await t.runtime.checkpoints.waitFor(result.position, {
    projections: ['contractor-directory', 'contractor-reviews'],
    timeoutMs: 15_000,
  });
  expect(reached).toBe(true);
}

async function publishReview(contractorId: string, customerId: string, rating: number, text = 'Great work.') {
  const bookingId = randomUUID();
  const at = new Date().toISOString();
  await appendContract(`review-${bookingId}`, [
    {
      type: 'ReviewsPublished',
      data: {
        bookingId,
        contractorId,
        customerId,
        reviews: [
          { reviewerId: customerId, revieweeId: contractorId, side: 'customer', rating, text, submittedAt: at },
          // The contractor's review of the customer never counts toward the contractor's rating.
          {
            reviewerId: contractorId,
            revieweeId: customerId,
            side: 'contractor',
            rating: 1,
            text: 'Late.',
            submittedAt: at,
          },
        ],
        reason: 'both-written',
        publishedAt: at,
      },
    },
  ]);
}

async function completeJobs(contractorId: string, count: number) {
  const at = new Date().toISOString();
  await appendContract(
    `schedule-${contractorId}`,
    Array.from({ length: count }, () => ({
      type: 'BookingCompleted',
      data: {
        bookingId: randomUUID(),
        contractorId,
        customerId: randomUUID(),
        workOrderId: null,
        completedBy: contractorId,
        completedAt: at,
      },
    })),
  );
}

describe('PUT /api/contractor/service-area', () => {
  const body = { postalCode: 'k1p5j2', radiusKm: 40, services: ['painting', 'drywall'], hourlyRateCents: 5500 };

  it('rejects a signed-out visitor with 401 and a customer with 403', async () => {
    expect((await anonymous().request('PUT', '/api/contractor/service-area', body)).statusCode).toBe(401);
    const client = await signUp(t.app, { role: 'customer' });
    const response = await client.browser.request('PUT', '/api/contractor/service-area', body);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: ACCESS_DENIED });
    expect((await client.browser.get('/api/contractor/service-area')).statusCode).toBe(403);
    expect((await anonymous().get('/api/contractor/service-area')).statusCode).toBe(401);
  });

  it('resolves the postal code, saves the area and shows it in the directory at once', async () => {
    const token = `area${randomUUID().slice(0, 8)}`;
    const pro = await signUp(t.app, { role: 'contractor' });
    await pro.browser.patch('/api/contractor/profile', { expertiseStatement: token });
    const response = await pro.browser.request('PUT', '/api/contractor/service-area', body);
    expect(response.statusCode).toBe(200);
    const expected = {
      serviceArea: {
        postalCode: 'K1P 5J2',
        fsa: 'K1P',
        city: 'Ottawa',
        province: 'ON',
        radiusKm: 40,
        services: ['painting', 'drywall'],
        hourlyRateCents: 5500,
      },
      canWorkRemotely: false,
    };
    expect(response.json()).toEqual(expected);
    expect((await pro.browser.get('/api/contractor/service-area')).json()).toEqual({
      ...expected,
      services: ['painting', 'drywall'],
    });

    const { contractors } = await browse(`search=${token}`);
    expect(contractors).toEqual([
      expect.objectContaining({
        id: pro.user.id,
        city: 'Ottawa',
        province: 'ON',
        fsa: 'K1P',
        serviceRadiusKm: 40,
        services: ['painting', 'drywall'],
        categories: ['painting'],
        hourlyRateCents: 5500,
        minPriceCents: 5500,
      }),
    ]);
    // The full postal code is the contractor's business: the public directory shows the FSA.
    expect(JSON.stringify(contractors)).not.toContain('K1P 5J2');
  });

  it('only ever changes the signed-in contractor’s own area', async () => {
    const a = await signUp(t.app, { role: 'contractor' });
    const b = await signUp(t.app, { role: 'contractor' });
    expect((await a.browser.request('PUT', '/api/contractor/service-area', body)).statusCode).toBe(200);
    expect((await b.browser.get('/api/contractor/service-area')).json()).toEqual({
      serviceArea: null,
      canWorkRemotely: false,
      services: [],
    });
    // There is no way to name another contractor: an id in the body is refused.
    const sneaky = await b.browser.request('PUT', '/api/contractor/service-area', { ...body, contractorId: a.user.id });
    expect(sneaky.statusCode).toBe(400);
    expect((await a.browser.get('/api/contractor/service-area')).json().serviceArea.city).toBe('Ottawa');
  });

  it('starts a contractor without an area from the services their offerings name', async () => {
    const pro = await signUp(t.app, { role: 'contractor' });
    await pro.browser.post('/api/service-offerings', {
      title: 'House Cleaning',
      description: 'Weekly or one-time cleaning, supplies included, pets welcome.',
      pricingModel: 'hourly',
      price: '45',
    });
    expect((await pro.browser.get('/api/contractor/service-area')).json()).toEqual({
      serviceArea: null,
      canWorkRemotely: false,
      services: ['house-cleaning'],
    });
  });

  it('appends nothing when saving the same area again', async () => {
    const pro = await signUp(t.app, { role: 'contractor' });
    await pro.browser.request('PUT', '/api/contractor/service-area', body);
    const again = await pro.browser.request('PUT', '/api/contractor/service-area', body);
    expect(again.statusCode).toBe(200);
    const [row] = await t.runtime.sql<{ count: string }[]>`
      select count(*)::text as count from es_events
      where stream_id = ${`contractor-${pro.user.id}`} and type = 'ContractorServiceAreaSet'`;
    expect(row!.count).toBe('1');
  });

  it('defaults the radius to 25 km and the hourly rate to none', async () => {
    const pro = await signUp(t.app, { role: 'contractor' });
    const response = await pro.browser.request('PUT', '/api/contractor/service-area', {
      postalCode: 'V6B 1A1',
      services: ['moving-help'],
    });
    expect(response.json().serviceArea).toMatchObject({
      city: 'Vancouver',
      province: 'BC',
      radiusKm: 25,
      hourlyRateCents: null,
    });
  });

  const RADIUS = 'The service radius must be a whole number of kilometres from 1 to 250';
  const SERVICES = 'Choose from 1 to 12 services you offer';
  const RATE = 'The hourly rate must be an amount from $1 to $2,000';
  it.each([
    ['letters where digits go', { postalCode: 'KKK 111' }, POSTAL_CODE_MESSAGE],
    ['a D in the code', { postalCode: 'D1A 1A1' }, POSTAL_CODE_MESSAGE],
    ['a code starting with W', { postalCode: 'W1A 1A1' }, POSTAL_CODE_MESSAGE],
    ['a US ZIP code', { postalCode: '90210' }, POSTAL_CODE_MESSAGE],
    ['an FSA not in use', { postalCode: 'Y9Z 1A1' }, POSTAL_CODE_MESSAGE],
    ['a missing postal code', { postalCode: undefined }, POSTAL_CODE_MESSAGE],
    ['a numeric postal code', { postalCode: 123456 }, POSTAL_CODE_MESSAGE],
    ['radius 0', { radiusKm: 0 }, RADIUS],
    ['radius 251', { radiusKm: 251 }, RADIUS],
    ['radius 2.5', { radiusKm: 2.5 }, RADIUS],
    ['no services', { services: [] }, SERVICES],
    ['services not a list', { services: 'painting' }, SERVICES],
    ['an unknown service', { services: ['astrology'] }, 'services must be services of the service directory'],
    ['a rate of 50 cents', { hourlyRateCents: 50 }, RATE],
    ['a rate in dollars with cents', { hourlyRateCents: 45.5 }, RATE],
    ['an unknown field', { colour: 'blue' }, 'body: Unrecognized key: "colour"'],
  ])('rejects %s with 400 and a clear message', async (_label, change, message) => {
    const pro = await signUp(t.app, { role: 'contractor' });
    const response = await pro.browser.request('PUT', '/api/contractor/service-area', { ...body, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: message });
  });
});

describe('GET /api/contractors/browse: place and distance', () => {
  const token = `near${randomUUID().slice(0, 8)}`;
  const pros: Record<string, string> = {};

  beforeAll(async () => {
    for (const [key, postalCode] of [
      ['ottawa', 'K1P 5J2'],
      ['gatineau', 'J8Y 3Y2'],
      ['kingston', 'K7L 3N6'],
      ['toronto', 'M5V 3L9'],
    ] as const) {
      pros[key] = (await listed(token, { postalCode })).user.id;
    }
    // No service area yet, but a profile location naming a city places them there.
    const halifax = await signUp(t.app, { role: 'contractor' });
    await halifax.browser.patch('/api/contractor/profile', { location: 'Halifax, NS', expertiseStatement: token });
    pros.halifax = halifax.user.id;
    // No place at all.
    const nowhere = await signUp(t.app, { role: 'contractor' });
    await nowhere.browser.patch('/api/contractor/profile', { location: 'Somewhere nice', expertiseStatement: token });
    pros.nowhere = nowhere.user.id;
  });

  it('keeps contractors within the distance of a postal code, with their distance', async () => {
    const result = await browse(`search=${token}&postalCode=K1A%200B1&distanceKm=50`);
    expect(idsOf(result).sort()).toEqual([pros.ottawa, pros.gatineau].sort());
    expect(result.total).toBe(2);
    expect(result.place).toMatchObject({ city: 'Ottawa', province: 'ON' });
    const origin = lookupPostalCode('K1A 0B1')!;
    for (const c of result.contractors) {
      const at = lookupPostalCode(c.id === pros.ottawa ? 'K1P' : 'J8Y')!;
      expect(c.distanceKm).toBeCloseTo(distanceKm(origin, at), 0);
      expect(c.distanceKm!).toBeLessThanOrEqual(50);
    }
  });

  it('accepts the first three characters of a postal code (the FSA)', async () => {
    const result = await browse(`search=${token}&postalCode=k1a&distanceKm=50`);
    expect(idsOf(result).sort()).toEqual([pros.ottawa, pros.gatineau].sort());
    expect(result.place).toMatchObject({ fsa: 'K1A', postalCode: null, city: 'Ottawa' });
  });

  it('widens with the distance, and 0 means any distance (contractors without a place included)', async () => {
    const wider = await browse(`search=${token}&postalCode=K1A0B1&distanceKm=200`);
    expect(idsOf(wider).sort()).toEqual([pros.ottawa, pros.gatineau, pros.kingston].sort());
    const any = await browse(`search=${token}&postalCode=K1A0B1&distanceKm=0`);
    expect(any.total).toBe(6);
    expect(any.contractors.find((c) => c.id === pros.nowhere)?.distanceKm).toBeNull();
    expect(any.contractors.find((c) => c.id === pros.toronto)?.distanceKm).toBeGreaterThan(340);
  });

  it('sorts by distance, nearest first and contractors without a place last', async () => {
    const result = await browse(`search=${token}&postalCode=K1A-0B1&sort=distance`);
    const distances = result.contractors.map((c) => c.distanceKm);
    expect(idsOf(result).at(-1)).toBe(pros.nowhere);
    const known = distances.filter((d): d is number => d !== null);
    expect(known).toEqual([...known].sort((a, b) => a - b));
    expect(idsOf(result).slice(0, 5)).toEqual([pros.ottawa, pros.gatineau, pros.kingston, pros.toronto, pros.halifax]);
  });

  it('measures from a GPS position', async () => {
    const result = await browse(`search=${token}&lat=43.6426&lng=-79.3871&distanceKm=25`);
    expect(idsOf(result)).toEqual([pros.toronto]);
    expect(result.contractors[0]!.distanceKm).toBeLessThan(5);
    expect(result.place).toMatchObject({ lat: 43.6426, lng: -79.3871, city: 'Toronto' });
  });

  it('measures from a city, in English or French, and places a profile location on the map', async () => {
    expect(idsOf(await browse(`search=${token}&city=Kingston&province=ON&distanceKm=30`))).toEqual([pros.kingston]);
    expect(idsOf(await browse(`search=${token}&city=Halifax&distanceKm=25`))).toEqual([pros.halifax]);
    // Gatineau's centre is the mean of its FSAs, about 7 km from both Hull and downtown Ottawa.
    const gatineau = await browse(`search=${token}&city=${encodeURIComponent('gatineau, qc')}&distanceKm=10`);
    expect(idsOf(gatineau).sort()).toEqual([pros.gatineau, pros.ottawa].sort());
    expect(gatineau.place).toMatchObject({ city: 'Gatineau', province: 'QC' });
  });

  it.each([
    ['an invalid postal code', 'postalCode=12345', POSTAL_CODE_MESSAGE],
    ['a postal code with a forbidden letter', 'postalCode=K1O%200B1', POSTAL_CODE_MESSAGE],
    ['a postal code whose FSA is not in use', 'postalCode=Y9Z%201A1', POSTAL_CODE_MESSAGE],
    ['an FSA that cannot exist', 'postalCode=D1A', POSTAL_CODE_MESSAGE],
    ['two characters', 'postalCode=K1', POSTAL_CODE_MESSAGE],
    ['lat without lng', 'lat=45.4', 'lat and lng must be given together'],
    ['a latitude of 91', 'lat=91&lng=-75', 'lat must be a latitude from -90 to 90'],
    ['a longitude of abc', 'lat=45&lng=abc', 'lng must be a longitude from -180 to 180'],
    ['a distance of 1001 km', 'distanceKm=1001', 'distanceKm must be a whole number from 0 to 1000 (0: any distance)'],
    ['a negative distance', 'distanceKm=-5', 'distanceKm must be a whole number from 0 to 1000 (0: any distance)'],
    ['an unknown city', 'city=Atlantis', 'We do not know the city "Atlantis". Choose one from the list.'],
    ['an unknown province', 'city=Ottawa&province=ZZ', 'province must be a two-letter province code, such as ON'],
  ])('rejects %s with 400', async (_label, query, message) => {
    const response = await anonymous().get(`/api/contractors/browse?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: message });
  });
});

describe('GET /api/contractors/browse: filters and sorting', () => {
  const token = `filt${randomUUID().slice(0, 8)}`;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const client = await signUp(t.app, { role: 'customer' });
    const star = await listed(token, { postalCode: 'H2X 1Y4', services: ['house-cleaning'], hourlyRateCents: 4000 });
    const good = await listed(token, { postalCode: 'H3A 1A1', services: ['painting'], hourlyRateCents: null });
    const fresh = await listed(
      token,
      { postalCode: 'H2X 1Y4', services: ['dog-walking'], hourlyRateCents: 2500 },
      { canWorkRemotely: true },
    );
    Object.assign(ids, { star: star.user.id, good: good.user.id, fresh: fresh.user.id });
    const offered = await good.browser.post('/api/service-offerings', {
      title: 'Interior painting',
      description: 'Walls and ceilings, two coats, cleaned up after.',
      pricingModel: 'fixed',
      price: '800',
      isRemoteService: false,
    });
    expect(offered.json().offering.service).toBe(null);
    for (let i = 0; i < 5; i++) await publishReview(ids.star!, client.user.id, i === 0 ? 4 : 5);
    await publishReview(ids.good!, client.user.id, 4);
    await publishReview(ids.good!, client.user.id, 4);
    await completeJobs(ids.star!, 6);
  });

  it('rates from published customer reviews and counts completed jobs', async () => {
    const { contractors } = await browse(`search=${token}`);
    const star = contractors.find((c) => c.id === ids.star)!;
    expect(star.rating).toEqual({ average: 4.8, count: 5 });
    expect(star.completedJobs).toBe(6);
    expect(star.badges).toEqual(['top-rated', 'reliable']);
    expect(contractors.find((c) => c.id === ids.good)!.rating).toEqual({ average: 4, count: 2 });
    expect(contractors.find((c) => c.id === ids.fresh)!).toMatchObject({
      rating: { average: null, count: 0 },
      badges: [],
    });
  });

  it('sorts by rating, unrated last', async () => {
    expect(idsOf(await browse(`search=${token}&sort=rating`))).toEqual([ids.star, ids.good, ids.fresh]);
  });

  it('sorts by relevance by default: the proven contractor first', async () => {
    expect(idsOf(await browse(`search=${token}`))[0]).toBe(ids.star);
  });

  it('filters by minimum rating and by badges', async () => {
    expect(idsOf(await browse(`search=${token}&minRating=4.5`))).toEqual([ids.star]);
    expect(idsOf(await browse(`search=${token}&minRating=4&sort=rating`))).toEqual([ids.star, ids.good]);
    expect(idsOf(await browse(`search=${token}&badges=top-rated`))).toEqual([ids.star]);
    expect(idsOf(await browse(`search=${token}&badges=top-rated,responsive`))).toEqual([]);
  });

  it('filters by service, category, and a search naming a service', async () => {
    expect(idsOf(await browse(`search=${token}&service=painting`))).toEqual([ids.good]);
    expect(idsOf(await browse(`search=${token}&category=pets`))).toEqual([ids.fresh]);
    const byName = await browse(`search=${encodeURIComponent('Dog Walking')}&limit=100`);
    expect(idsOf(byName)).toContain(ids.fresh);
    expect(idsOf(byName)).not.toContain(ids.star);
    const inFrench = await browse(`search=${encodeURIComponent('ménage résidentiel')}&limit=100`);
    expect(idsOf(inFrench)).toContain(ids.star);
  });

  it('filters remote contractors and by the lowest price', async () => {
    expect(idsOf(await browse(`search=${token}&remote=true`))).toEqual([ids.fresh]);
    expect(idsOf(await browse(`search=${token}&remote=false`)).sort()).toEqual([ids.star, ids.good].sort());
    expect(idsOf(await browse(`search=${token}&maxPriceCents=4000&sort=rating`))).toEqual([ids.star, ids.fresh]);
    const { contractors } = await browse(`search=${token}&maxPriceCents=80000`);
    expect(contractors.find((c) => c.id === ids.good)?.minPriceCents).toBe(80000);
  });

  it('puts priority placement and active boosts first, once the plans issue sets them', async () => {
    await t.runtime
      .sql`update rm_contractor_directory set priority_placement = true where contractor_id = ${ids.fresh!}`;
    await t.runtime.sql`
      update rm_contractor_directory set boosted_until = now() + interval '7 days' where contractor_id = ${ids.good!}`;
    // Written straight into the read model, past the projections: the directory's cache cannot
    // see it move (tests/api.plans.test.ts boosts through the API).
    t.runtime.answerCaches.clear();
    try {
      const result = await browse(`search=${token}&sort=rating`);
      expect(idsOf(result)).toEqual([ids.good, ids.fresh, ids.star]);
      expect(result.contractors[0]).toMatchObject({ boosted: true, priorityPlacement: false });
      expect(result.contractors[1]).toMatchObject({ boosted: false, priorityPlacement: true });
    } finally {
      await t.runtime.sql`
        update rm_contractor_directory set priority_placement = false, boosted_until = null
        where contractor_id in (${ids.fresh!}, ${ids.good!})`;
      t.runtime.answerCaches.clear();
    }
  });

  it('pages through the ranked list', async () => {
    const all = idsOf(await browse(`search=${token}&sort=rating`));
    const first = await browse(`search=${token}&sort=rating&limit=2`);
    const second = await browse(`search=${token}&sort=rating&limit=2&offset=2`);
    expect(first.total).toBe(3);
    expect(second.total).toBe(3);
    expect([...idsOf(first), ...idsOf(second)]).toEqual(all);
    expect(await browse(`search=${token}&limit=2&offset=6`)).toEqual({ total: 3, place: null, contractors: [] });
  });

  it.each([
    ['an unknown sort', 'sort=cheapest', 'sort must be one of: relevance, distance, rating'],
    [
      'an unknown badge',
      'badges=top-rated,famous',
      'badges must be a comma-separated list of: top-rated, reliable, responsive, on-time, experienced',
    ],
    ['a rating of 6', 'minRating=6', 'minRating must be a number from 0 to 5'],
    ['an unknown category', 'category=space', expect.stringMatching(/^category must be one of: cleaning, /)],
    ['an unknown service', 'service=astrology', 'service must be a service of the service directory'],
    ['a negative price', 'maxPriceCents=-1', 'maxPriceCents must be a whole number of cents from 0 to 10000000'],
  ])('rejects %s with 400', async (_label, query, message) => {
    const response = await anonymous().get(`/api/contractors/browse?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: message });
  });
});

describe('GET /api/contractors/:id', () => {
  it('shows the public profile: offerings, area, rating and reviews, badges, availability, jobs', async () => {
    const token = `prof${randomUUID().slice(0, 8)}`;
    const pro = await listed(
      token,
      { postalCode: 'T2P 1J9', services: ['plumbing'], radiusKm: 60, hourlyRateCents: 9000 },
      { yearsOfExperience: 12, location: 'Calgary, AB' },
    );
    await pro.browser.post('/api/service-offerings', {
      title: 'Plumbing',
      description: 'Leaks, taps, toilets and water heaters, fixed the same day.',
      pricingModel: 'hourly',
      price: '95',
    });
    const reviewer = await signUp(t.app, { role: 'customer' });
    await publishReview(pro.user.id, reviewer.user.id, 5, 'Fixed our leak in an hour.');
    await publishReview(pro.user.id, randomUUID(), 3, 'Fine.'); // a customer whose account is gone
    await completeJobs(pro.user.id, 2);
    await appendContract(`schedule-${pro.user.id}`, [
      {
        type: 'AvailabilitySet',
        data: {
          contractorId: pro.user.id,
          timeZone: 'America/Edmonton',
          weekly: [
            { weekday: 1, start: '08:00', end: '16:00' },
            { weekday: 3, start: '08:00', end: '12:00' },
          ],
          slotMinutes: 60,
          setAt: new Date().toISOString(),
        },
      },
    ]);

    const response = await anonymous().get(`/api/contractors/${pro.user.id}`);
    expect(response.statusCode).toBe(200);
    const profile = response.json();
    expect(profile).toMatchObject({
      id: pro.user.id,
      name: pro.user.name,
      city: 'Calgary',
      province: 'AB',
      fsa: 'T2P',
      serviceRadiusKm: 60,
      yearsOfExperience: 12,
      services: ['plumbing'],
      categories: ['repairs'],
      offerings: [expect.objectContaining({ title: 'Plumbing', service: 'plumbing', priceCents: 9500 })],
      minPriceCents: 9000,
      rating: { average: 4, count: 2 },
      completedJobs: 2,
      hasAvailability: true,
      availability: {
        timeZone: 'America/Edmonton',
        slotMinutes: 60,
        weekly: [
          { weekday: 1, start: '08:00', end: '16:00' },
          { weekday: 3, start: '08:00', end: '12:00' },
        ],
      },
      reviews: { total: 2 },
    });
    expect(profile.reviews.items.map((r: { rating: number; reviewerName: string; text: string }) => r)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ rating: 5, text: 'Fixed our leak in an hour.', reviewerName: reviewer.user.name }),
        expect.objectContaining({ rating: 3, text: 'Fine.', reviewerName: 'Former member' }),
      ]),
    );
    expect(JSON.stringify(profile)).not.toContain('Late.'); // the contractor's review of the customer
    expect(JSON.stringify(profile)).not.toContain(pro.registration.email);

    const paged = await anonymous().get(`/api/contractors/${pro.user.id}?reviewsLimit=1&reviewsOffset=1`);
    expect(paged.json().reviews).toMatchObject({ total: 2, items: [expect.anything()] });
  });

  it('answers 404 for an unknown id or a customer, and 400 for a malformed id', async () => {
    expect((await anonymous().get(`/api/contractors/${randomUUID()}`)).json()).toEqual({
      error: 'Contractor not found',
    });
    const client = await signUp(t.app, { role: 'customer' });
    expect((await anonymous().get(`/api/contractors/${client.user.id}`)).statusCode).toBe(404);
    const bad = await anonymous().get('/api/contractors/not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'The contractor id is not valid' });
    const limit = await anonymous().get(`/api/contractors/${client.user.id}?reviewsLimit=500`);
    expect(limit.statusCode).toBe(400);
    expect(limit.json()).toEqual({ error: 'reviewsLimit must be a whole number from 1 to 50' });
  });

  it('answers a repeated profile from memory, and shows a change of the contractor or a new review at once', async () => {
    const token = `kept${randomUUID().slice(0, 8)}`;
    const pro = await listed(token, { postalCode: 'R3C 4T3' });
    const url = `/api/contractors/${pro.user.id}`;
    const first = await anonymous().get(url);
    expect(first.statusCode).toBe(200);
    // Written past the projections: a kept answer cannot see it, so the profile comes from memory,
    // its review pages each their own answer.
    await t.runtime.sql`
      update rm_contractor_directory set expertise_statement = 'Changed in place' where contractor_id = ${pro.user.id}`;
    try {
      const again = await anonymous().get(url);
      expect(again.body).toBe(first.body);
      expect((await anonymous().get(`${url}?reviewsLimit=5`)).json().expertiseStatement).toBe('Changed in place');

      const patched = await pro.browser.patch('/api/contractor/profile', {
        expertiseStatement: `Now faster, ${token}.`,
      });
      expect(patched.statusCode).toBe(200);
      expect((await anonymous().get(url)).json().expertiseStatement).toBe(`Now faster, ${token}.`);

      const reviewer = await signUp(t.app, { role: 'customer' });
      await publishReview(pro.user.id, reviewer.user.id, 4, 'Quick and tidy.');
      expect((await anonymous().get(url)).json().reviews).toMatchObject({
        total: 1,
        items: [expect.objectContaining({ text: 'Quick and tidy.', reviewerName: reviewer.user.name })],
      });
    } finally {
      t.runtime.answerCaches.clear();
    }
  });

  it('is gone once the contractor closes their account', async () => {
    const pro = await listed(`gone${randomUUID().slice(0, 8)}`, { postalCode: 'B3H 4R2' });
    expect((await anonymous().get(`/api/contractors/${pro.user.id}`)).statusCode).toBe(200);
    await pro.browser.delete('/api/auth/account', { password: pro.registration.password });
    expect((await anonymous().get(`/api/contractors/${pro.user.id}`)).statusCode).toBe(404);
  });
});

describe('reliable badge', () => {
  it('is lost when the contractor cancels too often, not when customers cancel', async () => {
    const pro = await listed(`rel${randomUUID().slice(0, 8)}`, { postalCode: 'E3B 1A1' });
    const contractorId = pro.user.id;
    await completeJobs(contractorId, 5);
    const badges = async () => (await anonymous().get(`/api/contractors/${contractorId}`)).json().badges as string[];
    expect(await badges()).toEqual(['reliable']);
    const cancel = (cancelledBy: string) => ({
      type: 'BookingCancelled',
      data: {
        bookingId: randomUUID(),
        contractorId,
        customerId: 'c0ffee00-0000-4000-8000-000000000001',
        cancelledBy,
        lateFeeCents: 0,
        reason: null,
        cancelledAt: new Date().toISOString(),
      },
    });
    await appendContract(`schedule-${contractorId}`, [cancel('c0ffee00-0000-4000-8000-000000000001')]);
    expect(await badges()).toEqual(['reliable']);
    await appendContract(`schedule-${contractorId}`, [cancel(contractorId)]);
    expect(await badges()).toEqual([]);
    await completeJobs(contractorId, 4); // 9 completed, 1 cancelled by them: 1 in 10 again
    expect(await badges()).toEqual(['reliable']);
  });
});

describe('on-time badge', () => {
  it('is earned when 90 % of 5+ jobs are marked complete within a day of their scheduled end (a reschedule moves it)', async () => {
    const pro = await listed(`ontime${randomUUID().slice(0, 8)}`, { postalCode: 'E1C 4M3' });
    const contractorId = pro.user.id;
    const customerId = randomUUID();
    const badges = async () => (await anonymous().get(`/api/contractors/${contractorId}`)).json().badges as string[];
    const job = (endsAt: string, completedAt: string, movedTo?: string) => {
      const bookingId = randomUUID();
      return [
        {
          type: 'BookingRequested',
          data: {
            bookingId,
            contractorId,
            customerId,
            startsAt: new Date(Date.parse(endsAt) - 3_600_000).toISOString(),
            endsAt,
            timeZone: 'America/Moncton',
            customerTimeZone: 'America/Moncton',
            workOrderId: null,
            offeringId: null,
            priceCents: null,
            note: null,
            requestedAt: '2026-10-01T12:00:00.000Z',
          },
        },
        ...(movedTo
          ? [
              {
                type: 'BookingRescheduled',
                data: {
                  bookingId,
                  contractorId,
                  customerId,
                  previousStartsAt: new Date(Date.parse(endsAt) - 3_600_000).toISOString(),
                  startsAt: new Date(Date.parse(movedTo) - 3_600_000).toISOString(),
                  endsAt: movedTo,
                  rescheduledBy: customerId,
                  needsConfirmation: false,
                  rescheduledAt: '2026-10-02T12:00:00.000Z',
                },
              },
            ]
          : []),
        {
          type: 'BookingCompleted',
          data: { bookingId, contractorId, customerId, workOrderId: null, completedBy: contractorId, completedAt },
        },
      ];
    };
    // Four on time (one only after its reschedule) and one two days late: 80 %, no badge.
    await appendContract(`schedule-${contractorId}`, [
      ...job('2026-10-05T16:00:00.000Z', '2026-10-05T18:00:00.000Z'),
      ...job('2026-10-06T16:00:00.000Z', '2026-10-07T15:00:00.000Z'),
      ...job('2026-10-07T16:00:00.000Z', '2026-10-07T16:00:00.000Z'),
      ...job('2026-10-08T16:00:00.000Z', '2026-10-12T10:00:00.000Z', '2026-10-12T09:00:00.000Z'),
      ...job('2026-10-09T16:00:00.000Z', '2026-10-11T17:00:00.000Z'),
    ]);
    expect(await badges()).toEqual(['reliable']);
    // Five more on time: 9 of 10.
    await appendContract(
      `schedule-${contractorId}`,
      Array.from({ length: 5 }, (_, i) => job(`2026-10-2${i}T16:00:00.000Z`, `2026-10-2${i}T17:00:00.000Z`)).flat(),
    );
    expect(await badges()).toEqual(['reliable', 'on-time']);
  });
});

describe('responsive badge', () => {
  it('is earned by answering 3 booking requests within a day', async () => {
    const pro = await listed(`resp${randomUUID().slice(0, 8)}`, { postalCode: 'R3C 4T3' });
    const contractorId = pro.user.id;
    const customerId = randomUUID();
    const requestedAt = new Date(Date.now() - 3_600_000).toISOString();
    for (let i = 0; i < 3; i++) {
      const bookingId = randomUUID();
      await appendContract(`schedule-${contractorId}`, [
        {
          type: 'BookingRequested',
          data: {
            bookingId,
            contractorId,
            customerId,
            startsAt: '2026-12-01T15:00:00.000Z',
            endsAt: '2026-12-01T16:00:00.000Z',
            timeZone: 'America/Winnipeg',
            customerTimeZone: 'America/Winnipeg',
            workOrderId: null,
            offeringId: null,
            priceCents: null,
            note: null,
            requestedAt,
          },
        },
        i < 2
          ? {
              type: 'BookingConfirmed',
              data: {
                bookingId,
                contractorId,
                customerId,
                startsAt: '2026-12-01T15:00:00.000Z',
                confirmedAt: new Date().toISOString(),
              },
            }
          : {
              type: 'BookingDeclined',
              data: { bookingId, contractorId, customerId, reason: null, declinedAt: new Date().toISOString() },
            },
      ]);
    }
    const profile = (await anonymous().get(`/api/contractors/${contractorId}`)).json();
    expect(profile.badges).toEqual(['responsive']);
  });
});

describe('GET /api/service-directory', () => {
  type Directory = {
    totalContractors: number;
    categories: { slug: string; contractors: number; services: { slug: string; contractors: number }[] }[];
  };
  const read = async () => (await anonymous().get('/api/service-directory')).json() as Directory;
  const count = (d: Directory, slug: string) =>
    d.categories.flatMap((c) => [c, ...c.services]).find((x) => x.slug === slug)!.contractors;

  it('lists every category and service of the taxonomy with its number of contractors', async () => {
    const before = await read();
    expect(before.categories.map((c) => c.slug)).toEqual([
      'cleaning',
      'outdoor',
      'moving',
      'repairs',
      'painting',
      'pets',
      'errands',
      'lessons',
    ]);
    expect(before.categories[0]).toMatchObject({ en: 'Cleaning', fr: 'Nettoyage' });

    const pro = await listed(`svc${randomUUID().slice(0, 8)}`, {
      postalCode: 'S7K 1J5',
      services: ['snow-removal', 'lawn-mowing'],
    });
    const after = await read();
    expect(count(after, 'snow-removal')).toBe(count(before, 'snow-removal') + 1);
    expect(count(after, 'lawn-mowing')).toBe(count(before, 'lawn-mowing') + 1);
    // One contractor counts once for the category, however many of its services they offer.
    expect(count(after, 'outdoor')).toBe(count(before, 'outdoor') + 1);
    expect(after.totalContractors).toBe(before.totalContractors + 1);

    // Changing services moves the counts; closing the account removes them.
    await pro.browser.request('PUT', '/api/contractor/service-area', { postalCode: 'S7K 1J5', services: ['tutoring'] });
    const moved = await read();
    expect(count(moved, 'snow-removal')).toBe(count(before, 'snow-removal'));
    expect(count(moved, 'outdoor')).toBe(count(before, 'outdoor'));
    expect(count(moved, 'tutoring')).toBe(count(before, 'tutoring') + 1);
    await pro.browser.delete('/api/auth/account', { password: pro.registration.password });
    const closed = await read();
    expect(count(closed, 'tutoring')).toBe(count(before, 'tutoring'));
    expect(closed.totalContractors).toBe(before.totalContractors);
  });

  it('counts an offering’s service too', async () => {
    const before = await read();
    const pro = await signUp(t.app, { role: 'contractor' });
    await pro.browser.post('/api/service-offerings', {
      title: 'Music Lessons',
      description: 'Piano and guitar for beginners, at your home or online.',
      pricingModel: 'hourly',
      price: '50',
      isRemoteService: true,
    });
    const after = await read();
    expect(count(after, 'music-lessons')).toBe(count(before, 'music-lessons') + 1);
    expect(count(after, 'lessons')).toBe(count(before, 'lessons') + 1);
  });
});

describe('GET /api/geo/places', () => {
  const places = async (query: string) => {
    const response = await anonymous().get(`/api/geo/places?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().places as {
      kind: string;
      label: string;
      city: string;
      province: string;
      fsa: string | null;
    }[];
  };

  it('suggests cities, larger first, in the asked language', async () => {
    const mont = await places('q=mont');
    expect(mont[0]).toMatchObject({ kind: 'city', city: 'Montréal', province: 'QC', label: 'Montréal, QC' });
    expect((await places('q=queb&lang=fr'))[0]).toMatchObject({ city: 'Quebec City', label: 'Québec, QC' });
    expect((await places('q=queb'))[0]).toMatchObject({ label: 'Quebec City, QC' });
    expect(await places('q=tor&limit=1')).toHaveLength(1);
    expect(await places('q=zzzz')).toEqual([]);
  });

  it('resolves a postal code or an FSA', async () => {
    expect(await places('q=k1a0b1')).toEqual([
      expect.objectContaining({
        kind: 'postal-code',
        postalCode: 'K1A 0B1',
        fsa: 'K1A',
        city: 'Ottawa',
        label: 'K1A 0B1 — Ottawa, ON',
      }),
    ]);
    expect(await places('q=V6B')).toEqual([expect.objectContaining({ kind: 'fsa', fsa: 'V6B', city: 'Vancouver' })]);
    expect(await places('q=Y9Z')).toEqual([]);
  });

  it.each([
    ['an empty q', 'q=', 'q must not be empty'],
    ['no q', '', 'q must not be empty'],
    ['a limit of 50', 'q=to&limit=50', 'limit must be a whole number from 1 to 20'],
    ['an unknown language', 'q=to&lang=de', 'lang must be en or fr'],
  ])('rejects %s with 400', async (_label, query, message) => {
    const response = await anonymous().get(`/api/geo/places?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: message });
  });
});

describe('repeated searches', () => {
  it('answers a repeated search from memory with the same headers, compressed for browsers, and shows a change at once', async () => {
    const token = `cached${randomUUID().slice(0, 8)}`;
    const pro = await listed(token, { postalCode: 'K1A 0B1' });
    await listed(token, { postalCode: 'H2X 1Y4' });
    const url = `/api/contractors/browse?search=${token}&limit=12`;
    const ask = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

    const first = await ask();
    expect(first.statusCode).toBe(200);
    expect(first.rawPayload.length).toBeGreaterThan(1024); // large enough to be compressed
    const again = await ask();
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    // Every header the route's answer had (the security headers among them), and no other; the
    // kept answer is written before the request pipeline, with the security plugin's headers.
    const comparable = (headers: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(headers).filter(([name]) => !['date', 'connection', 'keep-alive'].includes(name)),
      );
    expect(comparable(again.headers)).toEqual(comparable(first.headers));
    expect(again.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(again.headers['set-cookie']).toBeUndefined();

    // A browser's Accept-Encoding gets the same JSON, brotli (or gzip) compressed once and kept.
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
    ] as const) {
      for (let round = 0; round < 2; round++) {
        const compressed = await ask({ 'accept-encoding': accept });
        expect(compressed.statusCode).toBe(200);
        expect(compressed.headers['content-encoding'], accept).toBe(encoding);
        const bytes = compressed.rawPayload;
        const json = encoding === 'br' ? brotliDecompressSync(bytes) : gunzipSync(bytes);
        expect(json.toString()).toBe(first.body);
      }
    }

    // The contractor changes their profile: the next identical request shows it.
    const patched = await pro.browser.patch('/api/contractor/profile', { expertiseStatement: `Now faster, ${token}.` });
    expect(patched.statusCode).toBe(200);
    const after = (await ask()).json() as { contractors: { expertiseStatement: string }[] };
    expect(after.contractors[0]?.expertiseStatement).toBe(`Now faster, ${token}.`);
  });

  it('never serves a cached answer to another route, a near-miss path or an invalid query', async () => {
    await anonymous().get('/api/contractors/browse?limit=2');
    // `browsex` is a contractor id to the profile route, which refuses it.
    const other = await t.app.inject({ method: 'GET', url: '/api/contractors/browsex?limit=2' });
    expect(other.statusCode).toBe(400);
    expect(other.json().error).toBeTruthy();
    const invalid = await t.app.inject({ method: 'GET', url: '/api/contractors/browse?limit=0' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error).toBe('limit must be a whole number from 1 to 100');
    // An invalid query is never kept: asking again is validated again.
    expect((await t.app.inject({ method: 'GET', url: '/api/contractors/browse?limit=0' })).statusCode).toBe(400);
  });
});
