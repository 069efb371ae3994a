import { describe, it } from 'vitest';
import { ConflictError, ValidationError } from '../../errors.ts';
import { deciderSpec } from '../testing.ts';
import { contractorDecider, offeringDecider } from './decider.ts';
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

  it('refuses to create the same offering twice', () => {
    spec([{ type: 'ServiceOfferingCreated', data: { ...offering, createdAt: now.toISOString() } }])
      .when({ type: 'CreateServiceOffering', offering, now })
      .thenThrows(ConflictError);
  });
});
