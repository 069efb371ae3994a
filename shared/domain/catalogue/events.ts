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
};

export type ServiceOfferingCreated = { type: 'ServiceOfferingCreated'; data: ServiceOffering & { createdAt: string } };

/**
 * Where a contractor works and what they do: a base postal code resolved (at command time, from
 * the shipped FSA table) to its municipality and centroid, how far they travel, the services they
 * offer and an optional hourly rate. The resolved place is stored so a later table change never
 * moves a contractor on replay.
 */
export type ServiceArea = {
  /** 'A1A 1A1'. Not published: the directory shows the FSA and the city. */
  postalCode: string;
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
export type OfferingEvent = ServiceOfferingCreated;
