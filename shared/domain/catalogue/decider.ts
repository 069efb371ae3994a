import { ConflictError, ValidationError } from '../../errors.ts';
import type { Decider } from '../decider.ts';
import type { ContractorEvent, ContractorProfile, OfferingEvent, ServiceOffering } from './events.ts';

export const MAX_EXPERTISE_STATEMENT = 500;
export const MAX_YEARS_OF_EXPERIENCE = 100;
export const MIN_SERVICE_TITLE = 3;
export const MIN_SERVICE_DESCRIPTION = 20;

// ---------------------------------------------------------------- contractor profile

export type ContractorState =
  { status: 'none' } | { status: 'listed'; contractorId: string; profile: ContractorProfile };

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

export const contractorDecider: Decider<ContractorState, UpdateContractorProfile, ContractorEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve(state, event) {
    switch (event.type) {
      case 'ContractorProfileUpdated': {
        const { location, canWorkRemotely, yearsOfExperience, expertiseStatement } = event.data;
        return {
          status: 'listed',
          contractorId: event.data.contractorId,
          profile: { location, canWorkRemotely, yearsOfExperience, expertiseStatement },
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
      default: {
        const unknown: never = command.type;
        throw new Error(`Unknown command ${String(unknown)}`);
      }
    }
  },
};

// ---------------------------------------------------------------- service offering

export type OfferingState = { status: 'none' } | { status: 'created'; offering: ServiceOffering };

export type CreateServiceOffering = { type: 'CreateServiceOffering'; offering: ServiceOffering; now: Date };

export function createServiceOffering(command: CreateServiceOffering, state: OfferingState): OfferingEvent[] {
  if (state.status !== 'none') throw new ConflictError('This service offering already exists.');
  const { offering } = command;
  if (offering.title.trim().length < MIN_SERVICE_TITLE) {
    throw new ValidationError('Service title must be at least 3 characters');
  }
  if (offering.description.trim().length < MIN_SERVICE_DESCRIPTION) {
    throw new ValidationError('Please provide a detailed description (20+ characters)');
  }
  if (!Number.isSafeInteger(offering.priceCents) || offering.priceCents < 0) {
    throw new ValidationError('Price must be a positive amount in dollars, such as 50 or 49.99');
  }
  return [{ type: 'ServiceOfferingCreated', data: { ...offering, createdAt: command.now.toISOString() } }];
}

export const offeringDecider: Decider<OfferingState, CreateServiceOffering, OfferingEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve(state, event) {
    switch (event.type) {
      case 'ServiceOfferingCreated': {
        const { createdAt: _createdAt, ...offering } = event.data;
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
      default: {
        const unknown: never = command.type;
        throw new Error(`Unknown command ${String(unknown)}`);
      }
    }
  },
};
