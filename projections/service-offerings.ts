import type { Sql } from '../shared/db/postgres.ts';
import { serviceFromText } from '../shared/domain/catalogue/categories.ts';
import type { OfferingEvent, PricingModel } from '../shared/domain/catalogue/events.ts';
import { defineProjection } from './types.ts';

/** A contractor's own offerings (`GET /api/service-offerings/my`). */
export const serviceOfferingsProjection = defineProjection({
  name: 'service-offerings',
  version: 2,
  handles: ['ServiceOfferingCreated'],
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
      created_at timestamptz not null
    );
    create index if not exists rm_service_offerings_by_contractor
      on rm_service_offerings (contractor_id, created_at);`,
  reset: 'drop table if exists rm_service_offerings',
  async apply(tx, recorded) {
    const event = recorded as unknown as OfferingEvent;
    if (event.type !== 'ServiceOfferingCreated') return;
    const o = event.data;
    await tx`
      insert into rm_service_offerings (offering_id, contractor_id, title, description, pricing_model,
        price_cents, is_remote_service, is_active, service, created_at)
      values (${o.offeringId}, ${o.contractorId}, ${o.title}, ${o.description}, ${o.pricingModel},
        ${o.priceCents}, ${o.isRemoteService}, ${o.isActive}, ${o.service ?? serviceFromText(o.title)}, ${o.createdAt})`;
  },
});

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
    createdAt: row.created_at.toISOString(),
  };
}

export async function offeringsOf(sql: Sql, contractorId: string): Promise<OfferingView[]> {
  const rows = await sql<OfferingRow[]>`
    select * from rm_service_offerings where contractor_id = ${contractorId} order by created_at, offering_id`;
  return rows.map(toView);
}
