import type { ProposalRow, WorkOrderRow } from '../../../projections/work-orders.ts';
import { distanceKm } from '../../../shared/geo/index.ts';
import type { ComparisonRowView, ProposalView, ViewerView, WorkOrderView } from '../../../shared/http/work.ts';
import { FORMER_MEMBER } from '../accounts/personal-data.ts';
import type { ContractorFacts } from './contractor-facts.ts';
import { photoUrl } from './uploads.ts';

/**
 * The work orders' views (pure): who may see what of an order, the order and proposal as the API
 * answers them, the viewer's permissions and a row of the proposals comparison.
 */

/** What of the order this viewer may read: everything, the public part, or nothing. */
export type AccessLevel = 'party' | 'public' | 'none';

export type Access = {
  level: AccessLevel;
  isCustomer: boolean;
  isDirectContractor: boolean;
  isAwardedContractor: boolean;
};

export function accessOf(order: WorkOrderRow, viewerId: string | null, hasProposal: boolean): Access {
  const isCustomer = viewerId !== null && viewerId === order.customerId;
  const isDirectContractor = viewerId !== null && viewerId === order.directContractorId;
  const isAwardedContractor = viewerId !== null && viewerId === order.awardedContractorId;
  const isPublic = order.mode === 'bids' && order.status === 'open';
  const level =
    isCustomer || isDirectContractor || isAwardedContractor ? 'party' : isPublic || hasProposal ? 'public' : 'none';
  return { level, isCustomer, isDirectContractor, isAwardedContractor };
}

/** Kilometres to one decimal. */
const roundKm = (km: number) => Math.round(km * 10) / 10;

export function workOrderView(
  order: WorkOrderRow,
  level: 'party' | 'public',
  names: ReadonlyMap<string, string>,
  postalCodes: ReadonlyMap<string, string>,
): WorkOrderView {
  const party = level === 'party';
  const person = (id: string | null) => (party && id ? { id, name: names.get(id) ?? FORMER_MEMBER } : null);
  return {
    id: order.id,
    mode: order.mode,
    status: order.status,
    title: order.title,
    description: order.description,
    category: order.category,
    service: order.service,
    remote: order.remote,
    // Never the exact postal code beyond the parties: city and FSA (whose centroid lat/lng are).
    location:
      order.fsa !== null
        ? {
            city: order.city,
            province: order.province,
            fsa: order.fsa,
            postalCode: party ? (postalCodes.get(order.id) ?? null) : null,
            lat: order.lat,
            lng: order.lng,
          }
        : null,
    budgetMinCents: order.budgetMinCents,
    budgetMaxCents: order.budgetMaxCents,
    preferredDates: order.preferredDates,
    photos: order.photos.map((id) => ({ id, url: photoUrl(id) })),
    proposalCount: order.proposalCount,
    postedAt: order.postedAt,
    updatedAt: order.updatedAt,
    distanceKm: order.distanceKm === null ? null : roundKm(order.distanceKm),
    customer: person(order.customerId),
    directContractor: person(order.directContractorId),
    awardedContractor: person(order.awardedContractorId),
    awardedPriceCents: party ? order.awardedPriceCents : null,
    agreedPriceCents: party ? order.agreedPriceCents : null,
    moneyStatus: party ? order.moneyStatus : null,
    bookingId: party ? order.bookingId : null,
    cancelReason: party ? order.cancelReason : null,
    declineReason: party ? order.declineReason : null,
  };
}

/** The accounts named in an order: its customer and its picked or hired contractor. */
export const partyIds = (order: WorkOrderRow) =>
  [order.customerId, order.directContractorId, order.awardedContractorId].filter((id): id is string => id !== null);

export function proposalView(proposal: ProposalRow): ProposalView {
  return {
    id: proposal.id,
    workOrderId: proposal.workOrderId,
    contractorId: proposal.contractorId,
    priceCents: proposal.priceCents,
    durationHours: proposal.durationHours,
    earliestStart: proposal.earliestStart,
    message: proposal.message,
    status: proposal.status,
    submittedAt: proposal.submittedAt,
    updatedAt: proposal.updatedAt,
  };
}

/** Money states in which the escrow refuses a cancellation (the work is done or being judged). */
const WORK_DONE_MONEY = new Set<string>(['completed', 'released', 'disputed', 'decided', 'refunded']);

/** What the viewer may do with the order, given their access and their own proposal on it. */
export function viewerView(
  order: WorkOrderRow,
  access: Access,
  viewerRole: string | null,
  myProposal: ProposalRow | null,
): ViewerView {
  const open = order.status === 'open';
  return {
    isCustomer: access.isCustomer,
    isDirectContractor: access.isDirectContractor,
    isAwardedContractor: access.isAwardedContractor,
    canEdit: access.isCustomer && open,
    // Once the work is marked complete (or paid, disputed, decided) there is nothing left to cancel.
    canCancel:
      access.isCustomer && (open || (order.status === 'awarded' && !WORK_DONE_MONEY.has(order.moneyStatus ?? 'none'))),
    canAnswerDirectRequest: access.isDirectContractor && open && order.mode === 'direct',
    canPropose:
      viewerRole === 'contractor' &&
      !access.isCustomer &&
      open &&
      order.mode === 'bids' &&
      myProposal?.status !== 'live',
  };
}

/** One row of the comparison: the proposal with its contractor's name, rating, badges, jobs and distance. */
export function comparisonRow(
  proposal: ProposalRow,
  order: Pick<WorkOrderRow, 'lat' | 'lng'>,
  name: string | undefined,
  fact: ContractorFacts | undefined,
): ComparisonRowView {
  const distance =
    fact?.lat != null && fact.lng != null && order.lat !== null && order.lng !== null
      ? roundKm(distanceKm({ lat: fact.lat, lng: fact.lng }, { lat: order.lat, lng: order.lng }))
      : null;
  return {
    ...proposalView(proposal),
    contractorName: name ?? FORMER_MEMBER,
    ratingAverage: fact?.ratingAverage ?? null,
    ratingCount: fact?.ratingCount ?? null,
    completedJobs: fact?.completedJobs ?? null,
    badges: fact?.badges ?? null,
    distanceKm: distance,
  };
}
