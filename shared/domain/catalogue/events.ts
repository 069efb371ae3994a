import { z } from 'zod';
import { provinceCodes } from '../../geo/provinces.ts';
import type { EventSchemas } from '../event-schema.ts';
import { serviceSlugs } from './categories.ts';

export const pricingModels = ['hourly', 'fixed'] as const;
export type PricingModel = (typeof pricingModels)[number];

export const contractorProfileSchema = z.object({
  location: z.string().nullable(),
  canWorkRemotely: z.boolean(),
  yearsOfExperience: z.number().nullable(),
  expertiseStatement: z.string().nullable(),
});
export type ContractorProfile = z.infer<typeof contractorProfileSchema>;

export const contractorProfileUpdatedSchema = contractorProfileSchema.extend({
  contractorId: z.string(),
  updatedAt: z.string(),
});
export type ContractorProfileUpdated = {
  type: 'ContractorProfileUpdated';
  data: z.infer<typeof contractorProfileUpdatedSchema>;
};

export const serviceOfferingSchema = z.object({
  offeringId: z.string(),
  contractorId: z.string(),
  title: z.string(),
  description: z.string(),
  pricingModel: z.enum(pricingModels),
  /** Integer cents, CAD. */
  priceCents: z.number(),
  isRemoteService: z.boolean(),
  isActive: z.boolean(),
  /**
   * The taxonomy service this offering is (categories.ts). Offerings created before services
   * existed have none; readers infer one from the title with `serviceFromText`.
   */
  service: z.enum(serviceSlugs).nullable().optional(),
  /** Open to skill-for-skill trades (barter). Offerings from before barter existed: false. */
  acceptsBarter: z.boolean().optional(),
  /** What the contractor would like in return, in their words (at most 300 characters). */
  barterWants: z.string().nullable().optional(),
});
export type ServiceOffering = z.infer<typeof serviceOfferingSchema>;

export const serviceOfferingCreatedSchema = serviceOfferingSchema.extend({ createdAt: z.string() });
export type ServiceOfferingCreated = {
  type: 'ServiceOfferingCreated';
  data: z.infer<typeof serviceOfferingCreatedSchema>;
};

/*
 * Every later offering event carries the whole offering as it is after the change, so a reader
 * (the directory, the barter list) replaces its copy without replaying the stream.
 */
export const serviceOfferingUpdatedSchema = serviceOfferingSchema.extend({ updatedAt: z.string() });
export type ServiceOfferingUpdated = {
  type: 'ServiceOfferingUpdated';
  data: z.infer<typeof serviceOfferingUpdatedSchema>;
};
export const serviceOfferingPausedSchema = serviceOfferingSchema.extend({ pausedAt: z.string() });
export type ServiceOfferingPaused = {
  type: 'ServiceOfferingPaused';
  data: z.infer<typeof serviceOfferingPausedSchema>;
};
export const serviceOfferingResumedSchema = serviceOfferingSchema.extend({ resumedAt: z.string() });
export type ServiceOfferingResumed = {
  type: 'ServiceOfferingResumed';
  data: z.infer<typeof serviceOfferingResumedSchema>;
};
export const serviceOfferingBarterSetSchema = serviceOfferingSchema.extend({ setAt: z.string() });
export type ServiceOfferingBarterSet = {
  type: 'ServiceOfferingBarterSet';
  data: z.infer<typeof serviceOfferingBarterSetSchema>;
};

/**
 * Where a contractor works and what they do: a base postal code resolved (at command time, from
 * the shipped FSA table) to its municipality and centroid, how far they travel, the services they
 * offer and an optional hourly rate. The resolved place is stored so a later table change never
 * moves a contractor on replay.
 */
export const serviceAreaSchema = z.object({
  fsa: z.string(),
  city: z.string(),
  province: z.enum(provinceCodes),
  lat: z.number(),
  lng: z.number(),
  /** 1–250 km. */
  radiusKm: z.number(),
  services: z.array(z.enum(serviceSlugs)),
  /** Integer cents, CAD; null when the contractor does not quote by the hour. */
  hourlyRateCents: z.number().nullable(),
});
export type ServiceArea = z.infer<typeof serviceAreaSchema> & {
  /**
   * Legacy: the full base postal code 'A1A 1A1', on events written before it left the log. A full
   * code can point at a home, so it is personal data, kept outside the log
   * (shared/personal-data/postal-codes.ts); readers ignore this field, and so does the schema.
   */
  postalCode?: string;
};

export const contractorServiceAreaSetSchema = serviceAreaSchema.extend({ contractorId: z.string(), setAt: z.string() });
export type ContractorServiceAreaSet = {
  type: 'ContractorServiceAreaSet';
  data: z.infer<typeof contractorServiceAreaSetSchema> & { postalCode?: string };
};

export type ContractorEvent = ContractorProfileUpdated | ContractorServiceAreaSet;
export type OfferingEvent =
  | ServiceOfferingCreated
  | ServiceOfferingUpdated
  | ServiceOfferingPaused
  | ServiceOfferingResumed
  | ServiceOfferingBarterSet;

export const contractorEventSchemas = {
  ContractorProfileUpdated: contractorProfileUpdatedSchema,
  ContractorServiceAreaSet: contractorServiceAreaSetSchema,
} as const satisfies EventSchemas<ContractorEvent>;

export const offeringEventSchemas = {
  ServiceOfferingCreated: serviceOfferingCreatedSchema,
  ServiceOfferingUpdated: serviceOfferingUpdatedSchema,
  ServiceOfferingPaused: serviceOfferingPausedSchema,
  ServiceOfferingResumed: serviceOfferingResumedSchema,
  ServiceOfferingBarterSet: serviceOfferingBarterSetSchema,
} as const satisfies EventSchemas<OfferingEvent>;

export const offeringEventTypes = [
  'ServiceOfferingCreated',
  'ServiceOfferingUpdated',
  'ServiceOfferingPaused',
  'ServiceOfferingResumed',
  'ServiceOfferingBarterSet',
] as const satisfies readonly OfferingEvent['type'][];

/** When an offering event happened, whichever its type. */
export function offeringChangedAt(event: OfferingEvent): string {
  switch (event.type) {
    case 'ServiceOfferingCreated':
      return event.data.createdAt;
    case 'ServiceOfferingUpdated':
      return event.data.updatedAt;
    case 'ServiceOfferingPaused':
      return event.data.pausedAt;
    case 'ServiceOfferingResumed':
      return event.data.resumedAt;
    case 'ServiceOfferingBarterSet':
      return event.data.setAt;
  }
}
