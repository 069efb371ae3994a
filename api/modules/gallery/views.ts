import type { BillboardRow } from '../../../projections/gallery.ts';
import type { GalleryView } from '../../../shared/http/gallery.ts';
import { photoUrl } from '../work/uploads.ts';

/** A contractor's gallery as GET /api/contractors/:id/gallery answers it, from its read-model rows. */
export function galleryViewOf(rows: readonly BillboardRow[]): GalleryView {
  return {
    billboards: rows.map((row) => ({
      id: row.billboardId,
      title: row.title,
      caption: row.caption,
      photo: { id: row.photoId, url: photoUrl(row.photoId) },
      addedAt: row.addedAt.toISOString(),
    })),
  };
}
