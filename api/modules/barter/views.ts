import type { BarterServiceRow, BarterTradeRow } from '../../../projections/barter.ts';
import type { BarterServiceView, TradeView } from '../../../shared/http/barter.ts';
import { FORMER_MEMBER } from '../accounts/personal-data.ts';

type Names = ReadonlyMap<string, string>;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The two parties of trades, for their names. */
export const partyIdsOf = (rows: readonly BarterTradeRow[]) => [
  ...new Set(rows.flatMap((row) => [row.proposerId, row.recipientId])),
];

/** The viewer's side of a trade and the other party. */
export function sidesOf(row: BarterTradeRow, viewerId: string) {
  const side = row.proposerId === viewerId ? ('proposer' as const) : ('recipient' as const);
  return { side, otherId: side === 'proposer' ? row.recipientId : row.proposerId };
}

/**
 * A trade as one of its parties sees it: names, whose turn it is and what they may do next;
 * `relationshipUntil` is the CASL relationship's end once the trade was accepted.
 */
export function tradeToView(
  row: BarterTradeRow,
  viewerId: string,
  names: Names,
  relationshipUntil: Date | null,
): TradeView {
  const { side } = sidesOf(row, viewerId);
  const negotiating = row.status === 'negotiating';
  const termsAreMine = row.termsBy === viewerId;
  const myMark = side === 'proposer' ? row.proposerMarkedAt : row.recipientMarkedAt;
  const myReview = side === 'proposer' ? row.proposerReview : row.recipientReview;
  return {
    id: row.tradeId,
    status: row.status,
    offeringId: row.offeringId,
    offeringTitle: row.offeringTitle,
    proposer: { id: row.proposerId, name: names.get(row.proposerId) ?? FORMER_MEMBER },
    recipient: { id: row.recipientId, name: names.get(row.recipientId) ?? FORMER_MEMBER },
    viewerSide: side,
    terms: row.terms,
    termsAreMine,
    counters: row.counters,
    declineReason: row.declineReason,
    proposerMarkedAt: iso(row.proposerMarkedAt),
    recipientMarkedAt: iso(row.recipientMarkedAt),
    proposerReview: row.proposerReview,
    recipientReview: row.recipientReview,
    relationshipUntil: iso(relationshipUntil),
    proposedAt: row.proposedAt.toISOString(),
    acceptedAt: iso(row.acceptedAt),
    completedAt: iso(row.completedAt),
    updatedAt: row.updatedAt.toISOString(),
    actions: {
      accept: negotiating && !termsAreMine,
      decline: negotiating && !termsAreMine,
      counter: negotiating && !termsAreMine,
      withdraw: negotiating && termsAreMine,
      markComplete: row.status === 'accepted' && myMark === null,
      review: row.status === 'completed' && myReview === null,
    },
  };
}

/** A service open to barter, with its contractor's name. */
export function serviceToView(
  { contractorId, updatedAt: _updatedAt, ...rest }: BarterServiceRow,
  names: Names,
): BarterServiceView {
  return { ...rest, contractor: { id: contractorId, name: names.get(contractorId) ?? FORMER_MEMBER } };
}
