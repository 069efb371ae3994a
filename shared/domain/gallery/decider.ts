import { NotFoundError, ValidationError } from '../../errors.ts';
import type { Decider } from '../decider.ts';
import type { PlanId } from '../plans/catalogue.ts';
import { requireAllowance } from '../plans/entitlements.ts';
import type { GalleryEvent } from './events.ts';

export const GALLERY_LIMITS = { titleMin: 3, titleMax: 80, captionMax: 300 } as const;
export const GALLERY_MESSAGES = {
  title: `The title must be ${GALLERY_LIMITS.titleMin} to ${GALLERY_LIMITS.titleMax} characters`,
  caption: `The caption can be at most ${GALLERY_LIMITS.captionMax} characters`,
  notFound: 'This billboard was not found',
} as const;

export type AddBillboard = {
  type: 'AddBillboard';
  billboardId: string;
  contractorId: string;
  /** The contractor's plan now (read by the caller): it sets how many billboards show at once. */
  planId: PlanId;
  title: string;
  caption: string;
  photoId: string;
  now: Date;
};
export type RemoveBillboard = { type: 'RemoveBillboard'; billboardId: string; contractorId: string; now: Date };
export type GalleryCommand = AddBillboard | RemoveBillboard;
export type GalleryState = { billboards: ReadonlySet<string> };

/**
 * A contractor's gallery billboards (spec section 3: maxGalleryBillboards). Starter has none,
 * Local 3 at once; the count is of billboards showing now, so removing one frees its place. After a
 * downgrade the ones already up stay until removed; only adding is refused.
 */
export const galleryDecider: Decider<GalleryState, GalleryCommand, GalleryEvent> = {
  initialState: () => ({ billboards: new Set() }),
  evolve(state, event) {
    const billboards = new Set(state.billboards);
    if (event.type === 'BillboardAdded') billboards.add(event.data.billboardId);
    else billboards.delete(event.data.billboardId);
    return { billboards };
  },
  decide(command, state) {
    if (command.type === 'AddBillboard') {
      if (state.billboards.has(command.billboardId)) return [];
      const title = command.title.trim();
      const caption = command.caption.trim();
      if ([...title].length < GALLERY_LIMITS.titleMin || [...title].length > GALLERY_LIMITS.titleMax) {
        throw new ValidationError(GALLERY_MESSAGES.title);
      }
      if ([...caption].length > GALLERY_LIMITS.captionMax) throw new ValidationError(GALLERY_MESSAGES.caption);
      requireAllowance(command.planId, 'maxGalleryBillboards', state.billboards.size);
      return [
        {
          type: 'BillboardAdded',
          data: {
            billboardId: command.billboardId,
            contractorId: command.contractorId,
            title,
            caption,
            photoId: command.photoId,
            addedAt: command.now.toISOString(),
          },
        },
      ];
    }
    if (!state.billboards.has(command.billboardId)) throw new NotFoundError(GALLERY_MESSAGES.notFound);
    return [
      {
        type: 'BillboardRemoved',
        data: {
          billboardId: command.billboardId,
          contractorId: command.contractorId,
          removedAt: command.now.toISOString(),
        },
      },
    ];
  },
};
