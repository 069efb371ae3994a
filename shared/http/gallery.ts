import { z } from 'zod';
import { GALLERY_LIMITS, GALLERY_MESSAGES } from '../domain/gallery/limits.ts';
import { UPLOAD_ID_PATTERN } from './uploads.ts';

export { GALLERY_LIMITS, GALLERY_MESSAGES };

/** Gallery billboards' HTTP shapes (api/modules/gallery/routes.ts, site/islands/gallery/). */

export const billboardView = z.object({
  id: z.string(),
  title: z.string(),
  caption: z.string(),
  photo: z.object({ id: z.string(), url: z.string() }),
  addedAt: z.string(),
});
export type Billboard = z.output<typeof billboardView>;

export const galleryView = z.object({ billboards: z.array(billboardView) });
export type GalleryView = z.output<typeof galleryView>;

export const galleryContractorParams = z.strictObject({ id: z.uuid({ error: 'The contractor id is not valid' }) });
export const billboardParams = z.strictObject({ billboardId: z.uuid({ error: 'The billboard id is not valid' }) });

export const addBillboardBody = z.strictObject({
  title: z
    .string({ error: GALLERY_MESSAGES.title })
    .trim()
    .min(GALLERY_LIMITS.titleMin, { error: GALLERY_MESSAGES.title })
    .max(GALLERY_LIMITS.titleMax, { error: GALLERY_MESSAGES.title }),
  caption: z
    .string({ error: GALLERY_MESSAGES.caption })
    .trim()
    .max(GALLERY_LIMITS.captionMax, { error: GALLERY_MESSAGES.caption })
    .default(''),
  /** An id answered by POST /api/uploads/photos. */
  photo: z.string({ error: 'photo must be an uploaded photo id' }).regex(UPLOAD_ID_PATTERN, {
    error: 'photo must be an uploaded photo id',
  }),
});
export type AddBillboardBody = z.input<typeof addBillboardBody>;
