export const galleryStreamId = (contractorId: string) => `gallery-${contractorId}`;

/** A billboard: a photo of past work with a title and a caption, shown on the public profile. */
export type BillboardAdded = {
  type: 'BillboardAdded';
  data: { billboardId: string; contractorId: string; title: string; caption: string; photoId: string; addedAt: string };
};

export type BillboardRemoved = {
  type: 'BillboardRemoved';
  data: { billboardId: string; contractorId: string; removedAt: string };
};

export type GalleryEvent = BillboardAdded | BillboardRemoved;
export const GALLERY_EVENT_TYPES = [
  'BillboardAdded',
  'BillboardRemoved',
] as const satisfies readonly GalleryEvent['type'][];
