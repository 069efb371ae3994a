import type { Sql } from '../shared/db/postgres.ts';
import { GALLERY_EVENT_TYPES, type GalleryEvent } from '../shared/domain/gallery/events.ts';
import { defineFoldedProjection, foldedTable } from '../infrastructure/projections/folded-rows.ts';

/** Each contractor's gallery billboards, as the public profile and the plan usage show them. */
export const galleryProjection = defineFoldedProjection<GalleryEvent, { gallery: BillboardRecord }>({
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
  tables: { gallery: foldedTable<BillboardRecord>('rm_gallery', ['billboard_id']) },
  keys: (event) => ({ gallery: [[event.data.billboardId]] }),
  fold(event, { gallery }) {
    if (event.type === 'BillboardAdded') {
      const d = event.data;
      if (gallery.get([d.billboardId])) return;
      gallery.put({
        billboard_id: d.billboardId,
        contractor_id: d.contractorId,
        title: d.title,
        caption: d.caption,
        photo_id: d.photoId,
        added_at: d.addedAt,
      });
    } else {
      gallery.delete([event.data.billboardId]);
    }
  },
});

/** A row of rm_gallery as the fold writes it (column names; timestamps as ISO text). */
type BillboardRecord = {
  billboard_id: string;
  contractor_id: string;
  title: string;
  caption: string;
  photo_id: string;
  added_at: string;
};

export type BillboardRow = { billboardId: string; title: string; caption: string; photoId: string; addedAt: Date };

export async function galleryOf(sql: Sql, contractorId: string): Promise<BillboardRow[]> {
  return sql<BillboardRow[]>`
    select billboard_id as "billboardId", title, caption, photo_id as "photoId", added_at as "addedAt"
    from rm_gallery where contractor_id = ${contractorId} order by added_at`;
}
