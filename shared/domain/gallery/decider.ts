import { galleryEventSchemas } from './events.ts';
import { NotFoundError, ValidationError } from '../../errors.ts';
import type { Decider } from '../decider.ts';
import type { PlanId } from '../plans/catalogue.ts';
import { requireAllowance } from '../plans/entitlements.ts';
import type { GalleryEvent } from './events.ts';

import { GALLERY_LIMITS, GALLERY_MESSAGES } from './limits.ts';

export { GALLERY_LIMITS, GALLERY_MESSAGES };

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

function addBillboard(command: AddBillboard, state: GalleryState): GalleryEvent[] {
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

function removeBillboard(command: RemoveBillboard, state: GalleryState): GalleryEvent[] {
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
}

/**
 * A contractor's gallery billboards (docs/product.md#plans: maxGalleryBillboards). Starter has none,
 * Local 3 at once; the count is of billboards showing now, so removing one frees its place. After a
 * downgrade the ones already up stay until removed; only adding is refused.
 */
export const galleryDecider: Decider<GalleryState, GalleryCommand, GalleryEvent> = {
  eventSchemas: galleryEventSchemas,
  initialState: () => ({ billboards: new Set() }),
  evolve(state, event) {
    const billboards = new Set(state.billboards);
    if (event.type === 'BillboardAdded') billboards.add(event.data.billboardId);
    else billboards.delete(event.data.billboardId);
    return { billboards };
  },
  decide(command, state) {
    switch (command.type) {
      case 'AddBillboard':
        return addBillboard(command, state);
      case 'RemoveBillboard':
        return removeBillboard(command, state);
      default: {
        const unknown: never = command;
        throw new Error(`Unknown command ${String((unknown as { type: string }).type)}`);
      }
    }
  },
};
