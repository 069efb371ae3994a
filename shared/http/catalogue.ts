import { z } from 'zod';
import { isPerformanceBadge, performanceBadges } from '../domain/catalogue/badges.ts';
import { categorySlugs, serviceSlugs } from '../domain/catalogue/categories.ts';
import { pricingModels } from '../domain/catalogue/events.ts';
import {
  HOURLY_RATE_MESSAGE,
  LOCATION_MESSAGE,
  MAX_BARTER_WANTS,
  MAX_HOURLY_RATE_CENTS,
  MAX_SERVICES,
  OFFERING_MESSAGES,
  RADIUS_MESSAGE,
  SERVICE_RADIUS_KM,
  SERVICES_MESSAGE,
} from '../domain/catalogue/limits.ts';
import { directorySorts } from '../domain/catalogue/ranking.ts';
import { credentialKinds } from '../domain/credentials/kinds.ts';
import { FSA_PATTERN, normalizePostalCode, POSTAL_CODE_MESSAGE } from '../geo/postal-code.ts';
import { provinceCodes } from '../geo/provinces.ts';
import { coordinateQuery, wholeNumberQuery } from './query.ts';

/**
 * The catalogue's HTTP shapes (api/modules/catalogue): a contractor's profile and service
 * offerings, the contractor directory and public profiles, the service directory, service areas
 * and place suggestions.
 */

// ---------------------------------------------------------------------------------------------
// Profile and service offerings (routes.ts)

/** An emptied form field clears the value; a field left out of the PATCH keeps it. */
const emptyToNull = (value: unknown) => (value === '' ? null : value);

const YEARS_MESSAGE = 'Years of experience must be a number from 0 to 100';
const STATEMENT_MESSAGE = 'The approach statement must be at most 500 characters';

// Onboarding messages are the product's fixed wording, kept word for word (docs/product.md#catalogue).
export const profileBody = z.strictObject({
  location: z
    .preprocess(
      emptyToNull,
      z
        .string({ error: 'location must be text' })
        .trim()
        .max(120, { error: 'Location must be at most 120 characters' })
        .nullable(),
    )
    .optional(),
  canWorkRemotely: z.boolean({ error: 'canWorkRemotely must be true or false' }).optional(),
  yearsOfExperience: z
    .preprocess(
      (value) => {
        const v = emptyToNull(value);
        return typeof v === 'string' && /^\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : v;
      },
      z
        .number({ error: YEARS_MESSAGE })
        // Whole years: the read model stores an integer, and a fraction would poison the projection.
        .int({ error: YEARS_MESSAGE })
        .min(0, { error: YEARS_MESSAGE })
        .max(100, { error: YEARS_MESSAGE })
        .nullable(),
    )
    .optional(),
  expertiseStatement: z
    .preprocess(
      emptyToNull,
      z.string({ error: STATEMENT_MESSAGE }).trim().max(500, { error: STATEMENT_MESSAGE }).nullable(),
    )
    .optional(),
});

const PRICE_MESSAGE = 'Price must be an amount in dollars, such as 50 or 49.99';

export const offeringBody = z.strictObject({
  title: z
    .string({ error: 'Service title must be at least 3 characters' })
    .trim()
    .min(3, { error: 'Service title must be at least 3 characters' })
    .max(120, { error: 'Service title must be at most 120 characters' }),
  description: z
    .string({ error: 'Please provide a detailed description (20+ characters)' })
    .trim()
    .min(20, { error: 'Please provide a detailed description (20+ characters)' })
    .max(5000, { error: 'The description must be at most 5000 characters' }),
  pricingModel: z.enum(pricingModels, { error: 'pricingModel must be hourly or fixed' }),
  // The onboarding form sends the price as a string of dollars ('50'); it is kept in integer cents.
  price: z
    .union([z.string(), z.number()], { error: PRICE_MESSAGE })
    .transform((value) => String(value).trim())
    .refine((value) => /^\d{1,7}(\.\d{1,2})?$/.test(value), { error: PRICE_MESSAGE })
    .transform((value) => Math.round(Number(value) * 100)),
  isRemoteService: z.boolean({ error: 'isRemoteService must be true or false' }).default(false),
  isActive: z.boolean({ error: 'isActive must be true or false' }).default(true),
  // Optional: an offering whose title names a service ('House Cleaning') gets it without asking.
  service: z.enum(serviceSlugs, { error: 'service must be a service of the service directory' }).nullable().optional(),
});

/** An edit sends the whole offering, as the create form does (the status is changed by pause and resume). */
export const offeringEditBody = offeringBody.omit({ isActive: true });
export const offeringParams = z.strictObject({ id: z.uuid({ error: 'The service offering id is not valid' }) });
export const barterBody = z.strictObject({
  acceptsBarter: z.boolean({ error: 'acceptsBarter must be true or false' }),
  barterWants: z
    .string({ error: OFFERING_MESSAGES.barterWants })
    .trim()
    .max(MAX_BARTER_WANTS, { error: OFFERING_MESSAGES.barterWants })
    .nullable()
    .default(null),
});

export const offeringView = z.object({
  id: z.uuid(),
  contractorId: z.uuid(),
  title: z.string(),
  description: z.string(),
  pricingModel: z.enum(pricingModels),
  priceCents: z.number().int(),
  price: z.string(),
  isRemoteService: z.boolean(),
  isActive: z.boolean(),
  service: z.string().nullable(),
  acceptsBarter: z.boolean(),
  barterWants: z.string().nullable(),
  createdAt: z.string(),
});

// ---------------------------------------------------------------------------------------------
// The directory, public profiles, service areas and places (browse-routes.ts, service-area-routes.ts)

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

export const placeView = z.object({
  postalCode: z.string().nullable(),
  fsa: z.string().nullable(),
  city: z.string(),
  province: z.enum(provinceCodes),
  lat: z.number(),
  lng: z.number(),
});

export const directoryOfferingView = z.object({
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

export const entryView = z.object({
  id: z.uuid(),
  name: z.string(),
  location: z.string().nullable(),
  canWorkRemotely: z.boolean(),
  yearsOfExperience: z.number().int().nullable(),
  expertiseStatement: z.string().nullable(),
  offerings: z.array(directoryOfferingView),
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

export const browseView = z.object({
  total: z.number().int(),
  place: placeView.nullable(),
  contractors: z.array(entryView),
});

const weeklyWindowView = z.object({ weekday: z.number().int(), start: z.string(), end: z.string() });

export const contractorProfileView = entryView.extend({
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

export const profileParams = z.strictObject({ id: z.uuid({ error: 'The contractor id is not valid' }) });
export const profileQuery = z.strictObject({
  reviewsLimit: wholeNumberQuery('reviewsLimit', { min: 1, max: 50, default: 10 }),
  reviewsOffset: wholeNumberQuery('reviewsOffset', { min: 0, max: 10_000, default: 0 }),
});

const countedService = z.object({ slug: z.string(), en: z.string(), fr: z.string(), contractors: z.number().int() });
export const serviceDirectoryView = z.object({
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

export const serviceAreaView = z.object({
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

export const savedAreaView = serviceAreaView.omit({ services: true });

export const placesQuery = z.strictObject({
  q: z
    .string({ error: 'q must not be empty' })
    .trim()
    .min(1, { error: 'q must not be empty' })
    .max(100, { error: 'q must be at most 100 characters' }),
  limit: wholeNumberQuery('limit', { min: 1, max: 20, default: 8 }),
  lang: z.enum(['en', 'fr'], { error: 'lang must be en or fr' }).default('en'),
});

export const placeSuggestion = placeView.extend({
  kind: z.enum(['postal-code', 'fsa', 'city']),
  label: z.string(),
});

export type OfferingView = z.output<typeof offeringView>;
export type DirectoryOffering = z.output<typeof directoryOfferingView>;
export type DirectoryContractor = z.output<typeof entryView>;
export type GeoPlaceView = z.output<typeof placeView>;
export type BrowseAnswer = z.output<typeof browseView>;
export type ContractorProfileView = z.output<typeof contractorProfileView>;
export type PlaceSuggestion = z.output<typeof placeSuggestion>;
export type ServiceDirectoryView = z.output<typeof serviceDirectoryView>;
export type ServiceAreaView = z.output<typeof serviceAreaView>;
