import { describe, it } from 'vitest';
import { ForbiddenError, NotFoundError, ValidationError } from '../../errors.ts';
import { deciderSpec } from '../testing.ts';
import { galleryDecider, GALLERY_MESSAGES as M, type AddBillboard } from './decider.ts';
import type { GalleryEvent } from './events.ts';

const contractor = 'a2000000-0000-4000-8000-000000000001';
const now = new Date('2026-11-22T18:00:00.000Z');
const spec = deciderSpec(galleryDecider);
const add = (n: number, overrides: Partial<AddBillboard> = {}): AddBillboard => ({
  type: 'AddBillboard',
  billboardId: `b${n}`,
  contractorId: contractor,
  planId: 'local',
  title: `Kitchen ${n}`,
  caption: 'Cabinets refaced in oak.',
  photoId: `${n}.jpg`,
  now,
  ...overrides,
});
const added = (n: number): GalleryEvent => ({
  type: 'BillboardAdded',
  data: {
    billboardId: `b${n}`,
    contractorId: contractor,
    title: `Kitchen ${n}`,
    caption: 'Cabinets refaced in oak.',
    photoId: `${n}.jpg`,
    addedAt: now.toISOString(),
  },
});

describe('gallery billboards', () => {
  it('adds up to the plan’s number at once: none on Starter, 3 on Local', () => {
    spec([])
      .when(add(1))
      .then([added(1)]);
    spec([])
      .when(add(1, { planId: 'starter' }))
      .thenThrows(
        ForbiddenError,
        'Plan limit reached: your Starter plan includes no gallery billboards. Upgrade to Local for 3 gallery billboards.',
      );
    spec([added(1), added(2), added(3)])
      .when(add(4))
      .thenThrows(
        ForbiddenError,
        'Plan limit reached: your Local plan includes 3 gallery billboards. The Pro plan (coming soon) offers 10 gallery billboards.',
      );
  });

  it('frees a place when one is removed; a retried add changes nothing', () => {
    const removed: GalleryEvent = {
      type: 'BillboardRemoved',
      data: { billboardId: 'b2', contractorId: contractor, removedAt: now.toISOString() },
    };
    spec([added(1), added(2), added(3), removed])
      .when(add(4))
      .then([added(4)]);
    spec([added(1)])
      .when(add(1))
      .then([]);
    spec([])
      .when({ type: 'RemoveBillboard', billboardId: 'b9', contractorId: contractor, now })
      .thenThrows(NotFoundError, M.notFound);
  });

  it('checks the title and the caption', () => {
    spec([])
      .when(add(1, { title: 'ab' }))
      .thenThrows(ValidationError, M.title);
    spec([])
      .when(add(1, { caption: 'x'.repeat(301) }))
      .thenThrows(ValidationError, M.caption);
  });
});
