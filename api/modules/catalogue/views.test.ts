import { describe, expect, it } from 'vitest';
import { serviceCategories } from '../../../shared/domain/catalogue/categories.ts';
import type { ContractorState } from '../../../shared/domain/catalogue/decider.ts';
import { EMPTY_PROFILE } from '../../../shared/domain/catalogue/decider.ts';
import type { ServiceArea } from '../../../shared/domain/catalogue/events.ts';
import { offeringView } from '../../../shared/http/catalogue.ts';
import {
  createdOfferingView,
  profileView,
  savedServiceAreaView,
  serviceAreaView,
  serviceDirectoryView,
} from './views.ts';

const area: ServiceArea = {
  postalCode: 'K1A 0B1',
  fsa: 'K1A',
  city: 'Ottawa',
  province: 'ON',
  lat: 45.42,
  lng: -75.7,
  radiusKm: 30,
  services: ['house-cleaning'],
  hourlyRateCents: 4500,
};

describe('the catalogue views', () => {
  it('shows a new offering as the owner will list it: dollars from cents, not yet open to barter', () => {
    const now = new Date('2026-03-01T12:00:00Z');
    const view = createdOfferingView(
      {
        offeringId: '11111111-1111-4111-8111-111111111111',
        contractorId: '22222222-2222-4222-8222-222222222222',
        title: 'House cleaning',
        description: 'A thorough clean of every room.',
        pricingModel: 'hourly',
        priceCents: 4999,
        isRemoteService: false,
        isActive: true,
        service: 'house-cleaning',
      },
      now,
    );
    expect(view).toMatchObject({ priceCents: 4999, price: '49.99', acceptsBarter: false, barterWants: null });
    expect(view.createdAt).toBe('2026-03-01T12:00:00.000Z');
    expect(offeringView.safeParse(view).success).toBe(true);
    expect(createdOfferingView({ ...baseOffering(), priceCents: 5000, service: undefined }, now)).toMatchObject({
      price: '50',
      service: null,
    });
  });

  it('counts every category and service, zero where none is listed', () => {
    const first = serviceCategories[0]!;
    const counts = new Map([
      ['all', 7],
      [`category:${first.slug}`, 3],
      [`service:${first.services[0]!.slug}`, 2],
    ]);
    const view = serviceDirectoryView(counts);
    expect(view.totalContractors).toBe(7);
    expect(view.categories).toHaveLength(serviceCategories.length);
    expect(view.categories[0]).toMatchObject({ slug: first.slug, contractors: 3 });
    expect(view.categories[0]!.services[0]).toMatchObject({ slug: first.services[0]!.slug, contractors: 2 });
    expect(view.categories[0]!.services[1]!.contractors).toBe(0);
    expect(view.categories[1]!.contractors).toBe(0);
    expect(serviceDirectoryView(new Map()).totalContractors).toBe(0);
  });

  it('names each reviewer, and a closed account as a former member', () => {
    const review = { jobId: 'j', rating: 5, text: 'Great', submittedAt: 's', publishedAt: 'p' };
    const view = profileView(
      { id: 'c', name: 'Pro' },
      {
        total: 12,
        reviews: [
          { ...review, customerId: 'a' },
          { ...review, customerId: 'gone' },
        ],
      },
      new Map([['a', 'Alice']]),
    );
    expect(view).toMatchObject({ id: 'c', name: 'Pro', reviews: { total: 12 } });
    expect(view.reviews.items.map((r) => r.reviewerName)).toEqual(['Alice', 'Former member']);
    expect(view.reviews.items[0]).toEqual({
      rating: 5,
      text: 'Great',
      reviewerName: 'Alice',
      submittedAt: 's',
      publishedAt: 'p',
    });
  });

  it('answers a saved area with the typed postal code, not the one in the event', () => {
    const listed: ContractorState = {
      status: 'listed',
      contractorId: 'c',
      profile: { ...EMPTY_PROFILE, canWorkRemotely: true },
      serviceArea: area,
    };
    expect(savedServiceAreaView(listed, 'K1A 0B2')).toEqual({
      serviceArea: {
        postalCode: 'K1A 0B2',
        fsa: 'K1A',
        city: 'Ottawa',
        province: 'ON',
        radiusKm: 30,
        services: ['house-cleaning'],
        hourlyRateCents: 4500,
      },
      canWorkRemotely: true,
    });
    expect(savedServiceAreaView({ ...listed, serviceArea: null }, null)).toEqual({
      serviceArea: null,
      canWorkRemotely: true,
    });
    expect(savedServiceAreaView({ status: 'none' }, null)).toEqual({ serviceArea: null, canWorkRemotely: false });
  });

  it('shows my area with the postal code kept outside the log, or nothing before one is set', () => {
    const mine = { serviceArea: area, canWorkRemotely: false, services: ['house-cleaning', 'window-cleaning'] };
    const view = serviceAreaView(mine, null);
    expect(view.serviceArea).toMatchObject({ fsa: 'K1A', postalCode: null });
    expect(view.services).toEqual(['house-cleaning', 'window-cleaning']);
    expect(serviceAreaView(null, null)).toEqual({ serviceArea: null, canWorkRemotely: false, services: [] });
  });
});

function baseOffering() {
  return {
    offeringId: '11111111-1111-4111-8111-111111111111',
    contractorId: '22222222-2222-4222-8222-222222222222',
    title: 'Lawn mowing',
    description: 'Mowing and edging, clippings taken away.',
    pricingModel: 'fixed' as const,
    priceCents: 100,
    isRemoteService: false,
    isActive: true,
  };
}
