import type { Sql } from '../shared/db/postgres.ts';
import { serviceFromText } from '../shared/domain/catalogue/categories.ts';
import {
  offeringChangedAt,
  offeringEventTypes,
  type OfferingEvent,
  type PricingModel,
} from '../shared/domain/catalogue/events.ts';
import { defineFoldedProjection, foldedTable } from '../infrastructure/projections/folded-rows.ts';

/**
 * Every service offering, paused ones included: a contractor's own list
 * (`GET /api/service-offerings/my`) and the barter list (`GET /api/barter/services`).
 */
export const catalogueOfferingsProjection = defineFoldedProjection<OfferingEvent, { offerings: OfferingRecord }>({
  name: 'service-offerings', // the stored name (checkpoint key), kept when the file was renamed
  version: 3,
  rebuildWeight: 0.6,
  handles: [...offeringEventTypes],
  schema: `
    create table if not exists rm_service_offerings (
      offering_id uuid primary key,
      contractor_id uuid not null,
      title text not null,
      description text not null,
      pricing_model text not null,
      price_cents bigint not null,
      is_remote_service boolean not null,
      is_active boolean not null,
      service text,
      accepts_barter boolean not null default false,
      barter_wants text,
      created_at timestamptz not null,
      updated_at timestamptz not null
    );
    create index if not exists rm_service_offerings_by_contractor
      on rm_service_offerings (contractor_id, created_at);
    create index if not exists rm_service_offerings_barter
      on rm_service_offerings (updated_at desc) where accepts_barter and is_active;`,
  reset: 'drop table if exists rm_service_offerings',
  tables: { offerings: foldedTable<OfferingRecord>('rm_service_offerings', ['offering_id']) },
  keys: (event) => ({ offerings: [[event.data.offeringId]] }),
  fold(event, { offerings }) {
    const o = event.data;
    // Every event carries the whole offering as it now is: these columns follow it.
    const current = {
      title: o.title,
      description: o.description,
      pricing_model: o.pricingModel,
      price_cents: o.priceCents,
      is_remote_service: o.isRemoteService,
      is_active: o.isActive,
      service: o.service ?? serviceFromText(o.title),
      accepts_barter: o.acceptsBarter ?? false,
      barter_wants: o.barterWants ?? null,
    };
    if (event.type === 'ServiceOfferingCreated') {
      if (offerings.get([o.offeringId])) return;
      offerings.put({
        offering_id: o.offeringId,
        contractor_id: o.contractorId,
        ...current,
        created_at: event.data.createdAt,
        updated_at: event.data.createdAt,
      });
      return;
    }
    offerings.update([o.offeringId], (row) => ({ ...row, ...current, updated_at: offeringChangedAt(event) }));
  },
});

/** A row of rm_service_offerings as the fold writes it (timestamps as ISO text). */
type OfferingRecord = {
  offering_id: string;
  contractor_id: string;
  title: string;
  description: string;
  pricing_model: PricingModel;
  price_cents: number;
  is_remote_service: boolean;
  is_active: boolean;
  service: string | null;
  accepts_barter: boolean;
  barter_wants: string | null;
  created_at: string;
  updated_at: string;
};

export type OfferingView = {
  id: string;
  contractorId: string;
  title: string;
  description: string;
  pricingModel: PricingModel;
  priceCents: number;
  /** Dollars as a string, the shape of the onboarding payload. */
  price: string;
  isRemoteService: boolean;
  isActive: boolean;
  /** The taxonomy service (inferred from the title for offerings from before services existed). */
  service: string | null;
  acceptsBarter: boolean;
  barterWants: string | null;
  createdAt: string;
};

type OfferingRow = {
  offering_id: string;
  contractor_id: string;
  title: string;
  description: string;
  pricing_model: PricingModel;
  price_cents: string;
  is_remote_service: boolean;
  is_active: boolean;
  service: string | null;
  accepts_barter: boolean;
  barter_wants: string | null;
  created_at: Date;
};

export function centsToDollarString(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

function toView(row: OfferingRow): OfferingView {
  const priceCents = Number(row.price_cents);
  return {
    id: row.offering_id,
    contractorId: row.contractor_id,
    title: row.title,
    description: row.description,
    pricingModel: row.pricing_model,
    priceCents,
    price: centsToDollarString(priceCents),
    isRemoteService: row.is_remote_service,
    isActive: row.is_active,
    service: row.service,
    acceptsBarter: row.accepts_barter,
    barterWants: row.barter_wants,
    createdAt: row.created_at.toISOString(),
  };
}

export async function offeringsOf(sql: Sql, contractorId: string): Promise<OfferingView[]> {
  const rows = await sql<OfferingRow[]>`
    select * from rm_service_offerings where contractor_id = ${contractorId} order by created_at, offering_id`;
  return rows.map(toView);
}

/** One offering, or null. */
export async function offeringById(sql: Sql, offeringId: string): Promise<OfferingView | null> {
  const [row] = await sql<OfferingRow[]>`select * from rm_service_offerings where offering_id = ${offeringId}`;
  return row ? toView(row) : null;
}
