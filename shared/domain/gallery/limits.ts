/** Gallery billboards' limits and texts, as plain constants the HTTP shapes can name (shared/http/gallery.ts). */
export const GALLERY_LIMITS = { titleMin: 3, titleMax: 80, captionMax: 300 } as const;
export const GALLERY_MESSAGES = {
  title: `The title must be ${GALLERY_LIMITS.titleMin} to ${GALLERY_LIMITS.titleMax} characters`,
  caption: `The caption can be at most ${GALLERY_LIMITS.captionMax} characters`,
  notFound: 'This billboard was not found',
} as const;
