import { z } from 'zod';
import type { EventSchemas } from '../event-schema.ts';

export const galleryStreamId = (contractorId: string) => `gallery-${contractorId}`;

/** A billboard: a photo of past work with a title and a caption, shown on the public profile. */
export const billboardAddedSchema = z.object({
  billboardId: z.string(),
  contractorId: z.string(),
  title: z.string(),
  caption: z.string(),
  photoId: z.string(),
  addedAt: z.string(),
});
export type BillboardAdded = { type: 'BillboardAdded'; data: z.infer<typeof billboardAddedSchema> };

export const billboardRemovedSchema = z.object({
  billboardId: z.string(),
  contractorId: z.string(),
  removedAt: z.string(),
});
export type BillboardRemoved = { type: 'BillboardRemoved'; data: z.infer<typeof billboardRemovedSchema> };

export type GalleryEvent = BillboardAdded | BillboardRemoved;

export const galleryEventSchemas = {
  BillboardAdded: billboardAddedSchema,
  BillboardRemoved: billboardRemovedSchema,
} as const satisfies EventSchemas<GalleryEvent>;

export const GALLERY_EVENT_TYPES = [
  'BillboardAdded',
  'BillboardRemoved',
] as const satisfies readonly GalleryEvent['type'][];
