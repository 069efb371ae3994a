import { describe, expect, it } from 'vitest';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../errors.ts';
import { deciderSpec } from '../testing.ts';
import { lookupPostalCode } from '../../geo/index.ts';
import {
  contractorDecider,
  LOCATION_MESSAGE,
  OFFERING_MESSAGES,
  offeringDecider,
  RADIUS_MESSAGE,
  type SetContractorServiceArea,
} from './decider.ts';
import type { ContractorProfile, ServiceOffering } from './events.ts';

const now = new Date('2026-11-22T12:00:00.000Z');
const contractorId = '6f1c1c1e-8f4e-4b7a-9b0e-1a2b3c4d5e6f';
const offeringId = '0b7a1d1e-2f4e-4b7a-9b0e-1a2b3c4d5e70';

const profile: ContractorProfile = {
  location: 'Montréal, QC',
  canWorkRemotely: false,
  yearsOfExperience: 10,
  expertiseStatement: 'Careful work.',
};

describe('contractor profile decider', () => {
  const spec = deciderSpec(contractorDecider);
  const updated = (p: ContractorProfile) => ({
    type: 'ContractorProfileUpdated' as const,
    data: { contractorId, ...p, updatedAt: now.toISOString() },
  });

  it('records a profile update', () => {
    spec([])
      .when({ type: 'UpdateContractorProfile', contractorId, changes: profile, now })
      .then([updated(profile)]);
  });

  it('appends nothing when the profile did not change', () => {
    spec([updated(profile)])
      .when({ type: 'UpdateContractorProfile', contractorId, changes: profile, now })
      .then([]);
  });

  it('keeps the fields a PATCH leaves out', () => {
    spec([updated(profile)])
      .when({ type: 'UpdateContractorProfile', contractorId, changes: { yearsOfExperience: 12 }, now })
      .then([updated({ ...profile, yearsOfExperience: 12 })]);
  });

  it('clears a field set to null', () => {
    spec([updated(profile)])
      .when({ type: 'UpdateContractorProfile', contractorId, changes: { location: null }, now })
      .then([updated({ ...profile, location: null })]);
  });

  it('accepts optional fields left empty', () => {
    const empty = { location: null, canWorkRemotely: true, yearsOfExperience: null, expertiseStatement: null };
    spec([])
      .when({ type: 'UpdateContractorProfile', contractorId, changes: empty, now })
      .then([updated(empty)]);
  });

  it('refuses years of experience outside 0-100', () => {
    for (const years of [-1, 101, Number.NaN]) {
      spec([])
        .when({ type: 'UpdateContractorProfile', contractorId, changes: { ...profile, yearsOfExperience: years }, now })
        .thenThrows(ValidationError, 'Years of experience must be a number from 0 to 100');
    }
  });

  it('refuses an approach statement over 500 characters', () => {
    spec([])
      .when({
        type: 'UpdateContractorProfile',
        contractorId,
        changes: { ...profile, expertiseStatement: 'x'.repeat(501) },
        now,
      })
      .thenThrows(ValidationError);
  });
});

describe('service offering decider', () => {
  const spec = deciderSpec(offeringDecider);
  const offering: ServiceOffering = {
    offeringId,
    contractorId,
    title: 'Handyman Services',
    description: 'Repairs, mounting and drywall patching around the home.',
    pricingModel: 'hourly',
    priceCents: 5000,
    isRemoteService: false,
    isActive: true,
  };

  it('creates an offering', () => {
    spec([])
      .when({ type: 'CreateServiceOffering', offering, now })
      .then([{ type: 'ServiceOfferingCreated', data: { ...offering, createdAt: now.toISOString() } }]);
  });

  it('uses the spec messages for a short title or description', () => {
    spec([])
      .when({ type: 'CreateServiceOffering', offering: { ...offering, title: 'ab' }, now })
      .thenThrows(ValidationError, 'Service title must be at least 3 characters');
    spec([])
      .when({ type: 'CreateServiceOffering', offering: { ...offering, description: 'too short' }, now })
      .thenThrows(ValidationError, 'Please provide a detailed description (20+ characters)');
  });

  it('refuses a negative or fractional price in cents', () => {
    for (const priceCents of [-1, 10.5]) {
      spec([])
        .when({ type: 'CreateServiceOffering', offering: { ...offering, priceCents }, now })
        .thenThrows(ValidationError);
    }
  });

  it('keeps the service an offering names, and refuses one outside the taxonomy', () => {
    spec([])
      .when({ type: 'CreateServiceOffering', offering: { ...offering, service: 'handyman-services' }, now })
      .then([
        {
          type: 'ServiceOfferingCreated',
          data: { ...offering, service: 'handyman-services', createdAt: now.toISOString() },
        },
      ]);
    spec([])
      .when({
        type: 'CreateServiceOffering',
        offering: { ...offering, service: 'alchemy' as unknown as 'painting' },
        now,
      })
      .thenThrows(ValidationError, 'Unknown service: alchemy');
  });

  it('refuses to create the same offering twice', () => {
    spec([{ type: 'ServiceOfferingCreated', data: { ...offering, createdAt: now.toISOString() } }])
      .when({ type: 'CreateServiceOffering', offering, now })
      .thenThrows(ConflictError);
  });
});

describe('contractor service area', () => {
  const spec = deciderSpec(contractorDecider);
  const ottawa = lookupPostalCode('K1P 5J2')!;
  const set = (overrides: Partial<SetContractorServiceArea> = {}): SetContractorServiceArea => ({
    type: 'SetContractorServiceArea',
    contractorId,
    place: ottawa,
    radiusKm: 30,
    services: ['house-cleaning', 'window-cleaning'],
    hourlyRateCents: 4500,
    now,
    ...overrides,
  });
  const areaSet = (overrides: Record<string, unknown> = {}) => ({
    type: 'ContractorServiceAreaSet' as const,
    data: {
      contractorId,
      fsa: 'K1P',
      city: 'Ottawa',
      province: 'ON' as const,
      lat: ottawa.lat,
      lng: ottawa.lng,
      radiusKm: 30,
      services: ['house-cleaning' as const, 'window-cleaning' as const],
      hourlyRateCents: 4500,
      setAt: now.toISOString(),
      ...overrides,
    },
  });

  it('records the resolved place, radius, services and rate', () => {
    spec([]).when(set()).then([areaSet()]);
  });

  it('keeps the full postal code out of the event: the FSA is enough to place the contractor', () => {
    const [event] = contractorDecider.decide(set(), contractorDecider.initialState());
    expect(JSON.stringify(event)).not.toContain('5J2');
    // Another code in the same FSA is the same area for the log (the route keeps the new code).
    spec([areaSet()])
      .when(set({ place: { ...ottawa, postalCode: 'K1P 1A4' } }))
      .then([]);
  });

  it('keeps the profile when the area changes, and the area when the profile changes', () => {
    const profileEvent = {
      type: 'ContractorProfileUpdated' as const,
      data: { contractorId, ...profile, updatedAt: now.toISOString() },
    };
    const state = [profileEvent, areaSet()].reduce(contractorDecider.evolve, contractorDecider.initialState());
    expect(state).toMatchObject({ status: 'listed', profile, serviceArea: { city: 'Ottawa', radiusKm: 30 } });
    const after = [areaSet(), profileEvent].reduce(contractorDecider.evolve, contractorDecider.initialState());
    expect(after).toMatchObject({ status: 'listed', profile, serviceArea: { city: 'Ottawa' } });
  });

  it('removes duplicate services', () => {
    spec([])
      .when(set({ services: ['painting', 'painting', 'drywall'] }))
      .then([areaSet({ services: ['painting', 'drywall'] })]);
  });

  it('appends nothing when nothing changed', () => {
    spec([areaSet()]).when(set()).then([]);
  });

  it('records a change of radius, rate, services or postal code', () => {
    spec([areaSet()])
      .when(set({ radiusKm: 50 }))
      .then([areaSet({ radiusKm: 50 })]);
    spec([areaSet()])
      .when(set({ hourlyRateCents: null }))
      .then([areaSet({ hourlyRateCents: null })]);
    spec([areaSet()])
      .when(set({ services: ['window-cleaning', 'house-cleaning'] }))
      .then([areaSet({ services: ['window-cleaning', 'house-cleaning'] })]);
    const montreal = lookupPostalCode('H2X 1Y4')!;
    spec([areaSet()])
      .when(set({ place: montreal }))
      .then([
        areaSet({
          fsa: 'H2X',
          city: 'Montréal',
          province: 'QC',
          lat: montreal.lat,
          lng: montreal.lng,
        }),
      ]);
  });

  it('refuses a place without a valid postal code with the issue’s message', () => {
    for (const place of [
      { ...ottawa, postalCode: null },
      { ...ottawa, postalCode: 'D1A 1A1' },
      { ...ottawa, fsa: null },
    ]) {
      spec([]).when(set({ place })).thenThrows(ValidationError, 'Please enter a valid Canadian postal code (A1A 1A1)');
    }
  });

  it('refuses a radius outside 1-250 km or not whole', () => {
    for (const radiusKm of [0, 251, 12.5, Number.NaN]) {
      spec([])
        .when(set({ radiusKm }))
        .thenThrows(ValidationError, 'The service radius must be a whole number of kilometres from 1 to 250');
    }
    spec([])
      .when(set({ radiusKm: 1 }))
      .then([areaSet({ radiusKm: 1 })]);
    spec([])
      .when(set({ radiusKm: 250 }))
      .then([areaSet({ radiusKm: 250 })]);
  });

  it('refuses no services, too many, or one outside the taxonomy', () => {
    spec([])
      .when(set({ services: [] }))
      .thenThrows(ValidationError, 'Choose from 1 to 12 services you offer');
    const thirteen = [
      'house-cleaning',
      'window-cleaning',
      'pressure-washing',
      'move-out-cleaning',
      'yard-work',
      'lawn-mowing',
      'snow-removal',
      'gardening',
      'moving-help',
      'furniture-assembly',
      'junk-removal',
      'home-repair',
      'plumbing',
    ];
    spec([])
      .when(set({ services: thirteen }))
      .thenThrows(ValidationError, 'Choose from 1 to 12 services you offer');
    spec([])
      .when(set({ services: ['painting', 'astrology'] }))
      .thenThrows(ValidationError, 'Unknown service: astrology');
  });

  it('refuses an hourly rate under $1, over $2,000 or in fractions of a cent', () => {
    for (const hourlyRateCents of [0, 99, 200_001, 4500.5]) {
      spec([])
        .when(set({ hourlyRateCents }))
        .thenThrows(ValidationError, 'The hourly rate must be an amount from $1 to $2,000');
    }
  });
});

describe('service offering changes (edit, pause, resume, barter)', () => {
  const spec = deciderSpec(offeringDecider);
  const offering: ServiceOffering = {
    offeringId,
    contractorId,
    title: 'Handyman Services',
    description: 'Repairs, mounting and drywall patching around the home.',
    pricingModel: 'hourly',
    priceCents: 5000,
    isRemoteService: false,
    isActive: true,
  };
  const created = { type: 'ServiceOfferingCreated' as const, data: { ...offering, createdAt: now.toISOString() } };
  const whole = { ...offering, acceptsBarter: false, barterWants: null };
  const changes = {
    title: 'Handyman Services',
    description: 'Repairs, mounting and drywall patching around the home.',
    pricingModel: 'hourly' as const,
    priceCents: 5000,
    isRemoteService: false,
    service: undefined,
  };
  const otherId = '11111111-1111-4111-8111-111111111111';

  it('records an edit as the whole offering after it, and nothing when nothing changed', () => {
    spec([created])
      .when({
        type: 'UpdateServiceOffering',
        contractorId,
        changes: { ...changes, title: '  Odd Jobs  ', priceCents: 6000 },
        now,
      })
      .then([
        {
          type: 'ServiceOfferingUpdated',
          data: { ...whole, title: 'Odd Jobs', priceCents: 6000, updatedAt: now.toISOString() },
        },
      ]);
    spec([created]).when({ type: 'UpdateServiceOffering', contractorId, changes, now }).then([]);
    spec([created])
      .when({ type: 'UpdateServiceOffering', contractorId, changes: { ...changes, description: 'short' }, now })
      .thenThrows(ValidationError, 'Please provide a detailed description (20+ characters)');
  });

  it('pauses an active offering and resumes a paused one, once each', () => {
    const paused = {
      type: 'ServiceOfferingPaused' as const,
      data: { ...whole, isActive: false, pausedAt: now.toISOString() },
    };
    spec([created]).when({ type: 'PauseServiceOffering', contractorId, now }).then([paused]);
    spec([created, paused])
      .when({ type: 'PauseServiceOffering', contractorId, now })
      .thenThrows(ConflictError, OFFERING_MESSAGES.alreadyPaused);
    spec([created, paused])
      .when({ type: 'ResumeServiceOffering', contractorId, now })
      .then([{ type: 'ServiceOfferingResumed', data: { ...whole, isActive: true, resumedAt: now.toISOString() } }]);
    spec([created])
      .when({ type: 'ResumeServiceOffering', contractorId, now })
      .thenThrows(ConflictError, OFFERING_MESSAGES.notPaused);
  });

  it('opens an offering to barter with what the contractor wants in return, and closes it', () => {
    const opened = {
      type: 'ServiceOfferingBarterSet' as const,
      data: { ...whole, acceptsBarter: true, barterWants: 'Bookkeeping', setAt: now.toISOString() },
    };
    spec([created])
      .when({ type: 'SetOfferingBarter', contractorId, acceptsBarter: true, barterWants: '  Bookkeeping ', now })
      .then([opened]);
    spec([created, opened])
      .when({ type: 'SetOfferingBarter', contractorId, acceptsBarter: true, barterWants: 'Bookkeeping', now })
      .then([]);
    spec([created, opened])
      .when({ type: 'SetOfferingBarter', contractorId, acceptsBarter: false, barterWants: '', now })
      .then([
        {
          type: 'ServiceOfferingBarterSet',
          data: { ...whole, acceptsBarter: false, barterWants: null, setAt: now.toISOString() },
        },
      ]);
    spec([created])
      .when({ type: 'SetOfferingBarter', contractorId, acceptsBarter: true, barterWants: 'x'.repeat(301), now })
      .thenThrows(ValidationError, OFFERING_MESSAGES.barterWants);
  });

  it('lets only the owner change an offering, and only an existing one', () => {
    spec([created])
      .when({ type: 'PauseServiceOffering', contractorId: otherId, now })
      .thenThrows(ForbiddenError, OFFERING_MESSAGES.notYours);
    spec([created])
      .when({ type: 'SetOfferingBarter', contractorId: otherId, acceptsBarter: true, barterWants: null, now })
      .thenThrows(ForbiddenError, OFFERING_MESSAGES.notYours);
    spec([])
      .when({ type: 'UpdateServiceOffering', contractorId, changes, now })
      .thenThrows(NotFoundError, OFFERING_MESSAGES.notFound);
  });
});

describe('placing the service area at a location (onboarding)', () => {
  const spec = deciderSpec(contractorDecider);
  const montreal = { postalCode: null, fsa: 'H2X', city: 'Montréal', province: 'QC' as const, lat: 45.5, lng: -73.57 };
  const areaSet = (area: Record<string, unknown>) => ({
    type: 'ContractorServiceAreaSet' as const,
    data: {
      contractorId,
      fsa: 'H2X',
      city: 'Montréal',
      province: 'QC' as const,
      lat: 45.5,
      lng: -73.57,
      radiusKm: 25,
      services: [],
      hourlyRateCents: null,
      ...area,
      setAt: now.toISOString(),
    },
  });

  it('gives a first area its centre and radius, with no services or rate yet', () => {
    spec([])
      .when({ type: 'PlaceContractorServiceArea', contractorId, place: montreal, radiusKm: 25, now })
      .then([areaSet({})]);
  });

  it('keeps the services and rate of an area the contractor already has', () => {
    spec([areaSet({ fsa: 'K1A', city: 'Ottawa', province: 'ON', services: ['plumbing'], hourlyRateCents: 9000 })])
      .when({ type: 'PlaceContractorServiceArea', contractorId, place: montreal, radiusKm: 40, now })
      .then([areaSet({ radiusKm: 40, services: ['plumbing'], hourlyRateCents: 9000 })]);
  });

  it('appends nothing when the area is already there', () => {
    spec([areaSet({})])
      .when({ type: 'PlaceContractorServiceArea', contractorId, place: montreal, radiusKm: 25, now })
      .then([]);
  });

  it('moves the centre within the same FSA: a city’s centre is not its nearest FSA’s', () => {
    spec([areaSet({})])
      .when({ type: 'PlaceContractorServiceArea', contractorId, place: { ...montreal, lat: 45.51 }, radiusKm: 25, now })
      .then([areaSet({ lat: 45.51 })]);
  });

  it('refuses a radius outside 1–250 km and a place without an FSA', () => {
    for (const radiusKm of [0, 251, 2.5]) {
      spec([])
        .when({ type: 'PlaceContractorServiceArea', contractorId, place: montreal, radiusKm, now })
        .thenThrows(ValidationError, RADIUS_MESSAGE);
    }
    spec([])
      .when({ type: 'PlaceContractorServiceArea', contractorId, place: { ...montreal, fsa: null }, radiusKm: 25, now })
      .thenThrows(ValidationError, LOCATION_MESSAGE);
  });
});
