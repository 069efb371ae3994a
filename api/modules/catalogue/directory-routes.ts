import { verifiedBadgesFor } from '../../../projections/credentials.ts';
import { credentialKinds } from '../../../shared/domain/credentials/kinds.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  directoryEntry,
  searchDirectory,
  serviceAreaOf,
  serviceDirectoryCounts,
} from '../../../projections/contractor-directory.ts';
import { reviewsOf } from '../../../projections/contractor-reviews.ts';
import { performanceBadges, isPerformanceBadge } from '../../../shared/domain/catalogue/badges.ts';
import { categorySlugs, serviceCategories, serviceSlugs } from '../../../shared/domain/catalogue/categories.ts';
import {
  contractorDecider,
  HOURLY_RATE_MESSAGE,
  LOCATION_MESSAGE,
  MAX_HOURLY_RATE_CENTS,
  MAX_SERVICES,
  RADIUS_MESSAGE,
  SERVICE_RADIUS_KM,
  SERVICES_MESSAGE,
} from '../../../shared/domain/catalogue/decider.ts';
import { pricingModels } from '../../../shared/domain/catalogue/events.ts';
import { directorySorts } from '../../../shared/domain/catalogue/ranking.ts';
import { contractorStreamId } from '../../../shared/domain/catalogue/streams.ts';
import { handleCommand } from '../../../shared/domain/decider.ts';
import { NotFoundError, ValidationError } from '../../../shared/errors.ts';
import {
  cityName,
  fsaOf,
  FSA_PATTERN,
  lookupCity,
  lookupPostalCode,
  nearestPlace,
  normalizePostalCode,
  POSTAL_CODE_MESSAGE,
  resolveLocation,
  searchCities,
  type GeoPlace,
} from '../../../shared/geo/index.ts';
import { provinceCodes } from '../../../shared/geo/provinces.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { answerAfterProjections, commandContext } from '../../plugins/read-your-writes.ts';
import { displayNames } from '../accounts/personal-data.ts';
import { postalCodesOf, savePostalCode } from '../../../shared/personal-data/postal-codes.ts';
import { errorSchema } from '../accounts/schemas.ts';
import { FORMER_MEMBER } from '../forum/routes.ts';
import { BROWSE_PATH } from './browse-cache.ts';
import { coordinateQuery, wholeNumberQuery } from '../query.ts';

// ---------------------------------------------------------------------------------------------
// Schemas

const postalCode = z
  .string({ error: POSTAL_CODE_MESSAGE })
  .max(20, { error: POSTAL_CODE_MESSAGE })
  .transform((value, context) => {
    const code = normalizePostalCode(value);
    if (!code) {
      context.addIssue({ code: 'custom', message: POSTAL_CODE_MESSAGE });
      return z.NEVER;
    }
    return code;
  });

/** For a search, the first three characters (the FSA) are enough: 'K1A' searches around its centre. */
const postalCodeOrFsa = z
  .string({ error: POSTAL_CODE_MESSAGE })
  .max(20, { error: POSTAL_CODE_MESSAGE })
  .transform((value, context) => {
    const code =
      normalizePostalCode(value) ?? (FSA_PATTERN.test(value.trim().toUpperCase()) ? value.trim().toUpperCase() : null);
    if (!code) {
      context.addIssue({ code: 'custom', message: POSTAL_CODE_MESSAGE });
      return z.NEVER;
    }
    return code;
  });

const BADGES_MESSAGE = `badges must be a comma-separated list of: ${performanceBadges.join(', ')}`;

export const browseQuery = z
  .strictObject({
    search: z.string().trim().max(100, { error: 'search must be at most 100 characters' }).optional(),
    category: z.enum(categorySlugs, { error: `category must be one of: ${categorySlugs.join(', ')}` }).optional(),
    service: z.enum(serviceSlugs, { error: 'service must be a service of the service directory' }).optional(),
    postalCode: postalCodeOrFsa.optional(),
    city: z.string().trim().min(1).max(100, { error: 'city must be at most 100 characters' }).optional(),
    province: z.enum(provinceCodes, { error: 'province must be a two-letter province code, such as ON' }).optional(),
    lat: coordinateQuery('lat').optional(),
    lng: coordinateQuery('lng').optional(),
    distanceKm: z.coerce
      .number({ error: 'distanceKm must be a whole number from 0 to 1000 (0: any distance)' })
      .int()
      .min(0)
      .max(1000)
      .default(0),
    minRating: z.coerce.number({ error: 'minRating must be a number from 0 to 5' }).min(0).max(5).optional(),
    badges: z
      .string({ error: BADGES_MESSAGE })
      .transform((value, context) => {
        const list = [
          ...new Set(
            value
              .split(',')
              .map((b) => b.trim())
              .filter(Boolean),
          ),
        ];
        if (list.some((b) => !isPerformanceBadge(b))) {
          context.addIssue({ code: 'custom', message: BADGES_MESSAGE });
          return z.NEVER;
        }
        return list.filter(isPerformanceBadge);
      })
      .optional(),
    remote: z
      .enum(['true', 'false'], { error: 'remote must be true or false' })
      .transform((v) => v === 'true')
      .optional(),
    maxPriceCents: z.coerce
      .number({ error: 'maxPriceCents must be a whole number of cents from 0 to 10000000' })
      .int()
      .min(0)
      .max(10_000_000)
      .optional(),
    sort: z.enum(directorySorts, { error: `sort must be one of: ${directorySorts.join(', ')}` }).default('relevance'),
    limit: wholeNumberQuery('limit', { min: 1, max: 100, default: 24 }),
    offset: wholeNumberQuery('offset', { min: 0, max: 10_000, default: 0 }),
  })
  .refine((q) => (q.lat === undefined) === (q.lng === undefined), { error: 'lat and lng must be given together' });

const placeView = z.object({
  postalCode: z.string().nullable(),
  fsa: z.string().nullable(),
  city: z.string(),
  province: z.enum(provinceCodes),
  lat: z.number(),
  lng: z.number(),
});

const offeringView = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  pricingModel: z.enum(pricingModels).or(z.string()),
  priceCents: z.number().int(),
  price: z.string(),
  isRemoteService: z.boolean(),
  service: z.string().nullable(),
  /** Open to barter (absent for offerings listed before barter existed). */
  acceptsBarter: z.boolean().optional(),
});

const entryView = z.object({
  id: z.uuid(),
  name: z.string(),
  location: z.string().nullable(),
  canWorkRemotely: z.boolean(),
  yearsOfExperience: z.number().int().nullable(),
  expertiseStatement: z.string().nullable(),
  offerings: z.array(offeringView),
  city: z.string().nullable(),
  province: z.enum(provinceCodes).nullable(),
  fsa: z.string().nullable(),
  serviceRadiusKm: z.number().int().nullable(),
  services: z.array(z.string()),
  categories: z.array(z.string()),
  remote: z.boolean().describe('Works remotely (profile) or has a remote offering'),
  hourlyRateCents: z.number().int().nullable(),
  minPriceCents: z.number().int().nullable().describe('The lowest of the hourly rate and the offering prices'),
  rating: z.object({ average: z.number().nullable(), count: z.number().int() }),
  completedJobs: z.number().int(),
  hasAvailability: z.boolean(),
  badges: z.array(z.enum(performanceBadges)),
  verifiedBadges: z
    .array(z.object({ kind: z.enum(credentialKinds), expiresOn: z.string() }))
    .describe('Credentials an admin checked, not expired, shown while the contractor is on a paid plan'),
  boosted: z.boolean(),
  boostedUntil: z.string().nullable(),
  priorityPlacement: z.boolean(),
  featured: z.boolean(),
  registeredAt: z.string(),
  distanceKm: z.number().nullable().describe('From the searched place, when one was given'),
});

const browseView = z.object({ total: z.number().int(), place: placeView.nullable(), contractors: z.array(entryView) });

const weeklyWindowView = z.object({ weekday: z.number().int(), start: z.string(), end: z.string() });

const profileView = entryView.extend({
  availability: z
    .object({ timeZone: z.string(), slotMinutes: z.number().int(), weekly: z.array(weeklyWindowView) })
    .nullable(),
  reviews: z.object({
    total: z.number().int(),
    items: z.array(
      z.object({
        rating: z.number().int(),
        text: z.string(),
        reviewerName: z.string(),
        submittedAt: z.string(),
        publishedAt: z.string(),
      }),
    ),
  }),
});

const profileParams = z.strictObject({ id: z.uuid({ error: 'The contractor id is not valid' }) });
const profileQuery = z.strictObject({
  reviewsLimit: wholeNumberQuery('reviewsLimit', { min: 1, max: 50, default: 10 }),
  reviewsOffset: wholeNumberQuery('reviewsOffset', { min: 0, max: 10_000, default: 0 }),
});

const countedService = z.object({ slug: z.string(), en: z.string(), fr: z.string(), contractors: z.number().int() });
const serviceDirectoryView = z.object({
  totalContractors: z.number().int(),
  categories: z.array(countedService.extend({ services: z.array(countedService) })),
});

export const serviceAreaBody = z.strictObject({
  postalCode,
  radiusKm: z
    .number({ error: RADIUS_MESSAGE })
    .int({ error: RADIUS_MESSAGE })
    .min(SERVICE_RADIUS_KM.min, { error: RADIUS_MESSAGE })
    .max(SERVICE_RADIUS_KM.max, { error: RADIUS_MESSAGE })
    .default(SERVICE_RADIUS_KM.default),
  services: z
    .array(z.enum(serviceSlugs, { error: 'services must be services of the service directory' }), {
      error: SERVICES_MESSAGE,
    })
    .min(1, { error: SERVICES_MESSAGE })
    .max(MAX_SERVICES, { error: SERVICES_MESSAGE }),
  hourlyRateCents: z
    .number({ error: HOURLY_RATE_MESSAGE })
    .int({ error: HOURLY_RATE_MESSAGE })
    .min(100, { error: HOURLY_RATE_MESSAGE })
    .max(MAX_HOURLY_RATE_CENTS, { error: HOURLY_RATE_MESSAGE })
    .nullable()
    .default(null),
});

const radiusKm = z
  .number({ error: RADIUS_MESSAGE })
  .int({ error: RADIUS_MESSAGE })
  .min(SERVICE_RADIUS_KM.min, { error: RADIUS_MESSAGE })
  .max(SERVICE_RADIUS_KM.max, { error: RADIUS_MESSAGE });

/** Onboarding's step 2: the location as typed (a city or a postal code) and how far they travel. */
export const serviceAreaLocationBody = z.strictObject({
  location: z
    .string({ error: LOCATION_MESSAGE })
    .trim()
    .min(1, { error: LOCATION_MESSAGE })
    .max(120, { error: 'Location must be at most 120 characters' }),
  radiusKm: radiusKm.default(SERVICE_RADIUS_KM.default),
});

const serviceAreaView = z.object({
  serviceArea: z
    .object({
      /** The full base postal code, kept outside the event log; null for an area set before that (type it again). */
      postalCode: z.string().nullable(),
      fsa: z.string(),
      city: z.string(),
      province: z.enum(provinceCodes),
      radiusKm: z.number().int(),
      services: z.array(z.string()),
      hourlyRateCents: z.number().int().nullable(),
    })
    .nullable(),
  canWorkRemotely: z.boolean(),
  services: z
    .array(z.string())
    .describe('What the directory lists now: the area’s services and the offerings’ services'),
});

const savedAreaView = serviceAreaView.omit({ services: true });

const placesQuery = z.strictObject({
  q: z
    .string({ error: 'q must not be empty' })
    .trim()
    .min(1, { error: 'q must not be empty' })
    .max(100, { error: 'q must be at most 100 characters' }),
  limit: wholeNumberQuery('limit', { min: 1, max: 20, default: 8 }),
  lang: z.enum(['en', 'fr'], { error: 'lang must be en or fr' }).default('en'),
});

const placeSuggestion = placeView.extend({
  kind: z.enum(['postal-code', 'fsa', 'city']),
  label: z.string(),
});

// ---------------------------------------------------------------------------------------------
// Helpers

/** The searched place: a GPS position, else a postal code, else a city; null when none is given. */
function searchedPlace(query: {
  lat?: number;
  lng?: number;
  postalCode?: string;
  city?: string;
  province?: (typeof provinceCodes)[number];
}): GeoPlace | null {
  if (query.lat !== undefined && query.lng !== undefined) {
    // The position itself, named after the nearest FSA's municipality.
    const near = nearestPlace({ lat: query.lat, lng: query.lng });
    return { postalCode: null, fsa: null, city: near.city, province: near.province, lat: query.lat, lng: query.lng };
  }
  if (query.postalCode) {
    const place = lookupPostalCode(query.postalCode);
    // A code of the right shape whose FSA is not in use is not a Canadian postal code either.
    if (!place) throw new ValidationError(POSTAL_CODE_MESSAGE);
    return place;
  }
  if (query.city) {
    const place = lookupCity(query.city, query.province);
    if (!place) throw new ValidationError(`We do not know the city "${query.city}". Choose one from the list.`);
    return place;
  }
  return null;
}

/** Names the entries (dropping closed accounts) and adds the verified badges showing today. */
async function withNames<T extends { id: string }>(sql: Parameters<typeof displayNames>[0], entries: T[]) {
  const ids = entries.map((e) => e.id);
  const [names, verified] = await Promise.all([
    displayNames(sql, ids),
    verifiedBadgesFor(sql, ids, new Date().toISOString().slice(0, 10)),
  ]);
  return entries
    .filter((e) => names.has(e.id))
    .map((e) => ({ ...e, name: names.get(e.id)!, verifiedBadges: verified.get(e.id) ?? [] }));
}

// ---------------------------------------------------------------------------------------------
// Routes

/** The contractor directory, the service directory, service areas and place suggestions. */
export const directoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sql, store } = app.runtime;
  const browseCache = app.runtime.directoryCache;

  app.get(
    BROWSE_PATH,
    {
      schema: {
        tags: ['directory'],
        summary: 'Search the contractor directory',
        description:
          'Filters: `search` (text; a service name also matches contractors offering that service), `category`, ' +
          '`service`, a place (`lat`+`lng`, else `postalCode`, else `city` with optional `province`) with ' +
          '`distanceKm` (0: any distance; a postal code may be just its FSA, e.g. K1A), `minRating`, `badges` (comma-separated; all must be earned), `remote`, ' +
          '`maxPriceCents` (on the lowest price). `sort`: relevance (default), distance, rating. Boosted, then ' +
          'priority-placement contractors come first. An invalid postal code answers 400 "' +
          POSTAL_CODE_MESSAGE +
          '".',
        querystring: browseQuery,
        response: { 200: browseView, 400: errorSchema },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const body = await browseCache.answer(
        q,
        async () => {
          const place = searchedPlace(q);
          const { total, entries } = await searchDirectory(
            sql,
            {
              search: q.search,
              category: q.category,
              service: q.service,
              near: place,
              distanceKm: q.distanceKm,
              minRating: q.minRating,
              badges: q.badges,
              remote: q.remote,
              maxPriceCents: q.maxPriceCents,
              sort: q.sort,
              limit: q.limit,
              offset: q.offset,
            },
            new Date(),
          );
          // Serialised as the route's response schema would, once, for every request that shares it.
          return reply.serialize({ total, place, contractors: await withNames(sql, entries) }) as string;
        },
        request.url,
      );
      // Already JSON text: Fastify sends a string with a JSON content type as it is (the type
      // provider only knows the object form).
      return reply.type('application/json; charset=utf-8').send(body as unknown as z.infer<typeof browseView>);
    },
  );

  app.get(
    '/api/contractors/:id',
    {
      schema: {
        tags: ['directory'],
        summary: 'A contractor’s public profile',
        description:
          'Offerings, service area (city and FSA; the full postal code stays private), rating and published ' +
          'reviews (newest first, paged with reviewsLimit/reviewsOffset), badges, weekly availability, completed jobs.',
        params: profileParams,
        querystring: profileQuery,
        response: { 200: profileView, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const entry = await directoryEntry(sql, id, new Date());
      const [named] = entry ? await withNames(sql, [entry]) : [];
      if (!named) throw new NotFoundError('Contractor not found');
      const { total, reviews } = await reviewsOf(sql, id, {
        limit: request.query.reviewsLimit,
        offset: request.query.reviewsOffset,
      });
      const reviewers = await displayNames(
        sql,
        reviews.map((r) => r.customerId),
      );
      return {
        ...named,
        reviews: {
          total,
          items: reviews.map((r) => ({
            rating: r.rating,
            text: r.text,
            reviewerName: reviewers.get(r.customerId) ?? FORMER_MEMBER,
            submittedAt: r.submittedAt,
            publishedAt: r.publishedAt,
          })),
        },
      };
    },
  );

  app.get(
    '/api/service-directory',
    {
      schema: {
        tags: ['directory'],
        summary: 'Categories and services with their number of listed contractors',
        description:
          'A contractor counts for a service they list in their service area or offer in an active offering.',
        response: { 200: serviceDirectoryView },
      },
    },
    async () => {
      const counts = await serviceDirectoryCounts(sql);
      return {
        totalContractors: counts.get('all') ?? 0,
        categories: serviceCategories.map((c) => ({
          slug: c.slug,
          en: c.en,
          fr: c.fr,
          contractors: counts.get(`category:${c.slug}`) ?? 0,
          services: c.services.map((s) => ({
            slug: s.slug,
            en: s.en,
            fr: s.fr,
            contractors: counts.get(`service:${s.slug}`) ?? 0,
          })),
        })),
      };
    },
  );

  app.get(
    '/api/geo/places',
    {
      schema: {
        tags: ['directory'],
        summary: 'Suggest Canadian places for a city or postal code field',
        description:
          'A full postal code or an FSA (K1A) answers its centroid; text answers cities whose English or French ' +
          'name starts with it (accents ignored), larger cities first.',
        querystring: placesQuery,
        response: { 200: z.object({ places: z.array(placeSuggestion) }), 400: errorSchema },
      },
    },
    async (request) => {
      const { q, limit, lang } = request.query;
      const fsa = fsaOf(q);
      if (fsa) {
        const place = lookupPostalCode(q);
        if (!place) return { places: [] };
        const kind = place.postalCode ? ('postal-code' as const) : ('fsa' as const);
        const city = cityName(place, lang);
        return { places: [{ ...place, kind, label: `${place.postalCode ?? place.fsa} — ${city}, ${place.province}` }] };
      }
      return {
        places: searchCities(q, limit).map((place) => ({
          ...place,
          kind: 'city' as const,
          label: `${cityName(place, lang)}, ${place.province}`,
        })),
      };
    },
  );

  app.get(
    '/api/contractor/service-area',
    {
      onRequest: app.requireRole('contractor'),
      schema: {
        tags: ['directory'],
        summary: 'My service area',
        response: { 200: serviceAreaView, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => {
      const user = await signedInUser(request);
      const [mine, postalCodes] = await Promise.all([serviceAreaOf(sql, user.id), postalCodesOf(sql, [user.id])]);
      const area = mine?.serviceArea ?? null;
      return {
        serviceArea: area && { ...area, postalCode: postalCodes.get(user.id) ?? null },
        canWorkRemotely: mine?.canWorkRemotely ?? false,
        services: mine?.services ?? [],
      };
    },
  );

  app.put(
    '/api/contractor/service-area',
    {
      onRequest: app.requireRole('contractor'),
      schema: {
        tags: ['directory'],
        summary: 'Set my service area and services',
        description:
          'The postal code is resolved to its FSA’s municipality and centre, which the directory measures ' +
          'distances from. radiusKm 1–250 (default 25); 1–12 services; hourlyRateCents optional (CAD cents).',
        body: serviceAreaBody,
        response: {
          200: savedAreaView,
          202: savedAreaView.extend({ pending: z.literal(true), position: z.string() }),
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      const place = lookupPostalCode(request.body.postalCode);
      if (!place) throw new ValidationError(POSTAL_CODE_MESSAGE);
      const context = commandContext(request);
      const result = await handleCommand(
        store,
        contractorStreamId(user.id),
        contractorDecider,
        {
          type: 'SetContractorServiceArea',
          contractorId: user.id,
          place,
          radiusKm: request.body.radiusKm,
          services: request.body.services,
          hourlyRateCents: request.body.hourlyRateCents,
          now: context.now,
        },
        context,
      );
      // The full code stays out of the event (the FSA is in it); the contractor sees it again here.
      await savePostalCode(sql, { subjectId: user.id, accountId: user.id, postalCode: place.postalCode });
      const state = result.newState;
      const area = state.status === 'listed' ? state.serviceArea : null;
      const body = {
        serviceArea: area && {
          postalCode: place.postalCode,
          fsa: area.fsa,
          city: area.city,
          province: area.province,
          radiusKm: area.radiusKm,
          services: area.services,
          hourlyRateCents: area.hourlyRateCents,
        },
        canWorkRemotely: state.status === 'listed' ? state.profile.canWorkRemotely : false,
      };
      return answerAfterProjections(request, reply, result.position, body, { projections: ['contractor-directory'] });
    },
  );
  app.put(
    '/api/contractor/service-area/location',
    {
      onRequest: app.requireRole('contractor'),
      schema: {
        tags: ['directory'],
        summary: 'Place my service area at a location (onboarding)',
        description:
          'The location is a city (optionally with its province: "Montréal, QC") or a postal code; its centre ' +
          'becomes the service area’s, with radiusKm 1–250 (default 25). The area’s services and hourly rate ' +
          'are kept (none on a first area). A location that names no known Canadian place answers 400.',
        body: serviceAreaLocationBody,
        response: {
          200: savedAreaView,
          202: savedAreaView.extend({ pending: z.literal(true), position: z.string() }),
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      const place = resolveLocation(request.body.location);
      if (!place) throw new ValidationError(LOCATION_MESSAGE);
      const context = commandContext(request);
      const result = await handleCommand(
        store,
        contractorStreamId(user.id),
        contractorDecider,
        {
          type: 'PlaceContractorServiceArea',
          contractorId: user.id,
          place,
          radiusKm: request.body.radiusKm,
          now: context.now,
        },
        context,
      );
      // A full postal code, if typed, is kept outside the event log, as with the area form; a city
      // replaces the base code an earlier area had (it no longer names this area's centre).
      await savePostalCode(sql, { subjectId: user.id, accountId: user.id, postalCode: place.postalCode });
      const state = result.newState;
      const area = state.status === 'listed' ? state.serviceArea : null;
      const body = {
        serviceArea: area && {
          postalCode: place.postalCode,
          fsa: area.fsa,
          city: area.city,
          province: area.province,
          radiusKm: area.radiusKm,
          services: area.services,
          hourlyRateCents: area.hourlyRateCents,
        },
        canWorkRemotely: state.status === 'listed' ? state.profile.canWorkRemotely : false,
      };
      return answerAfterProjections(request, reply, result.position, body, { projections: ['contractor-directory'] });
    },
  );
};
