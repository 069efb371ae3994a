import type { z } from 'zod';
import type { ContractGlance } from '../../../projections/contracts.ts';
import type { RecurringOfferRow, SubscriptionRow, VisitRow } from '../../../projections/recurring-services.ts';
import { visitAt } from '../../../shared/domain/recurring/recurrence.ts';
import type { offerView, subscriptionView } from '../../../shared/http/recurring.ts';

/**
 * What recurring services look like to a viewer: pure functions of the read models' rows, so the
 * visits listed and the actions offered are testable without a database.
 */

export type OfferView = z.output<typeof offerView>;
export type SubscriptionView = z.output<typeof subscriptionView>;

/** How many visits a subscription's card lists (past the ones already recorded). */
export const VISITS_SHOWN = 6;
export const FORMER_MEMBER = 'Former member';

export const offerJson = (row: RecurringOfferRow): OfferView => ({
  id: row.offerId,
  contractorId: row.contractorId,
  title: row.title,
  description: row.description,
  service: row.service,
  pricePerVisitCents: row.pricePerVisitCents,
  frequencies: row.frequencies,
  status: row.status,
  publishedAt: row.publishedAt.toISOString(),
});

type VisitStatus = SubscriptionView['visits'][number]['status'];

function visitStatus(record: VisitRow | undefined): VisitStatus {
  if (!record) return 'upcoming';
  if (record.status === 'skipped') return 'skipped';
  if (record.status === 'not-booked') return 'not-booked';
  if (record.bookingStatus === 'completed') return 'completed';
  if (record.bookingStatus === 'cancelled' || record.bookingStatus === 'declined') return 'cancelled';
  return 'booked';
}

/**
 * The visits from `now` on: what became of each recorded one (a visit given back by a pause is
 * planned again), and the rule's next ones while the subscription is live (all of them, past
 * included, while it is only requested).
 */
export function visitsShown(row: SubscriptionRow, visits: VisitRow[], now: Date): SubscriptionView['visits'] {
  const live = row.status === 'active' || row.status === 'paused';
  const rule = {
    frequency: row.frequency,
    firstVisit: row.firstVisit,
    timeZone: row.timeZone,
    durationMinutes: row.durationMinutes,
  };
  const recorded = new Map(visits.filter((v) => v.status !== 'released').map((v) => [v.visitIndex, v]));
  const shown: SubscriptionView['visits'] = [];
  for (let index = 0; shown.length < VISITS_SHOWN && index < 600; index++) {
    const planned = visitAt(rule, index);
    const record = recorded.get(index);
    const startsAt = record?.bookingStartsAt ?? record?.startsAt ?? new Date(planned.startsAt);
    if (startsAt.getTime() + row.durationMinutes * 60_000 < now.getTime() && record?.bookingStatus !== 'confirmed') {
      continue;
    }
    if (!record && (!live || startsAt.getTime() < now.getTime())) {
      if (row.status !== 'requested') continue;
    }
    const status = visitStatus(record);
    shown.push({
      index,
      startsAt: startsAt.toISOString(),
      status,
      bookingId: record?.bookingId ?? null,
      reason: record?.reason ?? null,
      canSkip: live && (status === 'upcoming' || status === 'booked') && startsAt.getTime() > now.getTime(),
    });
  }
  return shown;
}

/** What the read models hold around one subscription for its view. */
export type SubscriptionFacts = {
  names: ReadonlyMap<string, string>;
  visits: VisitRow[];
  contract: Pick<ContractGlance, 'status' | 'signatures'> | undefined;
};

/** One subscription as a party sees it: the card only to the customer, the actions open to their side. */
export function subscriptionViewOf(
  row: SubscriptionRow,
  viewerId: string,
  facts: SubscriptionFacts,
  now: Date,
): SubscriptionView {
  const role = row.customerId === viewerId ? 'customer' : 'contractor';
  const other = role === 'customer' ? row.contractorId : row.customerId;
  const live = row.status === 'active' || row.status === 'paused';
  const rule = {
    frequency: row.frequency,
    firstVisit: row.firstVisit,
    timeZone: row.timeZone,
    durationMinutes: row.durationMinutes,
  };
  const { contract } = facts;
  return {
    id: row.subscriptionId,
    offerId: row.offerId,
    role,
    otherParty: { id: other, name: facts.names.get(other) ?? FORMER_MEMBER },
    title: row.title,
    description: row.description,
    service: row.service,
    pricePerVisitCents: row.pricePerVisitCents,
    frequency: row.frequency,
    firstVisitAt: visitAt(rule, 0).startsAt,
    timeZone: row.timeZone,
    visitMinutes: row.durationMinutes,
    status: row.status,
    card: role === 'customer' ? { brand: row.cardBrand, last4: row.cardLast4 } : null,
    note: row.note,
    declineReason: row.declineReason,
    cancelReason: row.cancelReason,
    requestedAt: row.requestedAt.toISOString(),
    activatedAt: row.activatedAt?.toISOString() ?? null,
    endedAt: row.endedAt?.toISOString() ?? null,
    agreement: {
      url: `/contracts/${row.subscriptionId}`,
      status: contract?.status ?? 'pending',
      signedByMe: Boolean(contract?.signatures?.[role]),
    },
    visits: visitsShown(row, facts.visits, now),
    actions: {
      decline: role === 'contractor' && row.status === 'requested',
      pause: role === 'customer' && row.status === 'active',
      resume: role === 'customer' && row.status === 'paused',
      cancel: row.status === 'requested' || live,
    },
  };
}
