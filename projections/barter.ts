import type { Sql } from '../shared/db/postgres.ts';
import { barterTradeEventTypes, type BarterTerms, type BarterTradeEvent } from '../shared/domain/barter/events.ts';
import { barterTradeStatuses, type BarterTradeStatus } from '../shared/domain/barter/rules.ts';
import { defineFoldedProjection, foldedTable } from '../infrastructure/projections/folded-rows.ts';

export { barterTradeStatuses, type BarterTradeStatus };

/**
 * Barter as the screens read it: each trade with its current terms, whose turn it is, who has
 * marked the exchange complete and the two reviews (/platform's trade list, the contractor
 * dashboard's leads); and the CASL relationships acceptance records, one row per party and
 * counterparty, with the day each lapses. The services open to barter are in
 * rm_service_offerings (service-offerings.ts).
 */
export const barterProjection = defineFoldedProjection<
  BarterTradeEvent,
  { trades: BarterTradeRecord; relationships: CaslRelationshipRecord }
>({
  name: 'barter',
  version: 1,
  handles: [...barterTradeEventTypes],
  schema: `
    create table if not exists rm_barter_trades (
      trade_id uuid primary key,
      proposer_id uuid not null,
      recipient_id uuid not null,
      offering_id uuid not null,
      offering_title text not null,
      status text not null,
      terms jsonb not null,
      terms_by uuid not null,
      counters integer not null default 0,
      decline_reason text,
      proposer_marked_at timestamptz,
      recipient_marked_at timestamptz,
      proposer_review jsonb,
      recipient_review jsonb,
      proposed_at timestamptz not null,
      accepted_at timestamptz,
      closed_at timestamptz,
      completed_at timestamptz,
      updated_at timestamptz not null
    );
    create index if not exists rm_barter_trades_proposer on rm_barter_trades (proposer_id, updated_at desc);
    create index if not exists rm_barter_trades_recipient on rm_barter_trades (recipient_id, updated_at desc);
    create table if not exists rm_casl_relationships (
      party_id uuid not null,
      counterparty_id uuid not null,
      basis text not null,
      source_id uuid not null,
      established_at timestamptz not null,
      expires_at timestamptz not null,
      primary key (party_id, counterparty_id, source_id)
    );
    create index if not exists rm_casl_relationships_lookup
      on rm_casl_relationships (party_id, counterparty_id, expires_at desc);`,
  reset: 'drop table if exists rm_barter_trades, rm_casl_relationships',
  tables: {
    trades: foldedTable<BarterTradeRecord>('rm_barter_trades', ['trade_id']),
    relationships: foldedTable<CaslRelationshipRecord>('rm_casl_relationships', [
      'party_id',
      'counterparty_id',
      'source_id',
    ]),
  },
  keys(event) {
    if (event.type !== 'BarterRelationshipRecorded') return { trades: [[event.data.tradeId]] };
    const [a, b] = event.data.partyIds;
    return {
      relationships: [
        [a, b, event.data.tradeId],
        [b, a, event.data.tradeId],
      ],
    };
  },
  fold(event, { trades, relationships }) {
    const key = [event.data.tradeId];
    switch (event.type) {
      case 'BarterTradeProposed': {
        const d = event.data;
        if (trades.get(key)) return;
        trades.put({
          trade_id: d.tradeId,
          proposer_id: d.proposerId,
          recipient_id: d.recipientId,
          offering_id: d.offeringId,
          offering_title: d.offeringTitle,
          status: 'negotiating',
          terms: d.terms,
          terms_by: d.proposerId,
          counters: 0,
          decline_reason: null,
          proposer_marked_at: null,
          recipient_marked_at: null,
          proposer_review: null,
          recipient_review: null,
          proposed_at: d.proposedAt,
          accepted_at: null,
          closed_at: null,
          completed_at: null,
          updated_at: d.proposedAt,
        });
        return;
      }
      case 'BarterTradeCountered': {
        const d = event.data;
        trades.update(key, (row) => ({
          ...row,
          terms: d.terms,
          terms_by: d.counteredBy,
          counters: row.counters + 1,
          updated_at: d.counteredAt,
        }));
        return;
      }
      case 'BarterTradeAccepted': {
        const d = event.data;
        trades.update(key, (row) => ({
          ...row,
          status: 'accepted',
          terms: d.terms,
          accepted_at: d.acceptedAt,
          updated_at: d.acceptedAt,
        }));
        return;
      }
      case 'BarterTradeDeclined': {
        const d = event.data;
        trades.update(key, (row) => ({
          ...row,
          status: 'declined',
          decline_reason: d.reason,
          closed_at: d.declinedAt,
          updated_at: d.declinedAt,
        }));
        return;
      }
      case 'BarterTradeWithdrawn': {
        const d = event.data;
        trades.update(key, (row) => ({
          ...row,
          status: 'withdrawn',
          closed_at: d.withdrawnAt,
          updated_at: d.withdrawnAt,
        }));
        return;
      }
      case 'BarterRelationshipRecorded': {
        const d = event.data;
        const [a, b] = d.partyIds;
        for (const [party, counterparty] of [
          [a, b],
          [b, a],
        ] as const) {
          if (relationships.get([party, counterparty, d.tradeId])) continue;
          relationships.put({
            party_id: party,
            counterparty_id: counterparty,
            basis: d.basis,
            source_id: d.tradeId,
            established_at: d.establishedAt,
            expires_at: d.expiresAt,
          });
        }
        return;
      }
      case 'BarterExchangeMarkedComplete': {
        const d = event.data;
        trades.update(key, (row) =>
          d.markedBy === d.proposerId
            ? { ...row, proposer_marked_at: d.markedAt, updated_at: d.markedAt }
            : { ...row, recipient_marked_at: d.markedAt, updated_at: d.markedAt },
        );
        return;
      }
      case 'BarterTradeCompleted': {
        const d = event.data;
        trades.update(key, (row) => ({
          ...row,
          status: 'completed',
          completed_at: d.completedAt,
          updated_at: d.completedAt,
        }));
        return;
      }
      case 'BarterTradeReviewed': {
        const d = event.data;
        const review = { rating: d.rating, comment: d.comment, reviewedAt: d.reviewedAt };
        trades.update(key, (row) =>
          d.reviewerId === d.proposerId
            ? { ...row, proposer_review: review, updated_at: d.reviewedAt }
            : { ...row, recipient_review: review, updated_at: d.reviewedAt },
        );
        return;
      }
      default:
        return event satisfies never;
    }
  },
});

/** A row of rm_barter_trades as the fold writes it (column names; timestamps as ISO text, jsonb as JSON). */
type BarterTradeRecord = {
  trade_id: string;
  proposer_id: string;
  recipient_id: string;
  offering_id: string;
  offering_title: string;
  status: BarterTradeStatus;
  terms: BarterTerms;
  terms_by: string;
  counters: number;
  decline_reason: string | null;
  proposer_marked_at: string | null;
  recipient_marked_at: string | null;
  proposer_review: BarterReview | null;
  recipient_review: BarterReview | null;
  proposed_at: string;
  accepted_at: string | null;
  closed_at: string | null;
  completed_at: string | null;
  updated_at: string;
};

/** A row of rm_casl_relationships as the fold writes it. */
type CaslRelationshipRecord = {
  party_id: string;
  counterparty_id: string;
  basis: string;
  source_id: string;
  established_at: string;
  expires_at: string;
};

export type BarterReview = { rating: number; comment: string | null; reviewedAt: string };

export type BarterTradeRow = {
  tradeId: string;
  proposerId: string;
  recipientId: string;
  offeringId: string;
  offeringTitle: string;
  status: BarterTradeStatus;
  terms: BarterTerms;
  termsBy: string;
  counters: number;
  declineReason: string | null;
  proposerMarkedAt: Date | null;
  recipientMarkedAt: Date | null;
  proposerReview: BarterReview | null;
  recipientReview: BarterReview | null;
  proposedAt: Date;
  acceptedAt: Date | null;
  completedAt: Date | null;
  updatedAt: Date;
};

type Row = {
  trade_id: string;
  proposer_id: string;
  recipient_id: string;
  offering_id: string;
  offering_title: string;
  status: BarterTradeStatus;
  terms: BarterTerms;
  terms_by: string;
  counters: number;
  decline_reason: string | null;
  proposer_marked_at: Date | null;
  recipient_marked_at: Date | null;
  proposer_review: BarterReview | null;
  recipient_review: BarterReview | null;
  proposed_at: Date;
  accepted_at: Date | null;
  completed_at: Date | null;
  updated_at: Date;
};

const toTrade = (r: Row): BarterTradeRow => ({
  tradeId: r.trade_id,
  proposerId: r.proposer_id,
  recipientId: r.recipient_id,
  offeringId: r.offering_id,
  offeringTitle: r.offering_title,
  status: r.status,
  terms: r.terms,
  termsBy: r.terms_by,
  counters: r.counters,
  declineReason: r.decline_reason,
  proposerMarkedAt: r.proposer_marked_at,
  recipientMarkedAt: r.recipient_marked_at,
  proposerReview: r.proposer_review,
  recipientReview: r.recipient_review,
  proposedAt: r.proposed_at,
  acceptedAt: r.accepted_at,
  completedAt: r.completed_at,
  updatedAt: r.updated_at,
});

export async function barterTradeById(sql: Sql, tradeId: string): Promise<BarterTradeRow | null> {
  const [row] = await sql<Row[]>`select * from rm_barter_trades where trade_id = ${tradeId}`;
  return row ? toTrade(row) : null;
}

/** A user's trades, either side, the most recently changed first. */
export async function barterTradesOf(sql: Sql, userId: string, limit = 100): Promise<BarterTradeRow[]> {
  const rows = await sql<Row[]>`
    select * from rm_barter_trades where proposer_id = ${userId}
    union all
    select * from rm_barter_trades where recipient_id = ${userId} and proposer_id <> ${userId}
    order by updated_at desc, trade_id limit ${limit}`;
  return rows.map(toTrade);
}

/** The newest live CASL relationship between two people, or null. */
export async function caslRelationship(
  sql: Sql,
  partyId: string,
  counterpartyId: string,
  at: Date,
): Promise<{ basis: string; sourceId: string; establishedAt: Date; expiresAt: Date } | null> {
  const [row] = await sql<{ basis: string; source_id: string; established_at: Date; expires_at: Date }[]>`
    select basis, source_id, established_at, expires_at from rm_casl_relationships
    where party_id = ${partyId} and counterparty_id = ${counterpartyId} and expires_at > ${at}
    order by expires_at desc limit 1`;
  return row
    ? { basis: row.basis, sourceId: row.source_id, establishedAt: row.established_at, expiresAt: row.expires_at }
    : null;
}

export type BarterServiceRow = {
  offeringId: string;
  contractorId: string;
  title: string;
  description: string;
  service: string | null;
  pricingModel: string;
  priceCents: number;
  barterWants: string | null;
  city: string | null;
  province: string | null;
  ratingAverage: number | null;
  ratingCount: number;
  updatedAt: Date;
};

/**
 * Active services open to barter, of listed contractors who are not suspended, newest first.
 * `q` matches the title, the description and what the contractor wants in return.
 */
export async function barterServices(
  sql: Sql,
  options: { q?: string; service?: string; limit: number; offset: number },
): Promise<{ services: BarterServiceRow[]; total: number }> {
  const pattern = options.q ? `%${options.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const rows = await sql<
    {
      offering_id: string;
      contractor_id: string;
      title: string;
      description: string;
      service: string | null;
      pricing_model: string;
      price_cents: string;
      barter_wants: string | null;
      city: string | null;
      province: string | null;
      rating_average: string | null;
      rating_count: number | null;
      updated_at: Date;
      total: string;
    }[]
  >`
    select o.offering_id, o.contractor_id, o.title, o.description, o.service, o.pricing_model, o.price_cents,
      o.barter_wants, d.city, d.province, d.rating_average, d.rating_count, o.updated_at,
      count(*) over () as total
    from rm_service_offerings o
    join rm_contractor_directory d on d.contractor_id = o.contractor_id
    where o.accepts_barter and o.is_active
      and not exists (select 1 from rm_accounts a where a.account_id = o.contractor_id and a.status <> 'active')
      ${options.service ? sql`and o.service = ${options.service}` : sql``}
      ${
        pattern
          ? sql`and (o.title ilike ${pattern} or o.description ilike ${pattern} or coalesce(o.barter_wants, '') ilike ${pattern})`
          : sql``
      }
    order by o.updated_at desc, o.offering_id
    limit ${options.limit} offset ${options.offset}`;
  return {
    total: rows.length > 0 ? Number(rows[0]!.total) : 0,
    services: rows.map((r) => ({
      offeringId: r.offering_id,
      contractorId: r.contractor_id,
      title: r.title,
      description: r.description,
      service: r.service,
      pricingModel: r.pricing_model,
      priceCents: Number(r.price_cents),
      barterWants: r.barter_wants,
      city: r.city,
      province: r.province,
      ratingAverage: r.rating_average === null ? null : Number(r.rating_average),
      ratingCount: r.rating_count ?? 0,
      updatedAt: r.updated_at,
    })),
  };
}
