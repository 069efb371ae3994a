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
};

export type ServiceOfferingCreated = { type: 'ServiceOfferingCreated'; data: ServiceOffering & { createdAt: string } };

export type ContractorEvent = ContractorProfileUpdated;
export type OfferingEvent = ServiceOfferingCreated;
