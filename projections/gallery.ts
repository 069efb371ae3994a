import type { Sql } from '../shared/db/postgres.ts';
import { GALLERY_EVENT_TYPES, type GalleryEvent } from '../shared/domain/gallery/events.ts';
import { defineProjection } from '../infrastructure/projections/types.ts';

/** Each contractor's gallery billboards, as the public profile and the plan usage show them. */
export const galleryProjection = defineProjection<GalleryEvent>({
  name: 'gallery',
  version: 1,
  handles: GALLERY_EVENT_TYPES,
  schema: `
    create table if not exists rm_gallery (
      billboard_id text primary key,
      contractor_id uuid not null,
      title text not null,
      caption text not null,
      photo_id text not null,
      added_at timestamptz not null
    );
    create index if not exists rm_gallery_contractor on rm_gallery (contractor_id, added_at);`,
  reset: `drop table if exists rm_gallery;`,
  async apply(tx, event) {
    if (event.type === 'BillboardAdded') {
      const d = event.data;
      await tx`
        insert into rm_gallery (billboard_id, contractor_id, title, caption, photo_id, added_at)
        values (${d.billboardId}, ${d.contractorId}, ${d.title}, ${d.caption}, ${d.photoId}, ${d.addedAt})
        on conflict (billboard_id) do nothing`;
    } else {
      await tx`delete from rm_gallery where billboard_id = ${event.data.billboardId}`;
    }
  },
});

export type BillboardRow = { billboardId: string; title: string; caption: string; photoId: string; addedAt: Date };

export async function galleryOf(sql: Sql, contractorId: string): Promise<BillboardRow[]> {
  return sql<BillboardRow[]>`
    select billboard_id as "billboardId", title, caption, photo_id as "photoId", added_at as "addedAt"
    from rm_gallery where contractor_id = ${contractorId} order by added_at`;
}
