import { centsToDollarString } from '../../../projections/catalogue-offerings.ts';
import type { PublishedReview } from '../../../projections/contractor-reviews.ts';
import type { ContractorState } from '../../../shared/domain/catalogue/decider.ts';
import { serviceCategories } from '../../../shared/domain/catalogue/categories.ts';
import type { ServiceArea, ServiceOffering } from '../../../shared/domain/catalogue/events.ts';
import type { OfferingView, ServiceDirectoryView } from '../../../shared/http/catalogue.ts';
import { FORMER_MEMBER } from '../accounts/personal-data.ts';

/**
 * The catalogue's answers built from what a route has in hand (a decided command, read-model
 * rows): pure, so they are tested without a database (views.test.ts).
 */

/** A new offering as `GET /api/service-offerings/my` will list it. */
export function createdOfferingView(offering: ServiceOffering, now: Date): OfferingView {
  return {
    id: offering.offeringId,
    contractorId: offering.contractorId,
    title: offering.title,
    description: offering.description,
    pricingModel: offering.pricingModel,
    priceCents: offering.priceCents,
    price: centsToDollarString(offering.priceCents),
    isRemoteService: offering.isRemoteService,
    isActive: offering.isActive,
    service: offering.service ?? null,
    acceptsBarter: false,
    barterWants: null,
    createdAt: now.toISOString(),
  };
}

/** Every category and service with its number of listed contractors (0 when none counted). */
export function serviceDirectoryView(counts: ReadonlyMap<string, number>): ServiceDirectoryView {
  return {
    totalContractors: counts.get('all') ?? 0,
    categories: serviceCategories.map((c) => ({
      slug: c.slug,
      en: c.en,
      fr: c.fr,
      contractors: counts.get(`category:${c.slug}`) ?? 0,
      services: c.services.map((s) => ({
        slug: s.slug,
        en: s.en,
        fr: s.fr,
        contractors: counts.get(`service:${s.slug}`) ?? 0,
      })),
    })),
  };
}

/** A public profile: the named directory entry with a page of its published reviews. */
export function profileView<Entry extends object>(
  entry: Entry,
  page: { total: number; reviews: readonly PublishedReview[] },
  reviewerNames: ReadonlyMap<string, string>,
) {
  return {
    ...entry,
    reviews: {
      total: page.total,
      items: page.reviews.map((r) => ({
        rating: r.rating,
        text: r.text,
        reviewerName: reviewerNames.get(r.customerId) ?? FORMER_MEMBER,
        submittedAt: r.submittedAt,
        publishedAt: r.publishedAt,
      })),
    },
  };
}

/** The area just saved, from the contractor's state after the command, with the typed postal code. */
export function savedServiceAreaView(state: ContractorState, postalCode: string | null) {
  const area = state.status === 'listed' ? state.serviceArea : null;
  return {
    serviceArea: area && {
      postalCode,
      fsa: area.fsa,
      city: area.city,
      province: area.province,
      radiusKm: area.radiusKm,
      services: area.services,
      hourlyRateCents: area.hourlyRateCents,
    },
    canWorkRemotely: state.status === 'listed' ? state.profile.canWorkRemotely : false,
  };
}

/** My service area as the directory has it, with the full postal code kept outside the event log. */
export function serviceAreaView(
  mine: { serviceArea: ServiceArea | null; canWorkRemotely: boolean; services: string[] } | null,
  postalCode: string | null,
) {
  const area = mine?.serviceArea ?? null;
  return {
    serviceArea: area && { ...area, postalCode },
    canWorkRemotely: mine?.canWorkRemotely ?? false,
    services: mine?.services ?? [],
  };
}
