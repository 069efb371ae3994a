import { describe, expect, it } from 'vitest';
import { galleryView } from '../../../shared/http/gallery.ts';
import { galleryViewOf } from './views.ts';

describe('galleryViewOf', () => {
  it('answers each billboard with its photo’s address and the time it went up', () => {
    const photoId = '0b5c5a7e-8a4f-4c1e-9d7a-2f0e6c1b3a44.jpg';
    const view = galleryViewOf([
      {
        billboardId: '7d1f9c2a-1111-4222-8333-944455566677',
        title: 'Deck',
        caption: '',
        photoId,
        addedAt: new Date('2026-05-04T14:00:00Z'),
      },
    ]);
    expect(view).toEqual({
      billboards: [
        {
          id: '7d1f9c2a-1111-4222-8333-944455566677',
          title: 'Deck',
          caption: '',
          photo: { id: photoId, url: `/api/uploads/${photoId}` },
          addedAt: '2026-05-04T14:00:00.000Z',
        },
      ],
    });
    expect(galleryView.safeParse(view).success).toBe(true);
  });

  it('answers an empty gallery as no billboards', () => {
    expect(galleryViewOf([])).toEqual({ billboards: [] });
  });
});
