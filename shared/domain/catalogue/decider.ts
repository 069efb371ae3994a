import { contractorEventSchemas, offeringEventSchemas } from './events.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../errors.ts';
import { POSTAL_CODE_MESSAGE, POSTAL_CODE_PATTERN } from '../../geo/postal-code.ts';
import type { GeoPlace } from '../../geo/index.ts';
import type { Decider } from '../decider.ts';
import { isServiceSlug, type ServiceSlug } from './categories.ts';
import type { ContractorEvent, ContractorProfile, OfferingEvent, ServiceArea, ServiceOffering } from './events.ts';
import {
  MAX_EXPERTISE_STATEMENT,
  MAX_YEARS_OF_EXPERIENCE,
  MIN_SERVICE_TITLE,
  MIN_SERVICE_DESCRIPTION,
  SERVICE_RADIUS_KM,
  MAX_SERVICES,
  MAX_HOURLY_RATE_CENTS,
  RADIUS_MESSAGE,
  SERVICES_MESSAGE,
  LOCATION_MESSAGE,
  HOURLY_RATE_MESSAGE,
  MAX_BARTER_WANTS,
  OFFERING_MESSAGES,
} from './limits.ts';

// The limits and messages live in a leaf (limits.ts) that the HTTP shapes can import.
export {
  MAX_EXPERTISE_STATEMENT,
  MAX_YEARS_OF_EXPERIENCE,
  MIN_SERVICE_TITLE,
  MIN_SERVICE_DESCRIPTION,
  SERVICE_RADIUS_KM,
  MAX_SERVICES,
  MAX_HOURLY_RATE_CENTS,
  RADIUS_MESSAGE,
  SERVICES_MESSAGE,
  LOCATION_MESSAGE,
  HOURLY_RATE_MESSAGE,
  MAX_BARTER_WANTS,
  OFFERING_MESSAGES,
};

// ---------------------------------------------------------------- contractor profile

export type ContractorState =
  | { status: 'none' }
  | { status: 'listed'; contractorId: string; profile: ContractorProfile; serviceArea: ServiceArea | null };

export const EMPTY_PROFILE: ContractorProfile = {
  location: null,
  canWorkRemotely: false,
  yearsOfExperience: null,
  expertiseStatement: null,
};

/** A PATCH: fields left out keep their current value. */
export type UpdateContractorProfile = {
  type: 'UpdateContractorProfile';
  contractorId: string;
  changes: Partial<ContractorProfile>;
  now: Date;
};

export function updateContractorProfile(command: UpdateContractorProfile, state: ContractorState): ContractorEvent[] {
  const current = state.status === 'listed' ? state.profile : EMPTY_PROFILE;
  const defined = Object.fromEntries(Object.entries(command.changes).filter(([, value]) => value !== undefined));
  const profile: ContractorProfile = { ...current, ...defined };
  if (profile.yearsOfExperience !== null) {
    const years = profile.yearsOfExperience;
    if (!Number.isInteger(years) || years < 0 || years > MAX_YEARS_OF_EXPERIENCE) {
      throw new ValidationError('Years of experience must be a number from 0 to 100');
    }
  }
  if ((profile.expertiseStatement ?? '').length > MAX_EXPERTISE_STATEMENT) {
    throw new ValidationError('The approach statement must be at most 500 characters');
  }
  // Saving an unchanged profile appends nothing: the history stays meaningful.
  const unchanged = (Object.keys(profile) as (keyof ContractorProfile)[]).every((key) => profile[key] === current[key]);
  if (state.status === 'listed' && unchanged) return [];
  return [
    {
      type: 'ContractorProfileUpdated',
      data: {
        contractorId: command.contractorId,
        location: profile.location,
        canWorkRemotely: profile.canWorkRemotely,
        yearsOfExperience: profile.yearsOfExperience,
        expertiseStatement: profile.expertiseStatement,
        updatedAt: command.now.toISOString(),
      },
    },
  ];
}

/**
 * Sets where the contractor works and what they offer. The route resolves the postal code to its
 * FSA's place (the shipped table) and passes it in, so the decider stays pure.
 */
export type SetContractorServiceArea = {
  type: 'SetContractorServiceArea';
  contractorId: string;
  /** The resolved postal code; `postalCode` must be set (it is checked, and kept out of the event). */
  place: GeoPlace;
  radiusKm: number;
  services: readonly string[];
  hourlyRateCents: number | null;
  now: Date;
};

export function setContractorServiceArea(command: SetContractorServiceArea, state: ContractorState): ContractorEvent[] {
  const { place, hourlyRateCents } = command;
  if (!place.postalCode || !POSTAL_CODE_PATTERN.test(place.postalCode) || !place.fsa) {
    throw new ValidationError(POSTAL_CODE_MESSAGE);
  }
  const services = [...new Set(command.services)];
  if (services.length < 1 || services.length > MAX_SERVICES) throw new ValidationError(SERVICES_MESSAGE);
  const unknown = services.find((service) => !isServiceSlug(service));
  if (unknown !== undefined) throw new ValidationError(`Unknown service: ${unknown}`);
  if (
    hourlyRateCents !== null &&
    (!Number.isSafeInteger(hourlyRateCents) || hourlyRateCents < 100 || hourlyRateCents > MAX_HOURLY_RATE_CENTS)
  ) {
    throw new ValidationError(HOURLY_RATE_MESSAGE);
  }
  return serviceAreaSet(command, state, { fsa: place.fsa, services: services as ServiceSlug[], hourlyRateCents });
}

/**
 * The area both commands set, centred on the place, or nothing when it is the area already there.
 * The centre counts: a city's centre and its nearest FSA's differ.
 */
function serviceAreaSet(
  command: SetContractorServiceArea | PlaceContractorServiceArea,
  state: ContractorState,
  what: Pick<ServiceArea, 'fsa' | 'services' | 'hourlyRateCents'>,
): ContractorEvent[] {
  const { place, radiusKm } = command;
  if (!Number.isInteger(radiusKm) || radiusKm < SERVICE_RADIUS_KM.min || radiusKm > SERVICE_RADIUS_KM.max) {
    throw new ValidationError(RADIUS_MESSAGE);
  }
  const area: ServiceArea = {
    fsa: what.fsa,
    city: place.city,
    province: place.province,
    lat: place.lat,
    lng: place.lng,
    radiusKm,
    services: what.services,
    hourlyRateCents: what.hourlyRateCents,
  };
  const current = state.status === 'listed' ? state.serviceArea : null;
  if (current && sameArea(current, area)) return [];
  return [
    {
      type: 'ContractorServiceAreaSet',
      data: { contractorId: command.contractorId, ...area, setAt: command.now.toISOString() },
    },
  ];
}

function sameArea(a: ServiceArea, b: ServiceArea): boolean {
  return (
    a.fsa === b.fsa &&
    a.lat === b.lat &&
    a.lng === b.lng &&
    a.radiusKm === b.radiusKm &&
    a.hourlyRateCents === b.hourlyRateCents &&
    a.services.length === b.services.length &&
    a.services.every((service, i) => service === b.services[i])
  );
}

/**
 * Places the service area's centre and radius, keeping its services and rate (none yet when the
 * contractor has no area): how onboarding turns the location a contractor typed into a service
 * area. The route resolves the text to a place (a postal code's FSA, or a city with the FSA
 * nearest its centre); a full postal code, if typed, stays out of the event as with the area form.
 */
export type PlaceContractorServiceArea = {
  type: 'PlaceContractorServiceArea';
  contractorId: string;
  place: GeoPlace;
  radiusKm: number;
  now: Date;
};

export function placeContractorServiceArea(
  command: PlaceContractorServiceArea,
  state: ContractorState,
): ContractorEvent[] {
  if (!command.place.fsa) throw new ValidationError(LOCATION_MESSAGE);
  const current = state.status === 'listed' ? state.serviceArea : null;
  return serviceAreaSet(command, state, {
    fsa: command.place.fsa,
    services: current ? [...current.services] : [],
    hourlyRateCents: current ? current.hourlyRateCents : null,
  });
}

export type ContractorCommand = UpdateContractorProfile | SetContractorServiceArea | PlaceContractorServiceArea;

export const contractorDecider: Decider<ContractorState, ContractorCommand, ContractorEvent> = {
  eventSchemas: contractorEventSchemas,
  initialState: () => ({ status: 'none' }),
  evolve(state, event) {
    const serviceArea = state.status === 'listed' ? state.serviceArea : null;
    switch (event.type) {
      case 'ContractorProfileUpdated': {
        const { location, canWorkRemotely, yearsOfExperience, expertiseStatement } = event.data;
        return {
          status: 'listed',
          contractorId: event.data.contractorId,
          profile: { location, canWorkRemotely, yearsOfExperience, expertiseStatement },
          serviceArea,
        };
      }
      case 'ContractorServiceAreaSet': {
        const { contractorId, setAt: _setAt, ...area } = event.data;
        return {
          status: 'listed',
          contractorId,
          profile: state.status === 'listed' ? state.profile : EMPTY_PROFILE,
          serviceArea: area,
        };
      }
      default:
        return state;
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'UpdateContractorProfile':
        return updateContractorProfile(command, state);
      case 'SetContractorServiceArea':
        return setContractorServiceArea(command, state);
      case 'PlaceContractorServiceArea':
        return placeContractorServiceArea(command, state);
      default: {
        const unknown: never = command;
        throw new Error(`Unknown command ${String((unknown as { type: unknown }).type)}`);
      }
    }
  },
};

// ---------------------------------------------------------------- service offering

export type OfferingState = { status: 'none' } | { status: 'created'; offering: ServiceOffering };

export type CreateServiceOffering = { type: 'CreateServiceOffering'; offering: ServiceOffering; now: Date };

/** The fields a contractor edits; the owner, the id and the status are not among them. */
export type OfferingChanges = Pick<
  ServiceOffering,
  'title' | 'description' | 'pricingModel' | 'priceCents' | 'isRemoteService' | 'service'
>;
export type UpdateServiceOffering = {
  type: 'UpdateServiceOffering';
  contractorId: string;
  changes: OfferingChanges;
  now: Date;
};
export type PauseServiceOffering = { type: 'PauseServiceOffering'; contractorId: string; now: Date };
export type ResumeServiceOffering = { type: 'ResumeServiceOffering'; contractorId: string; now: Date };
export type SetOfferingBarter = {
  type: 'SetOfferingBarter';
  contractorId: string;
  acceptsBarter: boolean;
  barterWants: string | null;
  now: Date;
};

export type OfferingCommand =
  CreateServiceOffering | UpdateServiceOffering | PauseServiceOffering | ResumeServiceOffering | SetOfferingBarter;

function checkOfferingFields(offering: OfferingChanges): void {
  if (offering.title.trim().length < MIN_SERVICE_TITLE) {
    throw new ValidationError('Service title must be at least 3 characters');
  }
  if (offering.description.trim().length < MIN_SERVICE_DESCRIPTION) {
    throw new ValidationError('Please provide a detailed description (20+ characters)');
  }
  if (!Number.isSafeInteger(offering.priceCents) || offering.priceCents < 0) {
    throw new ValidationError('Price must be a positive amount in dollars, such as 50 or 49.99');
  }
  if (offering.service != null && !isServiceSlug(offering.service)) {
    throw new ValidationError(`Unknown service: ${String(offering.service)}`);
  }
}

export function createServiceOffering(command: CreateServiceOffering, state: OfferingState): OfferingEvent[] {
  if (state.status !== 'none') throw new ConflictError('This service offering already exists.');
  const { offering } = command;
  checkOfferingFields(offering);
  return [{ type: 'ServiceOfferingCreated', data: { ...offering, createdAt: command.now.toISOString() } }];
}

/** The offering, when it exists and the commanding contractor owns it. */
function ownedOffering(state: OfferingState, contractorId: string): ServiceOffering {
  if (state.status !== 'created') throw new NotFoundError(OFFERING_MESSAGES.notFound);
  if (state.offering.contractorId !== contractorId) throw new ForbiddenError(OFFERING_MESSAGES.notYours);
  return { acceptsBarter: false, barterWants: null, ...state.offering };
}

export function updateServiceOffering(command: UpdateServiceOffering, state: OfferingState): OfferingEvent[] {
  const current = ownedOffering(state, command.contractorId);
  checkOfferingFields(command.changes);
  const next: ServiceOffering = {
    ...current,
    ...command.changes,
    title: command.changes.title.trim(),
    description: command.changes.description.trim(),
  };
  const keys = ['title', 'description', 'pricingModel', 'priceCents', 'isRemoteService', 'service'] as const;
  if (keys.every((key) => (next[key] ?? null) === (current[key] ?? null))) return [];
  return [{ type: 'ServiceOfferingUpdated', data: { ...next, updatedAt: command.now.toISOString() } }];
}

export function pauseServiceOffering(command: PauseServiceOffering, state: OfferingState): OfferingEvent[] {
  const current = ownedOffering(state, command.contractorId);
  if (!current.isActive) throw new ConflictError(OFFERING_MESSAGES.alreadyPaused);
  return [
    { type: 'ServiceOfferingPaused', data: { ...current, isActive: false, pausedAt: command.now.toISOString() } },
  ];
}

export function resumeServiceOffering(command: ResumeServiceOffering, state: OfferingState): OfferingEvent[] {
  const current = ownedOffering(state, command.contractorId);
  if (current.isActive) throw new ConflictError(OFFERING_MESSAGES.notPaused);
  return [
    { type: 'ServiceOfferingResumed', data: { ...current, isActive: true, resumedAt: command.now.toISOString() } },
  ];
}

export function setOfferingBarter(command: SetOfferingBarter, state: OfferingState): OfferingEvent[] {
  const current = ownedOffering(state, command.contractorId);
  const wants = command.barterWants?.trim() || null;
  if (wants !== null && wants.length > MAX_BARTER_WANTS) throw new ValidationError(OFFERING_MESSAGES.barterWants);
  if (current.acceptsBarter === command.acceptsBarter && (current.barterWants ?? null) === wants) return [];
  return [
    {
      type: 'ServiceOfferingBarterSet',
      data: { ...current, acceptsBarter: command.acceptsBarter, barterWants: wants, setAt: command.now.toISOString() },
    },
  ];
}

export const offeringDecider: Decider<OfferingState, OfferingCommand, OfferingEvent> = {
  eventSchemas: offeringEventSchemas,
  initialState: () => ({ status: 'none' }),
  evolve(state, event) {
    switch (event.type) {
      case 'ServiceOfferingCreated': {
        const { createdAt: _createdAt, ...offering } = event.data;
        return { status: 'created', offering };
      }
      case 'ServiceOfferingUpdated': {
        const { updatedAt: _at, ...offering } = event.data;
        return { status: 'created', offering };
      }
      case 'ServiceOfferingPaused': {
        const { pausedAt: _at, ...offering } = event.data;
        return { status: 'created', offering };
      }
      case 'ServiceOfferingResumed': {
        const { resumedAt: _at, ...offering } = event.data;
        return { status: 'created', offering };
      }
      case 'ServiceOfferingBarterSet': {
        const { setAt: _at, ...offering } = event.data;
        return { status: 'created', offering };
      }
      default:
        return state;
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'CreateServiceOffering':
        return createServiceOffering(command, state);
      case 'UpdateServiceOffering':
        return updateServiceOffering(command, state);
      case 'PauseServiceOffering':
        return pauseServiceOffering(command, state);
      case 'ResumeServiceOffering':
        return resumeServiceOffering(command, state);
      case 'SetOfferingBarter':
        return setOfferingBarter(command, state);
      default: {
        const unknown: never = command;
        throw new Error(`Unknown command ${String((unknown as { type: unknown }).type)}`);
      }
    }
  },
};
