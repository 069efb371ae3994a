import type { ProvinceCode } from '../../geo/provinces.ts';
import type { ServiceSlug } from './categories.ts';

export const pricingModels = ['hourly', 'fixed'] as const;
export type PricingModel = (typeof pricingModels)[number];

export type ContractorProfile = {
  location: string | null;
  canWorkRemotely: boolean;
  yearsOfExperience: number | null;
  expertiseStatement: string | null;
};

export type ContractorProfileUpdated = {
  type: 'ContractorProfileUpdated';
  data: ContractorProfile & { contractorId: string; updatedAt: string };
};

export type ServiceOffering = {
  offeringId: string;
  contractorId: string;
  title: string;
  description: string;
  pricingModel: PricingModel;
  /** Integer cents, CAD. */
  priceCents: number;
  isRemoteService: boolean;
  isActive: boolean;
  /**
   * The taxonomy service this offering is (categories.ts). Offerings created before services
   * existed have none; readers infer one from the title with `serviceFromText`.
   */
  service?: ServiceSlug | null;
  /** Open to skill-for-skill trades (barter). Offerings from before barter existed: false. */
  acceptsBarter?: boolean;
  /** What the contractor would like in return, in their words (at most 300 characters). */
  barterWants?: string | null;
};

export type ServiceOfferingCreated = { type: 'ServiceOfferingCreated'; data: ServiceOffering & { createdAt: string } };

/*
 * Every later offering event carries the whole offering as it is after the change, so a reader
 * (the directory, the barter list) replaces its copy without replaying the stream.
 */
export type ServiceOfferingUpdated = { type: 'ServiceOfferingUpdated'; data: ServiceOffering & { updatedAt: string } };
export type ServiceOfferingPaused = { type: 'ServiceOfferingPaused'; data: ServiceOffering & { pausedAt: string } };
export type ServiceOfferingResumed = { type: 'ServiceOfferingResumed'; data: ServiceOffering & { resumedAt: string } };
export type ServiceOfferingBarterSet = { type: 'ServiceOfferingBarterSet'; data: ServiceOffering & { setAt: string } };

/**
 * Where a contractor works and what they do: a base postal code resolved (at command time, from
 * the shipped FSA table) to its municipality and centroid, how far they travel, the services they
 * offer and an optional hourly rate. The resolved place is stored so a later table change never
 * moves a contractor on replay.
 */
export type ServiceArea = {
  /**
   * Legacy: the full base postal code 'A1A 1A1', on events written before it left the log. A full
   * code can point at a home, so it is personal data, kept outside the log
   * (shared/personal-data/postal-codes.ts); readers ignore this field.
   */
  postalCode?: string;
  fsa: string;
  city: string;
  province: ProvinceCode;
  lat: number;
  lng: number;
  /** 1–250 km. */
  radiusKm: number;
  services: ServiceSlug[];
  /** Integer cents, CAD; null when the contractor does not quote by the hour. */
  hourlyRateCents: number | null;
};

export type ContractorServiceAreaSet = {
  type: 'ContractorServiceAreaSet';
  data: ServiceArea & { contractorId: string; setAt: string };
};

export type ContractorEvent = ContractorProfileUpdated | ContractorServiceAreaSet;
export type OfferingEvent =
  | ServiceOfferingCreated
  | ServiceOfferingUpdated
  | ServiceOfferingPaused
  | ServiceOfferingResumed
  | ServiceOfferingBarterSet;

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
