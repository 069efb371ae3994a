import { describe, expect, it } from 'vitest';
import type { ProposalRow, WorkOrderRow } from '../../../projections/work-orders.ts';
import { comparisonRow as comparisonRowShape, workOrderView as workOrderShape } from '../../../shared/http/work.ts';
import { FORMER_MEMBER } from '../accounts/personal-data.ts';
import { detailsFrom, resolvePostalCode } from './places.ts';
import { accessOf, comparisonRow, partyIds, proposalView, viewerView, workOrderView } from './views.ts';

const CUSTOMER = '00000000-0000-4000-8000-000000000001';
const PICKED = '00000000-0000-4000-8000-000000000002';
const HIRED = '00000000-0000-4000-8000-000000000003';
const STRANGER = '00000000-0000-4000-8000-000000000004';
const ORDER = '00000000-0000-4000-8000-0000000000aa';

const order = (overrides: Partial<WorkOrderRow> = {}): WorkOrderRow => ({
  id: ORDER,
  customerId: CUSTOMER,
  mode: 'bids',
  status: 'open',
  directContractorId: null,
  awardedContractorId: null,
  awardedProposalId: null,
  awardedPriceCents: null,
  agreedPriceCents: null,
  moneyStatus: null,
  bookingId: null,
  title: 'Paint a two-bedroom apartment',
  description: 'Two bedrooms and a hallway, walls only.',
  category: 'painting',
  service: 'painting',
  remote: false,
  fsa: 'M5V',
  city: 'Toronto',
  province: 'ON',
  lat: 43.64,
  lng: -79.39,
  budgetMinCents: 80_000,
  budgetMaxCents: 120_000,
  preferredDates: [],
  photos: ['11111111-1111-4111-8111-111111111111.jpg'],
  proposalCount: 1,
  cancelReason: 'changed my mind',
  declineReason: null,
  postedAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  distanceKm: 12.345,
  ...overrides,
});

const proposal = (overrides: Partial<ProposalRow> = {}): ProposalRow => ({
  id: '00000000-0000-4000-8000-0000000000bb',
  workOrderId: ORDER,
  customerId: CUSTOMER,
  contractorId: HIRED,
  priceCents: 100_000,
  durationHours: 8,
  earliestStart: '2026-03-10',
  message: 'I can do this next week.',
  status: 'live',
  submittedAt: '2026-03-02T10:00:00.000Z',
  updatedAt: '2026-03-02T10:00:00.000Z',
  ...overrides,
});

describe('who sees what of a work order', () => {
  it('gives the parties everything, anyone the public part of an open bid, nobody else anything', () => {
    const awarded = order({ status: 'awarded', directContractorId: PICKED, awardedContractorId: HIRED });
    expect(accessOf(awarded, CUSTOMER, false)).toEqual({
      level: 'party',
      isCustomer: true,
      isDirectContractor: false,
      isAwardedContractor: false,
    });
    expect(accessOf(awarded, PICKED, false).level).toBe('party');
    expect(accessOf(awarded, HIRED, false).isAwardedContractor).toBe(true);
    expect(accessOf(awarded, STRANGER, false).level).toBe('none');
    expect(accessOf(awarded, null, false).level).toBe('none');
    // A bidder keeps the public part after the order closes.
    expect(accessOf(awarded, STRANGER, true).level).toBe('public');
    expect(accessOf(order(), null, false).level).toBe('public');
    expect(accessOf(order({ mode: 'direct' }), STRANGER, false).level).toBe('none');
  });

  it('shows the postal code, names and money to the parties only', () => {
    const row = order({ awardedContractorId: HIRED, awardedPriceCents: 100_000, moneyStatus: 'funded' });
    const names = new Map([[CUSTOMER, 'Casey Customer']]);
    const postalCodes = new Map([[ORDER, 'M5V 2T6']]);
    const party = workOrderView(row, 'party', names, postalCodes);
    expect(workOrderShape.parse(party)).toEqual(party);
    expect(party.location).toEqual({
      city: 'Toronto',
      province: 'ON',
      fsa: 'M5V',
      postalCode: 'M5V 2T6',
      lat: 43.64,
      lng: -79.39,
    });
    expect(party.customer).toEqual({ id: CUSTOMER, name: 'Casey Customer' });
    expect(party.awardedContractor).toEqual({ id: HIRED, name: FORMER_MEMBER });
    expect(party.moneyStatus).toBe('funded');
    expect(party.cancelReason).toBe('changed my mind');
    expect(party.distanceKm).toBe(12.3);
    expect(party.photos).toEqual([
      {
        id: '11111111-1111-4111-8111-111111111111.jpg',
        url: '/api/uploads/11111111-1111-4111-8111-111111111111.jpg',
      },
    ]);

    const visitor = workOrderView(row, 'public', names, postalCodes);
    expect(visitor.location?.postalCode).toBeNull();
    expect(visitor.location?.fsa).toBe('M5V');
    expect([visitor.customer, visitor.awardedContractor, visitor.awardedPriceCents, visitor.moneyStatus]).toEqual([
      null,
      null,
      null,
      null,
    ]);
    expect(visitor.cancelReason).toBeNull();
    expect(workOrderView(order({ fsa: null }), 'party', names, postalCodes).location).toBeNull();
  });

  it('names the parties of an order', () => {
    expect(partyIds(order({ directContractorId: PICKED }))).toEqual([CUSTOMER, PICKED]);
  });
});

describe('what the viewer may do', () => {
  const flags = (row: WorkOrderRow, viewer: string | null, role: string | null, mine: ProposalRow | null = null) =>
    viewerView(row, accessOf(row, viewer, mine !== null), role, mine);

  it('lets the customer edit and cancel an open order, and cancel an awarded one until the work is done', () => {
    expect(flags(order(), CUSTOMER, 'customer')).toMatchObject({ canEdit: true, canCancel: true });
    const awarded = (moneyStatus: WorkOrderRow['moneyStatus']) =>
      flags(order({ status: 'awarded', awardedContractorId: HIRED, moneyStatus }), CUSTOMER, 'customer');
    expect(awarded(null)).toMatchObject({ canEdit: false, canCancel: true });
    expect(awarded('funded').canCancel).toBe(true);
    for (const done of ['completed', 'released', 'disputed', 'decided', 'refunded'] as const) {
      expect(awarded(done).canCancel).toBe(false);
    }
    expect(flags(order({ status: 'scheduled' }), CUSTOMER, 'customer').canCancel).toBe(false);
  });

  it('lets a contractor propose once on an open bid, and the picked one answer a direct request', () => {
    expect(flags(order(), STRANGER, 'contractor').canPropose).toBe(true);
    expect(flags(order(), STRANGER, 'contractor', proposal({ contractorId: STRANGER })).canPropose).toBe(false);
    expect(
      flags(order(), STRANGER, 'contractor', proposal({ contractorId: STRANGER, status: 'withdrawn' })).canPropose,
    ).toBe(true);
    expect(flags(order(), STRANGER, 'customer').canPropose).toBe(false);
    expect(flags(order(), null, null).canPropose).toBe(false);
    const direct = order({ mode: 'direct', directContractorId: PICKED });
    expect(flags(direct, PICKED, 'contractor')).toMatchObject({ canAnswerDirectRequest: true, canPropose: false });
    expect(
      flags(order({ mode: 'direct', directContractorId: PICKED, status: 'declined' }), PICKED, 'contractor'),
    ).toMatchObject({ canAnswerDirectRequest: false });
  });
});

describe('the proposals comparison', () => {
  it('adds the contractor’s name, facts and distance to the work (null where unknown)', () => {
    const facts = {
      ratingAverage: 4.5,
      ratingCount: 12,
      completedJobs: 30,
      badges: ['top-rated'],
      lat: 43.7,
      lng: -79.4,
      serviceRadiusKm: 40,
    };
    const row = comparisonRow(proposal(), order(), 'Pat Painter', facts);
    expect(comparisonRowShape.parse(row)).toEqual(row);
    expect(row).toMatchObject({ ...proposalView(proposal()), contractorName: 'Pat Painter', badges: ['top-rated'] });
    expect(row.distanceKm).toBeGreaterThan(6);
    expect(row.distanceKm).toBeLessThan(7.5);
    expect(Math.round(row.distanceKm! * 10) / 10).toBe(row.distanceKm);

    const unknown = comparisonRow(proposal(), order({ lat: null, lng: null }), undefined, undefined);
    expect(unknown).toMatchObject({
      contractorName: FORMER_MEMBER,
      ratingAverage: null,
      ratingCount: null,
      completedJobs: null,
      badges: null,
      distanceKm: null,
    });
  });

  it('answers a proposal without the customer id the read model keeps', () => {
    expect(proposalView(proposal())).not.toHaveProperty('customerId');
  });
});

describe('places', () => {
  it('keeps the forward sortation area for the event and the full code apart', () => {
    const { location, postalCode } = resolvePostalCode('m5v2t6');
    expect(postalCode).toBe('M5V 2T6');
    expect(location).toMatchObject({ fsa: 'M5V', province: 'ON' });
    expect(() => resolvePostalCode('12345')).toThrow('Please enter a valid Canadian postal code');
  });

  it('builds the order’s details, without a place for remote work', () => {
    const body = {
      title: 'Fix my website',
      description: 'The contact form does not send anything.',
      category: 'painting' as const,
      service: null,
      remote: true,
      postalCode: null,
      budgetMinCents: 10_000,
      budgetMaxCents: 20_000,
      preferredDates: [],
      photos: [],
    };
    expect(detailsFrom(body)).toEqual({
      details: { ...body, location: null, postalCode: undefined },
      postalCode: null,
    });
  });
});
